"""
fastnumeric's arithmetic against numeric's, in one server.

Operands (arith_pairs.py, from the shapes of harness/values.py): money- and quantity-shaped
values, small and long integers, long fractions, tiny values, zeros with scales, digit-group
and machine-integer boundaries (10^16, 2^63, 10^36, 2^127), runs of nines, values near
numeric's range limits and with dscales near 16383, NaN and +-Infinity.  Pairs: independent
shapes, same shapes, b = a, b = -a, b = a +- one unit of its last digit (cancellation, borrows
across groups), and complements to a power of ten (carries across groups).

Compared, for every pair: a + b, a - b, a * b through (fastnumeric, fastnumeric) with stored
(packed, 1-byte header) and freshly built (4-byte header) datums, (fastnumeric, numeric) and
(numeric, fastnumeric), against numeric's a + b etc.: output text and datum bytes; the result
column type must be fastnumeric.  / and % likewise on pairs of moderate size; ^ on a set of
(base, exponent) pairs; unary -, +, @ and abs() on every operand; c + x, x + c, c - x, x - c,
c * x, x * c for constants c (literals, and parameters of a generic plan: the call sites with
a memo of results) over the operands and over a few of them repeated.  Pairs whose results
may leave numeric's range (or divide by zero) are evaluated one by one with errors caught, and
the SQLSTATE and message are compared too.
Counted: one check per evaluation per kind (text, bytes, state, type).  The count fixture
(COUNT x --scale) is the number of operand pairs, the cover's first; the power pairs are a
fortieth of it (at least their cover), the constants' repeats CONSTANT_REPS x --scale and
their distinct operands a quarter of the pairs' (the cover's first).
arith.sql holds the SQL.
"""

import pathlib
import time

import arith_pairs
from harness.psql import run_tagged, short, splice, unhex

SUITE = "differential_arith"
SEED = 20240603
# Pairs at scale 1.  What is compared is a function of the pair's shapes, and the cover puts
# every pair of shapes (and every kind of derived partner) in at any count; the random pairs
# beyond it add variety within the shapes, which every version need not repeat at length.
COUNT = 20000
MIN_COUNT = arith_pairs.cover_size()
CONSTANT_REPS = 40   # how often each of the memo's 60 operands comes back, at scale 1
SQL = pathlib.Path(__file__).with_name("arith.sql")
GROUPS = {"+", "-", "*", "/", "%", "unary", "risky", "power", "zero_divisor"}

# Bulk evaluation of one operator over the pairs of `where`: numeric's result and the four
# fastnumeric forms, then one CHECK row per (variant, kind) and the first mismatches.
BULK = r"""
SELECT 'PHASE', 'bulk {op}';
CREATE TEMP TABLE dr AS
    SELECT id, an {op} bn AS n, af {op} bf AS ff, af {op} bn AS fn, an {op} bf AS nf,
           at::fastnumeric {op} bt::fastnumeric AS fu
    FROM da WHERE {where};
SELECT 'CHECK', '{op}', 'type-' || attname, count(*) FILTER (WHERE atttypid = 'fastnumeric'::regtype),
       count(*) FILTER (WHERE atttypid <> 'fastnumeric'::regtype)
FROM pg_attribute WHERE attrelid = 'dr'::regclass AND attname IN ('ff', 'fn', 'nf', 'fu')
GROUP BY attname;
CREATE TEMP TABLE dc AS
    SELECT id, v.variant,
           CASE WHEN octet_length(n::bytea) > 4000 THEN true
                ELSE n::text IS NOT DISTINCT FROM v.f::text END AS ok_text,
           n::bytea IS NOT DISTINCT FROM v.f::bytea AS ok_bytes, v.f, n
    FROM dr, LATERAL (VALUES ('ff', ff), ('fn', fn), ('nf', nf), ('fu', fu)) v(variant, f);
SELECT 'CHECK', '{op}', variant || '-' || kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dc, LATERAL (VALUES ('text', ok_text), ('bytes', ok_bytes)) k(kind, ok)
GROUP BY variant, kind ORDER BY variant, kind;
SELECT 'BAD', '{op}', c.variant, pg_temp.hx(d.at), pg_temp.hx(d.bt), pg_temp.hx(c.n::text),
       encode(c.n::bytea, 'hex'), pg_temp.hx(c.f::text), encode(c.f::bytea, 'hex')
FROM dc c JOIN da d USING (id) WHERE NOT (ok_text AND ok_bytes) ORDER BY id LIMIT :maxbad;
DROP TABLE dc;
DROP TABLE dr;
"""
BULK_OPS = [("+", "NOT risky"), ("-", "NOT risky"), ("*", "NOT risky"),
            ("/", "moderate AND bn <> 0"), ("%", "moderate AND bn <> 0")]

