"""
fastnumeric's sum/avg/min/max against numeric's, in one server (agg.sql holds the setup).

Data: about COUNT x --scale rows (the count fixture) in groups of 0 to 50,000 rows; each group
draws its values from a profile (money, integers, int128-overflowing, long, tiny, mixed scales,
zeros with scales, NaN/±Infinity, NULLs, huge exponents), every profile first in a group of each
size of COVER_SIZES (whatever the count).  Some group ids have no rows.  The rows live in a
scratch schema dropped at the end.

Each aggregate is computed over fastnumeric and over numeric in the SAME query (so ties for
min/max see the same row order) and compared by text and datum bytes (binary cast to bytea).
Each row also has a factor w (rates, integers, NULLs, specials, wide values), for sums of
products: sum(x * w), which the planner hook runs as fastnumeric_sum_product, sum(x * (1 - w) *
(1 + w)), a row's sum of one program, and sum(x * x) beside avg(x * x), which share a transition
state and so run together as one row's sum and average.
Checks (one per group or window row, per aggregate):
  plain     Aggregate per group id (LATERAL, empty groups included; those must give NULL)
  sort      GROUP BY with sorting (enable_hashagg off)
  hash      GROUP BY hashed (enable_sort off)
  parallel  forced parallel plans, whole table and GROUP BY: Partial Aggregate, combine,
            serialize/deserialize
  plan      both parallel plans are partial aggregation with launched workers
  window    moving frames (ROWS 99 PRECEDING; 2 PRECEDING AND 2 FOLLOWING) over the first
            WINDOW_ROWS x --scale rows, the cover's first (sum, avg, min, max)
  fused     the serial and the parallel plans run fastnumeric_sum_product and a row's sum for
            the two sums of products over fastnumeric, the shared sum and avg of x * x as one
            row, and nothing over numeric
"""

import os
import pathlib
import time

from harness.psql import copy_data, run_tagged, short, splice, unhex
from harness.values import decimal_text, digits, signed

SUITE = "differential_agg"
SEED = 20240601
COUNT = 200000   # rows at scale 1; the cover's groups (every profile at every size) come first
WINDOW_ROWS = 20000   # the rows of the window checks at scale 1 (every frame sums a hundred)
SQL = pathlib.Path(__file__).with_name("agg.sql")
WIN_AGGS = ("sum", "avg", "min", "max")
AGGS = WIN_AGGS + ("sum_xw", "sum_x1w1w", "sum_xx", "avg_xx")

PROFILES = ("money", "integer", "int128", "long", "tiny", "mixed", "zeros", "special", "nulls",
            "huge", "everything")


def decimal(r, int_digits, frac_digits, p_minus=0.3):
    return signed(r, decimal_text(r, int_digits, frac_digits), p_minus)


def value(r, profile):
    """One value text (None for NULL) of a profile."""
    if profile == "everything":
        profile = r.choice(PROFILES[:-1])
    x = r.random()
    if profile == "money":
        return "%d.%02d" % (r.randrange(10000), r.randrange(100)) if x > 0.02 else None
    if profile == "integer":
        return decimal(r, r.randint(1, 18), 0)
    if profile == "int128":   # values whose sums leave the int128
        return decimal(r, r.randint(30, 39), r.choice((0, 0, 1, 2, 4)), 0.2)
    if profile == "long":
        return decimal(r, r.randint(20, 200), r.randint(0, 40))
    if profile == "tiny":
        return ("-" if x < 0.3 else "") + "0." + "0" * r.randint(0, 60) + digits(r, r.randint(1, 12))
    if profile == "mixed":   # many dscales: inverse transitions restart often
        return decimal(r, r.randint(0, 6), r.randint(0, 15))
    if profile == "zeros":
        return r.choice(("0", "0.0", "0.00", "-0.000", "1.5", "-1.5", "0.0000000"))
    if profile == "special":
        if x < 0.15:
            return r.choice(("NaN", "Infinity", "-Infinity", "Infinity"))
        return decimal(r, r.randint(1, 8), r.randint(0, 4))
    if profile == "nulls":
        return None if x < 0.7 else decimal(r, 3, 2)
    if profile == "huge":
        if x < 0.3:
            return "%s%de%d" % ("-" if x < 0.1 else "", r.randint(1, 9), r.randint(100, 3000))
        if x < 0.5:
            return "%de-%d" % (r.randint(1, 9), r.randint(100, 900))
        return decimal(r, r.randint(1, 40), r.randint(0, 8))
    raise ValueError(profile)


