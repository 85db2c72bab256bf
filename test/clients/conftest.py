"""
Shared pieces of the client-library tests (test/run runs them with test/differential, through
test/conftest.py).

Connection: the usual PG* variables, as a superuser; every driver reads them itself.  The
session creates the extension if missing and a scratch schema `clients` (dropped at the end)
with the values every driver reads:

  clients.vals    id, n numeric(12,2), f fastnumeric(12,2), nu numeric, fu fastnumeric:
                  f and fu hold n's and nu's datums (NULLs, NaN, +-Infinity, long values)
  clients.arrays  id, na numeric[], fa fastnumeric[] (NULL elements, empty, 2-D, NULL)

The registration code under test is not here: `recipe(NAME)` takes it from docs/clients.md
(the code block after `<!-- recipe: NAME -->`), so the documented snippet is the tested one.
"""

import json
import os
import pathlib
import re
import subprocess

import pytest

from harness.db import rep

HERE = pathlib.Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "clients.md"
# where prereq_npm_clients (test/prereqs.sh) installs node-postgres, outside the repository
NPM_PREFIX = os.environ.get("FASTNUMERIC_NPM_PREFIX") or (
    "/var/cache/fastnumeric/npm" if os.geteuid() == 0 else os.path.expanduser("~/.cache/fastnumeric/npm"))

SETUP = r"""
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fastnumeric;
DROP SCHEMA IF EXISTS clients CASCADE;
CREATE SCHEMA clients;
CREATE TABLE clients.vals (id int PRIMARY KEY, n numeric(12,2), f fastnumeric(12,2),
                           nu numeric, fu fastnumeric);
INSERT INTO clients.vals (id, n, nu) VALUES
    (1, 0, 0), (2, 1.5, 1.5), (3, -1234567890.12, -0.000001), (4, 0.01, 1e-30),
    (5, NULL, NULL), (6, 9999999999.99, '123456789012345678901234567890.123456789012345678901234567890'),
    (7, 'NaN', 'NaN'), (8, 100, 'Infinity'), (9, -0.5, '-Infinity'), (10, 42, 1e100),
    (11, 3.1, -7.250), (12, -0.01, 0.00), (13, NULL, 2), (14, 7, NULL);
UPDATE clients.vals SET f = n, fu = nu;
CREATE TABLE clients.arrays (id int PRIMARY KEY, na numeric[], fa fastnumeric[]);
INSERT INTO clients.arrays (id, na) VALUES
    (1, '{1.50,NULL,-2.25}'), (2, '{}'), (3, NULL), (4, '{NaN,1e20,0.000001,-0}'),
    (5, '{{1,2},{3,4.5}}'), (6, '{NULL}');
UPDATE clients.arrays SET fa = na;
"""

# what a table written through a driver holds: the columns of clients.vals
WRITTEN = "(id int PRIMARY KEY, n numeric(12,2), f fastnumeric(12,2), nu numeric, fu fastnumeric)"


