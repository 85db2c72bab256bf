-- arith.sql -- the server side of test_arith.py (one psql session).
--
-- psql variables set by test_arith.py: maxbad, reps, distinct.  test_arith.py replaces each line
-- "-- @@NAME@@" with generated SQL: DATA the COPY of the pairs, BULK one block per operator,
-- CAUGHT_* the one-by-one evaluations of a table, CONSTANTS one block per constant.
-- Result rows are tagged in their first field (PHASE, INFO, CHECK, BAD); texts travel
-- hex-encoded.

SET search_path = public, pg_catalog;
SET work_mem = '256MB';
SET max_parallel_workers_per_gather = 0;
SELECT 'PHASE', 'setup';
-- the extension and the numeric/fastnumeric -> bytea binary casts come from the test's fixtures

-- One evaluation with errors caught: variant n (numeric's operator), ff, fn, nf.
CREATE FUNCTION pg_temp.try_op(op text, variant text, an numeric, bn numeric,
        OUT t text, OUT b bytea, OUT st text, OUT msg text, OUT typ regtype)
    LANGUAGE plpgsql AS
$f$
DECLARE
    af fastnumeric := an;
    bf fastnumeric := bn;
    n numeric;
    f fastnumeric;
BEGIN
    IF variant = 'n' THEN
        n := CASE op WHEN '+' THEN an + bn WHEN '-' THEN an - bn WHEN '*' THEN an * bn
                     WHEN '/' THEN an / bn WHEN '%' THEN an % bn WHEN '^' THEN an ^ bn END;
        b := n::bytea; t := CASE WHEN octet_length(b) <= 4000 THEN n::text END; typ := 'numeric';
    ELSIF variant = 'ff' THEN
        f := CASE op WHEN '+' THEN af + bf WHEN '-' THEN af - bf WHEN '*' THEN af * bf
                     WHEN '/' THEN af / bf WHEN '%' THEN af % bf WHEN '^' THEN af ^ bf END;
        b := f::bytea; t := CASE WHEN octet_length(b) <= 4000 THEN f::text END; typ := pg_typeof(CASE op WHEN '+' THEN af + bf END);
    ELSIF variant = 'fn' THEN
        f := CASE op WHEN '+' THEN af + bn WHEN '-' THEN af - bn WHEN '*' THEN af * bn
                     WHEN '/' THEN af / bn WHEN '%' THEN af % bn WHEN '^' THEN af ^ bn END;
        b := f::bytea; t := CASE WHEN octet_length(b) <= 4000 THEN f::text END; typ := pg_typeof(CASE op WHEN '*' THEN af * bn END);
    ELSE
        f := CASE op WHEN '+' THEN an + bf WHEN '-' THEN an - bf WHEN '*' THEN an * bf
                     WHEN '/' THEN an / bf WHEN '%' THEN an % bf WHEN '^' THEN an ^ bf END;
        b := f::bytea; t := CASE WHEN octet_length(b) <= 4000 THEN f::text END; typ := pg_typeof(CASE op WHEN '-' THEN an - bf END);
    END IF;
EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
    t := NULL; b := NULL;
END
$f$;

SELECT 'PHASE', 'load';
CREATE TEMP TABLE da_in (id int, shape text, a text, b text, risky bool, moderate bool);
CREATE TEMP TABLE dp_in (id int, a text, b text);
-- @@DATA@@

SELECT 'PHASE', 'prepare';
-- stored values: fastnumeric columns hold numeric_in's datums (packed 1-byte headers when
-- short; long ones may be compressed, which the packed reader detoasts)
CREATE TEMP TABLE da AS
    SELECT id, shape, risky, moderate, a AS at, b AS bt, a::numeric AS an, b::numeric AS bn,
           a::numeric::fastnumeric AS af, b::numeric::fastnumeric AS bf
    FROM da_in;
