"""
Deterministic generator of numeric input texts: what numeric_in and fastnumeric_in are given.

generate(seed, count) returns a list of (category, text, [typmod, typmod, typmod]) with at
least `count` entries: a fixed corpus of hand-picked edge cases first, then a cover (every
category under every typmod of TYPMODS and ODD_TYPMODS, whatever the count), then random inputs
of every shape.  Every input is evaluated with typmod -1 (none) and two typmods: one drawn from
TYPMODS, the other usually fitted to the input (scale near its number of fraction digits,
precision near its digit count), so that rounding and the precision check hit the very last
digits.  Pure function of (seed, count): same arguments, same list, on any Python 3.
"""

import bisect
import itertools
import random
import re

from .values import ODD_TYPMODS, TYPMODS, typmod, typmod_name  # noqa: F401  (typmod_name: for callers)

DIG = "0123456789"
NZ = "123456789"


_POW10 = {}


def rdig(r, n, lead_nonzero=False):
    """n random decimal digits (the first one nonzero if asked)."""
    if n <= 0:
        return ""
    if lead_nonzero:
        return NZ[r.randrange(9)] + rdig(r, n - 1)
    p = _POW10.get(n)
    if p is None:
        p = _POW10[n] = 10 ** n
    return str(r.randrange(p)).zfill(n)


def sign(r, p_minus=0.25, p_plus=0.03):
    x = r.random()
    return "-" if x < p_minus else "+" if x < p_minus + p_plus else ""


# ---------------------------------------------------------------------------- categories

def g_money(r):
    d = r.choice([0, 0, 1, 2, 2, 2, 2, 3, 4, 4])
    i = r.randint(0, 10 - d)
    if i == 0 and d == 0:
        i = 1
    ip = rdig(r, i, lead_nonzero=i > 1) if i else r.choice(["", "0"])
    fp = rdig(r, d)
    s = ip + ("." + fp if d else ("." if r.random() < 0.03 else ""))
    if r.random() < 0.05:
        s += "0" * r.randint(1, 3)  if d else ""
    return sign(r) + s


def g_long_int(r):
    n = r.choice([r.randint(1, 20), r.randint(15, 40), r.randint(30, 60), r.randint(1, 60)])
    return sign(r) + rdig(r, n, lead_nonzero=True)


def g_long_frac(r):
    i = r.choice([0, 0, 1, r.randint(0, 8), r.randint(0, 30)])
    f = r.choice([r.randint(5, 30), r.randint(20, 80), r.randint(60, 130)])
    ip = rdig(r, i, lead_nonzero=i > 1) if i else r.choice(["0", ""])
    return sign(r) + ip + "." + rdig(r, f)


def g_tiny(r):
    z = r.choice([r.randint(0, 12), r.randint(10, 60), r.randint(60, 200), r.randint(990, 1010),
                  r.randint(0, 4) * 4 + r.randint(-1, 1) % 4])
    k = r.choice([1, 1, 1, 2, 3, 5])
    tail = rdig(r, k, lead_nonzero=True) if r.random() < 0.6 else "0" * (k - 1) + "1"
    if r.random() < 0.1:
        tail += "0" * r.randint(1, 5)
    return sign(r, 0.3) + r.choice(["0.", ".", "00."]) + "0" * z + tail


def g_zero(r):
    ip = r.choice(["", "0", "0", "00", "000", "0" * r.randint(4, 20), "0" * r.randint(995, 1005)])
    fp = r.choice([None, None, "", "0", "00", "000", "0" * r.randint(4, 70),
                   "0" * r.randint(995, 1005)])
    if ip == "" and not fp:
        ip = "0"
    return sign(r, 0.35, 0.1) + ip + ("" if fp is None else "." + fp)


def g_boundary(r):
    g = r.randint(1, 8)
    h = r.randint(1, 4)
    ip = r.choice(["9" * 4 * g, "1" + "0" * 4 * g, "1" + "0" * (4 * g - 1) + "1", "9" * (4 * g - 1),
                   "1" + "0" * (4 * g - 1), "9" * (4 * g + 1), "", "0", "5" + "0" * (4 * g - 1)])
    fp = r.choice([None, "", "9" * 4 * h, "9" * 4 * h + "5", "9" * (4 * h - 1) + "5",
                   "0" * 4 * h + "1", "0" * (4 * h - 1) + "5", "4" * 4 * h + "5", "5", "49999",
                   "0" * 4 * h, "9" * 4 * h + "4", "0" * (4 * h - 1) + "1", "9999", "99995",
                   "0001", "00005"])
    if not ip and not fp:
        ip = "9999"
    return sign(r, 0.3) + ip + ("" if fp is None else "." + fp)


