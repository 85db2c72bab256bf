"""
fastnumeric's division, typmod coercion and integer and float casts against numeric's, in one
server.

Cases, each one conversion of one value (conversions.py draws them; the first ones cover every
kind):
- `/` and `%` in their three forms ((fastnumeric, fastnumeric), (fastnumeric, numeric),
  (numeric, fastnumeric)) and mod(): money values over the integers 1 to 101 and over money
  values, pairs of every operand shape of harness/values.py, quotients whose exact value ends
  one digit past numeric's result scale in a 5 (the rounding ties), first digit groups equal or
  in either order (numeric's choice of scale), quotients at the edge of the 128-bit paths,
  dividends of five to eight digit groups, quotients at a scale of no whole digit groups (a
  divisor's decimals), zero dividends, zero divisors, NaN and the infinities;
- the typmod coercion fastnumeric(x, typmod) against numeric(x, typmod), of x as a column stores
  it and as its input function gives it (1- and 4-byte headers): every operand shape with the
  typmods of harness/values.py (negative scales, scales above the precision, the extremes,
  typmods no declaration makes), money values rounded to the usual (p, 2), and halves (or just
  off them) at the digit after the scale;
- int2, int4, int8, float4 and float8 of every operand shape and of values at the integer types'
  bounds and at halves (rounding);
- int2, int4, int8, float4 and float8 to fastnumeric: the types' bounds and random values; for
  floats, random bit patterns over every exponent, money-like values, ties at the 15th (6th)
  significant digit, powers of two and ten, subnormals, -0, NaN and the infinities.
Each is evaluated numeric's way and fastnumeric's, each with its error caught: text, datum bytes,
SQLSTATE and message must be equal.  Counted: one check per case per kind (text, bytes,
state).  The count fixture (COUNT x --scale, at least the cover) is the number of cases.
conversions.sql holds the SQL.
"""

import decimal
import pathlib
import random
import struct
import time

from harness import values
from harness.psql import run_tagged, short, splice, unhex

SUITE = "differential_conversions"
SEED = 20261207
COUNT = 12000
SQL = pathlib.Path(__file__).with_name("conversions.sql")
GROUPS = {"/", "%", "typmod", "to", "from"}
D = decimal.Decimal

DIVISION_OPS = ["/ff", "/fn", "/nf", "%ff", "%fn", "%nf", "mod"]
TO_OPS = ["int2", "int4", "int8", "float4", "float8"]
BOUNDS = ["32767", "32767.49", "32767.5", "-32768", "-32768.5", "-32768.49", "2147483647", "2147483647.5",
          "-2147483648.5", "-2147483648.4999", "9223372036854775807", "9223372036854775807.5",
          "-9223372036854775808", "-9223372036854775808.5", "9223372036854775808", "0.5", "-0.5", "1.5",
          "2.5", "-2.5", "0.4999999999999999", "1e18", "-1e18", "1e19", "-1e19", "1e20", "1e21", "9007199254740993", "9007199254740992", "1e22", "1e23",
          "1e-22", "0.1", "3.4028235e38", "3.4028236e38", "1.4e-45", "1e-46", "1e308", "1.8e308", "1e-400",
          "123456.789", "16777217", "0.000001234"]
INT_BOUNDS = {"from_int2": [-32768, 32767, 0, -1, 1, 9999, 10000],
              "from_int4": [-2147483648, 2147483647, 0, -1, 99999999, 100000000, 10000],
              "from_int8": [-9223372036854775808, 9223372036854775807, 0, -1, 10 ** 16, 10 ** 16 - 1,
                            -10 ** 18, 10000 ** 4, 2 ** 53]}
INT_RANGE = {"from_int2": 15, "from_int4": 31, "from_int8": 63}
FLOAT_SPECIALS = ["NaN", "Infinity", "-Infinity", "0", "-0", "1", "-1", "0.1", "123456789012345.5",
                  "123456789012344.5", "9.9999999999999995", "999999999999999.5", "1e15", "1e16", "1e-5",
                  "1.5e-7", "1e-8", "2.5e-8", "1e22", "1e23", "1e37", "1.7e38", "3.4e38", "1e300", "5e-324",
                  "2.2250738585072014e-308", "1.7976931348623157e308", "4503599627370496.5", "0.3",
                  "1234.56", "-1234.56", "99.995", "0.015625", "1e-10"]


def money(r):
    return values.signed(r, "%d.%02d" % (r.randint(0, 99999), r.randint(0, 99)), 0.2)


