"""
Part 4, backup and point-in-time recovery with pgBackRest: WAL archived by archive-push, a full
backup, then two batches of fastnumeric rows committed on either side of a marked moment; a
restore to that moment (`--type=time`) into a new data directory gives exactly the rows committed
before it, byte for byte, and sound indexes.

pgBackRest is the one in the server's bindir if there is one (test/pg-install puts Debian 13's
there for 17 and 18), else the one on PATH (Debian 12's package, for 15).
"""

import os
import random
import shutil
import subprocess
import time

from nodes import array_text, btree_check, bytea_casts, digest_sql, money_text, own, run, value_text, wait_for

SUITE = "production"
PART = "backup"

# The newest PostgreSQL major of the pgBackRest releases seen here that do not take all three:
# 2.45 (Debian 12's) refuses 17's and 18's data directories ("VersionNotSupportedError: unexpected
# control version = 1800"); 2.55.1 (Debian 13's) backs up and restores 15, 17 and 18.
KNOWN_LIMITS = {"2.45": 15}


def pgbackrest(pg):
    path = os.path.join(pg.bindir, "pgbackrest")
    return path if os.path.exists(path) else shutil.which("pgbackrest")


def pgbackrest_version(pg):
    path = pgbackrest(pg)
    if not path:
        return None
    out = subprocess.run([path, "version"], capture_output=True, text=True).stdout.split()
    return out[-1] if out else None


def missing(pg):
    v = pgbackrest_version(pg)
    if v is None:
        return ["no pgbackrest"]
    limit = KNOWN_LIMITS.get(v)
    return ["pgbackrest %s supports PostgreSQL up to %d" % (v, limit)] if limit and pg.major > limit else []


def note(pg):
    return "" if pg.debian else "pgbackrest %s" % pgbackrest_version(pg)


def batch(conn, r, name, first, n):
    with conn.cursor().copy("COPY ledger (id, batch, v, m, a) FROM STDIN") as cp:
        for i in range(first, first + n):
            cp.write_row((i, name, value_text(r), money_text(r), array_text(r)))


def test_pitr(pg, nodes, tally):
    r = random.Random(4)
    n = 20000 if pg.full else 3000
    node = nodes("origin")
    conf = os.path.join(nodes.base, "pgbackrest.conf")
    repo = os.path.join(nodes.base, "pgbackrest")
    os.makedirs(repo)
    own(repo)
    with open(conf, "w") as f:
        f.write("\n".join([
            "[global]", "repo1-path=%s/repo" % repo, "log-path=%s/log" % repo, "lock-path=%s/lock" % repo,
            "spool-path=%s/spool" % repo, "log-level-console=warn", "log-level-file=info", "start-fast=y",
            "compress-type=none", "repo1-retention-full=1",
            "[main]", "pg1-path=%s" % node.data, "pg1-socket-path=%s" % node.dir, "pg1-port=%d" % node.port,
            "pg1-user=postgres"]) + "\n")
    own(conf)
    backrest = [pgbackrest(pg), "--config=%s" % conf, "--stanza=main"]
    node.settings += ["wal_level = replica", "archive_mode = on",
                      "archive_command = '%s archive-push %%p'" % " ".join(backrest)]
    node.start()
    with node.connect() as c:
        c.execute("CREATE EXTENSION fastnumeric")
        c.execute("CREATE EXTENSION amcheck")
        bytea_casts(c)
        c.execute("CREATE TABLE ledger (id int PRIMARY KEY, batch text NOT NULL, v fastnumeric,"
                  " m fastnumeric(12,2), a fastnumeric[])")
        c.execute("CREATE INDEX ledger_v ON ledger (v)")
        c.execute("CREATE INDEX ledger_m ON ledger (m, id)")
        batch(c, r, "before the backup", 1, n)
    run(backrest + ["stanza-create"])
    run(backrest + ["check"])
    run(backrest + ["--type=full", "backup"], timeout=600)
    info = run(backrest + ["info"]).stdout
    tally.check("backup", "full backup listed", "full backup" in info, info)

    with node.connect() as c:
        batch(c, r, "after the backup", n + 1, n // 2)
        at_mark = c.execute(digest_sql("ledger", ["v", "m", "a[]"])).fetchone()
        time.sleep(1.2)
        mark = str(c.execute("SELECT clock_timestamp()").fetchone()[0])
        time.sleep(1.2)
        batch(c, r, "after the mark", 2 * n, n // 2)
        c.execute("UPDATE ledger SET v = v + 1 WHERE id % 10 = 0")
    run(backrest + ["check"])   # switches the WAL file and waits for it to be archived
    node.stop_fast()

    restored = nodes("restored")
    os.makedirs(restored.dir)
    own(restored.dir)
    run(backrest + ["--pg1-path=%s" % restored.data, "--type=time", "--target=%s" % mark,
                    "--target-action=promote", "restore"], timeout=600)
    restored.start_existing(["archive_mode = off"])
    wait_for("the end of recovery", lambda: not restored.one("SELECT pg_is_in_recovery()"), timeout=300)
    with restored.connect() as c:
        batches = dict(c.execute("SELECT batch, count(*) FROM ledger GROUP BY 1").fetchall())
        tally.check("pitr", "the rows committed before the mark", batches == {"before the backup": n,
                                                                             "after the backup": n // 2},
                    "%r (target %s)" % (batches, mark))
        got = c.execute(digest_sql("ledger", ["v", "m", "a[]"])).fetchone()
        tally.check("pitr", "bytes as at the mark", got == at_mark, "%r != %r" % (got, at_mark))
        c.execute("INSERT INTO ledger (id, batch, v) VALUES (-1, 'after the restore', 1.5)")
    tally.check("pitr", "recovery ended at the target", "recovery stopping before commit" in restored.log_text(),
                restored.log_text()[-2000:])
    btree_check(restored, tally, "pitr")
    tally.require(["backup", "pitr"])
