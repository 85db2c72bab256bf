"""
Expression programs (fastnumeric.expression_programs, planner/programs.cpp): generated trees of
+ - * and unary - over columns, constants and parameters, in every place a plan evaluates them,
with the programs on, with them off (and fastnumeric.sum_products off), and over numeric.

Data: ROWS rows of six fastnumeric columns (three with typmods) and their numeric twins,
drawn from harness/values.py's operand shapes (money, quantities, long integers and
fractions, tiny values, zeros with scales, digit-group boundaries, nines, NaN and ±Infinity)
and NULLs; values near numeric's limits, whose products overflow its format, in the errors
phase.

Each tree has depth 1 to 4; its leaves are columns, int2, int4 and int8 columns cast to
fastnumeric (which a program reads as integers: NULLs, zeros, the types' bounds), constants
(typed, bare literals, long values, specials) and the prepared statement's two parameters; some of its subtrees are ones
a program must not take (1 / x, abs, round, a typmod cast), so that their errors stay where
they were.  Each tree is run as a prepared statement (custom and generic plans) in row batches
(so that an error names the batch's first failing row), three ways:
  rows      SELECT E, E::bytea for each row: text, datum bytes (as md5, since some are long),
            or SQLSTATE and message
  where     the ids of the rows with E > 0
  order     the ids ordered by E (then id)
  aggs      sum(E), avg(E), max(E), min(E) (its bytes) per group: hashed, sorted, and parallel
            (Partial Aggregate)
  aggs-row  several sums and avgs that share a row (one transition, fastnumeric_row_sum_K and
            fastnumeric_row_avg_K, row_sums.cpp): of E, of plain columns, of E * f3 and f4 - E,
            with count(*) and count(f6) between them, and near misses of E (f1 * E, f1 * f3,
            -E), per group, hashed, sorted and parallel; their texts and some bytes
  errors    hand-made expressions row by row over values near numeric's limits, zeros and NULLs,
            where an overflow inside a program competes with an error outside it
            (1 / 0, a typmod cast): the first error of each row; and rows of two or more sums
            (ERROR_ROW_AGGS) where more than one may overflow, in both orders, with NULL operands,
            per row and over the whole table: the first error of the row
Checks: fused == unfused == numeric for each (numeric's errors are the same SQLSTATE and
message); plan: the fused plans of trees with two or more operators name fastnumeric_expr (or
the sum/avg/min/max forms), the fused plans of aggs name a min/max form for at least half of
the trees whose top is one of the operators, the fused plans of aggs-row of every tree that is a
program (no subtree a program must not take, a column or parameter in it) name a row aggregate
whose programs take E (four or more programs), as do the errors phase's rows of sums, and the
unfused ones never do.
"""

import os
import random
import re

import psycopg

from harness import db
from harness.values import SHAPE_FUNCS, operand

SUITE = "differential_expr_programs"
SEED = 26052026
COUNT = 100      # trees at scale 1 (depths 1 to 4 in turn)
MIN_COUNT = 24   # six of each depth: enough generic plans of two or more operators to judge
ROWS = 160       # every tree runs over all of them (every usable shape, the cover's first)
BATCH = 80
GROUPS = 4

FAST_COLS = ["f%d" % i for i in range(1, 7)]
# integer columns, read by a program as the integers under their casts (IntegerOperands)
INT_TYPES = ["int2", "int4", "int8"]
INT_BOUNDS = {"int2": 15, "int4": 31, "int8": 63}


def integer_value(r, typ):
    """An int2, int4 or int8 value: NULL, zero, the bounds, or random of every width."""
    x = r.random()
    bits = INT_BOUNDS[typ]
    if x < 0.06:
        return None
    if x < 0.12:
        return r.choice([0, -2 ** bits, 2 ** bits - 1, -1, 1])
    return r.randint(-2 ** bits, 2 ** bits - 1) >> r.randint(0, bits)
TYPES = ["fastnumeric", "fastnumeric", "fastnumeric", "fastnumeric(15,2)", "fastnumeric(38,10)",
         "fastnumeric(12,4)"]


