"""
Parallel aggregation over fastnumeric loaded by COPY, against numeric, in one server.

COUNT x --scale rows (the count fixture; --scale 200 for a 20M-row load), the rows of test/shard
(parallel_rows.py), are copied into a table holding each value as
numeric and as fastnumeric.  Plans are forced parallel (2 workers, the leader not
participating, so every partial state comes from a worker through serialize/deserialize).  For
sum/avg/min/max over the whole table, GROUP BY hashed and sorted, and aggregates of fastnumeric
arithmetic, the checks (group: the case) are:
  plan    EXPLAIN ANALYZE shows Gather (Merge) over Partial (Hash|Group)Aggregate under a
          Finalize node, with 2 workers launched;
  result  the aggregates over the fastnumeric columns print the same text as the same
          aggregates over the numeric columns, in the same query;
and one more (group types) that the aggregates over fastnumeric columns return fastnumeric.
The table lives in a scratch schema, dropped at the end.
"""

import os
import time

from harness import db
from parallel_rows import generate_rows

SUITE = "parallel"
SEED = 20240601
# Rows at scale 1.  What runs in parallel (serialize, deserialize, combine) does not grow with
# the rows: enough that each of the two workers holds many groups of every region is enough.
COUNT = 100000
MIN_COUNT = 10000

# Every statement of the test's connection: parallel plans forced for any table size.
SETTINGS = ("-c jit=off -c work_mem=256MB -c max_parallel_workers_per_gather=2"
            " -c parallel_leader_participation=off -c parallel_setup_cost=0"
            " -c parallel_tuple_cost=0 -c min_parallel_table_scan_size=0")

AGGS = "count(*), sum(@p), avg(@p), min(@p), max(@p), sum(@q), avg(@q), min(@q), max(@q)"
GROUPED = "GROUP BY region ORDER BY region"
# (name, setting, partial node, key, aggregates (@p price, @q qty), rest of the query)
CASES = [
    ("whole table", "SET enable_hashagg = on", "Partial Aggregate", "", AGGS, ""),
    ("GROUP BY, hashed", "SET enable_hashagg = on", "Partial HashAggregate", "region", AGGS, GROUPED),
    ("GROUP BY, sorted", "SET enable_hashagg = off", "Partial GroupAggregate", "region", AGGS, GROUPED),
    ("arithmetic, GROUP BY", "SET enable_hashagg = on", "Partial HashAggregate", "region",
     "sum(@p * @q), avg(@p + @q), max(@q - @p), min(@q * 2 - @p)",
     "WHERE qty_f < price_f " + GROUPED),
]


def query(key, aggs, rest):
    """SELECT [KEY,] ROW(AGGS over the fastnumeric columns)::text, ROW(... numeric ...)::text."""
    fast = aggs.replace("@p", "price_f").replace("@q", "qty_f")
    num = aggs.replace("@p", "price_n").replace("@q", "qty_n")
    return "SELECT %sROW(%s)::text, ROW(%s)::text FROM t %s" % (key + ", " if key else "", fast, num, rest)


def load(c, count, seed):
    # Each value twice in one row, as numeric and as fastnumeric, so that both aggregates of a
    # query see the rows in the same order: with parallel workers, which of two equal values of
    # different scales (-0.01, -0.010) min/max keep depends on the order the partial states
    # arrive in.
    with c.cursor().copy("COPY t FROM STDIN") as copy:
        for line in generate_rows(count, seed):
            f = line.rstrip("\n").split("\t")
            copy.write("\t".join(f + f[2:4]) + "\n")


def test_parallel_aggregates(tally, conn, seed, count):
    t0 = time.monotonic()
    schema = "fastnumeric_parallel_%d" % os.getpid()
    options = "%s -c search_path=%s,public %s" % (os.environ.get("PGOPTIONS", ""), schema, SETTINGS)
    print("parallel: %d rows, seed %d" % (count, seed), flush=True)
    conn.execute("CREATE SCHEMA %s" % schema)
    try:
        with db.connect(options=options.strip()) as c:
            # an ordinary table: temporary ones are never scanned in parallel
            c.execute("CREATE TABLE t (region int NOT NULL, id int, price_n numeric(12,2), qty_n numeric,"
                      " price_f fastnumeric(12,2), qty_f fastnumeric)")
            load(c, count, seed)
            c.execute("VACUUM ANALYZE t")
            print("loaded with COPY in %.1fs" % (time.monotonic() - t0), flush=True)
            types = c.execute("SELECT pg_typeof(sum(price_f)), pg_typeof(avg(qty_f)), pg_typeof(min(qty_f)),"
                              " pg_typeof(max(price_f)) FROM t WHERE false").fetchone()
            tally.check("types", "fastnumeric", [str(x) for x in types] == ["fastnumeric"] * 4,
                        "the aggregates over the fastnumeric columns return %s" % (types,))
            for name, setting, partial, key, aggs, rest in CASES:
                q = query(key, aggs, rest)
                c.execute(setting)
                plan = "\n".join(r[0] for r in c.execute(
                    "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) " + q))
                ok = ("Gather" in plan and partial in plan and "Finalize" in plan
                      and "Workers Launched: 2" in plan)
                tally.check(name, "plan", ok, "no Gather over %s, Finalize, 2 workers launched in\n%s"
                            % (partial, plan))
                rows = c.execute(q).fetchall()
                bad = [r for r in rows if r[-2] != r[-1]]
                tally.check(name, "result", rows and not bad, "%d of %d rows differ, first: %s"
                            % (len(bad), len(rows), bad[:3]))
                print("  %-4s %-22s plan (%s) and %d rows" % ("ok" if ok and rows and not bad else "FAIL",
                                                              name, partial, len(rows)), flush=True)
    finally:
        conn.execute("DROP SCHEMA IF EXISTS %s CASCADE" % schema)
        print("runtime: %.1fs" % (time.monotonic() - t0), flush=True)
    tally.require({"types"} | {case[0] for case in CASES})
