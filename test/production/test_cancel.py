"""
Part 8, cancellation: statement_timeout and pg_cancel_backend during long fastnumeric work -- a
sum over 100,000-digit values, multiplications of 100,000-digit values by a 3,000-digit one, a
long COPY -- take effect within 100 ms (from the cancel request, or the timeout's expiry, to the error at the
client; every one of ROUNDS rounds), the backend keeps working, and its
memory (memory contexts, private anonymous memory) returns to where it was after a first
cancelled round of fastnumeric's and numeric's statements (which fills the caches both need).  numeric's latency on the same work is printed beside fastnumeric's.  A cancel
takes effect between two products: one product is not interrupted (nor is numeric's), so each must
take less than the bound (a 100,000 by 30,000-digit product takes longer than 100 ms).
"""

import random
import threading
import time

import psycopg

from nodes import rss_anon_kb

SUITE = "production"
PART = "cancel"
LIMIT = 0.100
ROUNDS = 2   # measured rounds of each case at scale 1 (times --scale, at least one)
AFTER = 0.5   # seconds into the statement when it is cancelled or times out

CASES = [
    ("sum of 100k-digit values", "SELECT sum(v) FROM huge, generate_series(1, 1000000)"),
    ("100k-digit multiplications", "SELECT count(*) FROM huge h, mul m, generate_series(1, 1000) g"
                                   " WHERE (h.v * m.b) IS NOT NULL"),
    ("long COPY", "COPY copied (v) FROM PROGRAM 'seq -f %.3f 1 0.001 100000'"),
]

CONTEXTS = "SELECT name, sum(total_bytes) FROM pg_backend_memory_contexts GROUP BY name"
CONTEXT_SLACK = 64 * 1024
RSS_SLACK_KB = 2048


def digits(r, n):
    return str(r.randint(1, 9)) + "".join(str(r.randrange(10)) for _ in range(n - 1))


def cancelled_after(conn, query, how, pid, admin):
    """Run QUERY, cancel it AFTER seconds in (HOW: timeout or pg_cancel_backend); the latency."""
    stamp = {}
    if how == "timeout":
        conn.execute("SET statement_timeout = %d" % int(AFTER * 1000))
    else:
        def cancel():
            time.sleep(AFTER)
            stamp["sent"] = time.monotonic()
            admin.execute("SELECT pg_cancel_backend(%s)", (pid,))
        t = threading.Thread(target=cancel)
        t.start()
    start = time.monotonic()
    try:
        conn.execute(query)
        ended = None
    except psycopg.errors.QueryCanceled:
        ended = time.monotonic()
    finally:
        if how == "timeout":
            conn.execute("RESET statement_timeout")
        else:
            t.join()
    if ended is None:
        return None
    return ended - (stamp["sent"] if how == "cancel" else start + AFTER)


def memory(conn, pid):
    """The backend's memory: contexts' bytes in all, private anonymous kB, bytes by context name."""
    by_name = {name: int(size) for name, size in conn.execute(CONTEXTS).fetchall()}
    return sum(by_name.values()), rss_anon_kb(pid), by_name


def grown(base, after):
    """The contexts that grew, largest first: what a failed memory check names."""
    growth = {n: after[2][n] - base[2].get(n, 0) for n in after[2]}
    return ", ".join("%s +%d" % (n, g) for n, g in sorted(growth.items(), key=lambda x: -x[1]) if g > 0)


def test_cancellation(pg, nodes, tally, scaled):
    r = random.Random(8)
    node = nodes("cancel")
    node.start()
    with node.connect() as c:
        c.execute("CREATE EXTENSION fastnumeric")
        c.execute("CREATE TABLE huge (v fastnumeric, n numeric)")
        for _ in range(4):
            t = digits(r, 100000) if r.random() < 0.5 else digits(r, 90000) + "." + digits(r, 10000)
            c.execute("INSERT INTO huge VALUES (%s::text::fastnumeric, %s::text::numeric)", (t, t))
        c.execute("CREATE TABLE mul (b fastnumeric, nb numeric)")
        t = digits(r, 3000)
        c.execute("INSERT INTO mul VALUES (%s::text::fastnumeric, %s::text::numeric)", (t, t))
        c.execute("CREATE TABLE copied (v fastnumeric)")
        c.execute("CREATE TABLE ncopied (v numeric)")
    # no automatic server-side PREPARE: a statement prepared in a later round would count as growth
    with node.connect(prepare_threshold=None) as work, node.connect() as admin:
        pid = work.execute("SELECT pg_backend_pid()").fetchone()[0]
        for name, query in CASES:
            numeric_query = (query.replace("sum(v)", "sum(n)").replace("h.v * m.b", "h.n * m.nb")
                             .replace("COPY copied", "COPY ncopied"))
            for how in ("timeout", "cancel"):
                latencies, numeric = [], []
                base = None
                for k in range(scaled(ROUNDS, 1) + 1):
                    got = cancelled_after(work, query, how, pid, admin)
                    if got is None:
                        tally.check(name, "cancelled", False, "%s: the statement ended by itself" % how)
                        break
                    if k == 0:
                        # a first cancelled round of both twins fills the caches they need
                        cancelled_after(work, numeric_query, how, pid, admin)
                        base = memory(work, pid)
                        continue
                    latencies.append(got)
                    numeric.append(cancelled_after(work, numeric_query, how, pid, admin))
                if not latencies:
                    continue
                after = memory(work, pid)
                worst = max(latencies)
                print("  cancel %s by %s: fastnumeric %s ms, numeric %s ms" % (
                    name, how, [round(x * 1000) for x in latencies],
                    [None if x is None else round(x * 1000) for x in numeric]), flush=True)
                tally.check(name, "within 100 ms", worst <= LIMIT,
                            "%s: %.0f ms (rounds: %r ms; numeric's: %r ms)" % (
                                how, worst * 1000, [round(x * 1000) for x in latencies],
                                [None if x is None else round(x * 1000) for x in numeric]))
                tally.check(name, "backend keeps working", work.execute("SELECT 1 + 1").fetchone()[0] == 2, how)
                tally.check(name, "memory returned",
                            after[0] - base[0] <= CONTEXT_SLACK and after[1] - base[1] <= RSS_SLACK_KB,
                            "%s: contexts %d -> %d bytes (%s), RssAnon %d -> %d kB" % (
                                how, base[0], after[0], grown(base, after) or "none grew", base[1], after[1]))
        rows = work.execute("SELECT count(*) FROM copied").fetchone()[0]
        tally.check("long COPY", "nothing of a cancelled COPY kept", rows == 0, "%d rows" % rows)
    tally.require([name for name, _ in CASES])
