"""
Binary receive of malformed wire values: fastnumeric against numeric, in one server.

Every value is sent as bytes, unchecked, both ways into both types, into a plain column and a
(5,2) one, over a psycopg connection of its own:
  copy  binary COPY t (id, v or v52) FROM STDIN, one value per COPY (a hand-built stream:
        signature, flags, header extension, one tuple, trailer)
  bind  a prepared INSERT INTO t (id, v or v52) VALUES ($1, $2), the value a binary parameter
        typed as the column's type
The tables are recv_fuzz_numeric.t and recv_fuzz_fastnumeric.t (id int4, v <type>, v52
<type>(5,2)): the same name, so that error contexts ("COPY t, line 1, column v") compare too.

Values: first the crafted malformed ones (bad sign word, digit >= 10000, negative or huge
digit count, dscale out of range or with high bits, truncated, extra bytes, NaN with digits,
extreme weights ...), each shown with its outcome; then COUNT x --scale random ones (the count
fixture; seed 20240607): header words around and beyond the valid ranges, digits mostly valid with
some >= 10000, counts that do not match the digits, cut or extended values, random bytes.

Checks (group recv), per value: copy and bind (the same SQLSTATE, message, detail, hint and
context for both types, or both accepted), copy-stored and bind-stored (each table holds the
row exactly when its statement succeeded, and the rows both types accepted are equal:
numeric_out text against fastnumeric_out and against the value cast to numeric, and the datum
bytes); for crafted values meant to fail, crafted-fails.  Every BATCH values the backend must
still be the same process, and at the end the postmaster must not have restarted; a run that
cannot finish counts one failure more.
"""

import struct
import time

import psycopg
import pytest
from psycopg.adapt import Dumper
from psycopg.pq import Format
from psycopg.types.numeric import Int4

from harness import db

SUITE = "recv_fuzz"
SEED = 20240607
# Random values at scale 1, one round trip each (the crafted ones, every boundary of the wire
# format, are sent whatever the count).
COUNT = 5000
MIN_COUNT = 500
BATCH = 250          # values between two checks of the stored rows
TYPES = ("numeric", "fastnumeric")
COLUMNS = ("v", "v52")

# --------------------------------------------------------------------------------------------
# Wire values: ndigits, weight, sign, dscale (16-bit words), then ndigits 16-bit digits.

POS, NEG, NAN, PINF, NINF = 0x0000, 0x4000, 0xC000, 0xD000, 0xF000


def wire(ndigits, weight, sign, dscale, digits=(), extra=b""):
    return (struct.pack("!HhHH", ndigits & 0xFFFF, weight, sign, dscale)
            + b"".join(struct.pack("!H", d & 0xFFFF) for d in digits) + extra)


