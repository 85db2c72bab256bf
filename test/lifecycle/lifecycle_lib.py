"""
What the lifecycle suite's modules share (test_lifecycle_dump, _alter, _update, _install):
scratch databases and roles, SQL run in them as any role (psycopg, a session per call), the
extension's member lines, the value rows, and the checks of indexes and of lists of rows.

Scratch databases and roles are named lifecycle_<pid>_* and dropped when a module ends
(--keep DIR leaves them).  The suite needs contrib's amcheck and pg_dump/pg_restore (from the
server's bindir: --pg-config, else $PG_CONFIG, else PATH).

Only the current version ships an install script; earlier ones are reached by update scripts.
To have databases at an earlier version, the suite takes that version's install script (and
secondary control file) from git history (lifecycle_released.py), writes them into the server's
extension directory (its SHAREDIR, so the server must be local and the directory writable,
directly or by `sudo -n`) while it creates such databases, and removes what it wrote; the
updates then run on the installed files alone.  Files already there and equal to the released
ones are used and left in place.
"""

import contextlib
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import psycopg
import pytest

from harness import db as harness_db
from harness import values
from harness.psql import short

SUITE = "lifecycle"
SEED = 20240601
COUNT = 3000     # rows of the dumped and altered tables at scale 1
MIN_COUNT = 300  # FIXED_VALUES and every shape still among them
HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent


def version_key(v):
    return [int(x) for x in v.split(".")]


class RunFailed(Exception):
    def __init__(self, message, sqlstate=None):
        super().__init__(message)
        self.sqlstate = sqlstate


# ------------------------------------------------------------------------------ values

FIXED_VALUES = ["NaN", "Infinity", "-Infinity", "0", "0.0", "-0.000", "0.00000000000000000000",
                "1.200", "-1.50", "9999", "10000", "0.9999", "0.0001", "99999999.99995",
                "1e-1000", "-1e1000", "9" * 131072, "0." + "0" * 16382 + "1",
                "-" + "12345678" * 125]


def decimal(r, int_digits, frac_digits):
    return values.signed(r, values.decimal_text(r, int_digits, frac_digits), 0.3)


def any_value(r):
    """A value of any shape an index can hold (no 100 KB texts)."""
    x = r.random()
    if x < 0.05:
        return r.choice(("NaN", "Infinity", "-Infinity", "0", "0.000", "-0.0", "1.10", "1.1"))
    if x < 0.35:
        return decimal(r, r.randint(0, 6), r.choice((0, 2, 2, 4)))               # money
    if x < 0.55:
        return decimal(r, r.randint(1, 30), 0)                                   # integers
    if x < 0.70:
        return decimal(r, r.randint(20, 300), r.randint(0, 60))                  # long
    if x < 0.85:
        return ("-" if x < 0.8 else "") + "0." + "0" * r.randint(0, 200) + values.digits(r, r.randint(1, 12), False)
    return decimal(r, r.randint(0, 8), r.randint(0, 20)) + "0" * r.randint(0, 5)  # trailing zeros


def copy_text(rows):
    """COPY ... FROM STDIN text data for rows of texts (None is NULL)."""
    return "".join("\t".join("\\N" if v is None else str(v) for v in row) + "\n" for row in rows)


# --------------------------------------------------------------------------------- SQL

# Binary casts that show a datum's bytes (superuser only; made after a dump, so not in it),
# found wherever the extension's schema is.
BYTEA_CASTS = r"""
SET search_path = public, fnx;
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_cast WHERE castsource = 'numeric'::regtype AND casttarget = 'bytea'::regtype) THEN
        CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
    END IF;
    EXECUTE format('CREATE CAST (%s AS bytea) WITHOUT FUNCTION', 'fastnumeric'::regtype);
END
$$;
CREATE EXTENSION IF NOT EXISTS amcheck;
"""

SEARCH = "SET search_path = public, fnx, ledger;\n"

BTREE_INDEXES = """
SELECT i.indexrelid::regclass FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am am ON am.oid = c.relam WHERE am.amname = 'btree' AND i.indrelid = '%s'::regclass ORDER BY 1
"""

# Only the hash index on the column may answer (the others on it are dropped, rolled back).
HASH_PROBE = r"""
BEGIN;
SET LOCAL enable_seqscan = off;
SET LOCAL enable_bitmapscan = off;
SET LOCAL enable_tidscan = off;
DO $$
DECLARE other regclass;
BEGIN
    FOR other IN SELECT indexrelid FROM pg_index WHERE indrelid = '%(t)s'::regclass
                 AND indexrelid <> '%(i)s'::regclass AND indkey[0] = (SELECT attnum FROM pg_attribute
                     WHERE attrelid = '%(t)s'::regclass AND attname = '%(c)s') LOOP
        EXECUTE format('DROP INDEX %%s', other);
    END LOOP;
END
$$;
EXPLAIN (COSTS OFF) %(probe)s;
%(probe)s;
ROLLBACK;
"""