def g_nines(r):
    a = r.choice([0, r.randint(0, 8), r.randint(0, 24)])
    b = r.choice([0, r.randint(0, 8), r.randint(0, 24)])
    tail = r.choice(["", "5", "4", "49", "50", "51", "9", "05"])
    ip = "9" * a
    fp = "9" * b + tail
    if not ip and not fp:
        ip = "9"
    return sign(r, 0.3) + (ip or r.choice(["", "0"])) + ("." + fp if fp else "")


def g_half(r):
    # exactly-half and just-below-half cases at a random position
    i = r.randint(0, 12)
    f = r.randint(0, 12)
    body = rdig(r, i, lead_nonzero=i > 1) + "." + rdig(r, f)
    tail = r.choice(["5", "50", "500", "5" + "0" * r.randint(1, 9), "4" + "9" * r.randint(1, 9),
                     "5" + "0" * r.randint(0, 5) + "1"])
    return sign(r, 0.3) + body + tail


def g_leading_zeros(r):
    z = r.choice([r.randint(1, 5), r.randint(1, 20), r.randint(995, 1005)])
    inner = r.choice([g_money, g_long_int, g_long_frac, g_boundary])(r).lstrip("+-")
    return sign(r) + "0" * z + inner


WS = [" ", "  ", "\t", "\n", "\r", "\v", "\f", " \t", "\n ", "\r\n", " \t\n\r\v\f "]


def g_space(r):
    inner = r.choice([g_money, g_long_int, g_long_frac, g_zero, g_special, g_exponent])(r)
    pre = r.choice(["", "", " ", "   "] + WS)
    post = r.choice(["", "", " ", "   "] + WS)
    if r.random() < 0.15:   # whitespace inside: always invalid
        k = r.randint(0, len(inner))
        inner = inner[:k] + r.choice(WS) + inner[k:]
    if not pre and not post:
        pre = " "
    return pre + inner + post


def g_sign(r):
    v = r.choice([g_money, g_long_int, g_zero, g_special])(r).lstrip("+-")
    return r.choice(["+", "-", "++", "+-", "-+", "--", "- ", "+ ", "", ""]) + v + \
        r.choice(["", "", "", "-", "+", " -"])


def g_exponent(r):
    m = r.choice([
        lambda: rdig(r, r.randint(1, 5), True),
        lambda: rdig(r, r.randint(1, 3)) + "." + rdig(r, r.randint(0, 6)),
        lambda: "." + rdig(r, r.randint(1, 4)),
        lambda: "0",
        lambda: "0.000",
        lambda: rdig(r, r.randint(1, 40), True),
    ])()
    e = r.choice([
        lambda: str(r.randint(0, 20)),
        lambda: str(r.randint(0, 1200)),
        lambda: str(r.choice([999, 1000, 1001, 16383, 16384, 16385, 131071, 131072, 131073,
                              32767, 1073741822, 1073741823, 2147483647, 2147483648])),
        lambda: "0" * r.randint(1, 3) + str(r.randint(0, 99)),
        lambda: str(10 ** r.randint(10, 25)),
    ])()
    es = r.choice(["", "", "-", "-", "+"])
    ech = r.choice(["e", "E"])
    s = sign(r, 0.25) + m + ech + es + e
    if r.random() < 0.04:
        s = r.choice(["1e", "1e+", "1e-", "e5", "1e1.5", "1e 5", "1.e5", ".e5", "1ee5", "1e5e5",
                      "1e--5", "1e+-5", "-e5", "1E", "1.5e", "1e0x10"])
    return s


def mixcase(r, s):
    return "".join(c.upper() if r.random() < 0.5 else c.lower() for c in s)


