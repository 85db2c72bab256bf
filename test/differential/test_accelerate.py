"""
fastnumeric.accelerate_numeric: queries over plain numeric columns, run with the setting off
(numeric's functions) and on (fastnumeric's), must give the same rows.  accelerate.sql holds
the comparison; the workloads are below.  Superuser: it sets track_functions.  Tables live in
a scratch schema dropped at the end.

Values: the inputs of harness/inputs.py (--count of them, default 20,000, the fixed corpus
included), each read by numeric_in without a typmod and with the typmod inputs.py fits to it;
what numeric_in rejects is NULL.  Rows: --count pairs (a, b) of those values, drawn
independently, equal, neighbours, or b = -a; pairs whose results may leave numeric's range are
marked risky and only evaluated one by one with errors caught.

Each workload is one query, run twice in one transaction (CREATE TABLE AS, the setting off,
then on) and compared row by row: output text, datum bytes and datum size (except for min, max
and numeric_smaller/numeric_larger, which return the winning value as stored: the same bytes
with a 1-byte header).  Also checked: numeric's plan called none of fastnumeric's functions,
and the accelerated one called the expected ones (track_functions) or names the expected
aggregates (EXPLAIN VERBOSE); the parallel workloads plan a partial aggregate under a Gather.
Workloads: operators and abs() per pair; comparisons, IS DISTINCT FROM, NULLIF, IN lists
(hashed), CASE, numeric_cmp, numeric_smaller/larger; a WHERE filter; sum/avg/min/max sorted,
hashed (sum(a * b) as fastnumeric_sum_product), over the whole table with FILTER, DISTINCT and
ORDER BY; moving and running window
frames; parallel whole-table, sorted and hashed grouped aggregates; a hash join on computed
keys; a correlated subplan and an InitPlan; a hashed subplan; a sort by a computed key;
INSERT/UPDATE/ON CONFLICT/DELETE with RETURNING; and the risky pairs (+, -, *, and sums over
huge values) with SQLSTATE and message.  Each workload is its own check group.
"""

import decimal
import os
import pathlib
import random
import time

from harness import inputs
from harness.psql import copy_data, run_tagged, splice

SUITE = "accelerate"
SEED = 20241201
COUNT = 20000
SQL = pathlib.Path(__file__).with_name("accelerate.sql")
decimal.getcontext().Emax = decimal.MAX_EMAX
decimal.getcontext().Emin = decimal.MIN_EMIN
RISKY = 131060   # decimal exponents from which + - * may leave numeric's range (10^131072)


def magnitude(text):
    """The decimal exponent of a finite non-zero input, else None (also for what Decimal rejects)."""
    try:
        d = decimal.Decimal(text.strip(" \t\n\r\v\f"))
    except (decimal.InvalidOperation, ValueError):
        return None
    return d.adjusted() if d.is_finite() and d != 0 else None


def generate(seed, count):
    texts = [t for _, t, _ in inputs.generate(seed, count) if "\x00" not in t]
    r = random.Random(seed + 5)
    tms = [inputs.fitted_typmod(r, t) or -1 for t in texts]
    values = []   # (text, typmod, exponent)
    for t, tm in zip(texts, tms):
        e = magnitude(t)
        values.append((t, -1, e))
        values.append((t, tm, e))
    pairs = []    # (a index, b index, negate b, risky)
    n = len(values)
    for i in range(count):
        a = r.randrange(n)
        mode = r.random()
        b = a if mode < 0.1 else (a + 2) % n if mode < 0.25 else r.randrange(n)
        neg = 0.25 <= mode < 0.4
        ea, eb = values[a][2], values[b][2]
        risky = any(e is not None and e >= RISKY for e in (ea, eb)) or (
            ea is not None and eb is not None and ea + eb >= RISKY)
        pairs.append((a, b, neg, risky))
    return values, pairs