def float8_text(r):
    """A float8 as exact text: random bits, a money-like decimal, a tie, a power of two or ten."""
    kind = r.randint(0, 5)
    if kind == 0:   # any exponent
        x = struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]
        return repr(x) if x == x else "NaN"
    if kind == 1:   # the usual magnitudes
        x = struct.unpack("<d", struct.pack("<Q", (r.randint(0x3E0, 0x440) << 52) | r.getrandbits(52)))[0]
        return repr(-x if r.random() < 0.3 else x)
    if kind == 2:
        return repr(round(r.uniform(-1e4, 1e5), 2))
    if kind == 3:   # an exact tie at the 16th significant digit, below 2^53
        return repr(float(r.randint(10 ** 14, 9 * 10 ** 14)) + 0.5)
    if kind == 4:
        return repr(2.0 ** r.randint(-80, 127))
    return "%se%d" % (r.choice(["1", "5", "2.5", "9.99999999999999", "1.00000000000001"]), r.randint(-30, 40))


def float4_text(r):
    kind = r.randint(0, 3)
    if kind == 0:
        x = struct.unpack("<f", struct.pack("<I", r.getrandbits(32)))[0]
        return "%.9g" % x if x == x else "NaN"
    if kind == 1:
        return "%.9g" % struct.unpack("<f", struct.pack("<f", round(r.uniform(-1e4, 1e5), 2)))[0]
    if kind == 2:   # a tie at the 7th significant digit (exactly representable)
        return "%.9g" % (r.randint(100000, 999999) + 0.5)
    return "%.9g" % struct.unpack("<f", struct.pack("<f", 2.0 ** r.randint(-60, 60)))[0]


def _groups(text):
    """The weight, first digit group and dscale numeric reads in an unsigned decimal text."""
    i, _, f = text.partition(".")
    digits = i.lstrip("0")
    int_groups = (len(digits) + 3) // 4
    padded = digits.zfill(4 * int_groups) + f + "0" * (-len(f) % 4)
    groups = [int(padded[k:k + 4]) for k in range(0, len(padded), 4)]
    first = next((k for k, g in enumerate(groups) if g), None)
    if first is None:
        return 0, 0, len(f)
    return int_groups - 1 - first, groups[first], len(f)


def _div_scale(a, b):
    """numeric's result scale of a / b (select_div_scale) for unsigned decimal texts."""
    wa, fa, da = _groups(a)
    wb, fb, db = _groups(b)
    qweight = wa - wb - (1 if fa <= fb else 0)
    return min(max(16 - 4 * qweight, da, db, 0), 1000)


def tie_pair(r, wide=None):
    """a / b with b = 2^j * 5^k whose exact quotient ends in 5 one digit past numeric's result
    scale (a rounding tie; the last draw if a few tries find none).  A dividend of up to four
    digit groups, or (WIDE; by default half of them) five to eight."""
    wide = r.random() < 0.5 if wide is None else wide
    for _ in range(40):
        a = (values.decimal_text(r, r.randint(9, 16), r.randint(5, 12)) if wide
             else values.decimal_text(r, r.randint(1, 8), r.randint(0, 8)))
        b = str(2 ** r.randint(0, 40) * 5 ** r.randint(0, 8))
        with decimal.localcontext() as exact:
            exact.prec = 200   # (every quotient here is exact within it)
            scaled = decimal.Decimal(a) / decimal.Decimal(b) * decimal.Decimal(10) ** (_div_scale(a, b) + 1)
            if scaled == scaled.to_integral_value() and int(scaled) % 10 == 5:
                break
    return values.signed(r, a), b


def division_pair(r, i):
    kind = i % 10
    if kind == 0:
        return money(r), str(r.randint(1, 101))
    if kind == 1:
        return money(r), money(r)
    if kind == 2:
        return tie_pair(r)
    if kind == 3:   # equal first groups, or in either order
        g = r.randint(1, 9999)
        return ("%d.%s" % (g, values.digits(r, r.randint(0, 12), False)),
                "%d.%s" % (r.choice([g, g + 1, max(g - 1, 1)]), values.digits(r, r.randint(0, 12), False)))
    if kind == 4:   # the 128-bit edges: operands of four groups, far apart or close
        return (values.signed(r, values.digits(r, r.randint(12, 16))),
                r.choice(["0.0000000000000001", "0.0001", "9999999999999999", "1e-20", "3", "7e15"]))
    if kind == 5:
        return r.choice(["0", "0.000", "-0"]), money(r)
    if kind == 6:
        return money(r), r.choice(["0", "0.00", "NaN", "Infinity", "-Infinity"])
    if kind == 7:   # dividends of up to eight groups (digits beyond 64 bits) over divisors of every kind
        return (values.signed(r, values.decimal_text(r, r.randint(1, 16), r.randint(0, 16))),
                r.choice([str(r.randint(1, 101)), money(r), tie_pair(r)[1], "0.0001", "9999999999999999", "0"]))
    if kind == 8:   # scales of no whole groups: quotients of 13 to 19 digits at a divisor's 5 to 7 decimals
        return (values.signed(r, values.digits(r, r.randint(9, 12))),
                "0." + "0" * r.randint(0, 3) + values.digits(r, r.randint(1, 3)))
    return values.operand(r)[1], values.operand(r, values.cover(i))[1]


