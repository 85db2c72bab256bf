"""Sequelize 6 (npm), through sequelize_client.js: the same model over a numeric table and a
relabelled fastnumeric one, declared DECIMAL, and FASTNUMERIC with the recipe of docs/clients.md."""

import pytest

from conftest import assert_same_tables, format_types, kinds, orm_texts, run_node_orm


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    return run_node_orm(tmp_path_factory, "sequelize", "clients.sq_made, clients.sq_old", ["sq", "sqa", "sqb"])


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
