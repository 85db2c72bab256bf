"""
Seeded value generators shared by the suites: digit strings, decimal texts, numeric's typmods,
and the operand shapes of the arithmetic suites.  Every function draws from the random.Random
it is given, so a suite's values are a pure function of its seed.
(The inputs of numeric_in, malformed ones included, are in inputs.py.)
"""

_POW10 = {}


def digits(r, n, lead_nonzero=True):
    """N random decimal digits, the first nonzero if LEAD_NONZERO."""
    if n <= 0:
        return ""
    if lead_nonzero:
        return "123456789"[r.randrange(9)] + digits(r, n - 1, False)
    p = _POW10.get(n)
    if p is None:
        p = _POW10[n] = 10 ** n
    return str(r.randrange(p)).zfill(n)


def signed(r, s, p_minus=0.4):
    return "-" + s if r.random() < p_minus else s


def decimal_text(r, int_digits, frac_digits):
    """An unsigned decimal with INT_DIGITS digits before the point (none: "0") and FRAC_DIGITS after."""
    i = digits(r, int_digits) or "0"
    return i + ("." + digits(r, frac_digits, False) if frac_digits > 0 else "")


# ------------------------------------------------------------------------------ typmods

def typmod(precision, scale):
    """numeric's typmod encoding: ((precision << 16) | (scale & 0x7ff)) + VARHDRSZ."""
    return ((precision << 16) | (scale & 0x7FF)) + 4


def typmod_name(tm):
    if tm < 4:
        return "none" if tm == -1 else "none(%d)" % tm
    t = tm - 4
    p = (t >> 16) & 0xFFFF
    s = ((t & 0x7FF) ^ 1024) - 1024
    return "(%d,%d)" % (p, s)


