"""
Part 7, load: 32 clients for a bounded time (15 s; 3 minutes with FASTNUMERIC_FULL=1) mixing COPY,
INSERT and UPDATE of fastnumeric and numeric columns, fused sums of products and the
accelerator over numeric columns (each sum compared in the same query with numeric's own); no
error, every backend's memory flat after the warm-up (its memory contexts and its private
anonymous memory, read from /proc), and every total in the tables equal to the clients' ledgers.
"""

import decimal
import io
import random
import threading
import time

from nodes import has_extension, rss_anon_kb

SUITE = "production"
PART = "load"
CLIENTS = 32
SLOTS = 20

SCHEMA = """
CREATE EXTENSION fastnumeric;
CREATE TABLE acct (id int PRIMARY KEY, client int NOT NULL, balance fastnumeric(16,2) NOT NULL,
                   nbal numeric(16,2) NOT NULL);
CREATE TABLE events (id bigserial PRIMARY KEY, client int NOT NULL, amount fastnumeric(12,2) NOT NULL,
                     qty fastnumeric NOT NULL, nprice numeric(12,2) NOT NULL, nqty numeric NOT NULL);
CREATE INDEX events_client ON events (client);
CREATE INDEX events_amount ON events (amount);
INSERT INTO acct SELECT c * 100 + s, c, 0, 0 FROM generate_series(1, %d) c, generate_series(1, %d) s;
""" % (CLIENTS, SLOTS)

MEMORY = "SELECT pg_backend_pid(), sum(total_bytes) FROM pg_backend_memory_contexts"

# contexts grow a little while caches fill (relcache, plan cache, catalog caches); a leak of a few
# bytes per row or statement grows past these in seconds
CONTEXT_SLACK = 256 * 1024
RSS_SLACK_KB = 2048


def missing(pg):
    return [] if has_extension(pg, "amcheck") else ["no amcheck"]


def money(r):
    return decimal.Decimal(r.randrange(-10 ** 7, 10 ** 7)).scaleb(-2)


def qty(r):
    return decimal.Decimal(r.randrange(1, 10 ** 5)).scaleb(-r.randrange(0, 4))


class Client(threading.Thread):
    def __init__(self, node, number, seconds, warmup):
        super().__init__()
        self.node, self.number, self.r = node, number, random.Random(number)
        self.end, self.warm_at = time.monotonic() + seconds, time.monotonic() + warmup
        self.errors, self.mismatches, self.samples = [], [], []
        self.balances = {self.number * 100 + s: decimal.Decimal(0) for s in range(1, SLOTS + 1)}
        self.amount = decimal.Decimal(0)
        self.events = 0
        self.ops = 0

    def run(self):
        try:
            with self.node.connect() as c:
                c.execute("SET fastnumeric.accelerate_numeric = on")
                while time.monotonic() < self.end:
                    self.step(c)
                    self.ops += 1
                    if self.ops % 25 == 0:
                        pid, ctx = c.execute(MEMORY).fetchone()
                        self.samples.append((time.monotonic() >= self.warm_at, int(ctx), rss_anon_kb(pid)))
                pid, ctx = c.execute(MEMORY).fetchone()
                self.samples.append((True, int(ctx), rss_anon_kb(pid)))
        except Exception as e:   # every error is a failure of the part, whatever it is
            self.errors.append("client %d: %r" % (self.number, e))

    def step(self, c):
        r, k = self.r, self.r.random()
        if k < 0.15:
            rows = [(money(r), qty(r)) for _ in range(r.randint(20, 80))]
            buf = io.StringIO()
            for a, q in rows:
                buf.write("%d\t%s\t%s\t%s\t%s\n" % (self.number, a, q, a, q))
            with c.cursor().copy("COPY events (client, amount, qty, nprice, nqty) FROM STDIN") as cp:
                cp.write(buf.getvalue())
            self.events += len(rows)
            self.amount += sum(a for a, _ in rows)
        elif k < 0.35:
            a, q = money(r), qty(r)
            c.execute("INSERT INTO events (client, amount, qty, nprice, nqty) VALUES (%s, %s, %s, %s, %s)",
                      (self.number, a, q, a, q))
            self.events += 1
            self.amount += a
        elif k < 0.6:
            slot = r.choice(list(self.balances))
            d = money(r)
            with c.transaction():
                c.execute("UPDATE acct SET balance = balance + %s, nbal = nbal + %s WHERE id = %s", (d, d, slot))
            self.balances[slot] += d
        elif k < 0.8:
            self.compare(c, "SELECT sum(amount * qty), sum(amount * qty * qty), count(*) FROM events WHERE client = %s",
                         "fastnumeric.sum_products")
        else:
            self.compare(c, "SELECT sum(nprice * nqty), avg(nprice), max(nqty), sum(nprice + nqty) FROM events"
                            " WHERE client = %s", "fastnumeric.accelerate_numeric")

    def compare(self, c, query, setting):
        """QUERY as planned with SETTING on (the session's) equals QUERY with it off."""
        on = c.execute(query, (self.number,)).fetchone()
        with c.transaction():
            c.execute("SET LOCAL %s = off" % setting)
            off = c.execute(query, (self.number,)).fetchone()
        if on != off:
            self.mismatches.append("%s on %r != off %r" % (setting, on, off))


