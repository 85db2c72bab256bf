"""
Dump and restore (suite lifecycle): a database with fastnumeric, fastnumeric(p,s) (negative
scale, scale > precision, (1000,500)) and fastnumeric[] columns, values of every shape, btree,
unique, hash, partial and BRIN indexes, defaults, a CHECK, a view, the extension in its own
schema; dumped plain (restored by psql) and custom (restored by pg_restore as a non-superuser
database owner, which the trusted extension allows).

Counted (values by text AND datum bytes, through binary casts to bytea): per restore, one
check per column (all rows), per column type, per definition (index, constraint, default,
view, the extension's schema); every index valid; every btree index passes amcheck
(bt_index_check and bt_index_parent_check with heapallindexed); the hash index finds every
row; the unique index still rejects a duplicate.  The source database gets the index checks
too.  The count fixture (COUNT x --scale) is the number of rows of the dumped table.
"""

import os
import random
import shutil
import subprocess

from harness.psql import short
from lifecycle_lib import (BYTEA_CASTS, COUNT, FIXED_VALUES, MIN_COUNT, SEARCH, SEED, SUITE, any_value,  # noqa: F401
                           decimal, scratch, section)
from harness import values

DUMP_BEFORE_ROWS = r"""
CREATE SCHEMA fnx;
CREATE EXTENSION fastnumeric SCHEMA fnx;
SET search_path = public, fnx;
CREATE TABLE vals (
    id int PRIMARY KEY,
    a fastnumeric,
    b fastnumeric(12,2),
    c fastnumeric(5,-2),
    d fastnumeric(3,5),
    e fastnumeric(1000,500),
    arr fastnumeric[],
    arr2 fastnumeric(10,3)[]);
"""

DUMP_AFTER_ROWS = r"""
CREATE INDEX vals_a_btree ON vals (a);
CREATE UNIQUE INDEX vals_b_unique ON vals (b);
CREATE INDEX vals_c_hash ON vals USING hash (c);
CREATE INDEX vals_e_positive ON vals (e) WHERE e > 0;
CREATE INDEX vals_d_brin ON vals USING brin (d);
CREATE SCHEMA ledger;
CREATE TABLE ledger.accounts (
    id int PRIMARY KEY,
    balance fastnumeric(14,2) NOT NULL DEFAULT 0.00 CHECK (balance > -1000000),
    rate fastnumeric(7,4) DEFAULT '0.0125');
INSERT INTO ledger.accounts (id, balance)
    SELECT i, (i * 7919 % 2000000 - 999999) / 100.0 FROM generate_series(1, 2000) i;
UPDATE ledger.accounts SET rate = id % 500 / 1000.0 WHERE id % 3 = 0;
CREATE INDEX accounts_balance_rate ON ledger.accounts (balance, rate);
CREATE VIEW totals AS
    SELECT count(*) AS n, sum(b) AS sum_b, avg(b) AS avg_b, min(a) AS min_a, max(a) AS max_a,
           sum(e) AS sum_e, max(c) AS max_c, sum(a) FILTER (WHERE a < 1000) AS sum_small_a
    FROM vals;
ANALYZE;
"""


def scalar_rows(table, col):
    return ("SELECT id, coalesce(%(c)s::text, '<null>'), coalesce(encode(%(c)s::bytea, 'hex'), '<null>') "
            "FROM %(t)s ORDER BY id" % {"c": col, "t": table})


def array_rows(table, col):
    return ("SELECT id, coalesce(%(c)s::text, '<null>'), (SELECT string_agg(coalesce(encode(x::bytea, 'hex'), "
            "'<null>'), ',' ORDER BY i) FROM unnest(%(c)s) WITH ORDINALITY u(x, i)) FROM %(t)s ORDER BY id"
            % {"c": col, "t": table})


SNAPSHOT_COLUMNS = [("vals", c, scalar_rows) for c in ("a", "b", "c", "d", "e")] + \
                   [("vals", c, array_rows) for c in ("arr", "arr2")] + \
                   [("ledger.accounts", c, scalar_rows) for c in ("balance", "rate")]

TYPMODS = """
SELECT c.oid::regclass || '.' || a.attname, format_type(a.atttypid, a.atttypmod)
FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
WHERE c.oid IN ('vals'::regclass, 'ledger.accounts'::regclass) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY 1
"""

DEFINITIONS = """
SELECT 'index ' || indexrelid::regclass, pg_get_indexdef(indexrelid)
FROM pg_index WHERE indrelid IN ('vals'::regclass, 'ledger.accounts'::regclass)
UNION ALL
SELECT 'constraint ' || conrelid::regclass || '.' || conname, pg_get_constraintdef(oid)
FROM pg_constraint WHERE conrelid IN ('vals'::regclass, 'ledger.accounts'::regclass)
UNION ALL
SELECT 'default ' || adrelid::regclass || '.' || adnum, pg_get_expr(adbin, adrelid)
FROM pg_attrdef WHERE adrelid IN ('vals'::regclass, 'ledger.accounts'::regclass)
UNION ALL
SELECT 'view totals', replace(pg_get_viewdef('totals'::regclass), E'\n', ' ')
UNION ALL
SELECT 'view totals result', t::text FROM totals t
UNION ALL
SELECT 'extension', extname || ' ' || extversion || ' in ' || extnamespace::regnamespace FROM pg_extension
WHERE extname = 'fastnumeric'
ORDER BY 1
"""


