"""TypeORM 0.3 (npm), through typeorm_client.js: the same entity over a numeric table and a
relabelled fastnumeric one, without and with the recipe of docs/clients.md; what synchronize and
generated migrations do to a relabelled column."""

import pytest

from conftest import assert_same_tables, format_types, kinds, psql, run_node_orm

DROP_ADD = ['ALTER TABLE "clients"."to_f" DROP COLUMN "price"', 'ALTER TABLE "clients"."to_f" ADD "price" numeric(12,2)',
            'ALTER TABLE "clients"."to_f" DROP COLUMN "qty"', 'ALTER TABLE "clients"."to_f" ADD "qty" numeric']


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    return run_node_orm(tmp_path_factory, "typeorm", "clients.to_made, clients.to_old, clients.migrations",
                        ["to", "tos"])


def test_without_recipe(seen):
    """type "fastnumeric" is refused; decimal reads the same strings; the schema builder would drop
    and re-add the fastnumeric columns"""
    without = seen["without"]
    assert without["refused"] == ('DataTypeNotSupportedError: Data type "fastnumeric" in "Refused.price"'
                                  ' is not supported by "postgres" database.')
    assert without["rows"]["f"] == without["rows"]["n"] == [
        [i, p and ["string", p], q and ["string", q]] for i, p, q in seen["texts"]]
    assert without["pending"] == DROP_ADD


def test_synchronize_loses_values():
    """synchronize: true over a relabelled table: numeric columns again, every value gone"""
    assert format_types("clients.tos_f") == [["price", "numeric(12,2)"], ["qty", "numeric"]]
    assert psql("SELECT count(*), count(price), count(qty) FROM clients.tos_f") == [["7", "0", "0"]]


def test_values(seen):
    got = seen["with"]
    assert got["pending"] == []
    assert got["f"]["rows"] == got["n"]["rows"] == seen["without"]["rows"]["n"]


def test_metadata(seen):
    """the entity's metadata is numeric's; the table's, as TypeORM reads it, fastnumeric without typmod"""
    got = seen["with"]
    assert got["f"]["metadata"] == got["n"]["metadata"] == [
        ["id", "int", None, None], ["price", "decimal", 12, 2], ["qty", "decimal", None, None]]
    assert got["n"]["db_columns"] == [["id", "integer", None, None], ["price", "numeric", 12, 2],
                                      ["qty", "numeric", None, None]]
    assert got["f"]["db_columns"] == [["id", "integer", None, None], ["price", "fastnumeric", None, None],
                                      ["qty", "fastnumeric", None, None]]


def test_queries(seen):
    got = seen["with"]
    for key in ("bound", "literal", "order", "aggregates"):
        assert got["f"][key] == got["n"][key], key
    assert got["f"]["bound"] == [3, 6, 7] and got["f"]["literal"] == [1, 3, 6, 7]
    assert [k for k, _ in got["f"]["aggregates"]] == ["number", "number", "string", "string", "string", "string"]


def test_writes(seen):
    got = seen["with"]
    assert got["f"]["written"] == got["n"]["written"]
    assert kinds([r[1:] for r in got["f"]["written"]]) == {"string"}
    assert_same_tables("to")


def test_migrations(seen):
    assert format_types("clients.to_made") == [["price", "fastnumeric(12,2)"], ["qty", "fastnumeric"]]
    assert format_types("clients.to_old") == [["price", "fastnumeric(12,2)"]]