def column_value(r, typ, k=None):
    """A value of a column of type TYP (None: NULL); K: the plain column's K-th value, whose
    first ones go round every usable shape."""
    if r.random() < 0.06:
        return None
    if typ != "fastnumeric":   # values that fit the typmod, mostly
        p, s = [int(x) for x in typ[typ.index("(") + 1:-1].split(",")]
        if r.random() < 0.05:
            return "NaN"   # (a typmod holds no infinity)
        int_digits = r.randint(0, p - s)
        text = "%s%s.%s" % ("-" if r.random() < 0.3 else "",
                            "".join(r.choice("0123456789") for _ in range(int_digits)) or "0",
                            "".join(r.choice("0123456789") for _ in range(r.randint(0, s))) or "0")
        return text
    return usual_operand(r, k)


# (near numeric's limits, sums with them have tens of thousands of digit groups, whose products
# take seconds: the "errors" phase has such values, in expressions made for them)
USABLE = [f for f in SHAPE_FUNCS if f.__name__[2:] not in ("huge", "high_dscale")]
COVER = 4 * len(USABLE)   # the plain columns' first values: every usable shape four times


def usual_operand(r, k=None):
    if k is not None and k < COVER:
        return operand(r, USABLE[k % len(USABLE)])[1]
    shape, text = operand(r)
    while shape in ("huge", "high_dscale"):
        shape, text = operand(r)
    return text


# The first error of a row (phase "errors"): over a few rows of values near numeric's limits
# (hx, whose products overflow its format), zeros (zx, for 1 / zx), NULLs (nx) and small values,
# expressions in which an overflow inside a program and another error outside it compete.
ERROR_ROWS = [("9.5e131071", "0", None, "2.5"), ("-1e131000", "0.00", None, "-3"), ("7e65000", "1", "4", "0.5"),
              ("1.25e-300", "0", "1", "NaN"), ("2", "0", "3", "Infinity")]
ERROR_EXPRS = ["%(h)s * %(h)s + 1 / %(z)s", "1 / %(z)s + %(h)s * %(h)s", "%(h)s * %(h)s * %(h)s - round(%(z)s, 1)",
               "(%(h)s * %(h)s * %(s)s)::%(t)s(12,2)", "%(h)s * %(h)s + %(z)s * %(h)s", "-%(h)s * %(h)s",
               "%(h)s * %(h)s + %(n)s * %(s)s", "%(n)s * %(s)s + %(h)s * %(h)s", "%(z)s * %(h)s * %(h)s * %(s)s",
               "(%(s)s - %(h)s) * (%(h)s + %(z)s) - 1 / %(z)s", "%(s)s * %(s)s - 1 / (%(z)s * %(s)s + %(z)s)",
               "sum(%(h)s * %(h)s * %(s)s)", "avg(-(%(h)s * %(s)s) + %(s)s)", "sum(%(h)s * %(s)s * %(n)s)",
               "max(%(h)s + %(s)s + %(h)s) + 1 / min(%(z)s)", "min(%(h)s * %(h)s - %(s)s)",
               "max(%(s)s * %(n)s) + max(%(h)s * %(h)s)", "min(%(s)s - %(n)s) + 1 / min(%(z)s * %(s)s)"]

# Rows of sums (a row's sums share one transition): two or more of them may fail on the same row,
# each order, and NULL operands (a strict operator's NULL skips what follows it, not what precedes
# it: h * h * n overflows, n * h * h is NULL), shared prefixes (h * h, then h * h * h): the first
# error of the row, as the separate aggregates raise it.
ERROR_ROW_AGGS = [["sum(%(h)s * %(h)s * %(s)s)", "sum(%(h)s * %(h)s * %(h)s)"],
                  ["sum(%(h)s * %(h)s * %(h)s)", "sum(%(h)s * %(h)s * %(s)s)"],
                  ["sum(%(s)s)", "sum(%(h)s * %(h)s)", "avg(%(h)s * %(h)s * %(h)s)"],
                  ["avg(%(h)s * %(h)s * %(h)s)", "sum(%(h)s * %(h)s)", "sum(%(s)s)"],
                  ["sum(%(h)s * %(h)s)", "count(*)", "sum(%(h)s * %(h)s * %(s)s)", "sum(-%(h)s * %(h)s * %(h)s)"],
                  ["sum(%(n)s * %(h)s * %(h)s)", "sum(%(h)s * %(h)s * %(n)s)"],
                  ["sum(%(h)s * %(h)s * %(n)s)", "sum(%(n)s * %(h)s * %(h)s)"],
                  ["sum(%(n)s)", "avg(%(n)s * %(s)s)", "sum(%(s)s * %(n)s + %(h)s)", "count(%(n)s)"],
                  ["sum(%(z)s * %(h)s * %(h)s)", "sum(%(h)s * %(z)s * %(h)s)", "avg(%(h)s * %(h)s * %(z)s)"],
                  ["avg(%(s)s)", "sum(%(s)s - %(h)s * %(h)s)", "sum(%(s)s * %(s)s)", "avg(%(h)s - %(s)s * %(h)s)"]]


