--
-- Planner estimates: on the same data and statistics, a predicate on a fastnumeric column is
-- estimated at the row count numeric's column gets for it
--
SELECT '1'::fastnumeric;   -- loads the module, whose hooks read the statistics as numeric's
-- 20,000 rows: ANALYZE reads them all, so the statistics are the same on every run.  u is
-- uniform over 0..1000 (a histogram, no common values), s skewed towards 0 with a few common
-- values (a histogram and a list of most common values).
CREATE TABLE est (id int, un numeric, uf fastnumeric, sn numeric(12,3), sf fastnumeric(12,3));
INSERT INTO est
SELECT i, v, v, w, w
FROM generate_series(1, 20000) i,
     LATERAL (SELECT round((i * 7919 % 20000) / 20.0, 2) AS v,
                     CASE WHEN i % 7 = 0 THEN 12.5 WHEN i % 11 = 0 THEN 250
                          ELSE round(1000 * ((i * 104729 % 20000) / 20000.0) ^ 4, 3) END AS w) x;
ANALYZE est;
-- the rows EXPLAIN estimates for every node of a query's plan, the top node first
CREATE FUNCTION estimated_node_rows(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    RETURN jsonb_path_query_array(plan, 'strict $.**."Plan Rows"')::text;
END
$$;
-- the rows EXPLAIN estimates for a query
CREATE FUNCTION estimated_rows(query text) RETURNS bigint LANGUAGE sql
    AS $$ SELECT (estimated_node_rows(query)::jsonb ->> 0)::bigint $$;
-- Each predicate, written with %1$s for the column's type letter (n or f) and %2$s for its
-- type, is estimated once over numeric's columns and once over fastnumeric's.
CREATE TABLE predicates (p text);
INSERT INTO predicates VALUES
    ('u%1$s > 999.9'), ('u%1$s < 0.5'), ('u%1$s >= 500'), ('u%1$s <= 123.45'),
    ('u%1$s > 250.125'), ('u%1$s < -1'), ('u%1$s > 2000'),
    ('u%1$s > ''999.9'''), ('u%1$s < ''17.3''::%2$s'), ('''17.3''::%2$s > u%1$s'),
    ('42.42 < u%1$s'), ('u%1$s BETWEEN 100 AND 100.5'), ('u%1$s BETWEEN ''100''::%2$s AND ''300.25'''),
    ('u%1$s > 10 AND u%1$s < 990'), ('u%1$s = 500'), ('u%1$s <> 500'), ('u%1$s IN (1, 2, 3.5)'),
    ('u%1$s < 100 OR u%1$s > 900'), ('-u%1$s < -500'), ('u%1$s > u%1$s * 0.5'),
    ('s%1$s > 999.9'), ('s%1$s < 0.5'), ('s%1$s >= 12.5'), ('s%1$s > 12.5'), ('s%1$s <= 250'),
    ('s%1$s < ''1.25'''), ('s%1$s BETWEEN 0.001 AND 0.01'), ('s%1$s BETWEEN 12.5 AND 250'),
    ('s%1$s = 12.5'), ('s%1$s = 13'), ('s%1$s > 300::%2$s'), ('s%1$s < 62.5::float8'),
    ('u%1$s > 500 AND s%1$s < 1'), ('s%1$s::numeric > 40'), ('u%1$s > 0.5::%2$s(5,1)');
SELECT count(*) AS predicates,
       count(*) FILTER (WHERE numeric_rows = fastnumeric_rows) AS same_estimate
FROM (SELECT estimated_rows('SELECT * FROM est WHERE ' || format(p, 'n', 'numeric')) AS numeric_rows,
             estimated_rows('SELECT * FROM est WHERE ' || format(p, 'f', 'fastnumeric')) AS fastnumeric_rows
      FROM predicates) e;
SELECT p, estimated_rows('SELECT * FROM est WHERE ' || format(p, 'n', 'numeric')) AS numeric_rows,
       estimated_rows('SELECT * FROM est WHERE ' || format(p, 'f', 'fastnumeric')) AS fastnumeric_rows
FROM predicates
WHERE estimated_rows('SELECT * FROM est WHERE ' || format(p, 'n', 'numeric'))
      <> estimated_rows('SELECT * FROM est WHERE ' || format(p, 'f', 'fastnumeric'));
-- The estimates interpolate within histogram bins, as numeric's do: ranges narrower than a
-- bin get estimates that differ from each other
SELECT count(DISTINCT estimated_rows(format('SELECT * FROM est WHERE uf > %s', 400 + i * 0.5))) AS distinct_estimates
FROM generate_series(1, 10) i;
-- A numeric column compared with a fastnumeric value is estimated as with a numeric one
SELECT estimated_rows('SELECT * FROM est WHERE un > ''250.125''::fastnumeric')
     = estimated_rows('SELECT * FROM est WHERE un > ''250.125''::numeric') AS same_estimate;
-- Parameters: a custom plan's estimate uses the parameter's value
PREPARE est_n(numeric) AS SELECT * FROM est WHERE un BETWEEN $1 AND $1 + 100;
PREPARE est_f(fastnumeric) AS SELECT * FROM est WHERE uf BETWEEN $1 AND $1 + 100;
SELECT estimated_rows('EXECUTE est_n(100.25)') = estimated_rows('EXECUTE est_f(100.25)') AS same_estimate;
DEALLOCATE est_n;
DEALLOCATE est_f;
-- Joins and grouping
SELECT estimated_rows('SELECT * FROM est a JOIN est b ON a.sn = b.sn')
     = estimated_rows('SELECT * FROM est a JOIN est b ON a.sf = b.sf') AS same_join_estimate,
       estimated_rows('SELECT * FROM est a JOIN est b ON a.un < b.un')
     = estimated_rows('SELECT * FROM est a JOIN est b ON a.uf < b.uf') AS same_inequality_join,
       estimated_rows('SELECT sn, count(*) FROM est GROUP BY sn')
     = estimated_rows('SELECT sf, count(*) FROM est GROUP BY sf') AS same_group_estimate;
-- A predicate below the top level (a subquery kept apart, a sublink from a table without
-- decimal columns, a CTE, a set operation) is estimated as numeric's too: every node's rows
CREATE TABLE est_ids (id int);
INSERT INTO est_ids SELECT generate_series(1, 1000);
ANALYZE est_ids;
SELECT shape, estimated_node_rows(format(shape, 'un > 999.9 OR un < ''2.5''')) AS numeric_rows,
       estimated_node_rows(format(shape, 'un > 999.9 OR un < ''2.5''')) =
       estimated_node_rows(format(shape, 'uf > 999.9 OR uf < ''2.5''')) AS same_estimates
FROM unnest(ARRAY[
    'SELECT * FROM (SELECT * FROM est WHERE %s OFFSET 0) s',
    'SELECT * FROM est_ids WHERE id IN (SELECT id FROM est WHERE %s)',
    'SELECT * FROM est_ids WHERE id > (SELECT count(*) FROM est WHERE %s)',
    'WITH c AS MATERIALIZED (SELECT * FROM est WHERE %s) SELECT * FROM est_ids JOIN c USING (id)',
    'SELECT id FROM est WHERE %s UNION SELECT id FROM est_ids']) shape;
DROP TABLE est_ids;
DROP FUNCTION estimated_node_rows(text);
-- The constant compared reads as numeric in the plan; the column stays fastnumeric
EXPLAIN (COSTS OFF) SELECT * FROM est WHERE uf > '999.9';
EXPLAIN (COSTS OFF) SELECT * FROM est WHERE uf = '999.9';
SELECT count(*) FROM est WHERE uf > '999.9';
SELECT count(*) FROM est WHERE un > '999.9';
DROP TABLE est, predicates;
DROP FUNCTION estimated_rows(text);