# (label, bytes, must fail)
CRAFTED = [
    ("1.50", wire(2, 0, POS, 2, [1, 5000]), False),
    ("-123456789.0001", wire(4, 2, NEG, 4, [1, 2345, 6789, 1]), False),
    ("bad sign 0x1234", wire(1, 0, 0x1234, 0, [1]), True),
    ("bad sign 0x8000", wire(1, 0, 0x8000, 0, [1]), True),
    ("bad sign 0xE000", wire(1, 0, 0xE000, 0, [1]), True),
    ("bad sign 0xFFFF", wire(1, 0, 0xFFFF, 0, [1]), True),
    ("bad sign 0x4001", wire(1, 0, 0x4001, 0, [1]), True),
    ("digit 10000", wire(1, 0, POS, 0, [10000]), True),
    ("digit 0xFFFF (-1 as int16)", wire(1, 0, POS, 0, [0xFFFF]), True),
    ("digit 0x8000", wire(1, 0, POS, 0, [0x8000]), True),
    ("last of 3 digits 10000", wire(3, 2, POS, 0, [1, 2, 10000]), True),
    ("ndigits 0xFFFF (negative)", wire(0xFFFF, 0, POS, 0, [1]), True),
    ("ndigits 0x8000 (int16 min)", wire(0x8000, 0, POS, 0, [1]), True),
    ("ndigits 1000, one digit", wire(1000, 0, POS, 0, [1]), True),
    ("ndigits 2, one digit", wire(2, 0, POS, 0, [1]), True),
    ("ndigits 0, one digit follows", wire(0, 0, POS, 0, [1]), True),
    ("dscale 0x4000", wire(1, 0, POS, 0x4000, [1]), True),
    ("dscale 0x3FFF | 0x4000", wire(1, 0, POS, 0x7FFF, [1]), True),
    ("dscale 0xC000", wire(1, 0, POS, 0xC000, [1]), True),
    ("dscale 0xFFFF", wire(1, 0, POS, 0xFFFF, [1]), True),
    ("dscale 0x3FFF (the largest)", wire(1, 0, POS, 0x3FFF, [1]), False),
    ("empty value", b"", True),
    ("one byte", b"\0", True),
    ("header cut after 6 bytes", wire(1, 0, POS, 0, [1])[:6], True),
    ("header cut after 7 bytes", wire(1, 0, POS, 0, [1])[:7], True),
    ("half a digit", wire(1, 0, POS, 0, [1])[:9], True),
    ("last digit cut", wire(3, 0, POS, 8, [1, 2, 3])[:-1], True),
    ("one extra byte", wire(1, 0, POS, 0, [1], b"\0"), True),
    ("extra digit", wire(1, 0, POS, 0, [1, 5]), True),
    ("NaN with digits", wire(2, 0, NAN, 0, [1, 9999]), False),
    ("NaN with digit 10000", wire(1, 0, NAN, 0, [10000]), True),
    ("NaN with dscale 0x4000", wire(0, 0, NAN, 0x4000), True),
    ("NaN with extra byte", wire(0, 0, NAN, 0, [], b"\1"), True),
    ("Infinity with digits and dscale", wire(1, 3, PINF, 7, [42]), False),
    ("-Infinity with digit 0xFFFF", wire(1, 0, NINF, 0, [0xFFFF]), True),
    ("weight 0x7FFF (the largest)", wire(1, 0x7FFF, POS, 0, [1]), False),
    ("weight 0x7FFF, 9999 and dscale 16383", wire(1, 0x7FFF, NEG, 0x3FFF, [9999]), False),
    ("weight -32768 (below dscale: 0)", wire(1, -32768, POS, 0, [1]), False),
    ("weight -4097, dscale 16383", wire(1, -4097, POS, 0x3FFF, [1]), False),
    ("weight -4096, dscale 16383", wire(1, -4096, POS, 0x3FFF, [1]), False),
    ("weight 0x7FFF, ndigits 0", wire(0, 0x7FFF, POS, 0, []), False),
    ("leading and trailing zero digits", wire(4, 1, NEG, 4, [0, 12, 0, 0]), False),
    ("digits beyond dscale", wire(3, 0, POS, 1, [7, 9999, 9999]), False),
    ("negative zero", wire(1, 0, NEG, 2, [0]), False),
    ("1000 digits of 9999", wire(1000, 999, POS, 0, [9999] * 1000), False),
    ("1000 digits, the last 10000", wire(1000, 999, POS, 0, [9999] * 999 + [10000]), True),
]


