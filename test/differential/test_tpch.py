"""
TPC-H's 22 queries over numeric, over fastnumeric and over numeric with the accelerator: the same
rows.

The tables are bench/tpch/generate.sql's (the benchmark's generator, with its fixed seed: --seed
does not change them) at scale factor SF x --scale, never below SF: Q18 (orders of more than
300 items) selects about 64 orders per unit of scale factor, and below 0.05 it selects none.
tpch_numeric holds the money columns as numeric(15,2), tpch_fastnumeric the same tables
relabelled to fastnumeric(15,2).  Each query of bench/tpch/queries runs in three sessions:
  numeric      search_path tpch_numeric, the library not loaded;
  fastnumeric  search_path tpch_fastnumeric, the library loaded (as session_preload_libraries
               would: the planner hook fuses sums of products);
  accelerated  search_path tpch_numeric, the library loaded, fastnumeric.accelerate_numeric on.
Checks (group: the query):
  rows         numeric's result has a row with a value in it (the parameters select data);
  fastnumeric, accelerated
               that session's rows print numeric's, every column's text, in order;
  numeric-plan numeric's EXPLAIN VERBOSE names none of fastnumeric's functions;
and one more (group plans, kind accelerated-plan): some query's accelerated EXPLAIN VERBOSE
names a fastnumeric function, so that the accelerated session did change plans.
The schemas are dropped at the end.
"""

import os
import pathlib
import subprocess
import time

from harness import db

SUITE = "tpch"
# Scale factor at --scale 1, and the floor (see above), in thousandths.
SF_MILLI = 50
TPCH = pathlib.Path(__file__).resolve().parents[2] / "bench" / "tpch"
QUERIES = sorted((TPCH / "queries").glob("q*.sql"))
SESSIONS = [
    ("numeric", "tpch_numeric", []),
    ("fastnumeric", "tpch_fastnumeric", ["LOAD 'fastnumeric'"]),
    ("accelerated", "tpch_numeric", ["LOAD 'fastnumeric'", "SET fastnumeric.accelerate_numeric = on"]),
]


def text_rows(c, sql):
    """The rows of SQL as the server prints them: every column's text (None for NULL)."""
    res = c.execute(sql).pgresult
    text = lambda v: None if v is None else v.decode()
    return [tuple(text(res.get_value(i, j)) for j in range(res.nfields)) for i in range(res.ntuples)]


def plan(c, sql):
    return "\n".join(r[0] for r in c.execute("EXPLAIN (VERBOSE, COSTS OFF) " + sql))


def test_tpch(tally, conn, scaled):
    t0 = time.monotonic()
    sf = scaled(SF_MILLI, SF_MILLI) / 1000
    print("tpch: scale factor %g, %d queries" % (sf, len(QUERIES)), flush=True)
    out = subprocess.run(["psql", "-X", "-q", "-o", "/dev/null", "-v", "ON_ERROR_STOP=1", "-v", "sf=%g" % sf,
                          "-v", "float8=off", "-f", str(TPCH / "generate.sql")], capture_output=True, text=True)
    assert out.returncode == 0, "generate.sql failed: %s" % out.stderr.strip()
    print("generated in %.1fs" % (time.monotonic() - t0), flush=True)
    sessions = {}
    try:
        for name, schema, setup in SESSIONS:
            options = "%s -c search_path=%s,public" % (os.environ.get("PGOPTIONS", ""), schema)
            sessions[name] = db.connect(options=options.strip())
            for s in setup:
                sessions[name].execute(s)
        accelerated = []
        for path in QUERIES:
            q = path.stem
            sql = path.read_text().strip().rstrip(";")
            rows = {name: text_rows(c, sql) for name, c in sessions.items()}
            base = rows["numeric"]
            tally.check(q, "rows", any(v is not None for r in base for v in r),
                        "numeric's result is empty: %s" % base[:3])
            for name in ("fastnumeric", "accelerated"):
                bad = [(i, a, b) for i, (a, b) in enumerate(zip(base, rows[name])) if a != b]
                tally.check(q, name, len(rows[name]) == len(base) and not bad,
                            "%d rows against numeric's %d; first differing (row, numeric, %s): %s"
                            % (len(rows[name]), len(base), name, bad[:3]))
            tally.check(q, "numeric-plan", "fastnumeric" not in plan(sessions["numeric"], sql),
                        "numeric's plan names a fastnumeric function")
            if "fastnumeric" in plan(sessions["accelerated"], sql):
                accelerated.append(q)
            print("  %-4s %d rows" % (q, len(base)), flush=True)
        print("accelerated plans with fastnumeric's functions: %s" % " ".join(accelerated), flush=True)
        tally.check("plans", "accelerated-plan", bool(accelerated),
                    "no accelerated plan names a fastnumeric function")
    finally:
        for c in sessions.values():
            c.close()
        conn.execute("DROP SCHEMA IF EXISTS tpch_numeric, tpch_fastnumeric, tpch_float8 CASCADE")
        print("runtime: %.1fs" % (time.monotonic() - t0), flush=True)
    tally.require({p.stem for p in QUERIES} | {"plans"})