# (label, query, expected functions or aggregates, settings, parallel)
WORKLOADS = [
    ("operators", """
        SELECT p.id || ' ' || o.op AS k, o.x::text AS v, o.x::bytea AS b, pg_column_size(o.x) AS s
        FROM pairs p, LATERAL (VALUES ('+', p.a + p.b), ('-', p.a - p.b), ('*', p.a * p.b),
            ('-a', -p.a), ('+a', +p.a), ('@', @p.b), ('abs', abs(p.a)), ('a*b+a', p.a * p.b + p.a),
            ('(a-b)*b', (p.a - p.b) * p.b)) o(op, x)
        WHERE NOT p.risky""",
     ["fastnumeric_add", "fastnumeric_sub", "fastnumeric_mul", "fastnumeric_uminus",
      "fastnumeric_uplus", "abs"], [], False),
    ("comparisons", """
        SELECT p.id::text AS k,
               concat_ws(' ', p.a = p.b, p.a <> p.b, p.a < p.b, p.a <= p.b, p.a > p.b, p.a >= p.b,
                         numeric_cmp(p.a, p.b), p.a IS DISTINCT FROM p.b, NULLIF(p.a, p.b),
                         p.a IN (0, 1, -1, 0.5, 1.5, 100, 9999, 10000, 'NaN', 'Infinity'),
                         p.a NOT IN (0, 1, -1, 0.5, 1.5, 100, 9999, 10000, 'NaN', 'Infinity'),
                         p.a IN (p.b, 1), CASE p.a WHEN p.b THEN 'same' WHEN 0 THEN 'zero' END,
                         numeric_smaller(p.a, p.b), numeric_larger(p.a, p.b)) AS v,
               NULLIF(p.a, p.b)::bytea AS b, pg_column_size(NULLIF(p.b, p.a)) AS s
        FROM pairs p""",
     ["fastnumeric_eq", "fastnumeric_ne", "fastnumeric_lt", "fastnumeric_le", "fastnumeric_gt",
      "fastnumeric_ge", "fastnumeric_cmp", "fastnumeric_smaller", "fastnumeric_larger"], [], False),
    ("filter", """
        SELECT p.id::text AS k, '' AS v, NULL::bytea AS b, NULL::int AS s FROM pairs p
        WHERE NOT p.risky AND p.a * 3 > p.b - 1 AND p.a + p.b <> 0""",
     ["fastnumeric_mul", "fastnumeric_sub", "fastnumeric_add", "fastnumeric_gt", "fastnumeric_ne"],
     [], False),
]

AGG_ITEMS = """('sum', q.s1), ('avg', q.s2), ('min', q.s3), ('max', q.s4), ('sum(a*b)', q.s5),
              ('avg(b-a)', q.s6), ('min(a+b)', q.s7), ('max(b)', q.s8), ('sum(b)', q.s9)"""
AGG_VALUES = """
        SELECT q.k || ' ' || o.name AS k, o.x::text AS v, o.x::bytea AS b,
               CASE WHEN o.name LIKE 'min%%' OR o.name LIKE 'max%%' THEN NULL ELSE pg_column_size(o.x) END AS s
        FROM (%s) q, LATERAL (VALUES """ + AGG_ITEMS + """) o(name, x)"""
AGG_GROUPED = """SELECT g::text AS k, sum(a) s1, avg(a) s2, min(a) s3, max(a) s4, sum(a * b) s5,
                        avg(b - a) s6, min(a + b) s7, max(b) s8, sum(b) s9
                 FROM pairs WHERE NOT risky GROUP BY g"""
AGG_EXPECT = ["sum", "avg", "min", "max", "fastnumeric_mul", "fastnumeric_sub", "fastnumeric_add"]
# a plain sum(a * b) runs as fastnumeric_sum_product (fastnumeric.sum_products): no multiplication
# is called (sum(DISTINCT a * b) and window sums keep them)
AGG_EXPECT_FUSED = [e if e != "fastnumeric_mul" else "fastnumeric_sum_product" for e in AGG_EXPECT]
PARALLEL = ["parallel_setup_cost=0", "parallel_tuple_cost=0", "min_parallel_table_scan_size=0",
            "max_parallel_workers_per_gather=2"]
