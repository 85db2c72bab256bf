"""ActiveRecord 6.1 (Debian's ruby-activerecord), through activerecord_client.rb: the same model
over a numeric table and a relabelled fastnumeric one, with the postgresql adapter and with the
recipe's fastnumeric adapter (docs/clients.md)."""

import decimal

import pytest

from conftest import HERE, assert_same_tables, kinds, orm_tables, orm_texts, psql, recipe, run_program

D = decimal.Decimal


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    lib = tmp_path_factory.mktemp("activerecord")
    path = lib / "active_record" / "connection_adapters" / "fastnumeric_adapter.rb"
    path.parent.mkdir(parents=True)
    path.write_text(recipe("activerecord"))
    psql("DROP TABLE IF EXISTS clients.ar_made, clients.ar_old, clients.schema_migrations, clients.ar_internal_metadata")
    n, _ = orm_tables("ar")
    texts = orm_texts(n)
    got = run_program(["ruby", "-I", str(lib), str(HERE / "activerecord_client.rb")])
    got["texts"] = texts
    return got


def same_number(rep, text):
    """A BigDecimal rep holds the value of numeric's TEXT (NaN is not equal to itself)."""
    if text is None or rep is None:
        return rep is None and text is None
    return rep[0] == "BigDecimal" and (rep[1] == text == "NaN" or D(rep[1]) == D(text))


def test_without_recipe(seen):
    """unknown OID, String values, String sums, no column type; schema.rb cannot dump the table"""
    without = seen["without"]
    assert without["warnings"] == [
        "unknown OID N: failed to recognize type of 'price'. It will be treated as String."]  # once per OID
    assert without["f"]["columns"][1:] == [["price", None, "fastnumeric(12,2)", None, None],
                                           ["qty", None, "fastnumeric", None, None]]
    assert without["n"]["columns"][1:] == [["price", "decimal", "numeric(12,2)", 12, 2],
                                           ["qty", "decimal", "numeric", None, None]]
    assert [r[1:] for r in without["f"]["rows"]] == [[t and ["String", t] for t in r[1:]] for r in seen["texts"]]
    assert kinds([r[1:] for r in without["n"]["rows"]]) == {"BigDecimal"}
    assert without["f"]["sum"] == ["String", "NaN"] and without["n"]["sum"] == ["BigDecimal", "NaN"]
    assert without["f"]["schema"] == ['# Could not dump table "ar_f" because of following StandardError',
                                      "#   Unknown type 'fastnumeric(12,2)' for column 'price'"]


def test_values(seen):
    got = seen["with"]
    assert got["f"]["columns"][1:] == [["price", "decimal", "fastnumeric(12,2)", 12, 2],
                                       ["qty", "decimal", "fastnumeric", None, None]]
    assert got["f"]["rows"] == got["n"]["rows"]
    for r, t in zip(got["f"]["rows"], seen["texts"]):
        assert same_number(r[1], t[1]) and same_number(r[2], t[2]), (r, t)


def test_queries(seen):
    got = seen["with"]
    for key in ("bound", "arel", "literal", "order", "aggregates"):
        assert got["f"][key] == got["n"][key], key
    assert got["f"]["bound"] == [3, 6, 7] and got["f"]["literal"] == got["f"]["arel"] == [1, 3, 6, 7]
    assert kinds(got["f"]["aggregates"]) == {"BigDecimal"}


def test_writes(seen):
    """create, update, update_all and insert_all from BigDecimal: numeric's bytes in both tables"""
    got = seen["with"]
    assert got["f"]["written"] == got["n"]["written"]
    assert_same_tables("ar")


def test_schema_dump(seen):
    """schema.rb dumps the fastnumeric table as numeric's: t.decimal, which loads as numeric"""
    got = seen["with"]
    assert got["f"]["schema"] == got["n"]["schema"] == [
        't.decimal "price", precision: 12, scale: 2', 't.decimal "qty"']


def test_migrations(seen):
    """t.column with "fastnumeric(12,2)" keeps the typmod, :fastnumeric with precision: drops it;
    execute relabels"""
    assert psql("SELECT attrelid::regclass, attname, format_type(atttypid, atttypmod) FROM pg_attribute"
                " WHERE attrelid IN ('clients.ar_made'::regclass, 'clients.ar_old'::regclass)"
                " AND attname IN ('price', 'qty') ORDER BY 1, 2") == [
        ["clients.ar_made", "price", "fastnumeric(12,2)"], ["clients.ar_made", "qty", "fastnumeric"],
        ["clients.ar_old", "price", "fastnumeric(12,2)"]]
    assert seen["migrated"]["rows"] == [[["BigDecimal", "12.35"], ["BigDecimal", "1.5"]]]
