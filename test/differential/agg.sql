-- agg.sql -- the setup of test_agg.py's psql session, up to its first comparison.
--
-- psql variables set by test_agg.py: schema, maxbad.  The line "-- @@DATA@@" is replaced by
-- the COPY of the generated groups and rows; test_agg.py appends the comparisons.
-- Data lives in a regular table of a scratch schema: temporary tables are never scanned in
-- parallel.

SELECT 'PHASE', 'setup';
-- the extension and the numeric/fastnumeric -> bytea binary casts come from the test's fixtures
SET work_mem = '256MB';
SET max_parallel_workers_per_gather = 0;
DROP SCHEMA IF EXISTS :"schema" CASCADE;
CREATE SCHEMA :"schema";
SET search_path = :"schema", public, pg_catalog;
CREATE TABLE ain (grp int, t int, v text, w text);
CREATE TABLE grps (grp int PRIMARY KEY, profile text, size int);

-- @@DATA@@

SELECT 'PHASE', 'load';
CREATE TABLE d AS SELECT grp, t, v::numeric AS n, v::fastnumeric AS f, w::numeric AS nw, w::fastnumeric AS fw FROM ain;
DROP TABLE ain;
CREATE INDEX ON d (grp);
ANALYZE d;
ANALYZE grps;
SELECT 'INFO', 'rows', count(*), count(DISTINCT grp), count(*) FILTER (WHERE n IS NULL) FROM d;

CREATE FUNCTION same(a fastnumeric, b numeric) RETURNS boolean LANGUAGE sql IMMUTABLE AS
$$ SELECT a::text IS NOT DISTINCT FROM b::text AND a::bytea IS NOT DISTINCT FROM b::bytea $$;
CREATE FUNCTION hx(s text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN s IS NULL THEN '~' ELSE encode(convert_to(s, 'UTF8'), 'hex') END $$;
-- EXPLAIN (options) q, the lines matching pattern: under ANALYZE a CREATE TABLE AS makes its table
CREATE FUNCTION plan_lines(options text, pattern text, q text) RETURNS SETOF text LANGUAGE plpgsql AS
$f$
DECLARE l text;
BEGIN
    FOR l IN EXECUTE 'EXPLAIN (' || options || ') ' || q LOOP
        IF l ~ pattern THEN RETURN NEXT btrim(l); END IF;
    END LOOP;
END
$f$;
-- the plan's aggregate nodes and workers, the table made
CREATE FUNCTION plan_of(q text) RETURNS SETOF text LANGUAGE sql AS
$$ SELECT plan_lines('ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF', '(Aggregate|Workers Launched|WindowAgg)', q) $$;
-- the Output lines that name aggregates
CREATE FUNCTION verbose_plan_of(q text) RETURNS SETOF text LANGUAGE sql AS
$$ SELECT plan_lines('VERBOSE, COSTS OFF', 'Output: .*sum\(', q) $$;