def constant(r):
    x = r.random()
    if x < 0.3:
        return r.choice(["1", "0.5", "2", "100", "0.01", "17"]), True   # bare literals
    if x < 0.4:
        return r.choice(["NaN", "Infinity", "-Infinity"]), False
    return usual_operand(r), False


class Tree:
    """A generated expression, written for fastnumeric (f) or numeric (n) operands."""

    def __init__(self, r, depth):
        self.operators = 0
        self.top_operator = False   # whether the tree's top is + - * or unary -
        self.opaque = False         # whether a subtree is one a program must not take
        self.variable = False       # whether a leaf is a column or a parameter
        self.f, self.n = self.node(r, depth, True)

    def node(self, r, depth, top=False):
        x = r.random()
        if depth <= 1 or x < 0.15:
            return self.leaf(r)
        if x < 0.25:
            f, n = self.node(r, depth - 1)
            self.operators += 1
            self.top_operator = self.top_operator or top
            return "(-%s)" % f, "(-%s)" % n
        if x < 0.31:   # what a program must not take: evaluated where it stood
            f, n = self.node(r, depth - 1)
            self.opaque = True
            kind = r.randrange(4)
            if kind == 0:
                return "(1 / %s)" % f, "(1 / %s)" % n
            if kind == 1:
                return "abs(%s)" % f, "abs(%s)" % n
            if kind == 2:
                return "round(%s, 1)" % f, "round(%s, 1)" % n
            return "(%s)::fastnumeric(12,2)" % f, "(%s)::numeric(12,2)" % n
        if x < 0.34:
            f, n = self.node(r, depth - 1)
            return "(+%s)" % f, "(+%s)" % n
        a = self.node(r, depth - 1)
        b = self.node(r, depth - 1)
        op = r.choice("+-*")
        self.operators += 1
        self.top_operator = self.top_operator or top
        return "(%s %s %s)" % (a[0], op, b[0]), "(%s %s %s)" % (a[1], op, b[1])

    def leaf(self, r):
        x = r.random()
        if x < 0.5:
            i = r.randrange(6)
            self.variable = True
            return "f%d" % (i + 1), "n%d" % (i + 1)
        if x < 0.6:   # an integer column under its cast (implicit when the other side is ours)
            i = r.randrange(3)
            self.variable = True
            return "(i%d::fastnumeric)" % (i + 1), "(i%d::numeric)" % (i + 1)
        if x < 0.75:
            p = r.choice(["$1", "$2"])
            self.variable = True
            return p, p
        text, bare = constant(r)
        if bare:
            return text, text
        return "'%s'::fastnumeric" % text, "'%s'::numeric" % text


def outcome(conn, sql):
    """The rows of sql, or ('error', SQLSTATE, message)."""
    try:
        return [tuple(row) for row in conn.execute(sql).fetchall()]
    except psycopg.Error as e:
        return ("error", e.diag.sqlstate, e.diag.message_primary)


def test_expression_programs(tally, casts, conn, rng, seed, count):
    r = random.Random(seed)
    schema = "fastnumeric_diffexpr_%d" % os.getpid()
    conn.execute('CREATE SCHEMA "%s"' % schema)
    try:
        run(tally, r, schema, count)
    finally:
        conn.execute('DROP SCHEMA IF EXISTS "%s" CASCADE' % schema)
    tally.require({"rows", "where", "order", "aggs", "aggs-row", "plan", "errors", "errors-row"})


def row_tree(tree):
    """Whether aggs-row's fused plan must take E into its row: a program of fastnumeric values."""
    return tree.operators >= 1 and not tree.opaque and tree.variable


