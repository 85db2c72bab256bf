"""
Concurrency: pgbench, CLIENTS clients for SECONDS, prepared statements (text parameters),
mixing single-row INSERTs of random values (into fastnumeric, fastnumeric(12,2) and numeric,
numeric(12,2) columns of the same row) and aggregate queries over 1,000-row ranges that fail
if fastnumeric's sum/avg/min/max differ from numeric's.  Then: no failed or aborted
transaction, the row count equals the INSERTs pgbench counted, every row's fastnumeric values
equal its numeric ones, the totals are equal, the postmaster did not restart.

pgbench comes from the server's own bindir.  SECONDS x --scale (at least MIN_SECONDS);
STRESS_FULL=1 in the environment: 60 s.
"""

import os
import re
import subprocess

from stress_lib import APP, check, fetch
from stress_lib import stress  # noqa: F401  (the fixture)

SUITE = "stress"
SEED = 20240601
FULL = os.environ.get("STRESS_FULL", "") not in ("", "0")
SECONDS = 60 if FULL else 5    # at scale 1 (times --scale, at least MIN_SECONDS)
MIN_SECONDS = 3
CLIENTS = 8

INSERT_SCRIPT = r"""-- one row: v into fastnumeric and numeric, w into fastnumeric(12,2) and numeric(12,2);
-- pgbench -M prepared sends them as text parameters, as drivers do
\set shape random(1, 5)
\if :shape = 1
\set v random(-99999999999, 99999999999) / 100.0
\elif :shape = 2
\set v random(-9999999999999, 9999999999999) / 10000.0
\elif :shape = 3
\set v random(-999999999, 999999999)
\elif :shape = 4
\set v random(-999999, 999999) / 1000000.0
\else
\set v random(-4611686018427387903, 4611686018427387903)
\endif
\set w random(-99999999999999, 99999999999999) / 100000.0
INSERT INTO %(schema)s.pgb (f, n, f2, n2) VALUES (:v, :v, :w, :w);
"""

AGG_SCRIPT = r"""-- aggregates over 1,000 ids from a random place; mismatch() raises if the types differ
SELECT coalesce(max(id), 1) AS hi FROM %(schema)s.pgb \gset
\set lo random(1, :hi)
SELECT CASE WHEN ROW(%(fast)s) IS NOT DISTINCT FROM ROW(%(num)s) THEN count(*)
            ELSE %(schema)s.mismatch(:lo) END
FROM %(schema)s.pgb WHERE id BETWEEN :lo AND :lo + 999;
"""


def agg_list(cols):
    """'sum(f)::text, sum(f)::bytea, avg(f)::text, ...' over the given columns."""
    return ", ".join("%s(%s)::%s" % (a, c, k) for c in cols
                     for a in ("sum", "avg", "min", "max") for k in ("text", "bytea"))


def run_pgbench(stress, seed, seconds):
    """pgbench's output and exit status, and the number of INSERT and aggregate transactions."""
    scripts = {}
    for name, text in (("insert", INSERT_SCRIPT), ("aggregate", AGG_SCRIPT)):
        scripts[name] = os.path.join(stress.work, name + ".sql")
        with open(scripts[name], "w") as fh:
            fh.write(text % {"schema": stress.schema, "fast": agg_list(("f", "f2")),
                             "num": agg_list(("n", "n2"))})
    pgbench = stress.program("pgbench")
    assert pgbench, "pgbench not found"
    # one thread: pgbench 15 adds up the per-script counts of several threads without a lock
    # (with -j 2 they came out 23 short of the total), and the row count is checked on them
    cmd = [pgbench, "-n", "-M", "prepared", "-c", str(CLIENTS), "-j", "1",
           "-T", str(seconds), "--random-seed", str(seed),
           "-f", scripts["insert"] + "@10", "-f", scripts["aggregate"] + "@1"]
    print("  " + " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PGAPPNAME=APP),
                          timeout=seconds + 120)
    out = proc.stdout + proc.stderr
    keep = re.compile(r"^(number of|tps|latency average|SQL script| - \d+ transactions|"
                      r" - number of failed|pgbench: error|.*aborted)")
    for line in out.splitlines():
        if keep.match(line):
            print("  | " + line)
    return proc.returncode, out


def test_pgbench_concurrent(stress, tally, seed, scaled):
    admin = stress.admin
    seconds = scaled(SECONDS, MIN_SECONDS)
    print("\npgbench: %d clients, %d s, INSERT script weight 10, aggregate script weight 1"
          % (CLIENTS, seconds), flush=True)
    admin.execute("""
        CREATE TABLE pgb (id bigserial PRIMARY KEY, f fastnumeric, n numeric,
                          f2 fastnumeric(12,2), n2 numeric(12,2));
        CREATE FUNCTION mismatch(lo bigint) RETURNS bigint LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'fastnumeric and numeric aggregates differ over ids % to %',
                                 lo, lo + 999; END $$;""")
    started = fetch(admin, "SELECT pg_postmaster_start_time()")[0][0]
    rc, out = run_pgbench(stress, seed, seconds)

    errors = [l for l in out.splitlines() if "error" in l.lower() or "abort" in l.lower()]
    check(tally, "pgbench", "exit status 0, no errors, no aborted client", rc == 0 and not errors,
          "exit %d%s" % (rc, "; " + "; ".join(errors[:3]) if errors else ""))
    failed = re.search(r"^number of failed transactions: (\d+)", out, re.M)
    check(tally, "pgbench", "failed transactions = 0", failed is not None and failed.group(1) == "0",
          failed.group(0) if failed else "no such line")
    per_script = [int(x) for x in re.findall(r"^ - (\d+) transactions", out, re.M)]
    inserts, aggs = (per_script + [0, 0])[:2]
    check(tally, "pgbench", "ran both scripts", inserts > 0 and aggs > 0,
          "%d INSERT, %d aggregate transactions" % (inserts, aggs))

    count, nonnull, rows_differ = fetch(admin,
        "SELECT count(*), count(f) + count(n) + count(f2) + count(n2), count(*) FILTER (WHERE "
        "f::text IS DISTINCT FROM n::text OR f::bytea IS DISTINCT FROM n::bytea "
        "OR f2::text IS DISTINCT FROM n2::text OR f2::bytea IS DISTINCT FROM n2::bytea) "
        "FROM pgb")[0]
    check(tally, "rows", "= INSERTs pgbench counted", count == inserts and nonnull == 4 * count,
          "%d rows, %d INSERTs, %d non-null values" % (count, inserts, nonnull))
    check(tally, "rows", "every row: fastnumeric = numeric (text, bytes)", rows_differ == 0,
          "%d rows differ" % rows_differ)
    for fcol, ncol in (("f", "n"), ("f2", "n2")):
        for agg in ("sum", "avg", "min", "max"):
            f_text, f_hex, n_text, n_hex = fetch(admin,
                "SELECT {a}({f})::text, encode({a}({f})::bytea, 'hex'), {a}({n})::text, "
                "encode({a}({n})::bytea, 'hex') FROM pgb".format(a=agg, f=fcol, n=ncol))[0]
            same = (f_text, f_hex) == (n_text, n_hex)
            check(tally, "total", "%s(%s) = %s(%s)" % (agg, fcol, agg, ncol), same,
                  f_text if same else "%s %s vs %s %s" % (f_text, f_hex, n_text, n_hex))
    check(tally, "server", "postmaster did not restart",
          fetch(admin, "SELECT pg_postmaster_start_time()")[0][0] == started)
    tally.require({"pgbench", "rows", "total", "server"})