def g_special(r):
    base = r.choice(["NaN", "Infinity", "inf", "nan", "infinity", "INF"])
    x = r.random()
    if x < 0.5:
        base = mixcase(r, base)
    s = r.choice(["", "", "", "-", "+", "--", "+-"]) + base
    x = r.random()
    if x < 0.1:
        s += r.choice(["x", "1", ".", "NaN", "y", "inity", "0", "e5"])
    elif x < 0.15:
        s = s[:r.randint(0, len(s))]
    return s


GARBAGE = [
    "", " ", "  ", "\t", "\n", "-", "+", ".", "-.", "+.", "..", "1.2.3", "1..2", "1-", "1+",
    "++1", "--1", "+-1", "1 2", "1 .2", "1. 2", "abc", "0x1F", "0X1f", "0b101", "0o17", "1_000",
    "1_000.5", "_1", "1_", "1,000", "1,5", "$1", "1$", "1%", "(1)", "1/2", "½", "١٢٣", "٣.٥",
    "１２３", "１.５", "²", "𝟙𝟚", "\u0661", "1\u00a0", "\u00a01", "\u20031", "1\u3000",
    "1\u0085", "\u200b1", "𝟎", "1e", "e", "E5", "-e", "NaN1", "nanx", "Infinityx", "infin",
    "- 1", "+ 1", "1 -", "0.0.0", ".e1", "1.5.", "inf inity", "Na N", "\\", "\\N", "1\\", "\"1\"",
    "'1'", "1;", "null", "NULL", "true", "1L", "1d", "1f", "1.0f", "1e5L", "0.", "#", "1#",
]


def g_garbage(r):
    if r.random() < 0.5:
        return r.choice(GARBAGE)
    alpha = "0123456789..+-eE xX_,abn\t"
    return "".join(r.choices(alpha, k=r.randint(1, 8)))


def g_short(r):
    i = r.randint(0, 8)
    f = r.randint(0, 8)
    ip = rdig(r, i)
    if not ip and not f:
        ip = "0"
    return sign(r) + ip + ("." + rdig(r, f) if f or r.random() < 0.05 else "")


def g_huge(r):
    # around and beyond the fast path's 1000 digits on each side, up to ~1500
    def n():
        return r.choice([r.randint(990, 1010), r.randint(1000, 1500), r.randint(200, 999),
                         1000, 1001, 999, 1500, 0])
    i, f = n(), n()
    if r.random() < 0.4:
        f = r.choice([0, r.randint(0, 10)])
    elif r.random() < 0.4:
        i = r.choice([0, 1])
    ip = rdig(r, i, lead_nonzero=i > 1)
    fp = rdig(r, f)
    if r.random() < 0.15 and fp:
        fp = fp[:-r.randint(1, len(fp))].ljust(len(fp), "0")   # trailing zeros keep dscale
    if not ip and not fp:
        ip = "1"
    return sign(r) + (ip or "0") + ("." + fp if fp else "")


def g_int_edge(r):
    # integer/fraction lengths at the parser's and the encoding's edges: 19/20 digits (a
    # 64-bit accumulator), weight 63/64 and -64/-65 (short vs long header), dscale 63/64,
    # 1000/1001 digits (the fast path's limit); digits biased to 9s and 0s for carries
    def n():
        return r.choice([r.randint(17, 21), r.randint(17, 21), r.randint(248, 261),
                         r.randint(996, 1004), r.randint(60, 68), r.randint(0, 4)])
    def digits(k, lead):
        x = r.random()
        if x < 0.3:
            return "9" * k
        if x < 0.45 and k:
            return "1" + "0" * (k - 1) if lead else "0" * (k - 1) + "1"
        return rdig(r, k, lead_nonzero=lead and k > 1)
    i, f = n(), n()
    if r.random() < 0.5:
        f = r.choice([0, 1, 2])
    elif r.random() < 0.3:
        i = 0
    if r.random() < 0.2 and f:   # a tiny value: weight below -64
        return sign(r) + "0." + "0" * r.randint(244, 264) + digits(r.randint(1, 8), True)
    ip = digits(i, True)
    fp = digits(f, False)
    if r.random() < 0.3:
        fp += r.choice(["5", "4", "9", "50", "49"])
    if not ip and not fp:
        ip = "0"
    return sign(r) + ip + ("." + fp if fp else r.choice(["", "", "."]))