# ---------------------------------------------------------------------- the scratch objects

def _rows(cur):
    """Every row of every statement of the last execute, as psql shows them: texts, NULL ''."""
    enc = cur.connection.info.encoding
    out = []
    while True:
        res = cur.pgresult
        if res is not None and res.status == psycopg.pq.ExecStatus.TUPLES_OK:
            for i in range(res.ntuples):
                out.append([(res.get_value(i, j) or b"").decode(enc, "replace") for j in range(res.nfields)])
        if not cur.nextset():
            return out


class Scratch:
    """The scratch databases and roles of one module, and SQL run in them."""

    def __init__(self, bindir, keep_objects):
        self.prefix = "lifecycle_%d" % os.getpid()
        self.bindir = bindir
        self.keep_objects = keep_objects
        self.dbs, self.roles = [], []
        self.tmp = tempfile.mkdtemp(prefix="fastnumeric-lifecycle-")
        self.maintenance_db = os.environ.get("PGDATABASE", "postgres")
        self.members_sql = (HERE / "members.sql").read_text(encoding="utf-8")

    def tool(self, name):
        path = os.path.join(self.bindir, name) if self.bindir else name
        return path if os.path.exists(path) else name

    # Each call is a session of its own, as a psql run would be: nothing (search_path, temporary
    # lookalikes) carries over.  A script of several statements runs as one transaction.
    @contextlib.contextmanager
    def session(self, db, user=None):
        kwargs = {"dbname": db}
        if user:
            kwargs["user"] = user
        try:
            with harness_db.connect(**kwargs) as conn:
                yield conn
        except psycopg.Error as e:
            raise RunFailed("in %s%s: %s %s" % (db, " as " + user if user else "", e.sqlstate or "",
                                                str(e).strip()[:2000]), e.sqlstate)

    def sql(self, db, sql, user=None):
        with self.session(db, user) as conn:
            with conn.cursor() as cur:
                cur.execute(sql)
                return _rows(cur)

    def value(self, db, sql, user=None):
        rows = self.sql(db, sql, user)
        return rows[0][0] if rows else None

    def sqlstate(self, db, sql, user=None):
        """None if sql succeeds, else the SQLSTATE of its error."""
        try:
            self.sql(db, sql, user)
        except RunFailed as e:
            return e.sqlstate or "error without SQLSTATE: " + str(e)[:300]
        return None

    def load(self, db, before, table, rows, after):
        """BEFORE, then ROWS copied into TABLE, then AFTER: in one session, each autocommitted."""
        with self.session(db) as conn:
            conn.execute(before)
            with conn.cursor() as cur:
                with cur.copy("COPY %s FROM STDIN" % table) as copy:
                    copy.write(copy_text(rows))
            conn.execute(after)

    def run_tool(self, argv, what):
        p = subprocess.run(argv, capture_output=True, text=True)
        if p.returncode != 0:
            raise RunFailed("%s failed (exit %d): %s" % (what, p.returncode, p.stderr.strip()[:2000]))

    def createdb(self, suffix, owner=None):
        name = "%s_%s" % (self.prefix, suffix)
        self.sql(self.maintenance_db, "CREATE DATABASE %s%s;" % (name, " OWNER " + owner if owner else ""))
        self.dbs.append(name)
        return name

    def createrole(self, suffix):
        name = "%s_%s" % (self.prefix, suffix)
        self.sql(self.maintenance_db, "CREATE ROLE %s LOGIN;" % name)
        self.roles.append(name)
        return name

    def cleanup(self):
        if not self.keep_objects:
            for what, names in (("DATABASE", self.dbs), ("ROLE", self.roles)):
                for name in reversed(names):
                    try:
                        self.sql(self.maintenance_db, "DROP %s IF EXISTS %s%s;"
                                 % (what, name, " WITH (FORCE)" if what == "DATABASE" else ""))
                    except RunFailed as e:
                        print("  cleanup: %s" % e, flush=True)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def members(self, db):
        return [r[0] for r in self.sql(db, self.members_sql)]

    def versions(self):
        """The versions the installed files offer, in order, and the default."""
        versions = [r[0] for r in self.sql(self.maintenance_db, "SELECT version FROM pg_available_extension_versions "
                                           "WHERE name = 'fastnumeric';")]
        default = self.value(self.maintenance_db,
                             "SELECT default_version FROM pg_available_extensions WHERE name = 'fastnumeric';")
        return sorted(versions, key=version_key), default


