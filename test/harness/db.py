"""
psycopg (3) connections to the server in the PG* variables, and what several suites need in it.
"""

import contextlib

import psycopg


def connect(autocommit=True, **kwargs):
    """A connection to the server of the PG* variables (libpq reads them)."""
    return psycopg.connect(autocommit=autocommit, **kwargs)


def ensure_extension(conn):
    conn.execute("SET client_min_messages = warning")
    conn.execute("CREATE EXTENSION IF NOT EXISTS fastnumeric")
    conn.execute("RESET client_min_messages")


@contextlib.contextmanager
def bytea_casts(conn):
    """numeric -> bytea and fastnumeric -> bytea binary casts while the block runs, so SQL can
    show a datum's bytes (varlena header aside) with `x::bytea`; the casts this made are
    dropped again at the end."""
    made = [t for (t,) in conn.execute(
        "SELECT t FROM unnest(ARRAY['numeric', 'fastnumeric']) t WHERE NOT EXISTS (SELECT 1 FROM pg_cast"
        " WHERE castsource = t::regtype AND casttarget = 'bytea'::regtype)").fetchall()]
    for t in made:
        conn.execute("CREATE CAST (%s AS bytea) WITHOUT FUNCTION" % t)
    try:
        yield
    finally:
        for t in made:
            conn.execute("DROP CAST IF EXISTS (%s AS bytea)" % t)


def rep(v):
    """A value read by a Python driver, as (type name, text); lists element by element: what the
    client suites compare, so that a float or a str where a Decimal belongs is a difference."""
    if v is None:
        return None
    if isinstance(v, list):
        return [rep(x) for x in v]
    return (type(v).__name__, str(v))