def generate_rows(seed, count):
    """Rows of the dumped table: id, a, b (12,2) unique, c (5,-2), d (3,5), e (1000,500), arrays."""
    r = random.Random(seed)
    rows, seen_b = [], set()
    for i in range(1, count + 1):
        a = FIXED_VALUES[i - 1] if i <= len(FIXED_VALUES) else any_value(r)
        b = None
        if r.random() > 0.05:
            while b is None or b in seen_b:
                b = "%s%d.%02d" % ("-" if r.random() < 0.2 else "", r.randrange(10 ** r.randint(1, 10)),
                                   r.randrange(100))
            seen_b.add(b)
        if i == 7:
            b = "NaN"
        c = "%s%d.%d" % ("-" if r.random() < 0.3 else "", r.randrange(9999949), r.randrange(10))
        d = "%s0.00%03d%s" % ("-" if r.random() < 0.3 else "", r.randrange(995),
                              values.digits(r, r.randint(0, 3), False))
        e = decimal(r, r.randint(0, 500), r.randint(0, 500)) if r.random() > 0.1 else "NaN"
        arr = None if r.random() < 0.05 else "{%s}" % ",".join(
            "NULL" if r.random() < 0.1 else any_value(r) for _ in range(r.randint(0, 6)))
        if i % 97 == 0:
            arr = "{{1.5,NaN},{-0.00,%s}}" % any_value(r)
        arr2 = "{%s}" % ",".join("%d.%05d" % (r.randrange(10 ** 7), r.randrange(10 ** 5))
                                 for _ in range(r.randint(0, 4)))
        rows.append((i, a, b, c if r.random() > 0.02 else "NaN", d, e, arr, arr2))
    return rows


def snapshot(scratch, db):
    snap = {}
    for table, col, query in SNAPSHOT_COLUMNS:
        snap["%s.%s" % (table, col)] = scratch.sql(db, SEARCH + query(table, col) + ";")
    snap["types"] = scratch.sql(db, SEARCH + TYPMODS + ";")
    snap["definitions"] = scratch.sql(db, SEARCH + DEFINITIONS + ";")
    return snap


def check_restored(s, label, db, expected=None):
    """Compare db with the source's snapshot expected (None: db is the source); check its indexes."""
    if expected is not None:
        got = snapshot(s.scratch, db)
        for table, col, _ in SNAPSHOT_COLUMNS:
            key = "%s.%s" % (table, col)
            s.check_same("%s: %s, %d rows, text and bytes" % (label, key, len(expected[key])), expected[key], got[key])
        for what in ("types", "definitions"):
            exp = dict((r[0], r[1:]) for r in expected[what])
            gt = dict((r[0], r[1:]) for r in got[what])
            for name in sorted(set(exp) | set(gt)):
                s.check("%s: %s%s" % (label, "type of " if what == "types" else "", name),
                        exp.get(name) == gt.get(name), "%s vs %s" % (short(exp.get(name), 160),
                                                                  short(gt.get(name), 160)))
    invalid = s.scratch.value(db, "SELECT count(*) FROM pg_index WHERE NOT (indisvalid AND indisready AND indislive);")
    s.check("%s: every index valid and ready" % label, invalid == "0", invalid)
    s.check_indexes(label, db, "vals", hashed=("c", "vals_c_hash"))
    s.check_indexes(label, db, "ledger.accounts")
    state = s.scratch.sqlstate(db, SEARCH + "INSERT INTO vals (id, b) SELECT max(id) + 1, "
                               "(SELECT b FROM vals WHERE b > 0 ORDER BY b LIMIT 1) FROM vals;")
    s.check("%s: vals_b_unique rejects a duplicate" % label, state == "23505", str(state))


def test_dump_restore(scratch, tally, seed, count, keep, request):
    with section("dump", scratch, tally, request) as s:
        rows = generate_rows(seed, count)
        print("  dump     seed %d, %d rows" % (seed, count), flush=True)
        src = scratch.createdb("src")
        scratch.load(src, DUMP_BEFORE_ROWS, "vals", rows, DUMP_AFTER_ROWS)
        plain = os.path.join(scratch.tmp, "dump.sql")
        custom = os.path.join(scratch.tmp, "dump.custom")
        scratch.run_tool([scratch.tool("pg_dump"), "-Fp", "-f", plain, "-d", src], "pg_dump -Fp")
        scratch.run_tool([scratch.tool("pg_dump"), "-Fc", "-f", custom, "-d", src], "pg_dump -Fc")
        for path, name in ((plain, "lifecycle_dump.sql"), (custom, "lifecycle_dump.custom")):
            if keep(name):
                shutil.copyfile(path, keep(name))
        s.info("%d rows dumped: plain %d kB, custom %d kB" % (
            len(rows), os.path.getsize(plain) // 1024, os.path.getsize(custom) // 1024))
        scratch.sql(src, BYTEA_CASTS)
        expected = snapshot(scratch, src)
        check_restored(s, "source", src)

        dst = scratch.createdb("plain")
        p = subprocess.run([scratch.tool("psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", dst, "-f", plain],
                           capture_output=True, text=True)
        s.check("plain dump restores with psql", p.returncode == 0, p.stderr.strip()[:1000])
        if p.returncode == 0:
            scratch.sql(dst, BYTEA_CASTS)
            check_restored(s, "plain", dst, expected)

        owner = scratch.createrole("dbowner")
        dst = scratch.createdb("custom", owner=owner)
        p = subprocess.run([scratch.tool("pg_restore"), "--no-owner", "--exit-on-error", "-U", owner,
                            "-d", dst, custom], capture_output=True, text=True)
        s.check("custom dump restores with pg_restore, as the database owner %s" % owner,
                p.returncode == 0, p.stderr.strip()[:1000])
        if p.returncode == 0:
            scratch.sql(dst, BYTEA_CASTS)
            check_restored(s, "custom", dst, expected)