def factor(r):
    """A factor text (None for NULL): mostly rates, as prices are multiplied by."""
    x = r.random()
    if x < 0.5:
        return "0.%02d" % r.randrange(11)
    if x < 0.7:
        return "1.%02d" % r.randrange(9)
    if x < 0.8:
        return str(r.randint(-5, 50))
    if x < 0.85:
        return None
    if x < 0.9:
        return decimal(r, r.randint(0, 20), r.randint(0, 10))
    if x < 0.92:
        return r.choice(("NaN", "Infinity", "-Infinity", "0", "0.000"))
    return decimal(r, r.randint(1, 6), r.randint(0, 6))


def group_size(r):
    x = r.random()
    if x < 0.75:
        return r.randint(0, 20)
    if x < 0.9:
        return r.randint(21, 1000)
    if x < 0.98:
        return r.randint(1001, 10000)
    return r.randint(10001, 100000)


# The group sizes of the cover: every profile in a group of each (empty, a few rows, more than a
# moving frame's hundred, thousands), whatever the count.
COVER_SIZES = ((0, 0), (1, 20), (101, 1000), (1001, 4000))
LARGE = 50000   # one group this large when the count leaves room for it, last


def generate(r, count):
    """(groups, rows): groups = [(grp, profile, size)], rows = [(grp, t, value, factor)], texts or
    None.  The cover's groups first (every profile in a group of every size of COVER_SIZES),
    then random groups up to COUNT rows, the last of them LARGE rows if COUNT is twice that."""
    groups, rows = [], []

    def add(profile, size):
        grp = len(groups) + 1
        groups.append((grp, profile, size))
        for t in range(size):
            rows.append((grp, t, value(r, profile), factor(r)))

    for lo, hi in COVER_SIZES:
        for profile in PROFILES:
            add(profile, r.randint(lo, hi))
    large = LARGE if count >= 2 * LARGE else 0
    while len(rows) < count - large:
        add(r.choice(PROFILES), min(group_size(r), count - large - len(rows)))
    if large:
        add(r.choice(PROFILES), large)
    grp = len(groups)
    for extra in range(3):   # ids with no rows at all
        groups.append((grp + 1 + extra, "empty", 0))
    return groups, rows


def window_groups(groups, window_rows):
    """The window checks cover the group ids below this: the first WINDOW_ROWS rows, and at least
    the cover's groups of its first three sizes (every profile in frames that move)."""
    total = 0
    floor = len(PROFILES) * (len(COVER_SIZES) - 1)
    for g, _, size in groups:
        total += size
        if total > window_rows and g >= floor:
            return g + 1
    return groups[-1][0] + 1


AGG_COLS = ("sum(n) AS n_sum, sum(f) AS f_sum, avg(n) AS n_avg, avg(f) AS f_avg, "
            "min(n) AS n_min, min(f) AS f_min, max(n) AS n_max, max(f) AS f_max, "
            "sum(n * nw) AS n_sum_xw, sum(f * fw) AS f_sum_xw, "
            "sum(n * (1 - nw) * (1 + nw)) AS n_sum_x1w1w, sum(f * (1 - fw) * (1 + fw)) AS f_sum_x1w1w, "
            "sum(n * n) AS n_sum_xx, sum(f * f) AS f_sum_xx, avg(n * n) AS n_avg_xx, avg(f * f) AS f_avg_xx")