# One-by-one evaluation with errors caught, over a table src(id, an, bn, at, bt).
CAUGHT = r"""
SELECT 'PHASE', 'caught {label}';
CREATE TEMP TABLE dq AS
    SELECT s.id, o.op, v.variant, n.t AS nt, n.b AS nb, n.st AS ns, n.msg AS nm,
           f.t AS ft, f.b AS fb, f.st AS fs, f.msg AS fm, f.typ
    FROM {src} s
         CROSS JOIN unnest(ARRAY[{ops}]) o(op)
         CROSS JOIN LATERAL pg_temp.try_op(o.op, 'n', s.an, s.bn) n
         CROSS JOIN unnest(ARRAY['ff', 'fn', 'nf']) v(variant)
         CROSS JOIN LATERAL pg_temp.try_op(o.op, v.variant, s.an, s.bn) f;
SELECT 'INFO', '{label} outcomes', op, coalesce(ns, 'ok'), count(*) / 3 FROM dq GROUP BY 3, 4 ORDER BY 3, 4;
SELECT 'CHECK', '{label}', op || ' ' || variant || '-' || kind,
       count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dq, LATERAL (VALUES ('text', nt IS NOT DISTINCT FROM ft), ('bytes', nb IS NOT DISTINCT FROM fb),
                         ('state', ns IS NOT DISTINCT FROM fs AND nm IS NOT DISTINCT FROM fm),
                         ('type', fs IS NOT NULL OR typ = 'fastnumeric'::regtype)) k(kind, ok)
GROUP BY op, variant, kind ORDER BY 3;
SELECT 'BAD', op, variant, pg_temp.hx(s.at), pg_temp.hx(s.bt),
       pg_temp.hx(coalesce(nt, ns || ' ' || nm)), encode(nb, 'hex'),
       pg_temp.hx(coalesce(ft, fs || ' ' || fm)), encode(fb, 'hex')
FROM dq JOIN {src} s USING (id)
WHERE nt IS DISTINCT FROM ft OR nb IS DISTINCT FROM fb OR ns IS DISTINCT FROM fs
   OR nm IS DISTINCT FROM fm OR (fs IS NULL AND typ <> 'fastnumeric'::regtype)
ORDER BY id LIMIT :maxbad;
DROP TABLE dq;
"""

# The constant operands (literals, then a parameter of a generic plan) over the table dkx.
CONSTANTS = ["1", "0.00", "-1.05", "0.0001", "12345.6789", "99999999", "3.14159265358979323846264",
             "-0.5", "10000"]
CONSTANT = r"""
CREATE TEMP TABLE dk AS
    SELECT id, v.op, v.n, v.f
    FROM dkx, LATERAL (VALUES ('c+x', {c} + an, {c} + af), ('x+c', an + {c}, af + {c}),
                              ('c-x', {c} - an, {c} - af), ('x-c', an - {c}, af - {c}),
                              ('c*x', {c} * an, {c} * af), ('x*c', an * {c}, af * {c})) v(op, n, f);
PREPARE dk_param(numeric) AS
    SELECT id, v.op, v.n, v.f
    FROM dkx, LATERAL (VALUES ('p-x', $1 - an, $1 - af), ('x*p', an * $1, af * $1)) v(op, n, f);
CREATE TEMP TABLE dk_p AS EXECUTE dk_param({c});
INSERT INTO dk SELECT * FROM dk_p;
DROP TABLE dk_p;
DEALLOCATE dk_param;
SELECT 'CHECK', 'constant {c}', op || '-' || kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dk, LATERAL (VALUES ('text', octet_length(n::bytea) > 4000 OR n::text IS NOT DISTINCT FROM f::text),
                         ('bytes', n::bytea IS NOT DISTINCT FROM f::bytea),
                         ('type', pg_typeof(f) = 'fastnumeric'::regtype)) k(kind, ok)
GROUP BY op, kind ORDER BY 3;
SELECT 'BAD', op, 'constant {c}', pg_temp.hx(n::text), '', pg_temp.hx(n::text), encode(n::bytea, 'hex'),
       pg_temp.hx(f::text), encode(f::bytea, 'hex')
FROM dk WHERE n::bytea IS DISTINCT FROM f::bytea LIMIT :maxbad;
DROP TABLE dk;
"""


def script(pairs, powers):
    data = ["COPY da_in FROM STDIN;\n"]
    data += ["%d\t%s\t%s\t%s\t%s\t%s\n" % (i, shape, a, b, "t" if risky else "f", "t" if moderate else "f")
             for i, (shape, a, b, risky, moderate) in enumerate(pairs, 1)]
    data.append("\\.\nCOPY dp_in FROM STDIN;\n")
    data += ["%d\t%s\t%s\n" % (i, a, b) for i, (a, b) in enumerate(powers, 1)]
    data.append("\\.\n")
    return splice(SQL.read_text(encoding="utf-8"), {
        "DATA": "".join(data),
        "BULK": "".join(BULK.format(op=op, where=w) for op, w in BULK_OPS),
        "CAUGHT_RISKY": CAUGHT.format(label="risky", src="risky", ops="'+', '-', '*', '/', '%'"),
        "CAUGHT_ZERO": CAUGHT.format(label="zero_divisor", src="zero_divisor", ops="'/', '%'"),
        "CAUGHT_POWER": CAUGHT.format(label="power", src="dp", ops="'^'"),
        "CONSTANTS": "".join(CONSTANT.format(c=c) for c in CONSTANTS)})


def mismatch(tally, f):
    op, variant, a, b, nt, nb, ft, fb = f[:8]
    tally.mismatch(op, variant, "a=%s b=%s\n      numeric:     %s bytes %s\n      fastnumeric: %s bytes %s"
                   % (short(unhex(a)), short(unhex(b)), short(unhex(nt)), nb[:64], short(unhex(ft)), fb[:64]))


def test_arith(tally, casts, seed, count, scaled, keep, request):
    t0 = time.monotonic()
    pairs = arith_pairs.generate(seed, count)
    powers = arith_pairs.power_pairs(seed, max(arith_pairs.POWER_COVER, count // 40))
    print("differential_arith: seed %d, %d pairs (%d risky), %d power pairs (generated in %.1fs)"
          % (seed, len(pairs), sum(p[3] for p in pairs), len(powers), time.monotonic() - t0), flush=True)
    run_tagged(script(pairs, powers), tally, appname="fastnumeric-differential-arith",
               keep=keep("arith.sql"), variables={"maxbad": request.config.getoption("max_bad"),
                                                  "reps": scaled(CONSTANT_REPS, 4),
                                                  "distinct": max(MIN_COUNT, count // 4)},
               handlers={"BAD": lambda f: mismatch(tally, f)})
    tally.require(GROUPS)