def random_value(r):
    """One random byte string shaped like a numeric wire value, often malformed."""
    if r.random() < 0.08:
        return bytes(r.getrandbits(8) for _ in range(r.choice((0, 1, 7, 8, r.randint(0, 64)))))
    x = r.random()
    ndigits = (r.randint(0, 6) if x < 0.7 else r.randint(7, 40) if x < 0.85
               else r.randint(41, 1200) if x < 0.9 else r.getrandbits(16))
    x = r.random()
    weight = (r.randint(-3, 5) if x < 0.5 else r.randint(-20, 40) if x < 0.7
              else r.randint(-32768, 32767) if x < 0.85
              else r.choice((32767, 32766, -32768, -32767, 8191, -4096, -4097, -4099, 4096)))
    x = r.random()
    sign = (r.choice((POS, NEG, NAN, PINF, NINF)) if x < 0.8 else r.getrandbits(16) if x < 0.9
            else r.choice((POS, NEG, NAN, PINF, NINF)) ^ (1 << r.randrange(16)))
    x = r.random()
    dscale = (r.randint(0, 8) if x < 0.55 else r.randint(0, 100) if x < 0.7
              else r.randint(16380, 16383) if x < 0.8 else r.getrandbits(16) if x < 0.9
              else (r.getrandbits(14) | r.choice((0x4000, 0x8000, 0xC000))))
    # digits: usually as many as the header says (capped), sometimes fewer or more
    x = r.random()
    count = min(ndigits, 1200)
    if x > 0.85:
        count = max(0, count + r.choice((-2, -1, 1, 2)))
    bad_rate = 0.0 if r.random() < 0.75 else r.choice((0.02, 0.2, 1.0))
    digits = []
    for _ in range(count):
        if r.random() < bad_rate:
            digits.append(r.choice((10000, 10001, 32767, 0x8000, 0xFFFF, r.randint(10000, 0xFFFF))))
        else:
            y = r.random()
            digits.append(0 if y < 0.1 else 9999 if y < 0.2 else r.randint(0, 9999))
    value = wire(ndigits, weight, sign, dscale, digits)
    x = r.random()
    if x < 0.04:
        value += bytes(r.getrandbits(8) for _ in range(r.randint(1, 3)))
    elif x < 0.08:
        value = value[:r.randint(0, len(value))]
    return value


# --------------------------------------------------------------------------------------------
# Sending one value into one type, by binary COPY or as a binary bind parameter.

# signature, flags (no OIDs), header extension length 0
COPY_HEADER = b"PGCOPY\n\xff\r\n\0" + struct.pack("!ii", 0, 0)
COPY_TRAILER = struct.pack("!h", -1)


def copy_stream(row_id, value):
    """A binary COPY stream of one tuple (id, value): the value's bytes as they are."""
    return (COPY_HEADER + struct.pack("!hii", 2, 4, row_id) + struct.pack("!i", len(value))
            + value + COPY_TRAILER)


class Wire(bytes):
    """Bytes bound as a binary parameter of the column's type, unchecked."""


def wire_dumper(type_oid):
    class WireDumper(Dumper):
        format = Format.BINARY
        oid = type_oid

        def dump(self, obj):
            return obj
    return WireDumper


ERROR_FIELDS = ("sqlstate", "message_primary", "message_detail", "message_hint", "context")


def attempt(send):
    """('ok', command tag) or ('error', *ERROR_FIELDS) of SEND(); a lost connection raises."""
    try:
        return ("ok", send())
    except psycopg.Error as e:
        if e.sqlstate is None:
            raise
        return ("error",) + tuple(getattr(e.diag, f) for f in ERROR_FIELDS)


def succeeded(outcome):
    return outcome[0] == "ok"


def describe(outcome):
    if succeeded(outcome):
        return "ok (%s)" % outcome[1]
    return " ".join("%s=%r" % (k, v) for k, v in zip(ERROR_FIELDS, outcome[1:]) if v is not None)


def brief(outcome):
    return "ok" if succeeded(outcome) else "%s: %s" % outcome[1:3]


class RunFailed(Exception):
    pass


