"""
fastnumeric.accelerate_numeric: queries over plain numeric columns, run with the setting off
(numeric's functions) and on (fastnumeric's), must give the same rows.  accelerate.sql holds
the comparison; the workloads are below.  Superuser: it sets track_functions.  Tables live in
a scratch schema dropped at the end.

Values: the inputs of harness/inputs.py (the count fixture's, COUNT x --scale, and at least its
fixed corpus and its cover of every category), each read by numeric_in without a typmod and with
the typmod inputs.py fits to it; what numeric_in rejects is NULL.  Rows: as many pairs (a, b) of
those values, drawn
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

The keys workloads sort, group, hash and join the safe values and a column of equal values
written at several scales (2, 2.0, 2.00), whose text tells ties apart; each row's key is its
position in the output, so the order must be the same too: of the ties a sort leaves, of a
hash table's groups (which follows the hash values), of a join's matches.  Their plans must have
the node kind they test (and, where EXPLAIN shows it, fastnumeric's operator): Sort, top-N and
Incremental Sort, Gather Merge, Merge Append, sorted and hashed Agg (spilling too), grouping
sets, Group, Unique, sorted and hashed SetOp, Recursive Union, WindowAgg partitions and peers,
FETCH ... WITH TIES, Memoize, hash joins (in batches too) and merge joins, inner and full,
hashed subplans, count(DISTINCT), ORDER BY in aggregates and ordered-set aggregates.
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
# Inputs and pairs at scale 1: inputs.generate's cover puts every category in (under every
# typmod) at any count.  Below MIN_COUNT pairs the tables are too small for the plans the
# workloads must have: partial aggregates under a Gather, a Memoize over the index of keyed.
COUNT = 10000
MIN_COUNT = 5000
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

# (label, query, expected functions or aggregates, settings, parallel[, plan shape])
WORKLOADS = [
    ("operators", """
        SELECT p.id || ' ' || o.op AS k, o.x::text AS v, o.x::bytea AS b, pg_column_size(o.x) AS s
        FROM pairs p, LATERAL (VALUES ('+', p.a + p.b), ('-', p.a - p.b), ('*', p.a * p.b),
            ('-a', -p.a), ('+a', +p.a), ('@', @p.b), ('abs', abs(p.a)), ('a*b+a', p.a * p.b + p.a),
            ('(a-b)*b', (p.a - p.b) * p.b)) o(op, x)
        WHERE NOT p.risky""",
     ["fastnumeric_add", "fastnumeric_sub", "fastnumeric_mul", "fastnumeric_uminus",
      "fastnumeric_uplus", "abs"], [], False),
    ("division", """
        SELECT p.id || ' ' || o.op AS k, o.x::text AS v, o.x::bytea AS b, pg_column_size(o.x) AS s
        FROM pairs p, LATERAL (VALUES ('/', p.a / p.b), ('%', p.a % p.b), ('mod', mod(p.a, p.b)),
            ('(12,2)', CASE WHEN abs(p.a) < 1e9 THEN p.a::numeric(12, 2) END),
            ('(8,1)', CASE WHEN abs(p.b) < 1e6 THEN p.b::numeric(8, 1) END)) o(op, x)
        WHERE NOT p.risky AND p.b <> 0""",
     ["fastnumeric_div", "fastnumeric_mod", "fastnumeric"], [], False),
    ("casts", """
        SELECT p.id::text AS k,
               concat_ws(' ', CASE WHEN abs(p.a) < 1e9 THEN p.a::int4 END,
                         CASE WHEN abs(p.a) < 1e18 THEN p.a::int8 END, CASE WHEN abs(p.a) < 3e4 THEN p.a::int2 END,
                         CASE WHEN abs(p.a) < 1e300 AND (abs(p.a) > 1e-300 OR p.a = 0) THEN p.a::float8 END,
                         CASE WHEN abs(p.a) < 1e38 AND (abs(p.a) > 1e-37 OR p.a = 0) THEN p.a::float4 END) AS v,
               (CASE WHEN abs(p.a) < 1e9 THEN p.a::int4::numeric END)::bytea AS b,
               pg_column_size(CASE WHEN abs(p.a) < 1e300 AND (abs(p.a) > 1e-300 OR p.a = 0) THEN p.a::float8::numeric END) AS s
        FROM pairs p WHERE NOT p.risky""",
     ["int4", "int8", "int2", "float8", "float4", "fastnumeric"], [], False),
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

AGG_ITEMS = """('sum', q.s1), ('avg', q.s2), ('min', %(m)s(q.s3)), ('max', %(m)s(q.s4)), ('sum(a*b)', q.s5),
              ('avg(b-a)', q.s6), ('min(a+b)', %(m)s(q.s7)), ('max(b)', %(m)s(q.s8)), ('sum(b)', q.s9)"""
AGG_VALUES = """
        SELECT q.k || ' ' || o.name AS k, o.x::text AS v, o.x::bytea AS b,
               CASE WHEN o.name LIKE 'min%%' OR o.name LIKE 'max%%' THEN NULL ELSE pg_column_size(o.x) END AS s
        FROM (%s) q, LATERAL (VALUES """ + AGG_ITEMS % {"m": ""} + """) o(name, x)"""
# With workers, which of two equal values of different scales (-1e31 written with three and
# with four decimals) min and max keep depends on the order the partial states arrive in, so
# two runs may differ as two runs of numeric's own plan do: the parallel workloads compare
# min and max by value (trim_scale), the serial ones by bytes.
AGG_VALUES_PARALLEL = AGG_VALUES.replace(AGG_ITEMS % {"m": ""}, AGG_ITEMS % {"m": "trim_scale"})
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
    ("parallel-whole", AGG_VALUES_PARALLEL % """
        SELECT 'all'::text AS k, sum(a) s1, avg(a) s2, min(a) s3, max(a) s4, sum(a * b) s5,
               avg(b - a) s6, min(a + b) s7, max(b) s8, sum(b) s9
        FROM pairs WHERE NOT risky""", ["sum", "avg", "min", "max"], PARALLEL, True),
    ("parallel-sorted", AGG_VALUES_PARALLEL % AGG_GROUPED, ["sum", "avg", "min", "max"],
     PARALLEL + ["enable_hashagg=off"], True),
    ("parallel-hashed", AGG_VALUES_PARALLEL % AGG_GROUPED, ["sum", "avg", "min", "max"],
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

# The rows of a query numbered in the order they come out.  (Comparators, sort support and hash
# functions are called outside expressions, uncounted by track_functions: the plans show ours.)
ORDERED = """
        SELECT (row_number() OVER ())::text AS k, q::text AS v, NULL::bytea AS b, NULL::int AS s
        FROM (%s) q"""
NO_JOINS = ["enable_mergejoin=off", "enable_nestloop=off"]
NO_HASH = ["enable_hashjoin=off", "enable_nestloop=off"]
OURS = r"OPERATOR\(\w+\.%s\)"   # our operator, which does not resolve from numeric arguments
WORKLOADS += [
    ("keys-sort", ORDERED % "SELECT c, a, id FROM keyed ORDER BY c, a DESC NULLS FIRST", [],
     ["enable_indexscan=off"], False, r"Sort Key: keyed\.c USING <, keyed\.a USING >\n"),
    ("keys-sort-ties", ORDERED % "SELECT c FROM keyed ORDER BY c", [], ["enable_indexscan=off"], False,
     r"Sort Key: keyed\.c USING <"),
    ("keys-top-n", ORDERED % "SELECT c, a FROM keyed ORDER BY c DESC, a LIMIT 700", [],
     ["enable_indexscan=off"], False, r"Sort Key: keyed\.c USING >, keyed\.a USING <"),
    ("keys-incremental-sort", ORDERED % "SELECT a, c, id FROM keyed ORDER BY a, c", [],
     ["enable_seqscan=off", "enable_bitmapscan=off", "enable_sort=off"], False,
     r"Incremental Sort\s+Output: [^\n]*\s+Sort Key: keyed\.a USING <, keyed\.c USING <\s+Presorted Key: keyed\.a"),
    ("keys-gather-merge", ORDERED % "SELECT c, a, id FROM keyed ORDER BY c, id", [],
     PARALLEL + ["enable_indexscan=off"], False, r"Gather Merge(.|\n)*Sort Key: keyed\.c USING <"),
    ("keys-merge-append", ORDERED % "SELECT c, id FROM keyed_parts ORDER BY c", [],
     ["enable_sort=off", "enable_seqscan=off", "enable_bitmapscan=off"], False,
     r"Merge Append\s+Sort Key: keyed_parts\.c USING <"),
    ("keys-agg-sorted", ORDERED % "SELECT c, count(*), min(id) FROM keyed GROUP BY c ORDER BY c", [],
     ["enable_hashagg=off", "enable_indexscan=off"], False, r"GroupAggregate(.|\n)*Sort Key: keyed\.c USING <"),
    ("keys-agg-hashed", ORDERED % "SELECT c, count(*), min(id) FROM keyed GROUP BY c", [],
     ["enable_sort=off"], False, r"HashAggregate"),
    ("keys-agg-hashed-many", ORDERED % "SELECT a, count(*), max(id) FROM keyed GROUP BY a", [],
     ["enable_sort=off"], False, r"HashAggregate"),
    ("keys-agg-hashed-spill", ORDERED % "SELECT a, count(*), max(id) FROM keyed GROUP BY a", [],
     ["enable_sort=off", "enable_indexscan=off", "work_mem=64kB"], False, r"HashAggregate"),
    ("keys-grouping-sets-sorted", ORDERED % """
        SELECT c, g % 3 AS h, count(*), min(id) FROM keyed GROUP BY ROLLUP (c, g % 3), ROLLUP (a)""",
     [], ["enable_hashagg=off", "enable_indexscan=off"], False, r"GroupAggregate(.|\n)*Sort Key: keyed\.a USING <"),
    ("keys-grouping-sets-hashed", ORDERED % """
        SELECT c, a, count(*), min(id) FROM keyed GROUP BY GROUPING SETS ((c), (a), (c, b))""",
     [], ["enable_sort=off"], False, r"HashAggregate|MixedAggregate"),
    ("keys-group", ORDERED % "SELECT c FROM keyed GROUP BY c ORDER BY c", [],
     ["enable_hashagg=off", "enable_indexscan=off"], False, r"(?n)^ *(->  )?Group$"),
    ("keys-unique", ORDERED % "SELECT DISTINCT c, a FROM keyed ORDER BY c, a", [],
     ["enable_hashagg=off", "enable_indexscan=off"], False, r"Unique"),
    ("keys-setop-hashed", ORDERED % """
        SELECT c FROM keyed WHERE id % 2 = 0 INTERSECT SELECT c FROM keyed WHERE id % 3 = 0""", [],
     ["enable_sort=off"], False, r"HashSetOp"),
    ("keys-setop-sorted", ORDERED % """
        SELECT a, c FROM keyed WHERE id % 2 = 0 EXCEPT ALL SELECT b, c FROM keyed WHERE id % 3 = 0""",
     [], ["enable_hashagg=off"], False, r"SetOp"),
    ("keys-recursive-union", ORDERED % """
        WITH RECURSIVE r(x) AS (SELECT c FROM keyed WHERE id < 400
                                UNION SELECT round(x / 2, 1) FROM r WHERE x > 0.1)
        SELECT x FROM r""", [], [], False, r"Recursive Union"),
    ("keys-window", ORDERED % """
        SELECT id, c, a, rank() OVER (PARTITION BY c ORDER BY a), count(*) OVER (ORDER BY c),
               first_value(id) OVER (PARTITION BY a ORDER BY c, id) FROM keyed""", [],
     ["enable_indexscan=off"], False, r"WindowAgg(.|\n)*Sort Key: keyed\.c USING <"),
    ("keys-with-ties", ORDERED % "SELECT c, a FROM keyed ORDER BY c FETCH FIRST 300 ROWS WITH TIES", [],
     ["enable_indexscan=off"], False, r"Limit(.|\n)*Sort Key: keyed\.c USING <"),
    ("keys-memoize", ORDERED % """
        SELECT o.id, i.id, i.a FROM keyed o JOIN keyed i ON i.a = o.c WHERE o.id % 4 = 0""", [],
     ["enable_hashjoin=off", "enable_mergejoin=off", "enable_bitmapscan=off", "enable_material=off"],
     False, r"Memoize"),
    ("keys-hash-join", ORDERED % "SELECT x.id, y.id, y.a FROM keyed x JOIN keyed y ON x.c = y.a", [],
     NO_JOINS, False, r"Hash Join"),
    ("keys-hash-join-batches", ORDERED % "SELECT x.id, y.id, x.b FROM keyed x JOIN keyed y ON x.a = y.b", [],
     NO_JOINS + ["work_mem=64kB"], False, r"Hash Join"),
    ("keys-hash-full-join", ORDERED % "SELECT x.id, y.id FROM keyed x FULL JOIN keyed y ON x.a = y.b", [],
     NO_JOINS, False, r"Hash Full Join"),
    ("keys-merge-join", ORDERED % "SELECT x.id, y.id, y.a FROM keyed x JOIN keyed y ON x.c = y.a", [],
     NO_HASH + ["enable_indexscan=off"], False, r"Merge Cond: \(\w+\.\w+ " + OURS % "=" + r" \w+\.\w+\)"),
    ("keys-merge-full-join", ORDERED % "SELECT x.id, y.id FROM keyed x FULL JOIN keyed y ON x.a = y.b", [],
     NO_HASH + ["enable_indexscan=off"], False, r"Merge Full Join(.|\n)*" + OURS % "="),
    ("keys-hashed-subplan", ORDERED % """
        SELECT id, c IN (SELECT a FROM keyed WHERE id % 3 = 0), a NOT IN (SELECT b FROM keyed) FROM keyed""",
     [], [], False, r"hashed SubPlan"),
    ("keys-aggregates-ordered", ORDERED % """
        SELECT g, count(DISTINCT c), count(DISTINCT a), array_agg(c ORDER BY c, id),
               string_agg(a::text, ' ' ORDER BY a DESC), string_agg(c::text, ' ' ORDER BY c),
               percentile_disc(0.3) WITHIN GROUP (ORDER BY c), mode() WITHIN GROUP (ORDER BY c),
               rank(2) WITHIN GROUP (ORDER BY c), dense_rank(2) WITHIN GROUP (ORDER BY c DESC)
        FROM keyed GROUP BY g ORDER BY g""", [], [], False,
     r"string_agg\(\(keyed\.c\)::text, ' '::text ORDER BY keyed\.c USING " + OURS % "<"),
]


def sql_array(items):
    return "ARRAY[%s]::text[]" % ", ".join("'%s'" % i.replace("'", "''") for i in items)


def script(values, pairs):
    data = copy_data("inputs", ("%d\t%s\t%d\n" % (i, t.encode("utf-8").hex(), tm)
                                for i, (t, tm, _) in enumerate(values)))
    data += copy_data("pair_ids", ("%d\t%d\t%d\t%s\t%s\n" % (i, a, b, "t" if neg else "f", "t" if risky else "f")
                                   for i, (a, b, neg, risky) in enumerate(pairs, 1)))
    parts = [splice(SQL.read_text(encoding="utf-8"), {"DATA": data})]
    for label, query, expect, settings, parallel, *shape in WORKLOADS:
        parts.append("SELECT 'PHASE', '%s';\n" % label)
        parts.append("SELECT * FROM pg_temp.compare('%s', $workload$%s$workload$, %s, %s, %s, :maxbad, %s);\n"
                     % (label, query, sql_array(expect), sql_array(settings),
                        "true" if parallel else "false",
                        "$shape$%s$shape$" % shape[0] if shape else "NULL"))
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
