--
-- fastnumeric.accelerate_numeric: sorting, grouping, hashing and joins over numeric run on
-- fastnumeric's operators of the same families (comparator, sort support, equality, hash)
--
-- Each plan node that keeps a numeric = < or > gets fastnumeric's.  EXPLAIN shows a sort key's
-- operator as "USING <" (DESC: "USING >"), a merge clause's and an aggregate's ORDER BY as
-- OPERATOR(schema.=) / USING OPERATOR(schema.<); at client_min_messages = debug1 each plan
-- says how many operators it received.  The rows, in their order, are numeric's.
--
LOAD 'fastnumeric';

-- keys with ties that print differently (2, 2.0, 2.00), NaN, ±Infinity and NULL
CREATE TABLE acck (id int, k numeric, c numeric);
INSERT INTO acck
SELECT i,
       CASE WHEN i % 50 = 0 THEN NULL
            WHEN i % 47 = 0 THEN 'NaN'
            WHEN i % 43 = 0 THEN 'Infinity'
            WHEN i % 41 = 0 THEN '-Infinity'
            ELSE round(((i * 7919) % 1000 - 500)::numeric / 8, i % 4) END,
       round(((i * 7) % 41)::numeric / 4, i % 3)
FROM generate_series(1, 3000) i;
CREATE INDEX acck_k ON acck (k);
CREATE INDEX acck_c ON acck (c);
ANALYZE acck;
CREATE TABLE acck_parts (id int, k numeric, c numeric) PARTITION BY RANGE (id);
CREATE TABLE acck_low PARTITION OF acck_parts FOR VALUES FROM (MINVALUE) TO (1500);
CREATE TABLE acck_high PARTITION OF acck_parts FOR VALUES FROM (1500) TO (MAXVALUE);
INSERT INTO acck_parts SELECT * FROM acck;
CREATE INDEX ON acck_parts (c);
ANALYZE acck_parts;

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/first_difference.sql
-- acck_set(settings): 'name=value' settings for the current statement
CREATE FUNCTION acck_set(settings text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    setting text;
BEGIN
    FOREACH setting IN ARRAY settings LOOP
        PERFORM set_config(split_part(setting, '=', 1), split_part(setting, '=', 2), true);
    END LOOP;
END
$$;
-- acck_same(query, settings...): the rows as they come out (their text tells ties apart), the
-- setting off and on
CREATE FUNCTION acck_same(query text, VARIADIC settings text[] DEFAULT '{}') RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    plain text[];
    accelerated text[];
BEGIN
    PERFORM acck_set(settings);
    PERFORM set_config('fastnumeric.accelerate_numeric', 'off', true);
    EXECUTE format('SELECT array_agg(q::text) FROM (%s) q', query) INTO plain;
    PERFORM set_config('fastnumeric.accelerate_numeric', 'on', true);
    EXECUTE format('SELECT array_agg(q::text) FROM (%s) q', query) INTO accelerated;
    RETURN coalesce(first_difference(plain, accelerated),
                    format('same, %s rows in the same order', coalesce(cardinality(plain), 0)));
END
$$;
-- acck_plan(query, settings...): its accelerated plan (EXPLAIN, COSTS OFF) but for the lines
-- that differ between server versions, after the count of operators the planner put in
CREATE FUNCTION acck_plan(query text, VARIADIC settings text[] DEFAULT '{}') RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    PERFORM acck_set(settings);
    PERFORM set_config('fastnumeric.accelerate_numeric', 'on', true);
    PERFORM set_config('client_min_messages', 'debug1', true);
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        CONTINUE WHEN line ~ '^\s*(Filter|Disabled|Estimates|Cache Mode|Workers Planned|Index Cond|Recheck Cond|Hash Cond|Window):';
        RETURN NEXT line;
    END LOOP;
END
$$;
-- acck_count(query, settings...): only the count of operators the planner put in
CREATE FUNCTION acck_count(query text, VARIADIC settings text[] DEFAULT '{}') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM acck_plan(query, VARIADIC settings);
END
$$;

-- 1. Sorts: a full sort, top-N, an incremental sort, Merge Append, Gather Merge
SELECT acck_plan('SELECT * FROM acck ORDER BY c, k DESC', 'enable_indexscan=off');
SELECT acck_same('SELECT * FROM acck ORDER BY c, k DESC', 'enable_indexscan=off');
SELECT acck_same('SELECT c FROM acck ORDER BY c', 'enable_indexscan=off');
SELECT acck_plan('SELECT * FROM acck ORDER BY c DESC NULLS LAST, k LIMIT 10', 'enable_indexscan=off');
SELECT acck_same('SELECT * FROM acck ORDER BY c DESC NULLS LAST, k LIMIT 100', 'enable_indexscan=off');
SELECT acck_plan('SELECT * FROM acck ORDER BY k, c', 'enable_seqscan=off', 'enable_bitmapscan=off', 'enable_sort=off');
SELECT acck_same('SELECT * FROM acck ORDER BY k, c', 'enable_seqscan=off', 'enable_bitmapscan=off', 'enable_sort=off');
SELECT acck_plan('SELECT * FROM acck_parts ORDER BY c', 'enable_seqscan=off', 'enable_bitmapscan=off', 'enable_sort=off');
SELECT acck_same('SELECT * FROM acck_parts ORDER BY c', 'enable_seqscan=off', 'enable_bitmapscan=off', 'enable_sort=off');
SELECT acck_plan('SELECT * FROM acck ORDER BY c, id', 'enable_indexscan=off', 'parallel_setup_cost=0',
                 'parallel_tuple_cost=0', 'min_parallel_table_scan_size=0', 'max_parallel_workers_per_gather=2');
SELECT acck_same('SELECT * FROM acck ORDER BY c, id', 'enable_indexscan=off', 'parallel_setup_cost=0',
                 'parallel_tuple_cost=0', 'min_parallel_table_scan_size=0', 'max_parallel_workers_per_gather=2');

-- (the planner's first aggregation reads the extension's aggregates into the catalog cache
-- here, not inside a debug1 plan, where a cache that grows says so)
SELECT count(*) FROM (SELECT c, count(*) FROM acck GROUP BY c) g;

-- 2. Grouping: sorted and hashed aggregation, grouping sets, DISTINCT, windows, WITH TIES,
-- set operations, a recursive UNION
SELECT acck_plan('SELECT c, count(*) FROM acck GROUP BY c', 'enable_indexscan=off', 'enable_hashagg=off');
SELECT acck_same('SELECT c, count(*), min(id) FROM acck GROUP BY c', 'enable_indexscan=off', 'enable_hashagg=off');
SELECT acck_same('SELECT c, k, count(*) FROM acck GROUP BY ROLLUP (c, k)', 'enable_indexscan=off', 'enable_hashagg=off');
SELECT acck_plan('SELECT DISTINCT c FROM acck', 'enable_indexscan=off', 'enable_hashagg=off');
SELECT acck_same('SELECT DISTINCT c FROM acck', 'enable_indexscan=off', 'enable_hashagg=off');
SELECT acck_plan('SELECT k, count(*) FROM acck GROUP BY k', 'enable_sort=off');
SELECT acck_same('SELECT k, count(*), max(id) FROM acck GROUP BY k', 'enable_sort=off');
SELECT acck_count('SELECT c, k, count(*) FROM acck GROUP BY GROUPING SETS ((c), (k))', 'enable_sort=off');
SELECT acck_same('SELECT c, k, count(*) FROM acck GROUP BY GROUPING SETS ((c), (k))', 'enable_sort=off');
SELECT acck_plan('SELECT id, rank() OVER (PARTITION BY c ORDER BY k) FROM acck', 'enable_indexscan=off');
SELECT acck_same('SELECT id, c, k, rank() OVER (PARTITION BY c ORDER BY k), count(*) OVER (ORDER BY c) FROM acck',
                 'enable_indexscan=off');
SELECT acck_plan('SELECT * FROM acck ORDER BY c FETCH FIRST 5 ROWS WITH TIES', 'enable_indexscan=off');
SELECT acck_same('SELECT * FROM acck ORDER BY c FETCH FIRST 5 ROWS WITH TIES', 'enable_indexscan=off');
SELECT acck_count('SELECT c FROM acck WHERE id % 2 = 0 INTERSECT SELECT c FROM acck WHERE id % 3 = 0', 'enable_sort=off');
SELECT acck_same('SELECT c FROM acck WHERE id % 2 = 0 INTERSECT SELECT c FROM acck WHERE id % 3 = 0');
SELECT acck_same('SELECT k FROM acck EXCEPT ALL SELECT c FROM acck', 'enable_hashagg=off');
SELECT acck_count('WITH RECURSIVE r(x) AS (SELECT c FROM acck UNION SELECT round(x / 2, 1) FROM r WHERE x > 0.1)
                   SELECT x FROM r');
SELECT acck_same('WITH RECURSIVE r(x) AS (SELECT c FROM acck UNION SELECT round(x / 2, 1) FROM r WHERE x > 0.1)
                  SELECT x FROM r');

-- 3. Joins and hashing: hash join (in batches too), merge join, Memoize, a hashed subplan,
-- a hashed = ANY
SELECT acck_plan('SELECT * FROM acck x JOIN acck y ON x.k = y.c', 'enable_mergejoin=off', 'enable_nestloop=off');
SELECT acck_same('SELECT x.id, y.id FROM acck x JOIN acck y ON x.k = y.c', 'enable_mergejoin=off', 'enable_nestloop=off');
SELECT acck_same('SELECT x.id, y.id, x.k FROM acck x FULL JOIN acck y ON x.k = y.k', 'enable_mergejoin=off',
                 'enable_nestloop=off', 'work_mem=64kB');
SELECT acck_plan('SELECT * FROM acck x JOIN acck y ON x.k = y.c', 'enable_hashjoin=off', 'enable_nestloop=off',
                 'enable_indexscan=off');
SELECT acck_same('SELECT x.id, y.id FROM acck x JOIN acck y ON x.k = y.c', 'enable_hashjoin=off', 'enable_nestloop=off',
                 'enable_indexscan=off');
SELECT acck_same('SELECT x.id, y.id, x.k FROM acck x FULL JOIN acck y ON x.k = y.k', 'enable_hashjoin=off',
                 'enable_nestloop=off', 'enable_indexscan=off');
SELECT acck_plan('SELECT * FROM acck x JOIN acck y ON y.k = x.c WHERE x.id < 500', 'enable_hashjoin=off',
                 'enable_mergejoin=off', 'enable_bitmapscan=off', 'enable_material=off');
SELECT acck_same('SELECT x.id, y.id FROM acck x JOIN acck y ON y.k = x.c WHERE x.id < 500', 'enable_hashjoin=off',
                 'enable_mergejoin=off', 'enable_bitmapscan=off', 'enable_material=off');
SELECT acck_plan('SELECT id FROM acck WHERE c NOT IN (SELECT k FROM acck WHERE id < 100)');
SELECT acck_same('SELECT id, c IN (SELECT k FROM acck WHERE id < 100), k NOT IN (SELECT c FROM acck) FROM acck');
SELECT acck_same($$SELECT id FROM acck WHERE k = ANY ('{0, 1, 1.5, -2.25, 62.5, NaN, Infinity, 7, 8, 9}')$$);

-- 4. Aggregates' own sorts: DISTINCT, ORDER BY, ordered-set and hypothetical-set aggregates
-- (from 16 on the planner may sort an aggregate's input below it instead: not here)
SELECT current_setting('server_version_num')::int >= 160000 AS has_presorted_aggregates \gset
\if :has_presorted_aggregates
SET enable_presorted_aggregate = off;
\endif
SET enable_indexscan = off;
SET fastnumeric.accelerate_numeric = on;
-- (planned once quietly first: the catalog lookups, whose cache growth DEBUG1 reports, are made)
\o /dev/null
EXPLAIN (VERBOSE, COSTS OFF)
SELECT count(DISTINCT k), string_agg(k::text, ' ' ORDER BY k DESC), percentile_disc(0.5) WITHIN GROUP (ORDER BY c)
FROM acck;
\o
SET client_min_messages = debug1;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT count(DISTINCT k), string_agg(k::text, ' ' ORDER BY k DESC), percentile_disc(0.5) WITHIN GROUP (ORDER BY c)
FROM acck;
RESET client_min_messages;
RESET fastnumeric.accelerate_numeric;
RESET enable_indexscan;
\if :has_presorted_aggregates
RESET enable_presorted_aggregate;
\endif
SELECT acck_same($$SELECT id % 7, count(DISTINCT k), count(DISTINCT c), string_agg(k::text, ' ' ORDER BY k DESC),
                          string_agg(c::text, ' ' ORDER BY c), percentile_disc(0.3) WITHIN GROUP (ORDER BY c),
                          mode() WITHIN GROUP (ORDER BY c), rank(2) WITHIN GROUP (ORDER BY c),
                          dense_rank(2) WITHIN GROUP (ORDER BY c DESC)
                   FROM acck GROUP BY id % 7 ORDER BY 1$$);

-- 5. The setting off: numeric's operators, EXPLAIN as ever, no operator put in
SET enable_indexscan = off;
SET client_min_messages = debug1;
EXPLAIN (COSTS OFF) SELECT * FROM acck ORDER BY c, k DESC;
RESET client_min_messages;

-- 6. Cached plans: a generic plan keeps the operators it was made with until replanned
SET plan_cache_mode = force_generic_plan;
PREPARE acck_q(numeric) AS SELECT c, count(*) FROM acck WHERE k > $1 GROUP BY c ORDER BY c;
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (COSTS OFF) EXECUTE acck_q(0);
RESET fastnumeric.accelerate_numeric;
EXPLAIN (COSTS OFF) EXECUTE acck_q(0);   -- the same plan
DISCARD PLANS;
EXPLAIN (COSTS OFF) EXECUTE acck_q(0);   -- numeric's
DEALLOCATE acck_q;
RESET plan_cache_mode;
RESET enable_indexscan;

DROP FUNCTION acck_count(text, text[]);
DROP FUNCTION acck_plan(text, text[]);
DROP FUNCTION acck_same(text, text[]);
DROP FUNCTION acck_set(text[]);
DROP FUNCTION first_difference(text[], text[]);
DROP TABLE acck_parts;
DROP TABLE acck;