def run(tally, r, schema, count):
    with db.connect() as c:
        c.prepare_threshold = None   # the script's own PREPAREs and DEALLOCATE ALL
        c.execute('SET search_path = "%s", public' % schema)
        c.execute("LOAD 'fastnumeric'")
        cols = ", ".join("f%d %s, n%d %s" % (i + 1, t, i + 1, t.replace("fastnumeric", "numeric"))
                         for i, t in enumerate(TYPES))
        c.execute("CREATE TABLE t (id int, g int, %s, %s)"
                  % (cols, ", ".join("i%d %s" % (i + 1, t) for i, t in enumerate(INT_TYPES))))
        with c.cursor() as cur:
            plain = 0   # values of the plain fastnumeric columns so far (the cover's index)
            for i in range(ROWS):
                vals = []
                for t in TYPES:
                    vals.append(column_value(r, t, plain))
                    plain += t == "fastnumeric"
                ints = [integer_value(r, t) for t in INT_TYPES]
                cur.execute("INSERT INTO t VALUES (%s, %s, " % (i, i % GROUPS) +
                            ", ".join("%s, %s" for _ in vals) + ", %s, %s, %s)",
                            [v for v in vals for _ in (0, 1)] + ints)
        c.execute("ANALYZE t")
        version = c.execute("SHOW server_version_num").fetchone()[0]
        force = "debug_parallel_query" if int(version) >= 160000 else "force_parallel_mode"
        fused_plans = eligible = extreme_plans = extreme_eligible = row_plans = row_eligible = 0
        current = None
        c.execute("SET parallel_setup_cost = 0")
        c.execute("SET parallel_tuple_cost = 0")
        c.execute("SET min_parallel_table_scan_size = 0")
        for k in range(count):
            tree = Tree(r, 1 + k % 4)
            params = [constant(r)[0] for _ in range(2)]
            generic = k % 2 == 0
            for kind, query in queries(tree):
                results = {}
                for mode in ("fused", "unfused", "numeric"):
                    expr = tree.n if mode == "numeric" else tree.f
                    ptype = "numeric" if mode == "numeric" else "fastnumeric"
                    on = "on" if mode == "fused" else "off"
                    parallel = kind.endswith("-parallel")
                    settings = "; ".join("SET %s = %s" % kv for kv in (
                        ("fastnumeric.expression_programs", on), ("fastnumeric.sum_products", on),
                        ("plan_cache_mode", "force_generic_plan" if generic else "force_custom_plan"),
                        ("max_parallel_workers_per_gather", 2 if parallel else 0),
                        ("enable_hashagg", "off" if kind.endswith("-sorted") else "on"),
                        (force, "on" if kind == "rows-forced" else "off")))
                    if settings != current:   # (one round trip for all of them, when they change)
                        c.execute(settings)
                        current = settings
                    sql = query % {"e": expr, "t": ptype, "c": "n" if mode == "numeric" else "f"}
                    c.execute("DEALLOCATE ALL; PREPARE q(%s, %s) AS %s" % (ptype, ptype, sql))
                    args = "'%s', '%s'" % tuple(params)
                    results[mode] = outcome(c, "EXECUTE q(%s)" % args)
                    explained = None
                    if mode != "numeric" and kind in ("rows", "aggs", "aggs-row", "aggs-row-sorted") and lo_batch(query):
                        explained = outcome(c, "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q(%s)" % args)
                    if explained is not None and explained[0] != "error":
                        plan = "\n".join(row[0] for row in explained)
                        named = any(n in plan for n in PROGRAM_NAMES)
                        if mode == "unfused":
                            tally.check("plan", "unfused", not named, plan)
                        elif kind == "rows" and generic and tree.operators >= 2:
                            # (constant subtrees fold away: at least half must be programs)
                            eligible += 1
                            fused_plans += named
                        elif kind == "aggs" and generic and tree.top_operator:
                            extreme_eligible += 1
                            extreme_plans += "fastnumeric_min_expr(" in plan and "fastnumeric_max_expr(" in plan
                        if mode == "fused" and kind.startswith("aggs-row") and row_tree(tree):
                            # E's programs in the row: sum(E) and avg(E), E * f3, f4 - E, and f1, f2
                            row_eligible += 1
                            taken = row_programs(plan) >= 4
                            row_plans += taken
                            tally.check("plan", "row", taken, "%s (%s plan): no row aggregate of four or more "
                                        "programs in\n%s" % (tree.f, "generic" if generic else "custom", plan))
                group = "aggs-row" if kind.startswith("aggs-row") else kind.split("-")[0]
                detail = "%s: %s with $1, $2 = %s" % (kind, tree.f, params)
                for other in ("unfused", "numeric"):
                    tally.check(group, other, results["fused"] == results[other], "%s\n  fused vs %s: %s"
                                % (detail, other, first_difference(results["fused"], results[other])))
        errors_phase(tally, c)
        tally.check("plan", "row-count", row_eligible > 0, "no tree that is a program ran as aggs-row")
        print("  %d of %d plans of aggs-row over a tree that is a program name a row aggregate that takes it"
              % (row_plans, row_eligible))
        tally.check("plan", "fused", fused_plans * 2 >= eligible > 0,
                    "%d of %d generic plans of trees of two or more operators name a program" % (fused_plans, eligible))
        print("  %d of %d generic plans of trees of two or more operators name a program" % (fused_plans, eligible))
        tally.check("plan", "min/max", extreme_plans * 2 >= extreme_eligible > 0,
                    "%d of %d generic plans of aggs over a tree topped by an operator name min_expr and max_expr"
                    % (extreme_plans, extreme_eligible))
        print("  %d of %d generic plans of aggs over a tree topped by an operator name min_expr and max_expr"
              % (extreme_plans, extreme_eligible))