@pytest.fixture(scope="module")
def scratch(request, server):
    pg_config = request.config.getoption("pg_config") or os.environ.get("PG_CONFIG", "pg_config")
    try:
        bindir = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        bindir = ""
    s = Scratch(bindir, bool(request.config.getoption("keep")))
    try:
        yield s
    finally:
        s.cleanup()


# ------------------------------------------------------------------------------ checks

def closest(line, candidates):
    """Where line differs from the candidate sharing its longest prefix, to show what changed."""
    best = max(candidates, key=lambda c: len(os.path.commonprefix([c, line])), default=None)
    if best is None:
        return ""
    k = len(os.path.commonprefix([best, line]))
    return "; expected ...%s... got ...%s..." % (line[max(0, k - 30):k + 60], best[max(0, k - 30):k + 60])


class Section:
    """The checks of one part of the suite (a tally group), counted in the test's tally."""

    def __init__(self, name, scratch, tally, verbose=False):
        self.name, self.scratch, self.tally, self.verbose = name, scratch, tally, verbose

    def check(self, what, ok, detail=""):
        self.tally.check(self.name, what, ok, detail)
        if self.verbose:
            print("  %-8s %-4s %s" % (self.name, "ok" if ok else "FAIL", what), flush=True)
        return ok

    def info(self, text):
        print("  %-8s info %s" % (self.name, text), flush=True)

    def check_same(self, what, expected, got, show=3):
        """One check that two lists of rows are equal; shows the first differing rows."""
        ok = expected == got
        detail = ""
        if not ok:
            diffs = [(i, e, g) for i, (e, g) in enumerate(zip(expected, got)) if e != g][:show]
            detail = "%d vs %d rows; first differences: %s" % (
                len(expected), len(got), "; ".join("row %d: %s vs %s" % (i, short(e, 160), short(g, 160))
                                                   for i, e, g in diffs))
        self.check(what, ok, detail)

    def check_each(self, what, expected, got):
        """One check per line of expected (present in got) and per line only in got."""
        exp, gt = set(expected), set(got)
        for line in sorted(exp):
            self.check("%s: %s" % (what, line[:120]), line in gt, "missing or different" + closest(line, gt - exp))
        for line in sorted(gt - exp):
            self.check("%s: unexpected %s" % (what, line[:120]), False, short(line, 400))

    def check_indexes(self, label, db, table, hashed=None):
        """amcheck on every btree index of table; probe the hash index on column hashed."""
        for (index,) in self.scratch.sql(db, SEARCH + BTREE_INDEXES % table):
            state = self.scratch.sqlstate(db, SEARCH + "SELECT bt_index_check('%s', true), "
                                          "bt_index_parent_check('%s', true, true);" % (index, index))
            self.check("%s: %s passes amcheck" % (label, index), state is None, str(state))
        if hashed:
            self.check_hash_probe(label, db, table, *hashed)

    def check_hash_probe(self, label, db, table, column, index):
        """Every row with a value is found by an index scan of the hash index on its value.  OFFSET 0
        keeps the EXISTS from becoming a hashed subplan over one seq scan, which PostgreSQL 18
        (counting disabled scans instead of pricing them) prefers on a small table."""
        probe = ("SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT FROM %(t)s w WHERE w.%(c)s = v.%(c)s "
                 "AND w.ctid = v.ctid OFFSET 0)), count(*) FROM %(t)s v WHERE v.%(c)s IS NOT NULL"
                 % {"t": table, "c": column})
        rows = self.scratch.sql(db, SEARCH + HASH_PROBE % {"t": table, "c": column, "i": index, "probe": probe})
        plan = " | ".join(r[0] for r in rows[:-1])
        missing, total = rows[-1]
        ok = ("Index Scan using %s" % index) in plan and missing == "0" and int(total) > 0
        self.check("%s: hash index %s finds each of %s rows" % (label, index, total), ok,
                   "%s rows not found; plan: %s" % (missing, plan))


@contextlib.contextmanager
def section(name, scratch, tally, request):
    """A Section of the test; a RunFailed ends it as one failed check."""
    s = Section(name, scratch, tally, request.config.getoption("verbose") > 0)
    t0 = time.monotonic()
    before = (tally.passed, tally.failed)
    print("lifecycle %s: scratch databases %s_*" % (name, scratch.prefix), flush=True)
    try:
        yield s
    except RunFailed as e:
        s.check("section ran to its end", False, str(e))
    print("  %-8s %d passed, %d failed (%.1fs)" % (name, tally.passed - before[0], tally.failed - before[1],
                                                  time.monotonic() - t0), flush=True)