# (precision, scale): small and large precision, scale 0, negative scale, scale > precision,
# the extremes of PostgreSQL 15's ranges (1 <= p <= 1000, -1000 <= s <= 1000).
TYPMOD_PS = [
    (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (8, 0), (9, 0), (10, 0), (15, 0), (19, 0), (38, 0),
    (1000, 0),
    (3, 1), (4, 4), (5, 2), (6, 3), (8, 2), (9, 8), (10, 2), (10, 4), (12, 2), (12, 4), (14, 4),
    (18, 6), (20, 10), (20, 20), (28, 8), (38, 10), (60, 30), (100, 50), (500, 250),
    (100, 64), (90, 70),   # scales just past a 2-byte header's dscale field (0 to 63)
    (1000, 500), (1000, 999), (1000, 1000),
    (1, -1), (5, -2), (4, -4), (10, -5), (3, -8), (40, -10), (1, -1000), (1000, -1000),
    (1, 3), (2, 4), (3, 8), (1, 5), (5, 13), (10, 20), (1, 1000), (3, 1000), (100, 1000),
]
TYPMODS = [typmod(p, s) for p, s in TYPMOD_PS]


def _int32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >= 1 << 31 else x


# Typmods no SQL type declaration can produce, but fastnumeric_in(cstring, oid, int4) is
# callable with any int4, and numeric_in applies whatever it gets: below VARHDRSZ (none),
# precision 0, precision/scale beyond PostgreSQL's limits, an encoding that wraps negative.
ODD_TYPMODS = [0, 3, 4, typmod(0, 2), typmod(1001, 1001), typmod(5, 1023), typmod(2000, -1024),
               _int32(typmod(65535, 1023)), _int32(typmod(65535, 2)), _int32(typmod(32767, 3))]


# ------------------------------------------------------------------ operand shapes

def s_money(r):
    return signed(r, decimal_text(r, r.randint(0, 10), 2))


def s_qty(r):
    return signed(r, decimal_text(r, r.randint(0, 7), 3))


def s_small_int(r):
    return signed(r, digits(r, r.randint(1, 9)))


def s_long_int(r):
    return signed(r, digits(r, r.randint(15, 60)))


def s_long_frac(r):
    return signed(r, decimal_text(r, r.randint(0, 25), r.randint(8, 70)))


def s_tiny(r):
    if r.random() < 0.5:
        return signed(r, "0." + "0" * r.randint(1, 40) + digits(r, r.randint(1, 12)))
    return signed(r, "%s.%se-%d" % (r.choice("123456789"), digits(r, r.randint(0, 6), False),
                                    r.randint(5, 2000)))


def s_zero(r):
    return r.choice(["0", "0.0", "-0", "0.00", "-0.000", "0.0000", "0.00000", "0e-20", "0e-100"])


# digit-group (10^4k) and machine-integer (2^63, 2^64, 2^127, 2^128) boundaries
BOUNDARIES = [1, 9999, 10000, 10 ** 8 - 1, 10 ** 8, 10 ** 16 - 1, 10 ** 16, 2 ** 63 - 1, 2 ** 63,
              2 ** 64 - 1, 2 ** 64, 10 ** 20, 10 ** 36 - 1, 10 ** 36, 2 ** 127 - 1, 2 ** 127,
              2 ** 128, 10 ** 38, 10 ** 40 - 1]


def s_boundary(r):
    v = r.choice(BOUNDARIES) + r.choice([-1, 0, 0, 0, 1])
    scale = r.choice([0, 0, 1, 2, 4, 5, 8, 16, 20])
    s = str(max(v, 0))
    if scale:
        s = s.rjust(scale + 1, "0")
        s = s[:-scale] + "." + s[-scale:]
    return signed(r, s)


def s_nines(r):
    i = "9" * r.randint(0, 24)
    f = "9" * r.randint(0, 24)
    return signed(r, (i or "0") + ("." + f if f else ""))


def s_huge(r):
    """Near numeric's limits: up to 131072 digits before the point."""
    return signed(r, "%s.%se%d" % (r.choice("123456789"), digits(r, r.randint(0, 8), False),
                                   r.choice([r.randint(1000, 131071), r.randint(131000, 131071),
                                             r.randint(60000, 70000)])))


def s_high_dscale(r):
    """dscales near 16383: products whose dscale numeric caps (and rounds)."""
    k = r.randint(5000, 16383)
    if r.random() < 0.5:
        return signed(r, "%s.%se-%d" % (r.choice("123456789"), digits(r, r.randint(0, 4), False),
                                        k - 5))
    return signed(r, digits(r, r.randint(1, 3)) + "." + digits(r, r.randint(1, 8), False) +
                  "0" * (k - 8))


def s_special(r):
    return r.choice(["NaN", "Infinity", "-Infinity"])


SHAPES = [(s_money, 18), (s_qty, 10), (s_small_int, 10), (s_long_int, 8), (s_long_frac, 8),
          (s_tiny, 6), (s_zero, 4), (s_boundary, 10), (s_nines, 6), (s_huge, 2),
          (s_high_dscale, 2), (s_special, 2)]
SHAPE_BY_NAME = {f.__name__[2:]: f for f, _ in SHAPES}
_SHAPE_FUNCS = [f for f, _ in SHAPES]
_SHAPE_WEIGHTS = [w for _, w in SHAPES]


def operand(r, shape=None):
    """(shape name, text) of one operand, of SHAPE or one drawn by weight."""
    f = shape or r.choices(_SHAPE_FUNCS, _SHAPE_WEIGHTS)[0]
    return f.__name__[2:], f(r)


# A suite's volume is cut to what covers its cases, not left to chance: the first operands it
# draws go round every shape (and every pair of shapes), so that each shape reaches each
# operator at any count, and only the rest is drawn by weight.
SHAPE_FUNCS = _SHAPE_FUNCS


def cover(i):
    """The shape function of the I-th operand of a cover: every shape in turn."""
    return _SHAPE_FUNCS[i % len(_SHAPE_FUNCS)]


def pair_cover():
    """Every ordered pair of shapes (shape of a, shape of b), once."""
    return [(fa, fb) for fa in _SHAPE_FUNCS for fb in _SHAPE_FUNCS]