def test_load(pg, nodes, tally, scaled):
    seconds = 180 if pg.full else scaled(15, 8)   # (--scale: at least a warm-up and a measured part)
    node = nodes("load", ["max_connections = 60", "shared_buffers = '64MB'"])
    node.start()
    node.psql(SCHEMA)
    clients = [Client(node, i + 1, seconds, seconds * 0.3) for i in range(CLIENTS)]
    for t in clients:
        t.start()
    for t in clients:
        t.join(seconds + 300)
    tally.check("load", "clients finished", not any(t.is_alive() for t in clients), "a client hangs")
    ops = sum(t.ops for t in clients)
    print("  load: %d clients, %d s, %d operations, %d events" % (CLIENTS, seconds, ops,
                                                                  sum(t.events for t in clients)), flush=True)
    growth = []
    for t in clients:
        tally.check("load", "no error", not t.errors, "; ".join(t.errors[:3]))
        tally.check("load", "sums equal numeric's", not t.mismatches and t.ops > 0, "; ".join(t.mismatches[:3]))
        warm = [s for s in t.samples if s[0]]
        ok = len(warm) >= 2
        if ok:
            ctx = warm[-1][1] - warm[0][1]
            rss = warm[-1][2] - warm[0][2]
            growth.append((ctx, rss))
            ok = ctx <= CONTEXT_SLACK and rss <= RSS_SLACK_KB
        tally.check("load", "memory flat after warm-up", ok,
                    "client %d: samples after warm-up %r" % (t.number, warm[:2] + warm[-2:]))
    if growth:
        print("  load: memory growth after warm-up, largest: contexts %d bytes, RssAnon %d kB"
              % (max(g[0] for g in growth), max(g[1] for g in growth)), flush=True)
    with node.connect() as c:
        for t in clients:
            got = c.execute("SELECT count(*), coalesce(sum(amount), 0::fastnumeric)::numeric, coalesce(sum(nprice), 0)"
                            " FROM events WHERE client = %s", (t.number,)).fetchone()
            tally.check("ledger", "events", got == (t.events, t.amount, t.amount),
                        "client %d: %r != (%d, %s)" % (t.number, got, t.events, t.amount))
            rows = dict((i, (b, n)) for i, b, n in c.execute(
                "SELECT id, balance::numeric, nbal FROM acct WHERE client = %s", (t.number,)).fetchall())
            tally.check("ledger", "balances", all(rows[i] == (v, v) for i, v in t.balances.items()),
                        "client %d" % t.number)
        c.execute("CREATE EXTENSION amcheck")
        for idx in ("events_pkey", "events_client", "events_amount", "acct_pkey"):
            c.execute("SELECT bt_index_check(%s::regclass, true)", (idx,))
            tally.check("ledger", "bt_index_check", True)
    tally.require(["load", "ledger"])