ANALYZE da;
SELECT 'INFO', 'pairs', count(*), count(*) FILTER (WHERE risky), count(*) FILTER (WHERE moderate) FROM da;
-- @@BULK@@
SELECT 'PHASE', 'unary';
CREATE TEMP TABLE du AS
    SELECT at AS t, an AS n, af AS f FROM da UNION ALL SELECT bt, bn, bf FROM da;
CREATE TEMP TABLE dv AS
    SELECT u.t, o.op, o.n, o.f
    FROM du u, LATERAL (VALUES ('-', -u.n, -u.f), ('+', +u.n, +u.f), ('@', @u.n, @u.f),
                               ('abs', abs(u.n), abs(u.f))) o(op, n, f);
SELECT 'CHECK', 'unary', op || '-' || kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dv, LATERAL (VALUES ('text', octet_length(n::bytea) > 4000 OR n::text IS NOT DISTINCT FROM f::text),
                         ('bytes', n::bytea IS NOT DISTINCT FROM f::bytea),
                         ('type', pg_typeof(f) = 'fastnumeric'::regtype)) k(kind, ok)
GROUP BY op, kind ORDER BY 3;
SELECT 'BAD', op, 'unary', pg_temp.hx(t), '', pg_temp.hx(n::text), encode(n::bytea, 'hex'),
       pg_temp.hx(f::text), encode(f::bytea, 'hex')
FROM dv WHERE n::bytea IS DISTINCT FROM f::bytea
           OR (octet_length(n::bytea) <= 4000 AND n::text IS DISTINCT FROM f::text) LIMIT :maxbad;
DROP TABLE dv;
DROP TABLE du;

CREATE TEMP TABLE risky AS SELECT id, an, bn, at, bt FROM da WHERE risky;
-- @@CAUGHT_RISKY@@
-- division by zero (numeric's own / and %): a sample
CREATE TEMP TABLE zero_divisor AS
    SELECT id, an, bn, at, bt FROM da WHERE bn = 0 AND NOT risky ORDER BY id LIMIT 2000;
-- @@CAUGHT_ZERO@@
CREATE TEMP TABLE dp AS SELECT id, a::numeric AS an, b::numeric AS bn, a AS at, b AS bt FROM dp_in;
-- @@CAUGHT_POWER@@

-- Constant operands: `c op x` and `x op c` with c a literal (a Const in the plan: the call
-- sites that keep a memo of results, src/core/arith_memo.hpp), over the operands and over a
-- few of them repeated (so that the memo answers), then the same with c a parameter of a
-- generic plan (a stable argument that is not a Const).  Checked against numeric's c op x.
SELECT 'PHASE', 'constant operands';
-- 60 small operands :reps times each, shuffled (the memo hits, and evicts: 64 entries), then
-- up to :distinct moderate operands (no overflow with any constant; mostly distinct: the memo
-- turns off)
CREATE TEMP TABLE dkx (id bigserial, an numeric, af fastnumeric);
INSERT INTO dkx (an, af)
    SELECT an, af FROM (SELECT id, an, af FROM da WHERE NOT risky AND abs(an) < 1e8 AND scale(an) <= 4
                        ORDER BY id LIMIT 60) few, generate_series(1, :reps) g
    ORDER BY md5(g || ' ' || few.id);
INSERT INTO dkx (an, af)
    SELECT an, af FROM (SELECT id, an, af FROM da WHERE NOT risky AND abs(an) < 1e100 AND scale(an) < 1000
                        UNION ALL SELECT id, bn, bf FROM da WHERE NOT risky AND abs(bn) < 1e100 AND scale(bn) < 1000) m
    ORDER BY id LIMIT :distinct;
SELECT 'INFO', 'constant operands', count(*) FROM dkx;
SET plan_cache_mode = force_generic_plan;
-- @@CONSTANTS@@
RESET plan_cache_mode;
DROP TABLE dkx;
SELECT 'PHASE', 'done';
