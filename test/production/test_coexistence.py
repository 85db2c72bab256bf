"""
Part 6, coexistence with the modules DBAs preload: pg_stat_statements, auto_explain (log_analyze,
log_verbose), hypopg, pg_qualstats and pgaudit in shared_preload_libraries with fastnumeric first
and last, against the same server with fastnumeric alone: the same results; sums of products
still fused and the accelerator still applied; pg_stat_statements sees the same queryid for each
query with and without fastnumeric preloaded, and counts its calls and its plannings (the planner
hook chain: a hook that does not call the one before it loses pg_stat_statements' planning
counts); auto_explain logs the plan that ran; hypopg's hypothetical index on a fastnumeric column
is chosen by EXPLAIN; pg_qualstats records the quals on fastnumeric columns; pgaudit logs the
reads; no WARNING in the server log. Then pg_repack rewrites a fastnumeric table online and its
values and indexes stay.
"""

import os
import random
import re

from nodes import btree_check, bytea_casts, digest_sql, has_extension, has_library, money_text, run, value_text

SUITE = "production"
PART = "coexistence"

# hypopg before auto_explain: the other way round, EXPLAIN of a plan with a hypothetical index
# fails ("cache lookup failed for index"), over numeric columns as well, with or without fastnumeric
OTHERS = ["pg_stat_statements", "hypopg", "auto_explain", "pg_qualstats", "pgaudit"]

SETTINGS = [
    "pg_stat_statements.track_planning = on",
    "auto_explain.log_min_duration = 0", "auto_explain.log_analyze = on", "auto_explain.log_verbose = on",
    "pg_qualstats.sample_rate = 1", "pgaudit.log = 'read'",
]

ITEMS = 20000

# (name, accelerate_numeric, query): run 3 times each in every configuration; pg_stat_statements
# shows each by the alias of its first column, q_NAME (it replaces constants by $n, and 18 leaves
# out a leading comment)
QUERIES = [
    ("fused", False, "SELECT sum(price * qty) AS q_fused, count(*) FROM items"),
    ("accelerated", True, "SELECT id % 7 AS q_accelerated, sum(n_price * n_qty), avg(n_price), max(n_qty)"
                          " FROM items GROUP BY 1 ORDER BY 1"),
    ("filter", False, "SELECT id AS q_filter, price FROM items WHERE price > 500 ORDER BY price, id LIMIT 50"),
    ("equality", False, "SELECT count(*) AS q_equality, sum(price) FROM items WHERE qty = 3.5"),
]
CALLS = 3
# what the accelerated query's plan names: its sum of a product and avg share a row's transition
ACCELERATED = "fastnumeric_row_sum_1('$1 * $2; $1'::text, n_price, n_qty)"


def available(pg):
    return [m for m in OTHERS if has_library(pg, m)]


def missing(pg):
    # pg_stat_statements is the one whose counts show a broken planner hook chain
    return [] if has_library(pg, "pg_stat_statements") else ["no pg_stat_statements"]


def note(pg):
    lacks = [m for m in OTHERS if not has_library(pg, m)] + ([] if repack_tools(pg) else ["pg_repack"])
    return "without %s" % ", ".join(lacks) if lacks else ""


def repack_tools(pg):
    return os.path.exists(os.path.join(pg.bindir, "pg_repack")) and has_extension(pg, "pg_repack")


def run_queries(node):
    """{name: rows as text}, each query run CALLS times in one session."""
    got = {}
    with node.connect() as c:
        for name, accelerate, query in QUERIES:
            c.execute("SET fastnumeric.accelerate_numeric = %s" % ("on" if accelerate else "off"))
            for _ in range(CALLS):
                rows = [tuple(str(x) for x in row) for row in c.execute(query).fetchall()]
            got[name] = rows
    return got