CATEGORIES = [
    ("money", g_money, 20),
    ("long_int", g_long_int, 8),
    ("long_frac", g_long_frac, 8),
    ("tiny", g_tiny, 5),
    ("zero", g_zero, 5),
    ("boundary", g_boundary, 9),
    ("nines", g_nines, 6),
    ("half", g_half, 5),
    ("short", g_short, 6),
    ("leading_zeros", g_leading_zeros, 4),
    ("space", g_space, 6),
    ("sign", g_sign, 3),
    ("exponent", g_exponent, 6),
    ("special", g_special, 4),
    ("garbage", g_garbage, 4),
    ("huge", g_huge, 1.5),
    ("int_edge", g_int_edge, 3),
]


def fixed_corpus():
    c = []
    add = lambda cat, xs: c.extend((cat, x) for x in xs)
    add("zero", ["0", "-0", "+0", "0.000", ".0", "0.", "000", "-000", "-0.000", "-.0", "+.0",
                 "00.00", "0." + "0" * 63, "0." + "0" * 64, "0." + "0" * 1000, "0." + "0" * 1001,
                 "0" * 1001, "-" + "0" * 1500 + "." + "0" * 1500])
    add("boundary", ["9999", "10000", "10001", "0.9999", "0.99995", "0.99994", "99999999.99995",
                     "99999999.99994", "9999.99995", "99999999", "100000000", "0.0001", "0.00001",
                     "0.00009999", "0.00005", "0.5", "0.05", "9.5", "99.5", "999.5", "9999.5",
                     "99995", "999999999999", "1000000000000", "-9999", "-10000", "-0.9999",
                     "-99999999.99995", "1" + "0" * 252, "9" * 252, "0." + "0" * 255 + "1",
                     "0." + "0" * 251 + "1", "0." + "0" * 252 + "1", "1" + "0" * 256,
                     "9" * 1000, "9" * 1000 + "." + "9" * 1000, "1" + "0" * 999,
                     "1" + "0" * 1000, "9" * 1001, "0." + "9" * 1000, "0." + "9" * 1001,
                     "0." + "0" * 999 + "1", "0." + "0" * 1000 + "1"])
    add("int_edge", ["9999999999999999999", "10000000000000000000", "18446744073709551615",
                     "18446744073709551616", "99999999999999999999", "-9223372036854775808",
                     "9223372036854775807", "9223372036854775808", "1" + "0" * 18,
                     "1" + "0" * 19, "0" * 5 + "9" * 19, "0" * 5 + "9" * 20, "9" * 19 + ".5",
                     "9" * 20 + ".5", "9" * 19 + "." + "9" * 19, "12345678901234567890.123",
                     "1234567890123456789.0123", "0." + "9" * 63, "0." + "9" * 64,
                     "1." + "0" * 63, "1." + "0" * 64, "0." + "0" * 256 + "1",
                     "9" * 252 + ".5", "9" * 256 + ".5", "9" * 255 + "." + "9" * 1000,
                     "9" * 1000 + ".5", "9" * 999 + ".5", "0." + "0" * 996 + "1234",
                     "0." + "0" * 997 + "1234", "0" * 2000 + "1", "1." + "0" * 1000,
                     "1." + "0" * 999 + "1", "1." + "0" * 1001, "-" + "0" * 1001 + ".5"])
    add("money", ["1.00", "0.01", "-0.01", "12.50", "1234567890", "123456.7890", "0.0000",
                  "19.99", "999999.9999", "1000000.0000"])
    add("space", [" 1", "1 ", " 1 ", "\t1", "1\t", "\n1\n", "\r1", "\v1", "\f1", "1\v", " \t\n1.5\r\f\v",
                  "  -1.5  ", " +0 ", " . ", " .5 ", " 5. ", "1 2", " - 1", "1\t2", "\t\n"])
    add("exponent", ["1e5", "1E5", "1.5E-3", "1e-5", "-1e5", "1e+5", "1e0", "1e-0", "0e0",
                     "0e10", "1e1000", "1e-1000", "1e1001", "1e-1001", "1e131071", "1e131072",
                     "9.9e131071", "1e-16383", "1e-16384", "1e-16383" + "0", "1.5e-16383",
                     "1e1073741822", "1e1073741823", "1e-1073741823", "1e2147483647",
                     "1e2147483648", "1e99999999999999999999", "1e-99999999999999999999",
                     ".5e1", "5.e1", "1e", "e1", "1e+", "1e-", "1.e", "1e1.5", "1 e5", "1e 5"])
    add("special", ["NaN", "nan", "NAN", "nAn", "-NaN", "+NaN", " NaN ", "\tNaN\n", "NaNx",
                    "Infinity", "infinity", "INFINITY", "-Infinity", "+Infinity", "-infinity",
                    "+INFINITY", "inf", "INF", "-inf", "+inf", "-INF", " inf ", "Inf", "infinit",
                    "Infinityy", "infx", "--inf", "+-inf", "-+Infinity", " -Infinity\t",
                    "in", "i", "n", "na", "-", "Infinit y"])
    add("garbage", GARBAGE)
    add("overflow", ["9" * 131072, "1" + "0" * 131071, "1" + "0" * 131072, "9" * 131073,
                     "-" + "9" * 131073, "0." + "0" * 16382 + "1", "0." + "0" * 16383 + "1",
                     "0." + "0" * 16383, "0." + "0" * 16384, "1." + "0" * 16383,
                     "1." + "0" * 16384])
    return c


