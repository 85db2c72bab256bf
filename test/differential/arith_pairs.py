"""
Operand pairs of the arithmetic suite (test_arith.py), from the operand shapes of
harness/values.py: independent shapes, same shapes, and partners derived from the first
operand (b = a, b = -a, one unit of its last digit off, the complement to a power of ten),
pairs at numeric's range limits, long pairs (s_long: 20 to 1000 digits with runs of nines and
zeros, for the digit-array paths), and (base, exponent) pairs for ^.  Each list starts with a
cover (every pair of shapes, every kind of derived partner; every kind of base with every kind of
exponent), so that a small count reaches every case, then draws at random.  test_round.py uses
adjusted() to find operands near the top of the range.  Pure functions of (seed, count).
"""

import decimal
import random

from harness.values import SHAPE_BY_NAME, SHAPE_FUNCS, digits, operand, pair_cover, s_boundary, s_money, \
    s_qty, s_small_int, s_special, s_tiny, s_zero, signed

D = decimal.Decimal
# exact arithmetic on operands of up to 131072 + 16383 digits
CONTEXT = decimal.Context(prec=200000, Emax=10 ** 7, Emin=-10 ** 7)


def last_unit(d):
    return D(1).scaleb(d.as_tuple().exponent, CONTEXT)


def as_text(d):
    return format(d, "f") if -40 <= d.adjusted() <= 80 else str(d)


PARTNER_KINDS = 5


def partner(r, a_text, kind=None):
    """b derived from a (KIND, else drawn): equal, negated, one unit off, the same negated, or
    the complement to a power of ten."""
    a = D(a_text)
    if not a.is_finite():
        return a_text
    kind = r.randint(0, PARTNER_KINDS - 1) if kind is None else kind
    if kind == 0:
        return a_text
    with decimal.localcontext(CONTEXT):
        if kind == 1:
            return as_text(-a)
        if kind == 2:
            return as_text(a + last_unit(a) * r.choice([-1, 1]))
        if kind == 3:
            return as_text(-(a + last_unit(a) * r.choice([-1, 1])))
        p = D(10) ** (max(a.adjusted(), 0) + 1)
        return as_text((p - abs(a)) * r.choice([-1, 1]))


def adjusted(t):
    """The exponent of T's leading digit (None for zero, NaN and the infinities)."""
    d = D(t)
    return None if not d.is_finite() or d == 0 else d.adjusted()


def classify(a, b):
    """(risky, moderate): risky pairs may leave numeric's range; moderate ones suit / and %."""
    ea, eb = adjusted(a), adjusted(b)
    risky = False
    if ea is not None and eb is not None:
        risky = ea + eb >= 131060 or max(ea, eb) >= 131068 or ea - eb >= 131060
    elif ea is not None or eb is not None:
        e = ea if ea is not None else eb
        risky = e >= 131068
    moderate = not risky and all(e is None or abs(e) <= 1000 for e in (ea, eb))
    return risky, moderate


# results at numeric's limits: sums and products just inside and just beyond the range
EDGE_PAIRS = [("9e131071", "9e131071"), ("-9e131071", "9e131071"), ("9e131071", "-9e131071"),
              ("9.999e131071", "1e131068"), ("5e131071", "5e131071"), ("4.9e131071", "5e131071"),
              ("1e65535", "1e65535"), ("9.9e65535", "1.1e65536"), ("1e65536", "1e65536"),
              ("1e-16383", "1e-16383"), ("5e-16383", "0.1"), ("5e-16383", "-0.1"),
              ("9.999e-8192", "9.999e-8192"), ("0.5", "1e-16383"), ("9e131071", "0")]


def _long_digits(r, n):
    """N digits (the first nonzero) for the long shapes: random, runs of nines or of zeros
    inside, or a 0/9 mixture (carries and borrows that run far, zero groups and limbs)."""
    kind = r.randint(0, 3)
    if kind == 0:
        return digits(r, n)
    if kind == 1:
        k = r.randint(0, n - 1)
        return digits(r, n - k) + "9" * k if r.random() < 0.5 else "9" * k + digits(r, n - k, False)
    if kind == 2:
        head = digits(r, r.randint(1, min(n, 9)))
        zeros = r.randint(0, n - len(head))
        return head + "0" * zeros + digits(r, n - len(head) - zeros, False)
    return "9" + "".join(r.choice("09") for _ in range(n - 1))