def errors_phase(tally, c):
    """ERROR_EXPRS row by row over ERROR_ROWS: the same value or the same first error."""
    c.execute("CREATE TABLE e (id int, hf fastnumeric, zf fastnumeric, nf fastnumeric, sf fastnumeric, "
              "hn numeric, zn numeric, nn numeric, sn numeric)")
    for i, (h, z, n, sm) in enumerate(ERROR_ROWS):
        c.execute("INSERT INTO e VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)", (i, h, z, n, sm, h, z, n, sm))
    for expr in ERROR_EXPRS:
        for i in range(len(ERROR_ROWS)):
            results = {}
            for mode in ("fused", "unfused", "numeric"):
                on = "on" if mode == "fused" else "off"
                c.execute("SET fastnumeric.expression_programs = %s; SET fastnumeric.sum_products = %s" % (on, on))
                x = "n" if mode == "numeric" else "f"
                e = expr % {"h": "h" + x, "z": "z" + x, "n": "n" + x, "s": "s" + x,
                            "t": "numeric" if mode == "numeric" else "fastnumeric"}
                results[mode] = outcome(c, "SELECT md5((%s)::text) FROM e WHERE id = %d" % (e, i))
            for other in ("unfused", "numeric"):
                tally.check("errors", other, results["fused"] == results[other], "%s on row %d: fused %r, %s %r"
                            % (expr, i, results["fused"], other, results[other]))
    # rows of sums: each row alone, then the whole table (the rows in the scan's order, the same
    # for every mode), grouped by whether the value is NULL (two groups, hashed and sorted)
    outcomes = set()
    for aggs in ERROR_ROW_AGGS:
        for where in ["WHERE id = %d" % i for i in range(len(ERROR_ROWS))] + ["", "GROUP BY (nf IS NULL)"]:
            for hashed in (("on", "off") if where.startswith("GROUP") else ("on",)):
                results = {}
                for mode in ("fused", "unfused", "numeric"):
                    on = "on" if mode == "fused" else "off"
                    c.execute("SET fastnumeric.expression_programs = %s; SET fastnumeric.sum_products = %s; "
                              "SET enable_hashagg = %s; SET max_parallel_workers_per_gather = 0" % (on, on, hashed))
                    x = "n" if mode == "numeric" else "f"
                    names = {"h": "h" + x, "z": "z" + x, "n": "n" + x, "s": "s" + x}
                    where_mode = where.replace("nf", "n" + x)
                    sql = "SELECT %s FROM e %s ORDER BY 1" % (
                        ", ".join("md5((%s)::text)" % (a % names) for a in aggs), where_mode)
                    if where.startswith("GROUP"):
                        sql = sql.replace("SELECT ", "SELECT (n%s IS NULL), " % x).replace("ORDER BY 1", "ORDER BY 1, 2")
                    results[mode] = outcome(c, sql)
                    if mode != "numeric" and where == "":
                        explained = outcome(c, "EXPLAIN (VERBOSE, COSTS OFF) " + sql)
                        plan = "\n".join(row[0] for row in explained) if explained[0] != "error" else repr(explained)
                        if mode == "unfused":
                            tally.check("plan", "unfused", not any(n in plan for n in PROGRAM_NAMES), plan)
                        else:
                            tally.check("plan", "errors-row", row_programs(plan) >= 2,
                                        "%s: no row aggregate of two or more programs in\n%s" % (aggs, plan))
                outcomes.add(results["numeric"][0] if results["numeric"][0] == "error" else "value")
                detail = "%s %s (enable_hashagg %s)" % (", ".join(aggs), where, hashed)
                for other in ("unfused", "numeric"):
                    tally.check("errors-row", other, results["fused"] == results[other], "%s: fused %r, %s %r"
                                % (detail, results["fused"], other, results[other]))
    c.execute("RESET enable_hashagg")
    tally.check("errors-row", "both", outcomes == {"error", "value"},
                "the rows of sums gave %s, not both errors and values" % sorted(outcomes))