def plans(node):
    """{name: EXPLAIN VERBOSE text} with the accelerator as each query runs, and the accelerated
    query's plan with the accelerator off."""
    got = {}
    with node.connect() as c:
        for name, accelerate, query in QUERIES + [("accelerated off", False, QUERIES[1][2])]:
            c.execute("SET fastnumeric.accelerate_numeric = %s" % ("on" if accelerate else "off"))
            got[name] = "\n".join(r[0] for r in c.execute("EXPLAIN (VERBOSE, COSTS OFF) " + query).fetchall())
    return got


def statements(node):
    """{query name: (queryid, calls, plans)} from pg_stat_statements."""
    rows = node.sql("SELECT substring(query from ' AS q_(\\w+)'), queryid, calls, plans"
                    " FROM pg_stat_statements WHERE query LIKE 'SELECT %% AS q\\_%%'")
    return {q: (qid, calls, p) for q, qid, calls, p in rows}


def configure(node, libraries):
    node.configure(["shared_preload_libraries = '%s'" % ",".join(libraries)])
    node.restart()
    got = node.one("SHOW shared_preload_libraries")
    assert got == ",".join(libraries), got


def test_coexistence(pg, nodes, tally):
    r = random.Random(6)
    others = available(pg)
    print("  coexistence with %s" % ", ".join(others), flush=True)
    node = nodes("coexist", ["track_functions = 'all'"] + SETTINGS)
    node.start()
    with node.connect() as c:
        c.execute("CREATE EXTENSION fastnumeric")
        bytea_casts(c)
        c.execute("CREATE TABLE items (id int PRIMARY KEY, price fastnumeric(12,2), qty fastnumeric,"
                  " n_price numeric(12,2), n_qty numeric)")
        with c.cursor().copy("COPY items FROM STDIN") as cp:
            for i in range(1, ITEMS + 1):
                p, q = money_text(r, 4), r.choice(["3.5", "1", "12", value_text(r, specials=False)])
                cp.write_row((i, p, q, p, q))
        c.execute("CREATE INDEX items_price ON items (price)")
        c.execute("ANALYZE items")

    configure(node, ["fastnumeric"])
    expected = run_queries(node)
    alone = plans(node)
    tally.check("alone", "fused", "fastnumeric_sum_product(price, qty)" in alone["fused"], alone["fused"])
    tally.check("alone", "accelerated", ACCELERATED in alone["accelerated"], alone["accelerated"])
    tally.check("alone", "not accelerated when off",
                "fastnumeric_row_sum" not in alone["accelerated off"], alone["accelerated off"])

    queryids = {}
    for order, libraries in (("first", ["fastnumeric"] + others), ("last", others + ["fastnumeric"]),
                             ("without", others)):
        configure(node, libraries)
        log_from = os.path.getsize(node.log)
        with node.connect() as c:
            for m in ("pg_stat_statements", "hypopg", "pg_qualstats", "pgaudit"):
                if m in others:
                    c.execute("CREATE EXTENSION IF NOT EXISTS %s" % m)
            c.execute("SELECT pg_stat_statements_reset()")
            if "pg_qualstats" in others:
                c.execute("SELECT pg_qualstats_reset()")
        got = run_queries(node)
        for name in expected:
            tally.check(order, "same results", got[name] == expected[name],
                        "%s: %r != %r" % (name, got[name][:3], expected[name][:3]))
        stats = statements(node)   # before the EXPLAINs below, which it counts too
        if order != "without":
            p = plans(node)
            tally.check(order, "fused", "fastnumeric_sum_product(price, qty)" in p["fused"], p["fused"])
            tally.check(order, "accelerated", ACCELERATED in p["accelerated"], p["accelerated"])
        for name, _, _ in QUERIES:
            s = stats.get(name)
            tally.check(order, "pg_stat_statements calls", s is not None and s[1] == CALLS,
                        "%s: %r" % (name, s))
            tally.check(order, "pg_stat_statements plans", s is not None and s[2] == CALLS,
                        "%s: planned %r times (the planner hook chain lost pg_stat_statements')" % (name, s))
            queryids.setdefault(name, {})[order] = s and s[0]
        if "hypopg" in others:
            with node.connect() as c:
                c.execute("SELECT * FROM hypopg_create_index('CREATE INDEX ON items (qty)')")
                plan = "\n".join(x[0] for x in c.execute("EXPLAIN SELECT * FROM items WHERE qty = 3.5").fetchall())
                tally.check(order, "hypopg index chosen", re.search(r"<\d+>btree_items_qty", plan) is not None, plan)
                c.execute("SELECT hypopg_reset()")
        if "pg_qualstats" in others:
            n = node.one("SELECT count(*) FROM pg_qualstats() q JOIN pg_attribute a"
                         " ON a.attrelid = q.lrelid AND a.attnum = q.lattnum"
                         " WHERE q.lrelid = 'items'::regclass AND a.attname IN ('qty', 'price')")
            tally.check(order, "pg_qualstats quals", n > 0, "no qual of items recorded")
        with open(node.log, errors="replace") as f:
            f.seek(log_from)
            log = f.read()
        warnings = [line for line in log.splitlines() if "WARNING:" in line]
        tally.check(order, "no warnings", not warnings, "\n".join(warnings[:5]))
        if order != "without":
            tally.check(order, "auto_explain logged the fused plan",
                        re.search(r"Query Text: SELECT sum\(price \* qty\) AS q_fused.*?fastnumeric_sum_product\(price, qty\)",
                                  log, re.S) is not None, log[-2000:])
            tally.check(order, "auto_explain analyzed", "actual time=" in log, "no actual times in the log")
        if "pgaudit" in others:
            tally.check(order, "pgaudit logged the reads",
                        re.search(r"AUDIT: SESSION,\d+,\d+,READ,SELECT,.*SELECT sum\(price \* qty\) AS q_fused", log) is not None,
                        "no pgaudit line for the fused query")
    for name, ids in queryids.items():
        tally.check("queryid", "same queryid", len(set(ids.values())) == 1 and None not in ids.values(),
                    "%s: %r" % (name, ids))

    if repack_tools(pg) or pg.debian:
        repack(node, tally)
        tally.require(["repack"])
    else:
        print("  coexistence: no pg_repack for this server", flush=True)
    tally.require(["alone", "first", "last", "without", "queryid"])