def s_long(r):
    """20 to 1000 significant digits, point anywhere: the digit-array paths of + - *."""
    n = r.choice([r.randint(20, 40), r.randint(20, 120), r.randint(100, 1000)])
    d = _long_digits(r, n)
    point = r.randint(0, n)
    text = (d[:point] or "0") + ("." + d[point:] if point < n else "")
    return signed(r, text)


def cover(r, rl):
    """(shape, a, b): every ordered pair of shapes, every shape with each kind of derived partner
    (either way round), and the long shape with a long partner, each kind of derived partner and
    every other shape (either way round).  What the random pairs reach only by chance."""
    out = [(fa.__name__[2:], fa(r), fb(r)) for fa, fb in pair_cover()]
    for f in SHAPE_FUNCS:
        for kind in range(PARTNER_KINDS):
            a = f(r)
            b = partner(r, a, kind)
            out += [(f.__name__[2:], a, b), (f.__name__[2:], b, a)]
    out.append(("long", s_long(rl), s_long(rl)))
    for kind in range(PARTNER_KINDS):
        a = s_long(rl)
        out.append(("long", a, partner(rl, a, kind)))
    for f in SHAPE_FUNCS:
        a, b = s_long(rl), f(rl)
        out += [("long", a, b), ("long", b, a)]
    return out


def cover_size():
    """How many pairs generate() makes before its random ones: the least COUNT that covers."""
    return len(EDGE_PAIRS) + len(SHAPE_FUNCS) ** 2 + 2 * len(SHAPE_FUNCS) * PARTNER_KINDS + 1 + \
        PARTNER_KINDS + 2 * len(SHAPE_FUNCS)


def generate(seed, count):
    """The edge pairs, the cover, then random ones up to COUNT: (shape, a, b, risky, moderate)."""
    r = random.Random(seed)
    pairs = [("edge", a, b) + classify(a, b) for a, b in EDGE_PAIRS]
    # the long shapes drawn from their own generator, so that the other pairs stay as they were
    rl = random.Random(seed + 2)
    pairs += [(shape, a, b) + classify(a, b) for shape, a, b in cover(r, rl)]
    while len(pairs) < count:
        if rl.random() < 0.08:   # a long operand with a long partner, one derived, or any other
            a = s_long(rl)
            m = rl.random()
            b = s_long(rl) if m < 0.5 else partner(rl, a) if m < 0.75 else operand(rl)[1]
            if rl.random() < 0.5:
                a, b = b, a
            pairs.append(("long", a, b) + classify(a, b))
            continue
        mode = r.random()
        sa, a = operand(r)
        if mode < 0.45:
            _, b = operand(r)
        elif mode < 0.65:
            _, b = operand(r, SHAPE_BY_NAME[sa])
        else:
            b = partner(r, a)
        if r.random() < 0.5:
            a, b = b, a
        pairs.append((sa, a, b) + classify(a, b))
    return pairs


POWER_BASES = [s_money, s_qty, s_small_int, s_zero, s_special, s_tiny, s_boundary]
POWER_EXPONENTS = [lambda r: str(r.randint(-12, 12)), lambda r: "%d.5" % r.randint(-3, 3),
                   lambda r: "0.25", lambda r: "-0.5", lambda r: "NaN", lambda r: "Infinity",
                   lambda r: "-Infinity", lambda r: "0", lambda r: str(r.randint(-30, 30)) + ".0"]
POWER_COVER = len(POWER_BASES) * len(POWER_EXPONENTS)


def power_pairs(seed, count):
    """(base, exponent) texts: integral, half-integral and special exponents; every kind of base
    with every kind of exponent first, then random ones up to COUNT."""
    r = random.Random(seed + 1)
    out = [(b(r), e(r)) for b in POWER_BASES for e in POWER_EXPONENTS]
    while len(out) < count:
        out.append((r.choice(POWER_BASES)(r), r.choice(POWER_EXPONENTS)(r)))
    return out