def psql(sql):
    """Run SQL with psql (the PG* variables); the rows of its output, fields split on tabs."""
    out = subprocess.run(["psql", "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-f", "-"],
                         input=sql, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return [line.split("\t") for line in out.stdout.splitlines()]


def recipe(name):
    """The code block after `<!-- recipe: NAME -->` in docs/clients.md."""
    m = re.search(r"<!-- recipe: %s -->\n```\w+\n(.*?)```" % re.escape(name), DOC.read_text(), re.S)
    assert m, "docs/clients.md has no recipe %r" % name
    return m.group(1)


def python_recipe(name):
    """The names a Python recipe defines, after running it."""
    space = {}
    exec(compile(recipe(name), "%s (recipe %s)" % (DOC, name), "exec"), space)
    return space


@pytest.fixture(scope="session", autouse=True)
def database():
    psql(SETUP)
    bad = psql("SELECT count(*) FROM clients.vals WHERE numeric_send(f::numeric) IS DISTINCT FROM numeric_send(n)"
               " OR numeric_send(fu::numeric) IS DISTINCT FROM numeric_send(nu)")
    assert bad == [["0"]]
    yield
    psql("DROP SCHEMA clients CASCADE;")


def column_texts(table, columns):
    """{column: [its text per row, by id; None for NULL]}: what psql shows."""
    sel = ", ".join("%s IS NULL, %s::text" % (c, c) for c in columns)
    rows = psql("SELECT %s FROM clients.%s ORDER BY id" % (sel, table))
    return {c: [None if r[2 * i] == "t" else r[2 * i + 1] for r in rows] for i, c in enumerate(columns)}


@pytest.fixture(scope="session")
def texts():
    """numeric's texts of clients.vals (n, nu) and clients.arrays (na)."""
    t = column_texts("vals", ["n", "nu"])
    t.update(column_texts("arrays", ["na"]))
    return t


@pytest.fixture(scope="session")
def sends():
    """numeric_send of clients.vals's numeric columns, as bytes (None for NULL)."""
    rows = psql("SELECT n IS NULL, encode(numeric_send(n), 'hex'), nu IS NULL, encode(numeric_send(nu), 'hex')"
                " FROM clients.vals ORDER BY id")
    return {"n": [None if r[0] == "t" else bytes.fromhex(r[1]) for r in rows],
            "nu": [None if r[2] == "t" else bytes.fromhex(r[3]) for r in rows]}


@pytest.fixture(scope="session")
def ids():
    return [int(r[0]) for r in psql("SELECT id FROM clients.vals ORDER BY id")]


def written_table(name):
    """A fresh table clients.NAME with clients.vals's columns, for a driver to write into."""
    psql("DROP TABLE IF EXISTS clients.%s; CREATE TABLE clients.%s %s;" % (name, name, WRITTEN))
    return "clients." + name


def assert_written(table, rows):
    """The driver wrote ROWS rows into TABLE, each fastnumeric column holding numeric's bytes of
    the numeric column written beside it from the same value."""
    got = psql("SELECT count(*), count(*) FILTER (WHERE numeric_send(f::numeric) IS DISTINCT FROM numeric_send(n)"
               " OR numeric_send(fu::numeric) IS DISTINCT FROM numeric_send(nu)),"
               " count(n) + count(nu) FROM %s" % table)
    count, bad, non_null = map(int, got[0])
    assert (count, bad) == (rows, 0)
    assert non_null > 0


def same_outcomes(numeric, fast):
    """Assert each value read from a fastnumeric column is the one read from numeric's."""
    assert len(numeric) == len(fast)
    for i, (a, b) in enumerate(zip(numeric, fast)):
        assert b == a, "row %d: numeric gave %r, fastnumeric %r" % (i + 1, a, b)


# the numeric column and the fastnumeric column written from it, in clients.vals
PAIRS = [("n", "f"), ("nu", "fu")]


def assert_same_parameter_results(conn, values, placeholder="%s"):
    """Each of VALUES bound as a parameter (a DB-API connection, PLACEHOLDER its marker) in
    `col = $1` and `col * $1`: each fastnumeric column gives its numeric column's rows and results."""
    with conn.cursor() as cur:
        for v in values:
            for n, f in PAIRS:
                got = {}
                for c in (n, f):
                    cur.execute("SELECT array_agg(id ORDER BY id) FROM clients.vals WHERE %s = %s"
                                % (c, placeholder), (v,))
                    matches = cur.fetchone()[0]
                    cur.execute("SELECT %s * %s FROM clients.vals ORDER BY id" % (c, placeholder), (v,))
                    got[c] = (matches, rep([r[0] for r in cur.fetchall()]))
                assert got[f] == got[n], "parameter %r" % (v,)


def run_program(cmd, env=None, timeout=300):
    """Run a test program; the JSON document on its last line of output."""
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                         env=dict(os.environ, **(env or {})))
    assert out.returncode == 0, "%s failed:\n%s\n%s" % (cmd[0], out.stdout[-3000:], out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def kinds(reps):
    """The type names of the non-null values in REPS (reps of rows, arrays nested)."""
    if reps is None:
        return set()
    if len(reps) == 2 and isinstance(reps[0], str):
        return {reps[0]}
    return set().union(*(kinds(r) for r in reps)) if reps else set()


# The ORM tests: one model over two tables of the same shape and rows, PREFIX_n with numeric
# columns and PREFIX_f relabelled to fastnumeric from numeric (price numeric(12,2), qty numeric
# with +-Infinity and a 60-digit value).
ORM_ROWS = """(1, 9.99, 1.5), (2, 1.50, 123456789012345678901234567890.123456789012345678901234567890),
    (3, 'NaN', 'Infinity'), (4, -0.01, '-Infinity'), (5, NULL, NULL), (6, 100, 0.000001),
    (7, 12.34, 'NaN')"""


def orm_tables(prefix):
    """Fresh tables clients.PREFIX_n and clients.PREFIX_f (see ORM_ROWS); their names."""
    names = ("clients.%s_n" % prefix, "clients.%s_f" % prefix)
    psql("".join("DROP TABLE IF EXISTS %s; CREATE TABLE %s (id serial PRIMARY KEY, price numeric(12,2),"
                 " qty numeric); INSERT INTO %s (id, price, qty) VALUES %s;"
                 " SELECT setval(pg_get_serial_sequence('%s', 'id'), 7);" % (t, t, t, ORM_ROWS, t)
                 for t in names)
         + "ALTER TABLE %s ALTER price TYPE fastnumeric(12,2), ALTER qty TYPE fastnumeric;" % names[1])
    return names


def orm_texts(table, where=""):
    """[id, price text, qty text] of TABLE's rows by id, NULL as None: what psql shows."""
    rows = psql("SELECT id, price IS NULL, price, qty IS NULL, qty FROM %s %s ORDER BY id" % (table, where))
    return [[int(r[0]), None if r[1] == "t" else r[2], None if r[3] == "t" else r[4]] for r in rows]


def format_types(table):
    """[column, format_type] of TABLE's columns after id."""
    return psql("SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '%s'::regclass"
                " AND attnum > 1 AND NOT attisdropped ORDER BY attnum" % table)


def run_node_orm(tmp_path_factory, orm, drop, prefixes):
    """Run ORM_client.js with the recipe of docs/clients.md for ORM, over fresh orm_tables of each
    of PREFIXES (after dropping the tables DROP); its JSON, with the first pair's texts."""
    path = tmp_path_factory.mktemp(orm) / "recipe.js"
    path.write_text(recipe(orm))
    psql("DROP TABLE IF EXISTS " + drop)
    numeric_table = [orm_tables(p) for p in prefixes][0][0]
    texts = orm_texts(numeric_table)
    got = run_program(["node", str(HERE / ("%s_client.js" % orm)), str(path)],
                      env={"NODE_PATH": os.path.join(NPM_PREFIX, "node_modules")})
    got["texts"] = texts
    return got


def assert_same_values(seen):
    """A Python ORM's model reads the fastnumeric table's rows as the numeric one's: the Decimal of
    each value's text."""
    assert seen["f"]["rows"] == seen["n"]["rows"]
    assert [r[1:] for r in seen["f"]["rows"]] == [[t and ("Decimal", t) for t in r[1:]] for r in seen["texts"]]


def assert_same_queries(seen):
    """A Python ORM's filters (a bound and a literal Decimal), ordering and aggregates give over the
    fastnumeric table what they give over the numeric one."""
    for key in ("bound", "literal", "order", "aggregates"):
        assert seen["f"][key] == seen["n"][key], key
    assert seen["f"]["bound"] == [3, 6, 7] and seen["f"]["literal"] == [1, 3, 6, 7]  # NaN sorts above all


def assert_same_tables(prefix):
    """clients.PREFIX_f holds, row for row, numeric's bytes of clients.PREFIX_n, and its columns
    are still fastnumeric(12,2) and fastnumeric."""
    got = psql("SELECT count(*), count(*) FILTER (WHERE n.id IS NULL OR f.id IS NULL OR numeric_send(f.price::numeric)"
               " IS DISTINCT FROM numeric_send(n.price) OR numeric_send(f.qty::numeric) IS DISTINCT FROM"
               " numeric_send(n.qty)) FROM clients.{0}_n n FULL JOIN clients.{0}_f f USING (id);"
               "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'clients.{0}_f'::regclass"
               " AND attname IN ('price', 'qty') ORDER BY attname".format(prefix))
    assert got[0][1] == "0" and int(got[0][0]) > 0, got
    assert got[1:] == [["fastnumeric(12,2)"], ["fastnumeric"]]
