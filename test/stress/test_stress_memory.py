"""
Memory stays flat: each operation runs at ROWS rows and at FACTOR times that, over numeric and
fastnumeric (UNLOGGED tables, JIT off), each run in a fresh backend after a warm-up of the same
statement on 1,000 rows.  Measured (kB):
  ctx_end      bytes used in all of the backend's memory contexts at the end of the
               aggregation (an InitPlan reading pg_backend_memory_contexts, evaluated
               after the last row)
  ctx_after    the same once the statement is over (what the session keeps)
  ctx_sampled  the largest "Grand total ... used" of pg_log_backend_memory_contexts()
               requested from a second connection while the statement runs (needs a
               readable server log), for the leader and parallel workers (wk_ctx_sampled)
  anon_peak    the largest RssAnon of /proc/<pid>/status polled every millisecond (private
               memory, leaving out the shared buffers a scan touches), leader and workers
A fastnumeric figure passes when large - small < TOLERANCE_KB plus numeric's own growth in the
same figure.  Operations: COPY FROM a text file (12 columns: 10 money-shaped, one of 30-digit
values, one fastnumeric(12,4)) with fastnumeric.input_cache on and off; sum, avg, min, max,
sum and avg of the 30-digit column, sum(c1 * c2 + c3), GROUP BY with 10,000 hashed groups, a
moving window sum (ROWS 99 PRECEDING), each with 0 and 2 parallel workers (the plan and the
workers are checked).  The results must equal numeric's (text and datum bytes).

ROWS x --scale rows (at least MIN_ROWS) against FACTOR times as many; STRESS_FULL=1 in the
environment: 1,000,000 against 20,000,000 rows (about 12 GB of disk).
"""

import os
import random
import time

from stress_lib import CONTEXT_USED, PARALLEL, SERIAL, check, execute, fetch, measure
from stress_lib import stress  # noqa: F401  (the fixture)

SUITE = "stress"
SEED = 20240601
FULL = os.environ.get("STRESS_FULL", "") not in ("", "0")
ROWS = 1000000 if FULL else 50000       # the small size at scale 1 (times --scale)
FACTOR = 20 if FULL else 10             # large = ROWS x FACTOR
TOLERANCE_KB = 5120
# The least small size: the large run's extra rows times the smallest leak (24 bytes a call,
# a palloc with its chunk header) must stay well above TOLERANCE_KB, or a leak would pass.
MIN_ROWS = 40000
GROUPS = 10000           # so that at the small size too every process sees nearly every group
WARM_ROWS = 1000

COLUMNS = (["id int", "g int"] + ["c%d {t}" % i for i in range(1, 11)]
           + ["d {t}", "m {t}(12,4)"])


def write_rows(path, seed, rows, repeat=1):
    """The COPY data: id, g (id mod GROUPS), ten money-shaped values (the shape of
    trim_scale(round(random()::numeric * 1e4, 4))), a 30-digit value with 10 decimals, and a
    value with 6 decimals for the (12,4) column; the rows `repeat` times, block after block."""
    r = random.Random(seed)
    rnd, bits = r.random, r.getrandbits
    lines = []
    for i in range(1, rows + 1):
        money = "\t".join(("%.4f" % (rnd() * 1e4)).rstrip("0").rstrip(".") or "0"
                          for _ in range(10))
        whole, frac = divmod(bits(100) % 10 ** 30, 10 ** 10)
        lines.append("%d\t%d\t%s\t%s%d.%010d\t%.6f\n" % (
            i, i % GROUPS, money, "-" if rnd() < 0.3 else "", whole, frac, rnd() * 1e8))
    block = "".join(lines).encode()
    with open(path, "wb") as fh:
        for _ in range(repeat):
            fh.write(block)
    os.chmod(path, 0o644)   # the server reads it as its own user


# name, the numeric results (compared with numeric's), FROM ({t}: the table), extra settings
AGG_OPS = [
    ("sum", ["sum(c1)"], "{t}", []),
    ("avg", ["avg(c1)"], "{t}", []),
    ("min", ["min(c1)"], "{t}", []),
    ("max", ["max(c1)"], "{t}", []),
    ("sum,avg 30-digit", ["sum(d)", "avg(d)"], "{t}", []),
    ("sum(c1*c2+c3)", ["sum(c1 * c2 + c3)"], "{t}", []),
    ("group by, hash", ["sum(s)", "sum(a)", "count(*)"],
     "(SELECT g, sum(c4) AS s, avg(m) AS a FROM {t} GROUP BY g) q",
     ["SET enable_sort = off", "SET work_mem = '256MB'"]),
    ("window rows 99", ["sum(w)", "count(w)"],
     "(SELECT sum(c5) OVER (ROWS BETWEEN 99 PRECEDING AND CURRENT ROW) AS w FROM {t}) q", []),
]

FIGURES = ("ctx_end", "ctx_after", "ctx_sampled", "anon_peak", "wk_anon_peak", "wk_ctx_sampled")


def fmt(v, n=None):
    if v is None:
        return "-"
    return "%d" % v if n is None else "%d (%d)" % (v, n)


