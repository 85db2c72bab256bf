"""
Binary send of fastnumeric against numeric_send, in one server (send.sql holds the SQL).

The function under test is the type's own send function (pg_type.typsend), whatever the install
script or an ALTER TYPE ... SET (SEND = ...) made it.  Values: COUNT x --scale texts (the count
fixture) of every shape (money, integers, long integers, long fractions, tiny and huge exponents,
digit-group boundaries, zeros with scales, trailing zeros, NaN, +-Infinity), made into datums by
numeric_in (so their bytes are numeric's, under a typmod for a quarter of them), plus long values
stored compressed inline, out of line, and out of line compressed.  Scratch schema send_check,
dropped at the end.
Checks (each value):
  computed   the send of a fresh datum (4-byte header) equals numeric_send's
  stored     the same for the values read from a table (1-byte headers where they fit)
  toast      the same for the long values, read from tables with STORAGE main, external and
             extended (the run fails if any of the three forms is missing)
  copy       binary COPY TO of the fastnumeric column gives the file numeric's column gives
  roundtrip  that file read back by binary COPY FROM into fastnumeric and into numeric gives
             the original datums (bytes)
"""

import pathlib

from harness.psql import run_tagged, splice
from harness.values import digits, typmod

SUITE = "send"
SEED = 20240608
COUNT = 20000
MIN_COUNT = 2000   # every shape many times, and long values in each of the three toast forms
SQL = pathlib.Path(__file__).with_name("send.sql")
FORMS = 3   # the toast forms: compressed inline, out of line, compressed out of line


def value_text(r):
    """One value text and a typmod (-1 for none); every shape send has to get right."""
    sign = "-" if r.random() < 0.3 else ""
    x = r.random()
    if x < 0.25:    # money
        t = "%s%d.%02d" % (sign, r.randrange(10 ** r.randint(1, 7)), r.randrange(100))
    elif x < 0.35:  # integers up to int128 and a bit beyond
        t = sign + digits(r, r.randint(1, 45))
    elif x < 0.42:  # long integers
        t = sign + digits(r, r.randint(46, 1000))
    elif x < 0.50:  # long fractions
        t = sign + digits(r, r.randint(0, 3)) + "." + digits(r, r.randint(20, 1000), False)
    elif x < 0.56:  # tiny: weights far below the short header's, dscales up to the limit
        t = "%s%s.%se-%d" % (sign, r.randint(1, 9), digits(r, r.randint(0, 8), False), r.randint(60, 16370))
    elif x < 0.61:  # huge
        t = "%s%s.%se%d" % (sign, r.randint(1, 9), digits(r, r.randint(0, 8), False), r.randint(250, 131000))
    elif x < 0.70:  # digit-group and short-header boundaries
        t = sign + r.choice(["9999", "10000", "0.9999", "0.0001", "0.00001", "99999999", "100000000",
                             "1" + "0" * 252, "9" * 252, "1" + "0" * 256, "0." + "0" * 255 + "1",
                             "0." + "0" * 62 + "1", "0." + "0" * 63 + "1", "0." + "0" * 64 + "1",
                             "1." + "0" * 63, "1." + "0" * 64])
    elif x < 0.78:  # zeros with scales, trailing zeros
        t = r.choice(["0", "-0", "0.0", "0.000", "-0.00000000", "0." + "0" * r.randint(1, 1000),
                      "1.200", "-5.0000", "100.10", "10000.0000000000000000"])
    elif x < 0.84:  # specials
        t = r.choice(["NaN", "Infinity", "-Infinity"])
    else:           # mixed lengths either side of the point
        t = sign + digits(r, r.randint(1, 30)) + "." + digits(r, r.randint(1, 30), False)
    tm = -1
    if r.random() < 0.25 and t not in ("Infinity", "-Infinity"):
        precision = r.randint(1, 1000)
        tm = typmod(precision, r.randint(-20, min(precision, 40)))
    return t, tm


def script(rows, fastfile, numfile):
    data = "".join("%d\t%s\t%d\n" % (i, t, tm) for i, (t, tm) in enumerate(rows, 1))
    return (splice(SQL.read_text(encoding="utf-8"), {"DATA": data})
            .replace("@@FASTFILE@@", "'%s'" % fastfile).replace("@@NUMFILE@@", "'%s'" % numfile))


def test_send(tally, casts, conn, rng, seed, count, keep, tmp_path, request):
    rows = [value_text(rng) for _ in range(count)]
    print("send: %d values by binary send, fastnumeric against numeric_send" % count, flush=True)
    fastfile, numfile = tmp_path / "fast.bin", tmp_path / "numeric.bin"
    forms = []

    def form(f):
        forms.append(f[0])
        print("  stored form %-34s %s values" % (f[0], f[1]), flush=True)
        if int(f[1]) == 0:
            tally.run_failed("no value stored as %s" % f[0])

    def bad(f):
        tally.mismatch(f[0], "send", " | ".join(f[1:]))

    try:
        run_tagged(script(rows, fastfile, numfile), tally, appname="fastnumeric-differential-send",
                   keep=keep("send.sql"), handlers={"FORMS": form, "BAD": bad},
                   variables={"maxbad": request.config.getoption("max_bad"),
                              "bigcount": max(30, count // 500),
                              "seedfrac": repr((seed % 1000003) / 1000003.0)})
    finally:   # a failed run leaves no scratch schema behind
        conn.execute("DROP SCHEMA IF EXISTS send_check CASCADE")
    if len(forms) != FORMS:
        tally.run_failed("%d of the %d toast forms counted" % (len(forms), FORMS))
    if fastfile.exists() and numfile.exists():
        same = fastfile.read_bytes() == numfile.read_bytes()
        tally.check("copy", "file", same, "binary COPY TO of fastnumeric (%d bytes) differs from "
                    "numeric's (%d bytes)" % (fastfile.stat().st_size, numfile.stat().st_size))
        print("  check %-10s %-24s %9d passed %6d failed" % ("copy", "file", same, not same), flush=True)
    tally.require({"computed", "stored", "toast", "copy", "roundtrip"})