# what EXPLAIN VERBOSE must show of AGG_COLS: the two sums of products over fastnumeric fused
FUSED = ("fastnumeric_sum_product(f, fw)", "fastnumeric_row_sum_1('$1 * ($2 - $3) * ($2 + $3)'::text, f, '1'::numeric, fw)")
# sum and avg of f * f share a transition state: one row, or neither
SHARED = ("fastnumeric_row_sum_1('$1 * $1'::text, f)", "fastnumeric_row_avg_1('$1 * $1'::text, f)")

WIN_COLS = ("sum(n) OVER w AS n_sum, sum(f) OVER w AS f_sum, avg(n) OVER w AS n_avg, "
            "avg(f) OVER w AS f_avg, min(n) OVER w AS n_min, min(f) OVER w AS f_min, "
            "max(n) OVER w AS n_max, max(f) OVER w AS f_max")


def compare(mode, key="grp", aggs=AGGS):
    """SQL comparing table r (key, n_x/f_x per aggregate): CHECK and BAD rows."""
    vals = ", ".join("('%s', same(f_%s, n_%s), f_%s::text, n_%s::text, "
                     "encode(f_%s::bytea, 'hex'), encode(n_%s::bytea, 'hex'))"
                     % ((a,) * 7) for a in aggs)
    return r"""
CREATE TEMP TABLE c AS SELECT %(key)s AS k, v.* FROM r,
    LATERAL (VALUES %(vals)s) v(agg, ok, ft, nt, fb, nb);
SELECT 'CHECK', '%(mode)s', agg, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM c GROUP BY agg ORDER BY agg;
SELECT 'BAD', '%(mode)s', agg, k, hx(left(ft, 200)), hx(left(nt, 200)), left(fb, 80), left(nb, 80)
FROM (SELECT c.*, row_number() OVER (PARTITION BY agg ORDER BY k) AS rn FROM c WHERE NOT ok) b
WHERE rn <= :maxbad ORDER BY agg, k;
DROP TABLE c, r;
""" % {"key": key, "vals": vals, "mode": mode}


def script(groups, rows, below):
    data = copy_data("grps", ("%d\t%s\t%d\n" % g for g in groups))
    data += copy_data("ain", ("%d\t%d\t%s\t%s\n" % (g, t, "\\N" if v is None else v, "\\N" if w is None else w)
                              for g, t, v, w in rows))
    out = [splice(SQL.read_text(encoding="utf-8"), {"DATA": data})]

    out.append("SELECT 'PHASE', 'plain';\n")
    out.append("SELECT 'PLAN', 'fused-serial', verbose_plan_of('SELECT %s FROM d');\n" % AGG_COLS)
    out.append("CREATE TEMP TABLE r AS SELECT g.grp, s.* FROM grps g CROSS JOIN LATERAL "
               "(SELECT %s FROM d WHERE d.grp = g.grp) s;\n" % AGG_COLS)
    out.append("SELECT 'CHECK', 'plain', 'empty-null', count(*) FILTER (WHERE f_sum IS NULL AND "
               "f_avg IS NULL AND f_min IS NULL), count(*) FILTER (WHERE NOT (f_sum IS NULL AND "
               "f_avg IS NULL AND f_min IS NULL)) FROM r JOIN grps USING (grp) WHERE size = 0;\n")
    out.append(compare("plain"))

    for mode, settings in (("sort", "SET enable_hashagg = off;"),
                           ("hash", "SET enable_hashagg = on; SET enable_sort = off;")):
        out.append("SELECT 'PHASE', '%s';\n%s\n" % (mode, settings))
        out.append("SELECT 'PLAN', '%s', plan_of('CREATE TEMP TABLE r AS SELECT grp, %s "
                   "FROM d GROUP BY grp');\n" % (mode, AGG_COLS))
        out.append(compare(mode))
        out.append("RESET enable_hashagg; RESET enable_sort;\n")

    out.append("SELECT 'PHASE', 'parallel';\n")
    out.append("SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; "
               "SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;\n")
    out.append("SELECT 'PLAN', 'parallel', plan_of('CREATE TEMP TABLE r AS SELECT 0 AS grp, %s "
               "FROM d');\n" % AGG_COLS)
    out.append("SELECT 'PLAN', 'fused-parallel', verbose_plan_of('SELECT %s FROM d');\n" % AGG_COLS)
    out.append(compare("parallel"))
    out.append("SELECT 'PLAN', 'parallel-grouped', plan_of('CREATE TEMP TABLE r AS SELECT grp, %s "
               "FROM d GROUP BY grp');\n" % AGG_COLS)
    out.append(compare("parallel"))
    out.append("SET max_parallel_workers_per_gather = 0;\n")

    out.append("SELECT 'PHASE', 'window';\n")
    for name, frame in (("window-99", "ROWS BETWEEN 99 PRECEDING AND CURRENT ROW"),
                        ("window-2-2", "ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING")):
        out.append("SELECT 'PLAN', '%s', plan_of('CREATE TEMP TABLE r AS SELECT grp * 1000000 + t "
                   "AS k, %s FROM d WHERE grp < %d "
                   "WINDOW w AS (PARTITION BY grp ORDER BY t %s)');\n" % (name, WIN_COLS, below, frame))
        out.append(compare("window", key="k", aggs=WIN_AGGS))
    out.append("SELECT 'PHASE', 'done';\nRESET search_path;\nDROP SCHEMA :\"schema\" CASCADE;\n")
    return "".join(out)