def print_row(label, typ, wk, rows, m):
    print("  %-26s %-11s %2s %9d %8s %9s %12s %9s %12s %14s %6.2f" % (
        label, typ, wk, rows, fmt(m.ctx_end), fmt(m.ctx_after),
        fmt(m.ctx_sampled, m.samples if m.ctx_sampled is not None else None),
        fmt(m.anon_peak), fmt(m.wk_anon_peak) + ("/%d" % m.wk_seen if m.wk_seen else ""),
        fmt(m.wk_ctx_sampled, m.wk_samples if m.wk_ctx_sampled is not None else None),
        m.seconds), flush=True)


HEADER = ("  %-26s %-11s %2s %9s %8s %9s %12s %9s %12s %14s %6s" % (
    "operation", "type", "wk", "rows", "ctx_end", "ctx_after", "ctx_sampled", "anon_peak",
    "wk_anon_peak", "wk_ctx_sampled", "s"))


def steady(m, fig):
    """Whether a figure of this run can be compared: a sampled figure needs two dumps of each
    process (20 ms and 220 ms in), since one early dump may catch a hash table half built."""
    if fig == "ctx_sampled":
        return m.samples >= 2
    if fig == "wk_ctx_sampled":
        return m.wk_min_samples >= 2
    return True


def judge(tally, label, fast, ref, summary):
    """fast/ref: {size: Measure}; one check per figure measured for fastnumeric at both sizes."""
    for fig in FIGURES:
        small, large = getattr(fast["small"], fig), getattr(fast["large"], fig)
        if small is None or large is None:
            continue
        growth = large - small
        r_small, r_large = getattr(ref["small"], fig), getattr(ref["large"], fig)
        r_growth = r_large - r_small if r_small is not None and r_large is not None else None
        judged = steady(fast["small"], fig)
        summary.append((label, fig, small, large, growth, r_small, r_large, r_growth, judged))
        if not judged:
            continue
        excused = r_growth if r_growth is not None and steady(ref["small"], fig) else 0
        allowed = TOLERANCE_KB + max(0, excused)
        check(tally, label, fig, growth < allowed,
              "fastnumeric %+d kB, numeric %s kB, allowed < %d" % (
                  growth, "n/a" if r_growth is None else "%+d" % r_growth, allowed), verbose=False)


def results_equal(tally, label, size, fast, ref):
    ok = fast.rows == ref.rows and len(fast.rows) == 1
    check(tally, label, size + " result = numeric's (text, bytes)", ok,
          "" if ok else "fastnumeric %s, numeric %s" % (fast.rows, ref.rows), verbose=False)


class Block:
    """Prints how many checks of one block (operation) passed."""

    def __init__(self, tally, label):
        self.tally, self.label, self.start = tally, label, tally.passed

    def end(self):
        print("  -> %s: %d checks passed" % (self.label, self.tally.passed - self.start), flush=True)


def create(admin, name, t):
    # no autovacuum of these tables while a statement is measured; g holds GROUPS values:
    # say so, so that the hash table is sized alike at both sizes
    execute(admin, ["DROP TABLE IF EXISTS %s" % name,
                    "CREATE UNLOGGED TABLE %s (%s) WITH (autovacuum_enabled = off)"
                    % (name, ", ".join(COLUMNS).replace("{t}", t)),
                    "ALTER TABLE %s ALTER COLUMN g SET (n_distinct = %d)" % (name, GROUPS)])


def copy_part(stress, tally, sizes, path, summary):
    admin = stress.admin
    block = Block(tally, "copy")
    print("\n  COPY FROM (kB)\n" + HEADER, flush=True)
    copies = {}
    variants = (("numeric", "numeric", []),
                ("fastnumeric", "fastnumeric", ["SET fastnumeric.input_cache = on"]),
                ("fastnumeric cache off", "fastnumeric", ["SET fastnumeric.input_cache = off"]))
    for size, rows in sizes:
        for label, t, setting in variants:
            table = "%s_%s" % (t[0], size) if "off" not in label else "f_off_" + size
            create(admin, table, t)
            m = measure(stress, setting, "COPY warm_%s FROM '%s'" % (t, path["warm"]),
                        "COPY %s FROM '%s'" % (table, path[size]), parallel=False)
            copies[(label, size)] = m
            print_row("copy", label if "off" not in label else "fastnum,cache=off", "", rows, m)
            count = fetch(admin, "SELECT count(*) FROM " + table)[0][0]
            check(tally, "copy", "%s %s rows loaded" % (label, size), count == rows,
                  "%d of %d" % (count, rows), verbose=False)
        # both fastnumeric loads hold numeric's values (sum of every column: text)
        sums = ", ".join("sum(%s)::text" % c.split()[0] for c in COLUMNS[2:])
        ref = fetch(admin, "SELECT %s FROM n_%s" % (sums, size))
        for table in ("f_" + size, "f_off_" + size):
            got = fetch(admin, "SELECT %s FROM %s" % (sums, table))
            check(tally, "copy", "%s column sums = numeric's" % table, got == ref,
                  "" if got == ref else "%s vs %s" % (got, ref), verbose=False)
        execute(admin, ["DROP TABLE f_off_" + size, "ANALYZE n_" + size, "ANALYZE f_" + size])
    ref = {s: copies[("numeric", s)] for s, _ in sizes}
    for label in ("fastnumeric", "fastnumeric cache off"):
        judge(tally, "copy cache=" + ("off" if "off" in label else "on"),
              {s: copies[(label, s)] for s, _ in sizes}, ref, summary)
    block.end()


