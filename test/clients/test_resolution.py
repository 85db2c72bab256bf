"""power(fastnumeric, fastnumeric), which ORMs generate (SQLAlchemy's func.power(a, b), Django's
Power(F("a"), F("b"))), is ambiguous, and PostgreSQL's rules for resolving a function call
forbid resolving it without making calls that resolve today fail: each candidate set is created
in a transaction that is rolled back, and the calls it breaks are shown.  mod('7', col) resolves
through mod(unknown, fastnumeric), which only an untyped first argument matches; the overloads
that would have done it instead break other calls, shown too."""

import psycopg
import pytest

# f, fu: fastnumeric columns; n: numeric (clients.vals)
TODAY = {
    "power(f, fu)": "42725", "mod('7', f)": "numeric", "mod(NULL, f)": "numeric",
    "power(f, '2')": "numeric", "power('2', f)": "numeric", "power(f, 2)": "numeric", "power(2, f)": "numeric",
    "power(f, 0.5)": "numeric", "power(f, n)": "numeric", "power(n, f)": "numeric",
    "mod(f, '2')": "fastnumeric", "mod(f, 2)": "fastnumeric", "mod(f, fu)": "fastnumeric",
    "mod(f, n)": "fastnumeric", "mod(n, f)": "numeric", "mod(7, f)": "numeric",
}


def resolved(conn, setup=()):
    """{call: the type it resolves to, or the SQLSTATE of its error} after SETUP, all rolled back."""
    out = {}
    with conn.transaction(force_rollback=True):
        for sql in setup:
            conn.execute(sql)
        for call in TODAY:
            try:
                with conn.transaction(force_rollback=True):  # resolved, never run: a view of the call
                    conn.execute("CREATE TEMP VIEW probe AS SELECT %s AS r FROM clients.vals" % call)
                    out[call] = conn.execute("SELECT atttypid::regtype::text FROM pg_attribute"
                                             " WHERE attrelid = 'probe'::regclass AND attname = 'r'").fetchone()[0]
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


def prepares(conn, stmt, setup=()):
    """Whether STMT (with an untyped parameter) can be prepared after SETUP, or its SQLSTATE."""
    with conn.transaction(force_rollback=True):
        for sql in setup:
            conn.execute(sql)
        try:
            with conn.transaction():
                conn.execute("PREPARE probe AS " + stmt)
                conn.execute("DEALLOCATE probe")
            return "ok"
        except psycopg.Error as e:
            return e.sqlstate


def test_power_untyped_candidates(conn):
    """candidates for the untyped argument, as mod('7', col) has, would resolve power(f, '2') next
    to a power(fastnumeric, fastnumeric), but leave an untyped parameter untyped: power(f, $1),
    which types $1 numeric today, would fail"""
    setup = ["CREATE FUNCTION power(%s) RETURNS numeric AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT" % a
             for a in ("fastnumeric, fastnumeric", "fastnumeric, unknown", "unknown, fastnumeric")]
    assert changed(conn, setup) == {"power(f, fu)": ("42725", "numeric")}
    for stmt in ("SELECT power(f, $1) FROM clients.vals", "SELECT power($1, f) FROM clients.vals"):
        assert (prepares(conn, stmt), prepares(conn, stmt, setup)) == ("ok", "42P18"), stmt


def test_mod_untyped_parameter(conn):
    """mod($1, f) cannot type its parameter (it could not choose a function before 0.3); mod($1, n) is numeric's"""
    assert prepares(conn, "SELECT mod($1, f) FROM clients.vals") == "42P18"
    assert prepares(conn, "SELECT mod($1, n) FROM clients.vals") == "ok"


@pytest.mark.parametrize("overloads, changes", [
    # mod(numeric, fastnumeric) would have taken mod('7', f), but ties with mod(fastnumeric, numeric) on mod(f, f)
    (["mod(numeric, fastnumeric)"], {"mod(f, fu)": ("fastnumeric", "42725")}),
    # and a mod(fastnumeric, fastnumeric) for that ties with mod(fastnumeric, numeric) on mod(f, '2')
    (["mod(numeric, fastnumeric)", "mod(fastnumeric, fastnumeric)"],
     {"mod(f, fu)": ("fastnumeric", "numeric"), "mod(f, '2')": ("fastnumeric", "42725")}),
])
def test_mod_overloads(conn, overloads, changes):
    got = changed(conn, ["CREATE FUNCTION %s RETURNS numeric AS 'numeric_mod' LANGUAGE internal IMMUTABLE STRICT" % o
                         for o in overloads])
    assert got == changes
