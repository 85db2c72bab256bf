"""
Part 2, logical replication: a publisher and a subscriber server; one subscription with
`binary = false` and one with `binary = true` (each in a database of its own), both with
`streaming = on`. Tables fastnumeric -> fastnumeric, numeric -> fastnumeric and fastnumeric ->
numeric (the migration path), with typmod and array columns; the initial copy, then INSERT,
UPDATE (values and keys), DELETE and one transaction large enough to be streamed before its
commit. Every subscriber table must end byte for byte (`::bytea`) equal to its publisher table.
"""

import random

from nodes import array_text, bytea_casts, digest_sql, money_text, value_text, wait_for

SUITE = "production"
PART = "logical"

# table -> (publisher's type, subscriber's type)
TABLES = {"f2f": ("fastnumeric", "fastnumeric"), "n2f": ("numeric", "fastnumeric"), "f2n": ("fastnumeric", "numeric")}


def table_sql(name, t):
    return "CREATE TABLE %s (id int PRIMARY KEY, v %s, m %s(12,2), a %s[])" % (name, t, t, t)


def rows(r, first, n):
    return [(i, value_text(r), money_text(r), array_text(r)) for i in range(first, first + n)]


def copy(conn, table, data):
    with conn.cursor().copy("COPY %s (id, v, m, a) FROM STDIN" % table) as cp:
        for row in data:
            cp.write_row(row)


def test_logical_replication(pg, nodes, tally, scaled):
    r = random.Random(2)
    n = 4000 if pg.full else scaled(1000, 200)
    big = 40000 if pg.full else scaled(6000, 5000)   # (at least: streamed before its commit)
    pub = nodes("publisher", ["wal_level = logical", "max_replication_slots = 8", "max_wal_senders = 8",
                              "logical_decoding_work_mem = '64kB'"])
    sub = nodes("subscriber", ["max_replication_slots = 8", "max_logical_replication_workers = 8",
                               "max_worker_processes = 16"])
    pub.start()
    sub.start()
    with pub.connect() as c:
        c.execute("CREATE EXTENSION fastnumeric")
        bytea_casts(c)
        for name, (src, _) in TABLES.items():
            c.execute(table_sql(name, src))
            copy(c, name, rows(r, 1, n))
        c.execute("CREATE PUBLICATION pub FOR TABLE f2f, n2f, f2n")
    with sub.connect() as c:
        for db in ("sub_text", "sub_bin"):
            c.execute("CREATE DATABASE " + db)
    for db, binary in (("sub_text", False), ("sub_bin", True)):
        with sub.connect(db) as c:
            c.execute("CREATE EXTENSION fastnumeric")
            bytea_casts(c)
            for name, (_, dst) in TABLES.items():
                c.execute(table_sql(name, dst))
            c.execute("CREATE SUBSCRIPTION %s CONNECTION '%s' PUBLICATION pub WITH (binary = %s, streaming = on)"
                      % (db, pub.conninfo(), binary))

    def same(group, kind):
        """Wait (bounded) until every subscriber table's digest equals its publisher table's;
        then one check per table and subscription."""
        for db, binary in (("sub_text", False), ("sub_bin", True)):
            for name in TABLES:
                q = digest_sql(name, ["v", "m", "a[]"])
                expected = pub.sql(q)

                def equal():
                    return sub.sql(q, dbname=db) == expected
                try:
                    wait_for("%s.%s to match the publisher" % (db, name), equal, timeout=120, step=0.3)
                    ok = True
                except AssertionError:
                    ok = False
                tally.check(group, "%s %s" % (kind, "binary" if binary else "text"), ok,
                            "%s.%s: %r != publisher's %r" % (db, name, sub.sql(q, dbname=db), expected))

    same("initial copy", "bytes equal")
    # streamed changes
    with pub.connect() as c:
        for name in TABLES:
            copy(c, name, rows(r, n + 1, n // 2))
            c.execute("UPDATE %s SET v = v * 3 - 1, m = round(m / 2, 2), a = CASE WHEN array_ndims(a) = 1 THEN a || v ELSE a END WHERE id %% 5 = 0" % name)
            c.execute("UPDATE %s SET id = id + 1000000 WHERE id %% 7 = 0" % name)
            c.execute("DELETE FROM %s WHERE id %% 11 = 0" % name)
    same("changes", "bytes equal")
    with pub.connect(autocommit=False) as c:
        for name in TABLES:
            copy(c, name, rows(r, 2000000, big))
            c.execute("UPDATE %s SET v = -v WHERE id BETWEEN 2000000 AND 2001000" % name)
        c.commit()
    same("large transaction", "bytes equal")
    streamed = pub.sql("SELECT slot_name, stream_txns FROM pg_stat_replication_slots ORDER BY 1")
    tally.check("large transaction", "streamed before commit", len(streamed) == 2 and all(s > 0 for _, s in streamed),
                "pg_stat_replication_slots: %r" % (streamed,))
    errors = [line for line in sub.log_text().splitlines() if "ERROR:" in line]
    tally.check("changes", "no apply errors", not errors, "\n".join(errors[:5]))
    tally.require(["initial copy", "changes", "large transaction"])