def aggregate_part(stress, tally, sizes, summary):
    admin = stress.admin
    print("\n  aggregates (kB; wk_anon_peak: largest worker/workers seen)\n" + HEADER, flush=True)
    for name, results, source, extra in AGG_OPS:
        cols = ", ".join(r if r.startswith("count") else "%s, (%s)::bytea" % (r, r)
                         for r in results)
        for workers in (0, 2):
            label = "%s wk=%d" % (name, workers)
            block = Block(tally, label)
            setup = extra + (PARALLEL if workers else SERIAL)
            got = {}
            for size, rows in sizes:
                for t in ("numeric", "fastnumeric"):
                    table = "%s_%s" % (t[0], size)
                    stmt = "SELECT %s, %s FROM %s" % (cols, CONTEXT_USED,
                                                      source.replace("{t}", table))
                    warm = stmt.replace(table, "warm_" + t)
                    m = measure(stress, setup, warm, stmt, parallel=workers > 0, ctx_end_column=True)
                    got[(t, size)] = m
                    print_row(name, t, workers, rows, m)
            judge(tally, label, {s: got[("fastnumeric", s)] for s, _ in sizes},
                  {s: got[("numeric", s)] for s, _ in sizes}, summary)
            for size, _ in sizes:
                if workers and name.startswith("window"):
                    continue   # rows reach the window from Gather in no fixed order
                results_equal(tally, label, size, got[("fastnumeric", size)],
                              got[("numeric", size)])
            if workers:
                execute(admin, stress.session() + setup)
                plan = "\n".join(r[0] for r in fetch(admin, "EXPLAIN (COSTS OFF) SELECT %s FROM %s"
                                                     % (cols, source.replace("{t}", "f_large"))))
                execute(admin, ["RESET ALL", "SET search_path = %s, public, pg_catalog" % stress.schema])
                seen = got[("fastnumeric", "large")].wk_seen
                check(tally, label, "plan is parallel, workers seen", "Gather" in plan and seen > 0,
                      "%d workers seen%s" % (seen, "" if "Gather" in plan else ", no Gather"),
                      verbose=False)
            block.end()


def print_summary(summary):
    print("\n  growth, large - small (kB): fastnumeric | numeric  (*: one dump at the small "
          "size, not judged)")
    print("  %-34s %-14s %9s %9s %8s | %9s %9s %8s" % (
        "operation", "figure", "small", "large", "growth", "small", "large", "growth"))
    for label, fig, s, l, g, rs, rl, rg, judged in summary:
        print("  %-34s %-14s %9d %9d %+8d | %9s %9s %8s %s" % (
            label, fig, s, l, g, fmt(rs), fmt(rl), "-" if rg is None else "%+d" % rg,
            "" if judged else "*"), flush=True)


def test_memory_flat(stress, tally, seed, scaled):
    stress.open_log()
    small = ROWS if FULL else scaled(ROWS, MIN_ROWS)
    large = small * FACTOR
    sizes = (("small", small), ("large", large))
    print("memory: %d and %d rows (x%d), tolerance %d kB plus numeric's own growth; "
          "server log %s" % (small, large, FACTOR, TOLERANCE_KB,
                             stress.log.path if stress.log else "not readable: no ctx_sampled"),
          flush=True)
    t0 = time.monotonic()
    path = {size: os.path.join(stress.files, size + ".txt") for size in ("small", "large", "warm")}
    write_rows(path["small"], seed, small)
    write_rows(path["large"], seed, small, FACTOR)
    write_rows(path["warm"], seed + 1, WARM_ROWS)
    print("  data files: %d and %d rows, %.1f MB and %.1f MB (%.1fs)" % (
        small, large, os.path.getsize(path["small"]) / 1e6, os.path.getsize(path["large"]) / 1e6,
        time.monotonic() - t0), flush=True)
    for t in ("numeric", "fastnumeric"):
        create(stress.admin, "warm_" + t, t)
        execute(stress.admin, ["COPY warm_%s FROM '%s'" % (t, path["warm"]), "ANALYZE warm_" + t])

    summary = []
    copy_part(stress, tally, sizes, path, summary)
    aggregate_part(stress, tally, sizes, summary)
    print_summary(summary)
    tally.require({"copy"} | {"%s wk=%d" % (op[0], w) for op in AGG_OPS for w in (0, 2)})
    execute(stress.admin, ["DROP TABLE n_small, f_small, n_large, f_large, warm_numeric, "
                           "warm_fastnumeric"])