class Receiver:
    """A connection of its own, one cursor per type (its parameter's type oid)."""

    def __init__(self, conn):
        self.conn = conn
        fast_oid = self.one("SELECT 'fastnumeric'::regtype::oid")
        self.cursors = {}
        for typ, oid in (("numeric", 1700), ("fastnumeric", fast_oid)):
            cur = self.cursors[typ] = conn.cursor()
            cur.adapters.register_dumper(Wire, wire_dumper(oid))
        self.pid = self.one("SELECT pg_backend_pid()")
        self.started = self.one("SELECT pg_postmaster_start_time()")

    def one(self, sql):
        return self.conn.execute(sql).fetchone()[0]

    def ids(self, sql):
        return {r[0] for r in self.conn.execute(sql)}

    def copy(self, typ, column, row_id, value):
        cur = self.cursors[typ]
        with cur.copy("COPY recv_fuzz_%s.t (id, %s) FROM STDIN (FORMAT binary)" % (typ, column)) as cp:
            cp.write(copy_stream(row_id, value))
        return "COPY %d" % cur.rowcount

    def bind(self, typ, column, row_id, value):
        cur = self.cursors[typ]
        cur.execute("INSERT INTO recv_fuzz_%s.t (id, %s) VALUES (%%b, %%b)" % (typ, column),
                    (Int4(row_id), Wire(value)), prepare=True)
        return cur.statusmessage

    def same_backend(self):
        pid = self.one("SELECT pg_backend_pid()")
        if pid != self.pid:
            raise RunFailed("the backend changed from %d to %d" % (self.pid, pid))

    def same_postmaster(self):
        if self.one("SELECT pg_postmaster_start_time()") != self.started:
            raise RunFailed("the postmaster restarted (a backend crashed)")


SETUP = """
DROP SCHEMA IF EXISTS recv_fuzz_numeric, recv_fuzz_fastnumeric CASCADE;
CREATE SCHEMA recv_fuzz_numeric;
CREATE SCHEMA recv_fuzz_fastnumeric;
CREATE UNLOGGED TABLE recv_fuzz_numeric.t (id int4, v numeric, v52 numeric(5,2));
CREATE UNLOGGED TABLE recv_fuzz_fastnumeric.t (id int4, v fastnumeric, v52 fastnumeric(5,2));
"""

# Rows both types hold, compared: numeric_out text against fastnumeric_out and against
# fastnumeric cast to numeric, and the datum bytes (both columns).
COMPARE = """
SELECT n.id FROM recv_fuzz_numeric.t n JOIN recv_fuzz_fastnumeric.t f USING (id)
WHERE n.v::text IS DISTINCT FROM f.v::text OR n.v::text IS DISTINCT FROM f.v::numeric::text
   OR n.v::bytea IS DISTINCT FROM f.v::bytea
   OR n.v52::text IS DISTINCT FROM f.v52::text OR n.v52::text IS DISTINCT FROM f.v52::numeric::text
   OR n.v52::bytea IS DISTINCT FROM f.v52::bytea
"""


@pytest.fixture(scope="module")
def receiver(conn, casts):
    conn.execute("SET client_min_messages = warning")
    conn.execute(SETUP)
    try:
        with db.connect(application_name="fastnumeric-recv-fuzz") as own:
            yield Receiver(own)
    finally:
        conn.execute("DROP SCHEMA IF EXISTS recv_fuzz_numeric, recv_fuzz_fastnumeric CASCADE")
        conn.execute("RESET client_min_messages")


class Checks:
    """Counts per kind, handed to the tally at the end (one line per kind)."""

    def __init__(self, tally):
        self.tally = tally
        self.counts = {}

    def check(self, kind, ok, detail):
        p, f = self.counts.get(kind, (0, 0))
        self.counts[kind] = (p + bool(ok), f + (not ok))
        if not ok:
            self.tally.mismatch("recv", kind, detail)

    def close(self):
        for kind, (p, f) in sorted(self.counts.items()):
            self.tally.add("recv", kind, p, f)


