-- conversions.sql -- the server side of test_conversions.py (one psql session).
--
-- psql variable set by test_conversions.py: maxbad.  test_conversions.py replaces "-- @@DATA@@"
-- with the COPY of the cases.  Each case is one conversion (or division) of one value, run
-- once as numeric's and once as fastnumeric's, each with its error caught; the two outcomes
-- (text, datum bytes, SQLSTATE and message) must be equal.  Result rows are tagged in their
-- first field (PHASE, INFO, CHECK, BAD); texts travel hex-encoded.

SET search_path = public, pg_catalog;
SET extra_float_digits = 1;   -- floats print exactly (shortest round-trip text)
SET max_parallel_workers_per_gather = 0;
SELECT 'PHASE', 'setup';

-- One case, numeric's way (fast = false) or fastnumeric's.  v: the value (a numeric's, an
-- integer's or a float's text), w: the divisor or the typmod.  Numeric operands come from the
-- stored columns of dc (packed datums) as an and af; typmod_fresh coerces the value as its
-- input function gives it (a datum with a 4-byte header, as computed values have).
CREATE FUNCTION pg_temp.convert(op text, fast bool, v text, w text, an numeric, af fastnumeric,
        wn numeric, wf fastnumeric, OUT t text, OUT b bytea, OUT st text, OUT msg text)
    LANGUAGE plpgsql AS
$f$
DECLARE
    n numeric;
    f fastnumeric;
BEGIN
    IF op IN ('int2', 'int4', 'int8', 'float4', 'float8') THEN
        t := CASE op WHEN 'int2' THEN CASE WHEN fast THEN int2(af) ELSE int2(an) END::text
                     WHEN 'int4' THEN CASE WHEN fast THEN int4(af) ELSE int4(an) END::text
                     WHEN 'int8' THEN CASE WHEN fast THEN int8(af) ELSE int8(an) END::text
                     WHEN 'float4' THEN CASE WHEN fast THEN float4(af) ELSE float4(an) END::text
                     ELSE CASE WHEN fast THEN float8(af) ELSE float8(an) END::text END;
        RETURN;
    END IF;
    IF fast THEN
        f := CASE op WHEN 'typmod' THEN fastnumeric(af, w::int4)
                     WHEN 'typmod_fresh' THEN fastnumeric(v::fastnumeric, w::int4)
                     WHEN 'from_int2' THEN v::int2::fastnumeric
                     WHEN 'from_int4' THEN v::int4::fastnumeric
                     WHEN 'from_int8' THEN v::int8::fastnumeric
                     WHEN 'from_float4' THEN v::float4::fastnumeric
                     WHEN 'from_float8' THEN v::float8::fastnumeric
                     WHEN '/ff' THEN af / wf WHEN '/fn' THEN af / wn WHEN '/nf' THEN an / wf
                     WHEN '%ff' THEN af % wf WHEN '%fn' THEN af % wn WHEN '%nf' THEN an % wf
                     WHEN 'mod' THEN mod(af, wn) END;
        b := f::bytea;
        t := f::text;
    ELSE
        n := CASE op WHEN 'typmod' THEN pg_catalog.numeric(an, w::int4)
                     WHEN 'typmod_fresh' THEN pg_catalog.numeric(v::numeric, w::int4)
                     WHEN 'from_int2' THEN v::int2::numeric
                     WHEN 'from_int4' THEN v::int4::numeric
                     WHEN 'from_int8' THEN v::int8::numeric
                     WHEN 'from_float4' THEN v::float4::numeric
                     WHEN 'from_float8' THEN v::float8::numeric
                     WHEN '/ff' THEN an / wn WHEN '/fn' THEN an / wn WHEN '/nf' THEN an / wn
                     WHEN '%ff' THEN an % wn WHEN '%fn' THEN an % wn WHEN '%nf' THEN an % wn
                     WHEN 'mod' THEN mod(an, wn) END;
        b := n::bytea;
        t := n::text;
    END IF;
EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
    t := NULL; b := NULL;
END
$f$;

SELECT 'PHASE', 'load';
CREATE TEMP TABLE dc_in (id int, op text, shape text, v text, w text);
-- @@DATA@@

SELECT 'PHASE', 'prepare';
-- numeric operands stored (packed 1-byte headers when short), as a column holds them
CREATE TEMP TABLE dc AS
    SELECT id, op, shape, v, w,
           CASE WHEN op NOT LIKE 'from_%' THEN v::numeric END AS an,
           CASE WHEN op NOT LIKE 'from_%' THEN v::numeric::fastnumeric END AS af,
           CASE WHEN op ~ '^[/%m]' THEN w::numeric END AS wn,
           CASE WHEN op ~ '^[/%m]' THEN w::numeric::fastnumeric END AS wf
    FROM dc_in;
SELECT 'INFO', 'cases', op, count(*) FROM dc GROUP BY op ORDER BY op;

SELECT 'PHASE', 'convert';
CREATE TEMP TABLE dr AS
    SELECT d.id, d.op, n.t AS nt, n.b AS nb, n.st AS ns, n.msg AS nm, f.t AS ft, f.b AS fb, f.st AS fs, f.msg AS fm
    FROM dc d
         CROSS JOIN LATERAL pg_temp.convert(d.op, false, d.v, d.w, d.an, d.af, d.wn, d.wf) n
         CROSS JOIN LATERAL pg_temp.convert(d.op, true, d.v, d.w, d.an, d.af, d.wn, d.wf) f;
SELECT 'INFO', 'outcomes', op, coalesce(ns, 'ok'), count(*) FROM dr GROUP BY 3, 4 ORDER BY 3, 4;
SELECT 'CHECK', CASE left(op, 1) WHEN '/' THEN '/' WHEN '%' THEN '%' WHEN 'm' THEN '%' ELSE
           CASE WHEN op LIKE 'typmod%' THEN 'typmod' WHEN op LIKE 'from%' THEN 'from' ELSE 'to' END END, op || '-' || kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dr, LATERAL (VALUES ('text', nt IS NOT DISTINCT FROM ft), ('bytes', nb IS NOT DISTINCT FROM fb),
                         ('state', ns IS NOT DISTINCT FROM fs AND nm IS NOT DISTINCT FROM fm)) k(kind, ok)
GROUP BY op, kind ORDER BY 3;
SELECT 'BAD', d.op, d.shape, pg_temp.hx(d.v), pg_temp.hx(coalesce(d.w, '')),
       pg_temp.hx(coalesce(nt, ns || ' ' || nm)), encode(nb, 'hex'),
       pg_temp.hx(coalesce(ft, fs || ' ' || fm)), encode(fb, 'hex')
FROM dr JOIN dc d USING (id)
WHERE nt IS DISTINCT FROM ft OR nb IS DISTINCT FROM fb OR ns IS DISTINCT FROM fs OR nm IS DISTINCT FROM fm
ORDER BY id LIMIT :maxbad;
SELECT 'PHASE', 'done';
