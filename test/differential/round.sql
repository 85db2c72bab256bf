-- round.sql -- the server side of test_round.py (one psql session).
--
-- psql variable set by test_round.py: maxbad.  test_round.py replaces the line "-- @@DATA@@"
-- with the COPY of the operands and their scales, and "-- @@BULK@@" with one block per
-- function.  Result rows are tagged in their first field (PHASE, INFO, CHECK, BAD); texts
-- travel hex-encoded.

SET search_path = public, pg_catalog;
SET work_mem = '256MB';
SET max_parallel_workers_per_gather = 0;
SELECT 'PHASE', 'setup';
-- the extension and the numeric/fastnumeric -> bytea binary casts come from the test's fixtures

-- One evaluation of expression e (over x and s) with errors caught: numeric's or fastnumeric's.
CREATE FUNCTION pg_temp.try_fn(e text, fast bool, xt text, s int,
        OUT t text, OUT b bytea, OUT st text, OUT msg text, OUT typ regtype)
    LANGUAGE plpgsql AS
$f$
BEGIN
    IF fast THEN
        -- round and trunc with a scale, and trim_scale, are fastnumeric_round, ... on fastnumeric
        e := regexp_replace(regexp_replace(e, '^(round|trunc)\(x, s\)$', 'fastnumeric_\1(x, s)'),
                            '^trim_scale\(', 'fastnumeric_trim_scale(');
        EXECUTE format('SELECT r::text, r::bytea, pg_typeof(r) FROM (SELECT %s AS r FROM (SELECT $1::fastnumeric AS x, $2 AS s) v) q', e)
            INTO t, b, typ USING xt, s;
    ELSE
        EXECUTE format('SELECT r::text, r::bytea, pg_typeof(r) FROM (SELECT %s AS r FROM (SELECT $1::numeric AS x, $2 AS s) v) q', e)
            INTO t, b, typ USING xt, s;
    END IF;
    IF octet_length(b) > 4000 THEN
        t := NULL;   -- the bytes say it all
    END IF;
EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
    t := NULL; b := NULL; typ := NULL;
END
$f$;

SELECT 'PHASE', 'load';
CREATE TEMP TABLE ro_in (id int, shape text, t text, risky bool);
CREATE TEMP TABLE rs_in (id int, s int);
-- @@DATA@@

SELECT 'PHASE', 'prepare';
-- stored values: numeric_in's datums (packed 1-byte headers when short)
CREATE TEMP TABLE ro AS
    SELECT id, shape, risky, t, t::numeric AS n, t::numeric::fastnumeric AS f FROM ro_in;
ANALYZE ro;
SELECT 'INFO', 'operands', count(*), count(*) FILTER (WHERE risky), (SELECT count(*) FROM rs_in) FROM ro;
-- @@BULK@@

-- one by one, errors caught: the operands at numeric's limits, and division by zero
SELECT 'PHASE', 'caught';
CREATE TEMP TABLE dq AS
    SELECT c.id, c.s, c.e, n.t AS nt, n.b AS nb, n.st AS ns, n.msg AS nm,
           f.t AS ft, f.b AS fb, f.st AS fs, f.msg AS fm, f.typ
    FROM (SELECT o.id, o.t, p.s, e.e
          FROM ro o JOIN rs_in p USING (id), unnest(ARRAY['round(x, s)', 'trunc(x, s)']) e(e) WHERE o.risky
          UNION ALL
          SELECT o.id, o.t, 0, e.e
          FROM ro o, unnest(ARRAY['round(x)', 'trunc(x)', 'ceil(x)', 'ceiling(x)', 'floor(x)', 'sign(x)',
                                  'trim_scale(x)', 'mod(x, 3)']) e(e) WHERE o.risky
          UNION ALL
          SELECT o.id, o.t, 0, e.e
          FROM (SELECT * FROM ro WHERE NOT risky ORDER BY id LIMIT 300) o, unnest(ARRAY['mod(x, 0)']) e(e)) c
         CROSS JOIN LATERAL pg_temp.try_fn(c.e, false, c.t, c.s) n
         CROSS JOIN LATERAL pg_temp.try_fn(c.e, true, c.t, c.s) f;
SELECT 'INFO', 'caught outcomes', coalesce(ns, 'ok'), count(*) FROM dq GROUP BY 3 ORDER BY 3;
SELECT 'CHECK', 'caught', split_part(e, '(', 1) || '-' || kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dq, LATERAL (VALUES ('text', nt IS NOT DISTINCT FROM ft), ('bytes', nb IS NOT DISTINCT FROM fb),
                         ('state', ns IS NOT DISTINCT FROM fs AND nm IS NOT DISTINCT FROM fm),
                         ('type', fs IS NOT NULL OR typ = 'fastnumeric'::regtype)) k(kind, ok)
GROUP BY 3 ORDER BY 3;
SELECT 'BAD', e, 'caught', pg_temp.hx(o.t), dq.s, pg_temp.hx(coalesce(nt, ns || ' ' || nm)), encode(nb, 'hex'),
       pg_temp.hx(coalesce(ft, fs || ' ' || fm)), encode(fb, 'hex')
FROM dq JOIN ro o USING (id)
WHERE nt IS DISTINCT FROM ft OR nb IS DISTINCT FROM fb OR ns IS DISTINCT FROM fs OR nm IS DISTINCT FROM fm
   OR (fs IS NULL AND typ <> 'fastnumeric'::regtype)
ORDER BY id LIMIT :maxbad;
DROP TABLE dq;
SELECT 'PHASE', 'done';
