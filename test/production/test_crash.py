"""
Part 3, crash safety: 8 clients write fastnumeric rows (COPY batches and single-row transactions)
and keep a ledger of what each committed transaction wrote; the whole server is killed with
SIGKILL at a random moment, several times; after each crash recovery every committed row is
there with the value it was given, no row of a transaction that failed before its COMMIT is,
every stored value equals numeric's reading of its text (bytes and text), and amcheck finds the
heap and every btree index sound. A transaction whose COMMIT was in flight at the kill may be
either; how many were, and how many of them came back, is printed.
"""

import io
import random
import threading
import time

import psycopg

from nodes import btree_check, bytea_casts, has_extension, money_text, value_text

SUITE = "production"
PART = "crash"
CLIENTS = 8

SCHEMA = """
CREATE EXTENSION IF NOT EXISTS fastnumeric;
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE TABLE written (id bigint PRIMARY KEY, client int NOT NULL, src_v text NOT NULL, src_m text NOT NULL,
                      v fastnumeric, m fastnumeric(14,4) NOT NULL);
CREATE INDEX written_v ON written (v);
CREATE INDEX written_m ON written (m, id);
CREATE INDEX written_v_hash ON written USING hash (v);
"""


def missing(pg):
    return [] if has_extension(pg, "amcheck") else ["no amcheck"]


class Ledger:
    def __init__(self):
        self.lock = threading.Lock()
        self.committed = {}     # id -> (src_v, src_m)
        self.in_doubt = {}      # id -> (src_v, src_m): COMMIT sent, no answer
        self.failed = set()     # ids of transactions that failed before COMMIT
        self.copies_cut = 0     # COPY batches the kill cut off
        self.txns_cut = 0       # transactions failed before COMMIT
        self.txns_in_doubt = 0  # transactions whose COMMIT had no answer


def client(node, number, ledger, stop, r, big):
    """Write until the connection breaks (the kill) or STOP is set."""
    seq = 0
    try:
        conn = node.connect(autocommit=False)
    except psycopg.Error:
        return
    with conn:
        while not stop.is_set():
            copy = r.random() < 0.3
            n = r.randint(200, 3000 if big else 1500) if copy else 1
            rows = []
            for _ in range(n):
                seq += 1
                rows.append(((number * 10 ** 9) + seq, value_text(r), money_text(r)))
            ids = [row[0] for row in rows]
            try:
                with conn.cursor() as cur:
                    if copy:
                        with cur.copy("COPY written (id, client, src_v, src_m, v, m) FROM STDIN") as cp:
                            buf = io.StringIO()
                            for i, sv, sm in rows:
                                buf.write("%d\t%d\t%s\t%s\t%s\t%s\n" % (i, number, sv, sm, sv, sm))
                            data = buf.getvalue()
                            for k in range(0, len(data), 8192):   # in pieces, so a kill can cut it
                                cp.write(data[k:k + 8192])
                    else:
                        cur.execute("INSERT INTO written (id, client, src_v, src_m, v, m)"
                                    " VALUES (%s, %s, %s, %s, %s::text::fastnumeric, %s::text::fastnumeric(14,4))",
                                    (ids[0], number, rows[0][1], rows[0][2], rows[0][1], rows[0][2]))
            except psycopg.Error:
                with ledger.lock:
                    ledger.failed.update(ids)
                    ledger.copies_cut += copy
                    ledger.txns_cut += 1
                return
            try:
                conn.commit()
            except psycopg.Error:
                with ledger.lock:
                    ledger.in_doubt.update((i, (sv, sm)) for i, sv, sm in rows)
                    ledger.txns_in_doubt += 1
                return
            with ledger.lock:
                ledger.committed.update((i, (sv, sm)) for i, sv, sm in rows)


