"""power(fastnumeric, fastnumeric) and mod('7', fastnumeric), which ORMs generate (SQLAlchemy's
func.power(a, b), Django's Power(F("a"), F("b"))), are ambiguous, and PostgreSQL's rules for
resolving a function call forbid resolving them with overloads without making calls that
resolve today ambiguous: each candidate set is created in a transaction that is rolled back,
and the calls it breaks are shown."""

import psycopg
import pytest

# f, fu: fastnumeric columns; n: numeric (clients.vals)
TODAY = {
    "power(f, fu)": "42725", "mod('7', f)": "42725",
    "power(f, '2')": "numeric", "power('2', f)": "numeric", "power(f, 2)": "numeric", "power(2, f)": "numeric",
    "power(f, 0.5)": "numeric", "power(f, n)": "numeric", "power(n, f)": "numeric",
    "mod(f, '2')": "fastnumeric", "mod(f, 2)": "fastnumeric", "mod(f, fu)": "fastnumeric",
    "mod(f, n)": "fastnumeric", "mod(n, f)": "numeric", "mod(7, f)": "numeric",
}


def resolved(conn, setup=()):
    """{call: its result type, or the SQLSTATE of its error} after SETUP, all rolled back."""
    out = {}
    with conn.transaction(force_rollback=True):
        for sql in setup:
            conn.execute(sql)
        for call in TODAY:
            try:
                with conn.transaction():
                    out[call] = conn.execute("SELECT pg_typeof(%s)::text FROM clients.vals WHERE id = 2" % call).fetchone()[0]
            except psycopg.Error as e:
                out[call] = e.sqlstate
    return out


def changed(conn, setup):
    """The calls whose resolution SETUP changes: {call: (today, then)}."""
    now, then = resolved(conn), resolved(conn, setup)
    return {c: (now[c], then[c]) for c in TODAY if now[c] != then[c]}


def test_today(conn):
    assert resolved(conn) == TODAY


def test_power_overload(conn):
    """power(fastnumeric, fastnumeric) ties with power(fastnumeric, numeric) on a call with an
    untyped literal: both match the fastnumeric argument exactly, and the literal's position
    gives no preference (numeric's category, no preferred type among them)"""
    assert changed(conn, ["CREATE FUNCTION power(fastnumeric, fastnumeric) RETURNS numeric"
                          " AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT"]) == {
        "power(f, fu)": ("42725", "numeric"),
        "power(f, '2')": ("numeric", "42725"), "power('2', f)": ("numeric", "42725")}


def test_power_without_mixed_overloads(conn):
    """and power(fastnumeric, fastnumeric) in place of the mixed ones leaves power(f, 2) and
    power(f, 0.5) to float8's power, the preferred type's"""
    assert changed(conn, [
        "ALTER EXTENSION fastnumeric DROP FUNCTION power(fastnumeric, numeric)",
        "ALTER EXTENSION fastnumeric DROP FUNCTION power(numeric, fastnumeric)",
        "DROP FUNCTION power(fastnumeric, numeric), power(numeric, fastnumeric)",
        "CREATE FUNCTION power(fastnumeric, fastnumeric) RETURNS numeric"
        " AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT"]) == {
        "power(f, fu)": ("42725", "numeric"),
        "power(f, 2)": ("numeric", "double precision"), "power(2, f)": ("numeric", "double precision")}


@pytest.mark.parametrize("overloads, changes", [
    # mod(numeric, fastnumeric) takes mod('7', f), but ties with mod(fastnumeric, numeric) on mod(f, f)
    (["mod(numeric, fastnumeric)"], {"mod('7', f)": ("42725", "numeric"), "mod(f, fu)": ("fastnumeric", "42725")}),
    # with mod(fastnumeric, fastnumeric) for that, mod('7', f) ties between it and
    # mod(numeric, fastnumeric) again, and mod(f, '2') between it and mod(fastnumeric, numeric)
    (["mod(numeric, fastnumeric)", "mod(fastnumeric, fastnumeric)"],
     {"mod(f, fu)": ("fastnumeric", "numeric"), "mod(f, '2')": ("fastnumeric", "42725")}),
])
def test_mod_overloads(conn, overloads, changes):
    got = changed(conn, ["CREATE FUNCTION %s RETURNS numeric AS 'numeric_mod' LANGUAGE internal IMMUTABLE STRICT" % o
                         for o in overloads])
    assert got == changes
