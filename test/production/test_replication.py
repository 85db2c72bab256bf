"""
Part 1, streaming replication: a primary and a hot standby made with `pg_basebackup -R`; COPY and
a pgbench write load on the primary; after catch-up every digest and query (indexes forced) on the
standby equals the primary's; the standby is promoted, every btree index passes
bt_index_check(heapallindexed), and the promoted server takes writes.
"""

import os
import random
import subprocess

from dataset import PGBENCH, SCHEMA, answers, compare, load
from nodes import btree_check, bytea_casts, has_extension, own, run, wait_for

SUITE = "production"
PART = "replication"


def missing(pg):
    lacks = [t for t in ("pg_basebackup", "pgbench") if not os.path.exists(os.path.join(pg.bindir, t))]
    return ["no %s" % t for t in lacks + ([] if has_extension(pg, "amcheck") else ["amcheck"])]


def note(pg):
    """Which pg_basebackup, when it is another major's (17's is 18's: it takes older servers)."""
    tool = os.path.join(pg.bindir, "pg_basebackup")
    if not os.path.exists(tool):
        return ""
    out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.split()
    major = out[-1].split(".")[0] if out else "?"
    return "" if major == str(pg.major) else "pg_basebackup %s" % major


def caught_up(primary, standby):
    target = primary.one("SELECT pg_current_wal_lsn()")
    return lambda: standby.one("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (str(target),))


def test_streaming_replication(pg, nodes, tally, scaled):
    r = random.Random(1)
    rows = 20000 if pg.full else scaled(3000, 500)
    primary = nodes("primary", ["wal_level = replica", "max_wal_senders = 4"])
    primary.start()
    primary.psql(SCHEMA)
    with primary.connect() as c:
        bytea_casts(c)
        load(c, r, 1, rows // 2)

    standby = nodes("standby")
    os.makedirs(standby.dir)
    own(standby.dir)
    run([primary.tool("pg_basebackup"), "-h", primary.dir, "-p", str(primary.port), "-U", "postgres",
         "-D", standby.data, "-R", "-X", "stream", "-c", "fast"])
    standby.start_existing(["hot_standby = on"])
    tally.check("replication", "standby in recovery", standby.one("SELECT pg_is_in_recovery()"))

    # more rows by COPY and a write load while the standby streams
    with primary.connect() as c:
        load(c, r, rows // 2 + 1, rows - rows // 2)
    script = os.path.join(primary.dir, "writes.sql")
    with open(script, "w") as f:
        f.write(PGBENCH)
    own(script)
    seconds = 30 if pg.full else scaled(3, 2)
    out = run([primary.tool("pgbench"), "-n", "-h", primary.dir, "-p", str(primary.port), "-U", "postgres",
               "-c", "4", "-j", "2", "-T", str(seconds), "-D", "rows=%d" % rows, "-f", script, "postgres"],
              timeout=seconds + 120, check=False)
    tally.check("replication", "pgbench write load",
                out.returncode == 0 and "number of failed transactions: 0 " in out.stdout,
                out.stdout[-1500:] + out.stderr[-1500:])
    written = primary.one("SELECT count(*) FROM plain WHERE id >= 10000000")
    tally.check("replication", "pgbench inserted rows", written > 0, "no row inserted by pgbench")

    wait_for("the standby to replay the primary's WAL", caught_up(primary, standby))
    expected = answers(primary, tally, "replication")
    compare(tally, "replication", expected, answers(standby, tally, "replication"), "standby")

    # failover: promote, check every btree index, write
    run([standby.tool("pg_ctl"), "-D", standby.data, "-w", "-s", "promote"])
    wait_for("the promotion", lambda: not standby.one("SELECT pg_is_in_recovery()"))
    compare(tally, "promotion", expected, answers(standby, tally, "promotion"), "promoted")
    btree_check(standby, tally, "promotion")
    primary.stop_fast()
    with standby.connect() as c:
        before = c.execute("SELECT count(*) FROM plain").fetchone()[0]
        c.execute("INSERT INTO plain (id, v, n) SELECT nextval('ids'), x, x FROM"
                  " (VALUES (1.5), ('NaN'), (-0.001), (123456789012345678901234567890.5)) s(x)")
        c.execute("UPDATE money SET v = v + 1 WHERE id <= 100")
        c.execute("INSERT INTO money (id, v, code) VALUES (-1, 0.01, -0.01)")
        after = c.execute("SELECT count(*) FROM plain").fetchone()[0]
        tally.check("promotion", "writes after promotion", after == before + 4, "%d -> %d" % (before, after))
        dup = c.execute("SELECT count(*) FROM money WHERE code = -0.01").fetchone()[0]
        tally.check("promotion", "unique index after promotion", dup == 1, repr(dup))
    btree_check(standby, tally, "promotion")
    tally.require(["replication", "promotion"])