WORKLOADS += [
    ("agg-sorted", AGG_VALUES % AGG_GROUPED, AGG_EXPECT_FUSED, ["enable_hashagg=off"], False),
    ("agg-hashed", AGG_VALUES % AGG_GROUPED, AGG_EXPECT_FUSED, ["enable_sort=off"], False),
    ("agg-forms", AGG_VALUES % """
        SELECT 'all'::text AS k, sum(a) FILTER (WHERE b > 0) s1, avg(DISTINCT b) s2,
               min(a ORDER BY b) s3, max(a) FILTER (WHERE a < b) s4, sum(DISTINCT a * b) s5,
               avg(b - a) s6, min(a + b) s7, max(b ORDER BY a) s8, sum(b) + sum(a) s9
        FROM pairs WHERE NOT risky""", AGG_EXPECT, [], False),
    ("window-moving", AGG_VALUES % """
        SELECT id::text AS k, sum(a) OVER w s1, avg(a) OVER w s2, min(a) OVER w s3, max(a) OVER w s4,
               sum(a * b) OVER w s5, avg(b - a) OVER w s6, min(a + b) OVER w s7, max(b) OVER w s8,
               sum(b) OVER w s9
        FROM pairs WHERE NOT risky
        WINDOW w AS (PARTITION BY g ORDER BY id ROWS BETWEEN 4 PRECEDING AND 2 FOLLOWING)""",
     AGG_EXPECT, [], False),
    ("window-running", AGG_VALUES % """
        SELECT id::text AS k, sum(a) OVER w s1, avg(a) OVER w s2, min(a) OVER w s3, max(a) OVER w s4,
               sum(a * b) OVER w s5, avg(b - a) OVER w s6, min(a + b) OVER w s7, max(b) OVER w s8,
               sum(b) OVER w s9
        FROM pairs WHERE NOT risky WINDOW w AS (PARTITION BY g % 5 ORDER BY id)""",
     AGG_EXPECT, [], False),
    ("parallel-whole", AGG_VALUES % """
        SELECT 'all'::text AS k, sum(a) s1, avg(a) s2, min(a) s3, max(a) s4, sum(a * b) s5,
               avg(b - a) s6, min(a + b) s7, max(b) s8, sum(b) s9
        FROM pairs WHERE NOT risky""", ["sum", "avg", "min", "max"], PARALLEL, True),
    ("parallel-sorted", AGG_VALUES % AGG_GROUPED, ["sum", "avg", "min", "max"],
     PARALLEL + ["enable_hashagg=off"], True),
    ("parallel-hashed", AGG_VALUES % AGG_GROUPED, ["sum", "avg", "min", "max"],
     PARALLEL + ["enable_sort=off"], True),
    ("hash-join", """
        SELECT x.id || ' ' || y.id AS k, (x.a + y.b)::text AS v, NULL::bytea AS b, NULL::int AS s
        FROM pairs x JOIN pairs y ON x.a + 1 = y.b * 2
        WHERE NOT x.risky AND NOT y.risky AND x.id % 4 = 0""",
     ["fastnumeric_add", "fastnumeric_mul", "fastnumeric_eq"],
     ["enable_mergejoin=off", "enable_nestloop=off"], False),
    ("subplans", """
        SELECT o.id::text AS k, s.x::text AS v, s.x::bytea AS b, pg_column_size(s.x) AS s
        FROM pairs o, LATERAL (SELECT (SELECT sum(i.a * 2) FROM pairs i
                                       WHERE i.id BETWEEN o.id - 5 AND o.id AND NOT i.risky) AS x) s
        WHERE o.id % 10 = 0 AND NOT o.risky
          AND o.a - 1 < (SELECT avg(a) FROM pairs WHERE NOT risky AND a > 0)""",
     ["fastnumeric_sum_product", "avg", "fastnumeric_sub", "fastnumeric_lt", "fastnumeric_gt"], [], False),
    ("hashed-subplan", """
        SELECT p.id::text AS k, (p.a + 1 IN (SELECT b * 2 FROM pairs WHERE NOT risky))::text AS v,
               NULL::bytea AS b, NULL::int AS s
        FROM pairs p WHERE NOT p.risky""",   # (its hash probes call = uncounted)
     ["fastnumeric_add", "fastnumeric_mul"], [], False),
    ("sort", """
        SELECT (row_number() OVER (ORDER BY p.a * p.b - p.a, p.id))::text AS k, p.id::text AS v,
               (p.a * p.b - p.a)::bytea AS b, NULL::int AS s
        FROM pairs p WHERE NOT p.risky""", ["fastnumeric_mul", "fastnumeric_sub"], [], False),
    ("modify", "SELECT * FROM pg_temp.modified()",
     ["fastnumeric_add", "fastnumeric_sub", "fastnumeric_mul", "fastnumeric_lt", "fastnumeric_gt"],
     [], False),
    ("risky", "SELECT * FROM pg_temp.caught()", ["fastnumeric_add", "fastnumeric_mul"], [], False),
]