PROGRAM_NAMES = ("fastnumeric_expr(", "fastnumeric_min_expr(", "fastnumeric_max_expr(", "fastnumeric_row_sum_",
                 "fastnumeric_row_avg_", "fastnumeric_row_accum")


def row_programs(plan):
    """The most programs of any row aggregate the plan names (0: none)."""
    most = 0
    for m in re.finditer(r"fastnumeric_row_(?:sum|avg)_[1-8]\('([^']*)'::text", plan):
        most = max(most, len(m.group(1).split(";")))
    return most


def lo_batch(query):
    return "id >= " not in query or "id >= 0 " in query


def queries(tree):
    """(kind, SQL with %(e)s) of each way to run a tree; rows in batches of BATCH."""
    out = []
    for lo in range(0, ROWS, BATCH):
        where = "id >= %d AND id < %d" % (lo, lo + BATCH)
        out.append(("rows", "SELECT id, left((%%(e)s)::text, 60), md5((%%(e)s)::text), md5(((%%(e)s)::%%(t)s)::bytea) FROM t WHERE %s ORDER BY id" % where))
        out.append(("where", "SELECT id FROM t WHERE %s AND %%(e)s > 0 ORDER BY id" % where))
        out.append(("order", "SELECT id FROM t WHERE %s ORDER BY (%%(e)s)::%%(t)s, id" % where))
    out.append(("rows-forced", "SELECT id, md5((%(e)s)::text) FROM t WHERE id < 40 ORDER BY id"))
    aggs = ("SELECT g, md5(sum(%(e)s)::text), md5(avg(%(e)s)::text), md5(max(%(e)s)::text), "
            "md5(min((%(e)s)::%(t)s)::bytea), count(%(e)s) FROM t GROUP BY g ORDER BY g")
    out.append(("aggs", aggs))
    out.append(("aggs-parallel", aggs))
    out.append(("aggs-sorted", aggs))   # (groups one after another: a new group's state may reuse the last's memory)
    # a row's sums: E, columns, E's products and differences (%(c)s: f or n, the columns' prefix)
    # (and near misses: programs that differ from E's in one operand or operator, which the
    # row's plan must not take for E's subexpressions)
    row = ("SELECT g, md5(sum(%(e)s)::text), md5(avg(%(c)s1)::text), md5(sum(%(c)s2)::text), md5(avg(%(e)s)::text), "
           "count(*), md5(sum((%(e)s) * %(c)s3)::text), md5(sum((%(e)s) * %(c)s3)::bytea), count(%(c)s6), "
           "md5(avg(%(c)s4 - (%(e)s))::text), md5(avg(%(c)s4 - (%(e)s))::bytea), md5(sum(%(c)s1 * (%(e)s))::text), "
           "md5(sum(%(c)s1 * %(c)s3)::text), md5(sum(-(%(e)s))::text) FROM t GROUP BY g ORDER BY g")
    out.append(("aggs-row", row))
    out.append(("aggs-row-sorted", row))
    out.append(("aggs-row-parallel", row))
    return out


def first_difference(a, b):
    for x, y in zip(a, b):
        if x != y:
            if isinstance(x, list) and isinstance(y, list):
                for p, q in zip(x, y):
                    if p != q:
                        return "%r vs %r" % (p, q)
                return "%d rows vs %d" % (len(x), len(y))
            return "%r vs %r" % (x, y)
    return "%d vs %d results" % (len(a), len(b))
