"""SQLAlchemy 1.4 (Debian's python3-sqlalchemy, over psycopg2): the same declarative model over a
numeric table and a relabelled fastnumeric one, without and with the recipe of docs/clients.md
(a FASTNUMERIC type and a dialect that registers psycopg2's recipe and reflects the typmod)."""

import decimal
import importlib
import sys

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session, declarative_base

from conftest import (assert_same_queries, assert_same_tables, assert_same_values, kinds, orm_tables, orm_texts, psql,
                      recipe, rep)

D = decimal.Decimal
LONG = D("-98765432109876543210987654321.012345678901234567890123456789")


@pytest.fixture(scope="module")
def fn(tmp_path_factory):
    """The recipe as a module (it registers its dialect under its own module name)."""
    path = tmp_path_factory.mktemp("sqlalchemy")
    (path / "fastnumeric_sqlalchemy.py").write_text(recipe("psycopg2") + "\n\n" + recipe("sqlalchemy"))
    sys.path.insert(0, str(path))
    try:
        yield importlib.import_module("fastnumeric_sqlalchemy")
    finally:
        sys.path.remove(str(path))


@pytest.fixture(scope="module")
def engines(fn):
    plain = sa.create_engine("postgresql+psycopg2://")
    fast = sa.create_engine("postgresql+fastnumeric://")
    yield plain, fast
    plain.dispose()
    fast.dispose()


def models(price, qty, prefix):
    """The model over PREFIX_n (numeric's types) and over PREFIX_f (PRICE, QTY)."""
    base = declarative_base()
    out = []
    for suffix, types in (("n", (sa.Numeric(12, 2), sa.Numeric())), ("f", (price, qty))):
        out.append(type("Item_" + suffix, (base,), {
            "__tablename__": "%s_%s" % (prefix, suffix), "__table_args__": {"schema": "clients"},
            "id": sa.Column(sa.Integer, primary_key=True),
            "price": sa.Column(types[0]), "qty": sa.Column(types[1])}))
    return out


def read(session, model):
    return [[rep(i.id), rep(i.price), rep(i.qty)] for i in session.query(model).order_by(model.id)]


def test_without_recipe(engines):
    """reflection raises on the typmod; a Numeric model column over fastnumeric raises on read"""
    plain, _ = engines
    n, f = orm_tables("sa")
    with pytest.raises(ValueError, match=r"invalid literal for int\(\) with base 10: '12,2'"):
        sa.inspect(plain).get_columns("sa_f", schema="clients")
    assert [repr(c["type"]) for c in sa.inspect(plain).get_columns("sa_n", schema="clients")][1:] == [
        "NUMERIC(precision=12, scale=2)", "NUMERIC()"]
    item_n, item_f = models(sa.Numeric(12, 2), sa.Numeric(), "sa")
    with Session(plain) as s:
        assert kinds(read(s, item_n)) >= {"Decimal"}
        with pytest.raises(sa.exc.InvalidRequestError, match=r"Unknown PG numeric type: \d+"):
            read(s, item_f)


@pytest.fixture(scope="module")
def seen(fn, engines):
    """What the model reads and computes over each table, with the recipe; both tables get the
    same writes through the ORM."""
    _, fast = engines
    n, _ = orm_tables("sa")
    out = {"texts": orm_texts(n)}
    with Session(fast) as s:
        for model, key in zip(models(fn.FASTNUMERIC(12, 2), fn.FASTNUMERIC(), "sa"), "nf"):
            got = out[key] = {"rows": read(s, model)}
            got["bound"] = [i for (i,) in s.query(model.id).filter(model.price > D("9.99")).order_by(model.id)]
            got["literal"] = [i for (i,) in s.query(model.id).filter(model.price >= sa.literal_column("9.99"))
                              .order_by(model.id)]
            got["order"] = [i for (i,) in s.query(model.id).order_by(model.qty.desc().nullslast(), model.id)]
            got["aggregates"] = [rep(v) for v in s.query(
                sa.func.sum(model.price), sa.func.avg(model.price), sa.func.max(model.qty),
                sa.func.sum(model.price * model.qty)).filter(model.id.in_([1, 6])).one()]
            s.query(model).filter(model.id < 3).update({model.price: model.price * 1.1}, synchronize_session=False)
            s.add(model(id=8, price=D("0.05"), qty=LONG))
            s.flush()
            row = s.get(model, 8)
            row.price, row.qty = D("-12345.675"), model.qty * 3  # computed by the server
            s.execute(sa.insert(model), [{"id": 9 + i, "price": p, "qty": q} for i, (p, q) in enumerate(
                [(D("1.005"), D("NaN")), (D("-0.00"), D("Infinity")), (None, D("1E-60")), (D("9999999999.99"), 0)])])
            s.flush()
            s.expire_all()
            got["written"] = read(s, model)
        s.commit()
    return out