def sql_array(items):
    return "ARRAY[%s]::text[]" % ", ".join("'%s'" % i.replace("'", "''") for i in items)


def script(values, pairs):
    data = copy_data("inputs", ("%d\t%s\t%d\n" % (i, t.encode("utf-8").hex(), tm)
                                for i, (t, tm, _) in enumerate(values)))
    data += copy_data("pair_ids", ("%d\t%d\t%d\t%s\t%s\n" % (i, a, b, "t" if neg else "f", "t" if risky else "f")
                                   for i, (a, b, neg, risky) in enumerate(pairs, 1)))
    parts = [splice(SQL.read_text(encoding="utf-8"), {"DATA": data})]
    for label, query, expect, settings, parallel in WORKLOADS:
        parts.append("SELECT 'PHASE', '%s';\n" % label)
        parts.append("SELECT * FROM pg_temp.compare('%s', $workload$%s$workload$, %s, %s, %s, :maxbad);\n"
                     % (label, query, sql_array(expect), sql_array(settings),
                        "true" if parallel else "false"))
    parts.append("SELECT 'PHASE', 'done';\nRESET search_path;\nDROP SCHEMA :\"schema\" CASCADE;\n")
    return "".join(parts)


def test_accelerate(tally, casts, conn, seed, count, keep, request):
    t0 = time.monotonic()
    values, pairs = generate(seed, count)
    print("accelerate: seed %d, %d values, %d pairs (%d risky), generated in %.1fs"
          % (seed, len(values), len(pairs), sum(p[3] for p in pairs), time.monotonic() - t0),
          flush=True)

    def bad(f):
        tally.mismatch(f[0], "row", "[%s]\n      numeric:     %s\n      accelerated: %s" % tuple(f[1:4]))

    schema = "fastnumeric_accelerate_%d" % os.getpid()
    try:
        run_tagged(script(values, pairs), tally, appname="fastnumeric-differential-accelerate",
                   keep=keep("accelerate.sql"),
                   handlers={"BAD": bad,
                             "NOTE": lambda f: print("  NOTE %s: %s" % (f[0], f[1]), flush=True)},
                   variables={"schema": schema, "maxbad": request.config.getoption("max_bad")})
    finally:   # a failed run leaves no scratch schema behind
        conn.execute('DROP SCHEMA IF EXISTS "%s" CASCADE' % schema)
    tally.require({w[0] for w in WORKLOADS})
