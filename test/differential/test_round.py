"""
fastnumeric's round, trunc, ceil, ceiling, floor, sign, trim_scale and mod against numeric's,
in one server (round and trunc with a scale, and trim_scale, are fastnumeric_round,
fastnumeric_trunc and fastnumeric_trim_scale on fastnumeric).

Operands: the shapes of harness/values.py (money and quantities, short and long integers, long
fractions, tiny values, zeros with scales, digit-group and machine-integer boundaries, runs of
nines, values near numeric's range limits, dscales near 16383, NaN and +-Infinity), plus exact
halves at a random decimal.  Scales: at the operand's own digits (its dscale, one either side,
the positions of its integer digits, so that rounding lands on them), random ones in
-1000..1000 (numeric's typmod range, negative ones included), and numeric's bounds and beyond
(-131073, -131072, 16383, 16384, the int32 extremes).

Compared, for every (operand, scale): round(x, s) and trunc(x, s) on stored datums (1-byte
headers where short) and on freshly parsed ones (4-byte headers), against numeric's: output
text and datum bytes, and the result column must be fastnumeric; for every operand: round(x),
trunc(x), ceil(x), ceiling(x), floor(x), sign(x), trim_scale(x), and mod(x, d) for a few
divisors.  Operands that may leave numeric's range (a carry out of the largest weight) and
division by zero are evaluated one by one with errors caught, SQLSTATE and message compared.
Counted: one check per evaluation per kind (text, bytes, type or state).  The count fixture
(COUNT x --scale, at least the cover: every shape with every bound scale) is the number of
operands; each gets about ten scales.  round.sql holds the SQL.
"""

import decimal
import pathlib
import random
import time

from arith_pairs import adjusted
from harness import values
from harness.psql import run_tagged, short, splice, unhex

SUITE = "differential_round"
SEED = 20261201
# Operands at scale 1, each with about ten scales.  The first ones go round every shape (halves
# too) and, beside their own scales, every one of BOUND_SCALES, whatever the count.
COUNT = 5000
SQL = pathlib.Path(__file__).with_name("round.sql")
D = decimal.Decimal

BOUND_SCALES = [-2147483648, -1000000, -131073, -131072, -131071, -16384, 16383, 16384, 2147483647]
COVER = (len(values.SHAPE_FUNCS) + 1) * len(BOUND_SCALES)   # every shape with every bound scale
MIN_COUNT = COVER
DIVISORS = ["3", "-0.7", "0.00001", "12345678901234567890", "-1", "NaN", "Infinity"]
# the top of numeric's range: rounding and ceil carry out of the largest weight
EDGE = ["5e131071", "9.9999e131071", "-9.5e131071", "4.9e131071", "9" * 131072 + ".5",
        "-" + "9" * 131072 + ".01", "1e-16383"]
EDGE_SCALES = (-131073, -131072, -131071, -131068, -1, 0, 16383)


def s_half(r):
    """An exact half (or just below or above) at a random decimal."""
    head = values.decimal_text(r, r.randint(0, 12), r.randint(0, 10))
    tail = r.choice(["5", "50", "49", "51", "4999", "5000001"])
    if "." not in head:
        head += "."
    return values.signed(r, head + tail)


def operand(r, i=None):
    """(shape, text): the I-th of the cover (every shape in turn, halves last), else drawn."""
    if i is not None:
        k = i % (len(values.SHAPE_FUNCS) + 1)
        return ("half", s_half(r)) if k == len(values.SHAPE_FUNCS) else values.operand(r, values.cover(k))
    if r.random() < 0.12:
        return "half", s_half(r)
    return values.operand(r)


def own_scales(r, text):
    """Scales that land on the operand's own digits."""
    d = D(text)
    if not d.is_finite():
        return [r.randint(-5, 5)]
    out = []
    frac = -d.as_tuple().exponent if d.as_tuple().exponent < 0 else 0
    out += [frac, frac - 1, frac + 1, r.randint(0, frac + 1) if frac < 2000 else frac - r.randint(0, 40)]
    if d != 0:
        top = d.adjusted()   # position of the leading digit
        out += [-top, -top - 1, -top + 1, r.randint(min(-top - 2, 2), max(-top - 2, 2))]
    return out


