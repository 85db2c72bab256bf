"""psycopg 3 (Debian's python3-psycopg): text and binary results, text (%s) and binary (%b)
parameters, binary COPY with set_types."""

import decimal

import psycopg
import pytest

from conftest import (PAIRS, assert_same_parameter_results, assert_written, kinds, python_recipe, rep,
                      same_outcomes, written_table)

COPY_TYPES = ["int4", "numeric", "fastnumeric", "numeric", "fastnumeric"]


@pytest.fixture
def conn():
    with psycopg.connect("", autocommit=True) as c:
        yield c


@pytest.fixture
def registered(conn):
    python_recipe("psycopg")["register_fastnumeric"](conn)
    return conn


def column(conn, col, table="vals", binary=False):
    with conn.cursor(binary=binary) as cur:
        cur.execute("SELECT %s FROM clients.%s ORDER BY id" % (col, table))
        return [r[0] for r in cur]


def test_without_registration(conn, texts, sends):
    """the hazard: text results are str (numeric's text), binary ones bytes (numeric_send's), and
    binary COPY cannot name the type"""
    for n, f in PAIRS:
        assert column(conn, f) == texts[n]
        assert column(conn, f, binary=True) == sends[n]
        assert {type(v) for v in column(conn, n, binary=True) if v is not None} == {decimal.Decimal}
    assert column(conn, "fa", "arrays") == texts["na"]
    with conn.cursor() as cur, pytest.raises(KeyError, match="couldn't find the type 'fastnumeric'"):
        with cur.copy("COPY (SELECT n, f FROM clients.vals) TO STDOUT (FORMAT binary)") as copy:
            copy.set_types(["numeric", "fastnumeric"])


@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
def test_values(registered, binary):
    for n, f in PAIRS:
        numeric = rep(column(registered, n, binary=binary))
        assert kinds(numeric) == {"Decimal"}
        same_outcomes(numeric, rep(column(registered, f, binary=binary)))


@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
def test_arrays(registered, binary):
    numeric = rep(column(registered, "na", "arrays", binary))
    assert kinds(numeric) == {"Decimal"} and None in numeric[0]
    same_outcomes(numeric, rep(column(registered, "fa", "arrays", binary)))


@pytest.mark.parametrize("placeholder", ["%s", "%b"], ids=["text", "binary"])
def test_params(registered, placeholder):
    """Decimal, float and None parameters in col = $1 and col * $1"""
    assert_same_parameter_results(registered, column(registered, "nu") + [1.5, 0.1, 42.0], placeholder)


@pytest.mark.parametrize("placeholder", ["%s", "%b"], ids=["text", "binary"])
def test_write_params(registered, placeholder):
    table = written_table("w_psycopg_" + ("text" if placeholder == "%s" else "binary"))
    with registered.cursor() as cur:
        rows = cur.execute("SELECT id, n, nu FROM clients.vals ORDER BY id").fetchall()
        cur.executemany("INSERT INTO %s VALUES (%s)" % (table, ", ".join([placeholder] * 5)),
                        [(i, n, n, nu, nu) for i, n, nu in rows])
    assert_written(table, len(rows))


def test_copy_binary(registered):
    """binary COPY with set_types naming fastnumeric: Decimal rows in, and read back out"""
    table = written_table("c_psycopg")
    with registered.cursor() as cur:
        rows = cur.execute("SELECT id, n, nu FROM clients.vals ORDER BY id").fetchall()
        with cur.copy("COPY %s FROM STDIN (FORMAT binary)" % table) as copy:
            copy.set_types(COPY_TYPES)
            for i, n, nu in rows:
                copy.write_row((i, n, n, nu, nu))
        with cur.copy("COPY (SELECT id, n, f, nu, fu FROM clients.vals ORDER BY id) TO STDOUT (FORMAT binary)") as copy:
            copy.set_types(COPY_TYPES)
            out = list(copy.rows())
    assert_written(table, len(rows))
    for k, (n, f) in enumerate(PAIRS):
        numeric = rep([r[1 + 2 * k] for r in out])
        assert kinds(numeric) == {"Decimal"}
        same_outcomes(numeric, rep([r[2 + 2 * k] for r in out]))