COVER_PAIRS = 10 * 12   # twelve pairs of each kind of division_pair in the cover


def half_typmod(r):
    """A typmod coercion of a half (or just off one) at the digit after the scale."""
    k = r.randint(0, 6)
    return ("typmod", "half", values.signed(r, values.decimal_text(r, r.randint(0, 9), k) +
                                             ("" if k else ".") + r.choice(["5", "50", "49", "51"])),
            str(values.typmod(r.choice([k + 9, k + 3, 38]), k)))


def cases(seed, count):
    """(op, shape, v, w) cases: the cover of every kind first, then drawn."""
    r = random.Random(seed)
    out = []
    for v in BOUNDS:
        out += [(op, "bound", v, None) for op in TO_OPS]
    for op, xs in INT_BOUNDS.items():
        out += [(op, "bound", str(x), None) for x in xs]
    out += [("from_float8", "special", v, None) for v in FLOAT_SPECIALS]
    out += [("from_float4", "special", v, None) for v in FLOAT_SPECIALS]
    tms = values.TYPMODS + values.ODD_TYPMODS
    for i, f in enumerate(values.SHAPE_FUNCS):
        for tm in tms:
            v = f(r)
            out += [(op, f.__name__[2:], v, str(tm)) for op in ("typmod", "typmod_fresh")]
    for i in range(COVER_PAIRS):   # every kind of division pair, more ties, halves at a typmod's scale
        a, b = division_pair(r, i)
        out += [(op, "pair", a, b) for op in DIVISION_OPS]
        for wide in (False, True):
            a, b = tie_pair(r, wide)
            out += [(op, "tie", a, b) for op in DIVISION_OPS]
        out.append(half_typmod(r))
    i = 0
    while len(out) < count:
        kind = i % 6
        if kind == 0:
            a, b = division_pair(r, i // 6)
            out += [(op, "pair", a, b) for op in DIVISION_OPS]
        elif kind == 1:
            shape, v = values.operand(r, values.cover(i // 6))
            tm = values.typmod(r.choice([8, 10, 12, 15]), 2) if shape == "money" and r.random() < 0.5 \
                else r.choice(tms)
            out.append((r.choice(["typmod", "typmod_fresh"]), shape, v, str(tm)))
            out.append(half_typmod(r))
        elif kind == 2:
            shape, v = values.operand(r, values.cover(i // 6))
            out += [(op, shape, v, None) for op in TO_OPS]
        elif kind == 3:
            op = r.choice(list(INT_RANGE))
            out.append((op, "random", str(r.randint(-2 ** INT_RANGE[op], 2 ** INT_RANGE[op] - 1)
                                         >> r.randint(0, INT_RANGE[op])), None))
        elif kind == 4:
            out.append(("from_float8", "random", float8_text(r), None))
        else:
            out.append(("from_float4", "random", float4_text(r), None))
        i += 1
    return out


MIN_COUNT = len(cases(SEED, 0))


def script(rows):
    data = ["COPY dc_in FROM STDIN;\n"]
    data += ["%d\t%s\t%s\t%s\t%s\n" % (i, op, shape, v, "\\N" if w is None else w)
             for i, (op, shape, v, w) in enumerate(rows, 1)]
    data.append("\\.\n")
    return splice(SQL.read_text(encoding="utf-8"), {"DATA": "".join(data)})


def mismatch(tally, f):
    op, shape, v, w, nt, nb, ft, fb = f[:8]
    tally.mismatch(op, shape, "v=%s w=%s\n      numeric:     %s bytes %s\n      fastnumeric: %s bytes %s"
                   % (short(unhex(v)), short(unhex(w)), short(unhex(nt)), nb[:64], short(unhex(ft)), fb[:64]))


def test_conversions(tally, casts, seed, count, keep, request):
    t0 = time.monotonic()
    rows = cases(seed, count)
    print("%s: seed %d, %d cases (generated in %.1fs)" % (SUITE, seed, len(rows), time.monotonic() - t0), flush=True)
    run_tagged(script(rows), tally, appname="fastnumeric-differential-conversions", keep=keep("conversions.sql"),
               variables={"maxbad": request.config.getoption("max_bad")},
               handlers={"BAD": lambda f: mismatch(tally, f)})
    tally.require(GROUPS)
