"""psycopg2 (Debian's python3-psycopg2): text results, parameters interpolated as literals, COPY
text through copy_expert."""

import decimal
import io

import psycopg2
import pytest

from conftest import (PAIRS, assert_same_parameter_results, assert_written, kinds, python_recipe, rep,
                      same_outcomes, written_table)



@pytest.fixture
def conn():
    c = psycopg2.connect("")
    c.autocommit = True
    yield c
    c.close()


@pytest.fixture
def registered(conn):
    python_recipe("psycopg2")["register_fastnumeric"](conn)
    return conn


def column(conn, col, table="vals"):
    with conn.cursor() as cur:
        cur.execute("SELECT %s FROM clients.%s ORDER BY id" % (col, table))
        return [r[0] for r in cur.fetchall()]


def test_without_registration_str(conn, texts):
    """the hazard: fastnumeric values and arrays arrive as str (numeric's text), numeric's as Decimal"""
    for n, f in PAIRS:
        assert column(conn, f) == texts[n]
        assert {type(v) for v in column(conn, n) if v is not None} == {decimal.Decimal}
    assert column(conn, "fa", "arrays") == texts["na"]


def test_values(registered):
    for n, f in PAIRS:
        numeric = rep(column(registered, n))
        assert kinds(numeric) == {"Decimal"}
        same_outcomes(numeric, rep(column(registered, f)))


def test_arrays(registered):
    numeric = rep(column(registered, "na", "arrays"))
    assert kinds(numeric) == {"Decimal"} and None in numeric[0]
    same_outcomes(numeric, rep(column(registered, "fa", "arrays")))


def test_params(registered):
    """Decimal, float and None parameters in col = %s and col * %s"""
    assert_same_parameter_results(registered, column(registered, "nu") + [1.5, 0.1, 42.0])


def test_write_params(registered):
    table = written_table("w_psycopg2")
    with registered.cursor() as cur:
        cur.execute("SELECT id, n, nu FROM clients.vals ORDER BY id")
        rows = cur.fetchall()
        cur.executemany("INSERT INTO %s VALUES (%%s, %%s, %%s, %%s, %%s)" % table,
                        [(i, n, n, nu, nu) for i, n, nu in rows])
    assert_written(table, len(rows))


def test_copy_text(registered, ids):
    """copy_expert: numeric's COPY text into both types; fastnumeric's COPY text out is numeric's"""
    table = written_table("c_psycopg2")
    with registered.cursor() as cur:
        numeric, fast = io.StringIO(), io.StringIO()
        cur.copy_expert("COPY (SELECT id, n, n, nu, nu FROM clients.vals ORDER BY id) TO STDOUT", numeric)
        cur.copy_expert("COPY %s FROM STDIN" % table, io.StringIO(numeric.getvalue()))
        cur.copy_expert("COPY (SELECT id, f, f, fu, fu FROM clients.vals ORDER BY id) TO STDOUT", fast)
        numeric_arrays, fast_arrays = io.StringIO(), io.StringIO()
        cur.copy_expert("COPY (SELECT na FROM clients.arrays ORDER BY id) TO STDOUT", numeric_arrays)
        cur.copy_expert("COPY (SELECT fa FROM clients.arrays ORDER BY id) TO STDOUT", fast_arrays)
    assert fast.getvalue() == numeric.getvalue() != ""
    assert fast_arrays.getvalue() == numeric_arrays.getvalue() != ""
    assert_written(table, len(ids))