def run_batch(rx, checks, values, first_id, crafted=None):
    """VALUES: (bytes, column) pairs.  Value i goes by COPY as row 2 * (FIRST_ID + i) and by
    bind as the next row, into both types; then the stored rows are checked and removed.
    Returns each value's outcomes: copy numeric, copy fastnumeric, bind numeric, bind
    fastnumeric."""
    results = []
    expected = {typ: set() for typ in TYPES}
    for i, (value, column) in enumerate(values):
        row = first_id + i
        out = []
        for way, row_id in (("copy", 2 * row), ("bind", 2 * row + 1)):
            send = getattr(rx, way)
            pair = [attempt(lambda: send(typ, column, row_id, value)) for typ in TYPES]
            checks.check(way, pair[0] == pair[1],
                         "value %s into %s\n      numeric:     %s\n      fastnumeric: %s"
                         % (value.hex()[:80], column, describe(pair[0]), describe(pair[1])))
            for typ, o in zip(TYPES, pair):
                if succeeded(o):
                    expected[typ].add(row_id)
            out += pair
        results.append(out)
        if crafted is not None and crafted[i][1]:
            checks.check("crafted-fails", not any(map(succeeded, out)),
                         "%s was accepted: %s" % (crafted[i][0], describe(out[1])))

    # the backend is the same process, each table holds exactly the rows that were accepted,
    # and the values both types accepted are equal
    rx.same_backend()
    stored = {typ: rx.ids("SELECT id FROM recv_fuzz_%s.t" % typ) for typ in TYPES}
    unequal = rx.ids(COMPARE)
    for i, (value, column) in enumerate(values):
        row = first_id + i
        for kind, row_id in (("copy-stored", 2 * row), ("bind-stored", 2 * row + 1)):
            wrong = [typ for typ in TYPES if (row_id in stored[typ]) != (row_id in expected[typ])]
            checks.check(kind, not wrong and row_id not in unequal,
                         "value %s into %s: %s" % (
                             value.hex()[:80], column,
                             "rows stored against the outcome in %s" % wrong if wrong
                             else "numeric and fastnumeric stored different values"))
    rx.conn.execute("TRUNCATE recv_fuzz_numeric.t, recv_fuzz_fastnumeric.t")
    return results


def guarded(tally, body):
    """BODY(checks); a run that could not finish is one failure more."""
    checks = Checks(tally)
    try:
        body(checks)
    except (psycopg.Error, RunFailed) as e:
        tally.run_failed("recv_fuzz: the run failed: %s" % e)
    finally:
        checks.close()


def test_crafted(tally, receiver):
    def body(checks):
        values = [(value, column) for _, value, _ in CRAFTED for column in COLUMNS]
        labels = [(label, must_fail) for label, _, must_fail in CRAFTED for _ in COLUMNS]
        print("recv_fuzz: %d crafted values by binary COPY and binary bind, into numeric and "
              "fastnumeric" % len(CRAFTED))
        results = run_batch(receiver, checks, values, 1, labels)
        print("  crafted values (column v): COPY outcome | bind outcome, the same for both types "
              "unless a MISMATCH says otherwise")
        for (label, _, _), out in zip(CRAFTED, results[::len(COLUMNS)]):
            print("    %-38s %-52s | %s" % (label, brief(out[0]), brief(out[2])))
        receiver.same_postmaster()
    guarded(tally, body)


def test_random(tally, receiver, rng, seed, count):
    def body(checks):
        print("recv_fuzz: %d random values (seed %d)" % (count, seed))
        t0 = time.monotonic()
        next_id = 2 * len(CRAFTED) + 1
        done = accepted = 0
        while done < count:
            n = min(BATCH, count - done)
            batch = [(random_value(rng), "v52" if rng.random() < 0.25 else "v") for _ in range(n)]
            results = run_batch(receiver, checks, batch, next_id)
            accepted += sum(succeeded(out[1]) for out in results)
            next_id += n
            done += n
        receiver.same_postmaster()
        print("  random values: %d, accepted by binary COPY: %d, rejected: %d (%.1fs)"
              % (done, accepted, done - accepted, time.monotonic() - t0))
    guarded(tally, body)