_PLAIN = re.compile(r"[0-9]*\.?[0-9]*")


def fitted_typmod(r, text):
    """A typmod whose scale/precision sit at the input's own digit counts (+-), if it is decimal."""
    s = text.strip(" \t\n\r\v\f").lstrip("+-")
    if not _PLAIN.fullmatch(s):
        return None
    ip, _, fp = s.partition(".")
    ip = ip.lstrip("0")
    nfrac = len(fp)
    scale = nfrac - r.choice([0, 1, 1, 2, 3, 4, 5])
    if not ip:   # fraction: significant digits start after the leading zeros
        lz = len(fp) - len(fp.lstrip("0"))
        intdig = -lz
    else:
        intdig = len(ip)
    prec = intdig + scale + r.choice([-1, 0, 0, 1])
    scale = max(-1000, min(1000, scale))
    prec = max(1, min(1000, prec))
    return typmod(prec, scale)


def cover_size():
    """How many inputs generate() makes before its random ones: the fixed corpus, then every
    category under every typmod of TYPMODS and every odd one (the least count that covers)."""
    return len(fixed_corpus()) + len(CATEGORIES) * (len(TYPMODS) + len(ODD_TYPMODS))


def generate(seed, count):
    r = random.Random(seed)
    out = []
    for cat, text in fixed_corpus():
        others = r.sample(TYPMODS, 2)
        out.append((cat, text, [-1] + others))
    names = [c[0] for c in CATEGORIES]
    funcs = {c[0]: c[1] for c in CATEGORIES}
    cum = list(itertools.accumulate(c[2] for c in CATEGORIES))

    def one(cat, t1=None):
        text = funcs[cat](r)
        if cat not in ("space", "garbage", "special") and r.random() < 0.03:
            text = r.choice(WS + [" ", " "]) + text + r.choice(WS + ["", " "])
        if t1 is None:
            t1 = r.choice(TYPMODS)
            if r.random() < 0.01:
                t1 = r.choice(ODD_TYPMODS)
        t2 = fitted_typmod(r, text) if r.random() < 0.7 else None
        while t2 is None or t2 == t1:
            t2 = r.choice(TYPMODS)
        out.append((cat, text, [-1, t1, t2]))

    # the cover: every category under every typmod, odd ones included, whatever the count (a
    # suite's volume is cut to what covers, not left to chance); then random inputs by weight
    for t1 in TYPMODS + ODD_TYPMODS:
        for cat in names:
            one(cat, t1)
    while len(out) < count:
        one(names[bisect.bisect(cum, r.random() * cum[-1])])
    return out


if __name__ == "__main__":   # quick look: python3 -m harness.inputs [seed] [count]  (in test/)
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    for cat, text, tms in generate(seed, n)[-n:]:
        print("%-14s %-40r %s" % (cat, text if len(text) < 60 else text[:57] + "...",
                                  " ".join(typmod_name(t) for t in tms)))