def test_values(seen):
    """the same Decimal values, NaN and +-Infinity, and every digit of the 60-digit one"""
    assert kinds(seen["f"]["rows"]) == {"Decimal", "int"}
    assert_same_values(seen)


def test_queries(seen):
    assert_same_queries(seen)
    assert kinds(seen["f"]["aggregates"]) == {"Decimal"}


def test_writes(seen):
    """updates, inserts and bulk inserts from Decimal: numeric's bytes in both tables"""
    assert seen["f"]["written"] == seen["n"]["written"]
    with decimal.localcontext() as exact:
        exact.prec = 100
        assert ("Decimal", str(LONG * 3)) in [r[2] for r in seen["f"]["written"]]
    assert_same_tables("sa")


def test_reflection(fn, engines):
    _, fast = engines
    orm_tables("sa")
    cols = {t: sa.inspect(fast).get_columns("sa_" + t, schema="clients") for t in "nf"}
    assert [(c["name"], repr(c["type"])) for c in cols["f"]] == [
        ("id", "INTEGER()"), ("price", "FASTNUMERIC(precision=12, scale=2)"), ("qty", "FASTNUMERIC()")]
    assert [(c["name"], c["nullable"], c["default"]) for c in cols["f"]] == [
        (c["name"], c["nullable"], c["default"].replace("sa_n", "sa_f") if c["default"] else None) for c in cols["n"]]
    table = sa.Table("sa_f", sa.MetaData(), schema="clients", autoload_with=fast)
    assert isinstance(table.c.price.type, fn.FASTNUMERIC) and table.c.price.type.scale == 2


def test_create_and_relabel(fn, engines):
    """create_all makes fastnumeric(12,2) and fastnumeric[]; a relabel by raw SQL reflects as FASTNUMERIC"""
    _, fast = engines
    meta = sa.MetaData(schema="clients")
    sa.Table("sa_made", meta, sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("price", fn.FASTNUMERIC(12, 2)), sa.Column("qtys", sa.ARRAY(fn.FASTNUMERIC())))
    meta.create_all(fast)
    with fast.begin() as conn:
        conn.execute(sa.text("CREATE TABLE clients.sa_old (id int PRIMARY KEY, price numeric(12,2));"
                             "ALTER TABLE clients.sa_old ALTER price TYPE fastnumeric(12,2)"))
    assert psql("SELECT attrelid::regclass, format_type(atttypid, atttypmod) FROM pg_attribute"
                " WHERE attrelid IN ('clients.sa_made'::regclass, 'clients.sa_old'::regclass) AND attnum > 1"
                " ORDER BY 1, attnum") == [
        ["clients.sa_made", "fastnumeric(12,2)"], ["clients.sa_made", "fastnumeric[]"],
        ["clients.sa_old", "fastnumeric(12,2)"]]
    reflected = sa.Table("sa_made", sa.MetaData(), schema="clients", autoload_with=fast)
    assert repr(reflected.c.qtys.type) == "ARRAY(FASTNUMERIC())"
    assert repr(sa.Table("sa_old", sa.MetaData(), schema="clients", autoload_with=fast).c.price.type) == \
        "FASTNUMERIC(precision=12, scale=2)"
    meta.drop_all(fast)
    psql("DROP TABLE clients.sa_old")


def test_power_and_mod(fn, engines):
    """func.power over two fastnumeric columns is ambiguous (numeric's resolves); the ^ operator
    and a cast to Numeric give numeric's results; func.mod('7', col) resolves as numeric's"""
    _, fast = engines
    orm_tables("sa")
    item_n, item_f = models(fn.FASTNUMERIC(12, 2), fn.FASTNUMERIC(), "sa")
    got = {}
    with Session(fast) as s:
        for key, model in (("n", item_n), ("f", item_f)):
            rows = s.query(model).filter(model.id.in_([1, 6]))
            got[key] = [[rep(v) for v in r] for r in rows.with_entities(
                model.price.op("^")(model.price), sa.func.power(model.price, sa.cast(model.qty, sa.Numeric)),
                sa.func.mod("7", model.price)).order_by(model.id)]
        with pytest.raises(sa.exc.ProgrammingError, match=r"function power\(fastnumeric, fastnumeric\) is not unique"):
            s.query(sa.func.power(item_f.price, item_f.qty)).all()
        s.rollback()
        assert s.query(sa.func.power(item_n.price, item_n.qty)).filter(item_n.id == 1).scalar() is not None
    assert got["f"] == got["n"] and kinds(got["f"]) == {"Decimal"}
