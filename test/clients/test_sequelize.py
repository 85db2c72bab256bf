"""Sequelize 6 (npm), through sequelize_client.js: the same model over a numeric table and a
relabelled fastnumeric one, declared DECIMAL, and FASTNUMERIC with the recipe of docs/clients.md."""

import os

import pytest

from conftest import (HERE, NPM_PREFIX, assert_same_tables, kinds, orm_tables, orm_texts, psql, recipe,
                      run_program)


def format_types(table):
    return psql("SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '%s'::regclass"
                " AND attnum > 1 AND NOT attisdropped ORDER BY attnum" % table)


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    path = tmp_path_factory.mktemp("sequelize") / "recipe.js"
    path.write_text(recipe("sequelize"))
    psql("DROP TABLE IF EXISTS clients.sq_made, clients.sq_old")
    n, _ = orm_tables("sq")
    orm_tables("sqa")
    orm_tables("sqb")
    texts = orm_texts(n)
    got = run_program(["node", str(HERE / "sequelize_client.js"), str(path)],
                      env={"NODE_PATH": os.path.join(NPM_PREFIX, "node_modules")})
    got["texts"] = texts
    return got


def test_without_recipe(seen):
    """values are strings for both, as node-postgres gives numeric's; describeTable says USER-DEFINED"""
    without = seen["without"]
    assert without["f"]["rows"] == without["n"]["rows"] == [
        [i, p and ["string", p], q and ["string", q]] for i, p, q in seen["texts"]]
    assert without["f"]["sum"] == without["n"]["sum"] == ["number", "NaN"]
    assert without["f"]["types"] == {"id": "INTEGER", "price": "USER-DEFINED", "qty": "USER-DEFINED"}
    assert without["n"]["types"] == {"id": "INTEGER", "price": "NUMERIC", "qty": "NUMERIC"}


def test_sync_alter_undoes_relabel():
    """sync({ alter: true }) of the DECIMAL model turns the fastnumeric columns back into numeric"""
    assert format_types("clients.sqa_f") == [["price", "numeric(12,2)"], ["qty", "numeric"]]
    assert orm_texts("clients.sqa_f") == orm_texts("clients.sqa_n")


def test_sync_alter_with_recipe():
    """with FASTNUMERIC, sync({ alter: true }) keeps the columns fastnumeric and their bytes"""
    assert_same_tables("sqb")


def test_values(seen):
    got = seen["with"]
    assert got["f"]["rows"] == got["n"]["rows"] == seen["without"]["n"]["rows"]
    assert got["f"]["types"] == seen["without"]["f"]["types"]  # information_schema's, unchanged


def test_queries(seen):
    got = seen["with"]
    for key in ("escaped", "literal", "bound", "order", "aggregates"):
        assert got["f"][key] == got["n"][key], key
    assert got["f"]["bound"] == got["f"]["escaped"] == [3, 6, 7] and got["f"]["literal"] == [1, 3, 6, 7]
    assert [k for k, _ in got["f"]["aggregates"]] == ["number", "string", "string", "string"]


def test_writes(seen):
    got = seen["with"]
    assert got["f"]["written"] == got["n"]["written"]
    assert kinds([r[1:] for r in got["f"]["written"]]) == {"string"}
    assert_same_tables("sq")


def test_migrations(seen):
    assert format_types("clients.sq_made") == [["price", "fastnumeric(12,2)"], ["qty", "fastnumeric"]]
    assert format_types("clients.sq_old") == [["price", "fastnumeric(12,2)"]]