def repack(node, tally):
    """pg_repack of items while the server runs: the same bytes after, sound indexes."""
    with node.connect() as c:
        c.execute("CREATE EXTENSION IF NOT EXISTS pg_repack")
        c.execute("DELETE FROM items WHERE id % 3 = 0")
        before = c.execute(digest_sql("items", ["price", "qty", "n_price", "n_qty"])).fetchone()
        node_before = c.execute("SELECT pg_relation_filenode('items')").fetchone()[0]
    out = run([os.path.join(node.bindir, "pg_repack"), "-h", node.dir, "-p", str(node.port), "-U", "postgres",
               "-d", "postgres", "-t", "items"], check=False)
    tally.check("repack", "pg_repack ran", out.returncode == 0, out.stdout + out.stderr)
    with node.connect() as c:
        after = c.execute(digest_sql("items", ["price", "qty", "n_price", "n_qty"])).fetchone()
        node_after = c.execute("SELECT pg_relation_filenode('items')").fetchone()[0]
        tally.check("repack", "rewritten", node_after != node_before, "same filenode %s" % node_after)
        tally.check("repack", "same bytes", after == before, "%r != %r" % (after, before))
        c.execute("SET enable_seqscan = off")
        c.execute("SET enable_bitmapscan = off")
        q = "SELECT id, price FROM items WHERE price BETWEEN 100 AND 300 ORDER BY price, id"
        plan = "\n".join(x[0] for x in c.execute("EXPLAIN " + q).fetchall())
        by_index = c.execute(q).fetchall()
        c.execute("RESET ALL")
        c.execute("SET enable_indexscan = off")
        c.execute("SET enable_bitmapscan = off")
        tally.check("repack", "index scan", "items_price" in plan, plan)
        tally.check("repack", "index scan = seq scan", by_index == c.execute(q).fetchall(), "")
    btree_check(node, tally, "repack")