def generate(seed, count):
    """(operands, pairs): (id, shape, text, risky) and (id, scale); at least the cover's operands
    (every shape, halves too, with every one of BOUND_SCALES), then random ones up to COUNT."""
    r = random.Random(seed)
    operands = []
    pairs = []
    for i in range(1, max(count, COVER) + 1):
        shape, text = operand(r, i - 1 if i <= COVER else None)
        risky = shape == "huge" or (adjusted(text) or 0) >= 131060
        operands.append((i, shape, text, risky))
        scales = set(own_scales(r, text))
        scales.update(r.randint(-1000, 1000) for _ in range(3))
        scales.add(r.randint(-40, 40))
        if i <= COVER:
            scales.add(BOUND_SCALES[(i - 1) // (len(values.SHAPE_FUNCS) + 1)])
        elif r.random() < 0.1:
            scales.add(r.choice(BOUND_SCALES))
        pairs += [(i, s) for s in sorted(scales)]
    for k, text in enumerate(EDGE):
        i = count + 1 + k
        operands.append((i, "edge", text, True))
        pairs += [(i, s) for s in EDGE_SCALES]
    return operands, pairs


# round/trunc over the (operand, scale) pairs of operands that stay in range: stored and
# freshly parsed fastnumeric against numeric
BULK_SCALED = r"""
SELECT 'PHASE', 'bulk {fn}(x, s)';
CREATE TEMP TABLE dr AS
    SELECT p.id, p.s, {fn}(o.n, p.s) AS n, fastnumeric_{fn}(o.f, p.s) AS stored,
           fastnumeric_{fn}(o.t::fastnumeric, p.s) AS fresh
    FROM rs_in p JOIN ro o USING (id) WHERE NOT o.risky;
"""

BULK_UNARY = r"""
SELECT 'PHASE', 'bulk {label}';
CREATE TEMP TABLE dr AS
    SELECT o.id, 0 AS s, {n} AS n, {f} AS stored, {fresh} AS fresh
    FROM ro o, (SELECT d::numeric AS dn, d AS dt FROM unnest(ARRAY[{divisors}]) d) dv WHERE NOT o.risky {where};
"""

COMPARE = r"""
SELECT 'CHECK', '{label}', 'type-' || attname, count(*) FILTER (WHERE atttypid = 'fastnumeric'::regtype),
       count(*) FILTER (WHERE atttypid <> 'fastnumeric'::regtype)
FROM pg_attribute WHERE attrelid = 'dr'::regclass AND attname IN ('stored', 'fresh') GROUP BY attname;
CREATE TEMP TABLE dc AS
    SELECT id, s, v.variant,
           CASE WHEN octet_length(n::bytea) > 4000 THEN true ELSE n::text IS NOT DISTINCT FROM v.f::text END AS ok_text,
           n::bytea IS NOT DISTINCT FROM v.f::bytea AS ok_bytes, v.f, n
    FROM dr, LATERAL (VALUES ('stored', stored), ('fresh', fresh)) v(variant, f);
SELECT 'CHECK', '{label}', variant || '-' || kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dc, LATERAL (VALUES ('text', ok_text), ('bytes', ok_bytes)) k(kind, ok)
GROUP BY variant, kind ORDER BY variant, kind;
SELECT 'BAD', '{label}', c.variant, pg_temp.hx(o.t), c.s, pg_temp.hx(c.n::text), encode(c.n::bytea, 'hex'),
       pg_temp.hx(c.f::text), encode(c.f::bytea, 'hex')
FROM dc c JOIN ro o USING (id) WHERE NOT (ok_text AND ok_bytes) ORDER BY id, s LIMIT :maxbad;
DROP TABLE dc;
DROP TABLE dr;
"""

UNARY = ["round", "trunc", "ceil", "ceiling", "floor", "sign", "trim_scale"]
GROUPS = {"round(x, s)", "trunc(x, s)"} | set(UNARY) | {"mod", "caught"}
# the fastnumeric function behind each name: round(x, s), trunc(x, s) and trim_scale are not
# overloaded (see the install script), they have names of their own
FAST_NAME = {"trim_scale": "fastnumeric_trim_scale"}


def bulk():
    parts = [BULK_SCALED.format(fn=fn) + COMPARE.format(label=fn + "(x, s)") for fn in ("round", "trunc")]
    for fn in UNARY:
        fast = FAST_NAME.get(fn, fn)
        parts.append(BULK_UNARY.format(label=fn, n="%s(o.n)" % fn, f="%s(o.f)" % fast,
                                       fresh="%s(o.t::fastnumeric)" % fast, divisors="'1'", where="")
                     + COMPARE.format(label=fn))
    parts.append(BULK_UNARY.format(label="mod", n="mod(o.n, dv.dn)", f="mod(o.f, dv.dn)",
                                   fresh="mod(o.t::fastnumeric, dv.dt::numeric)",
                                   divisors=", ".join("'%s'" % d for d in DIVISORS),
                                   where="AND (abs(o.n) < 1e1000 OR o.n IN ('NaN', 'Infinity', '-Infinity'))")
                 + COMPARE.format(label="mod"))
    return "".join(parts)


def script(operands, pairs):
    data = ["COPY ro_in FROM STDIN;\n"]
    data += ["%d\t%s\t%s\t%s\n" % (i, shape, text, "t" if risky else "f") for i, shape, text, risky in operands]
    data.append("\\.\nCOPY rs_in FROM STDIN;\n")
    data += ["%d\t%d\n" % p for p in pairs]
    data.append("\\.\n")
    return splice(SQL.read_text(encoding="utf-8"), {"DATA": "".join(data), "BULK": bulk()})


def mismatch(tally, f):
    fn, variant, x, s, nt, nb, ft, fb = f[:8]
    tally.mismatch(fn, variant, "x=%s s=%s\n      numeric:     %s bytes %s\n      fastnumeric: %s bytes %s"
                   % (short(unhex(x)), s, short(unhex(nt)), nb[:64], short(unhex(ft)), fb[:64]))


def test_round(tally, casts, seed, count, keep, request):
    t0 = time.monotonic()
    operands, pairs = generate(seed, count)
    print("differential_round: seed %d, %d operands (%d at numeric's limits), %d (operand, scale) pairs "
          "(generated in %.1fs)" % (seed, len(operands), sum(o[3] for o in operands), len(pairs),
                                     time.monotonic() - t0), flush=True)
    run_tagged(script(operands, pairs), tally, appname="fastnumeric-differential-round",
               keep=keep("round.sql"), variables={"maxbad": request.config.getoption("max_bad")},
               handlers={"BAD": lambda f: mismatch(tally, f)})
    tally.require(GROUPS)