def verify(node, ledger, tally, group):
    """Compare the table with the ledger; settle the in-doubt transactions either way."""
    with node.connect() as c:
        c.execute("CREATE TEMP TABLE expected (id bigint, src_v text, src_m text, sure bool)")
        with c.cursor().copy("COPY expected FROM STDIN") as cp:
            for sure, book in ((True, ledger.committed), (False, ledger.in_doubt)):
                for i, (sv, sm) in book.items():
                    cp.write_row((i, sv, sm, sure))
        lost, stray, changed, doubt_back, doubt_gone = c.execute("""
            SELECT count(*) FILTER (WHERE e.sure AND w.id IS NULL),
                   count(*) FILTER (WHERE e.id IS NULL),
                   count(*) FILTER (WHERE w.id IS NOT NULL AND e.id IS NOT NULL
                                    AND (w.src_v, w.src_m) IS DISTINCT FROM (e.src_v, e.src_m)),
                   count(*) FILTER (WHERE NOT e.sure AND w.id IS NOT NULL),
                   count(*) FILTER (WHERE NOT e.sure AND w.id IS NULL)
            FROM written w FULL JOIN expected e USING (id)""").fetchone()
        tally.check(group, "committed rows present", lost == 0, "%d committed rows missing" % lost)
        tally.check(group, "no uncommitted row", stray == 0, "%d rows no committed transaction wrote" % stray)
        tally.check(group, "rows as written", changed == 0, "%d rows differ from the ledger" % changed)
        failed = c.execute("SELECT count(*) FROM written WHERE id = ANY(%s)", (list(ledger.failed),)).fetchone()[0]
        tally.check(group, "failed transactions absent", failed == 0, "%d rows of failed transactions" % failed)
        bad_v, bad_m, total = c.execute("""
            SELECT count(*) FILTER (WHERE v::bytea IS DISTINCT FROM src_v::numeric::bytea
                                       OR v::text IS DISTINCT FROM src_v::numeric::text),
                   count(*) FILTER (WHERE m::bytea IS DISTINCT FROM src_m::numeric(14,4)::bytea),
                   count(*) FROM written""").fetchone()
        tally.check(group, "values equal numeric's", bad_v == 0 and bad_m == 0,
                    "%d v and %d m values differ from numeric's reading of their text" % (bad_v, bad_m))
        heap = c.execute("SELECT count(*) FROM verify_heapam('written')").fetchone()[0]
        tally.check(group, "verify_heapam", heap == 0, "%d heap problems" % heap)
    btree_check(node, tally, group)
    print("  %s: %d rows, %d of them committed in the ledger; %d transactions had their COMMIT in"
          " flight (%d rows back, %d not); %d cut before COMMIT (%d of them COPY batches)"
          % (group, total, len(ledger.committed), ledger.txns_in_doubt, doubt_back, doubt_gone,
             ledger.txns_cut, ledger.copies_cut), flush=True)
    with node.connect() as c:
        back = {i for (i,) in c.execute("SELECT id FROM written WHERE id = ANY(%s)",
                                         (list(ledger.in_doubt),)).fetchall()}
    for i, v in ledger.in_doubt.items():
        if i in back:
            ledger.committed[i] = v
    ledger.in_doubt.clear()
    ledger.failed.clear()
    ledger.copies_cut = ledger.txns_cut = ledger.txns_in_doubt = 0
    return total


def test_crash_recovery(pg, nodes, tally, scaled):
    r = random.Random(3)
    node = nodes("crash", ["max_connections = 40"])
    node.start()
    node.psql(SCHEMA)
    with node.connect() as c:
        bytea_casts(c)
    ledger = Ledger()
    rounds = 8 if pg.full else scaled(2, 1)
    for k in range(rounds):
        start = len(ledger.committed)
        stop = threading.Event()
        threads = [threading.Thread(target=client, args=(node, i + 1 + 100 * k, ledger, stop,
                                                         random.Random(r.random()), pg.full))
                   for i in range(CLIENTS)]
        for t in threads:
            t.start()
        time.sleep(r.uniform(1.0, 6.0 if pg.full else 3.0))
        node.kill9()
        stop.set()
        for t in threads:
            t.join(60)
        tally.check("crash", "clients stopped", not any(t.is_alive() for t in threads), "a client hangs")
        tally.check("crash", "transactions committed before the kill", len(ledger.committed) > start,
                    "nothing committed in round %d" % k)
        node.pg_ctl_start()
        rows = verify(node, ledger, tally, "crash %d" % (k + 1))
        tally.check("crash", "rows survived", rows > 0, "empty table after crash %d" % (k + 1))
    recovered = node.log_text().count("was not properly shut down; automatic recovery in progress")
    tally.check("crash", "crash recoveries", recovered >= rounds,
                "%d crash recoveries in the log, %d kills" % (recovered, rounds))
    tally.require(["crash"] + ["crash %d" % (k + 1) for k in range(rounds)])