def test_aggregates(tally, casts, conn, rng, seed, count, scaled, keep, request):
    t0 = time.monotonic()
    groups, rows = generate(rng, count)
    below = window_groups(groups, scaled(WINDOW_ROWS))
    print("differential_agg: seed %d, %d rows in %d groups (generated in %.1fs)"
          % (seed, len(rows), len(groups), time.monotonic() - t0), flush=True)
    plans = {}

    def plan(f):
        plans.setdefault(f[0], []).append(f[1])
        print("  plan  %-16s %s" % (f[0], f[1]), flush=True)

    def bad(f):
        mode, agg, k, ft, nt, fb, nb = f
        tally.mismatch(mode, agg, "key %s: fastnumeric=%s numeric=%s bytes %s vs %s"
                       % (k, short(unhex(ft)), short(unhex(nt)), fb, nb))

    schema = "fastnumeric_diffagg_%d" % os.getpid()
    try:
        run_tagged(script(groups, rows, below), tally, appname="fastnumeric-differential-agg",
                   keep=keep("agg.sql"), handlers={"PLAN": plan, "BAD": bad},
                   variables={"schema": schema, "maxbad": request.config.getoption("max_bad")})
    finally:   # a failed run leaves no scratch schema behind
        conn.execute('DROP SCHEMA IF EXISTS "%s" CASCADE' % schema)
    # the parallel plans must really be partial aggregation with launched workers
    for name in ("parallel", "parallel-grouped"):
        lines = plans.get(name, [])
        ok = any("Partial" in l for l in lines) and any(
            l.startswith("Workers Launched:") and not l.endswith(": 0") for l in lines)
        if tally.check("plan", name, ok, "; ".join(lines) or "no plan"):
            print("  check plan       %-16s ok" % name, flush=True)
    # the sums of products over fastnumeric are fused, the one of two columns as
    # fastnumeric_sum_product, and nothing else is
    for name in ("fused-serial", "fused-parallel"):
        lines = plans.get(name, [])
        ok = bool(lines) and all(all(f in l for f in FUSED + SHARED) and "sum((n * n))" in l and
                                 l.count("fastnumeric_sum_product(") == 1 for l in lines)
        if tally.check("fused", name, ok, "; ".join(lines) or "no plan"):
            print("  check fused      %-16s ok" % name, flush=True)
    tally.require({"plain", "sort", "hash", "parallel", "window", "fused"})
