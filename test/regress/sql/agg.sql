--
-- Aggregates: sum, avg, min, max over fastnumeric give numeric's results, byte for byte,
-- in plain, grouped (hash and sort), parallel and moving-window plans.
--
SET extra_float_digits = 0;

-- what resolves to what: ours for fastnumeric, numeric's and the integers' untouched,
-- numeric's other aggregates through the cast
SELECT pg_typeof(sum(f)) AS sum_f, pg_typeof(avg(f)) AS avg_f, pg_typeof(min(f)) AS min_f,
       pg_typeof(max(f)) AS max_f, pg_typeof(sum(f::numeric)) AS sum_n,
       pg_typeof(sum(1)) AS sum_int, pg_typeof(sum(1::int8)) AS sum_int8,
       pg_typeof(stddev(f)) AS stddev_f, pg_typeof(variance(f)) AS variance_f
FROM (VALUES ('1.5'::fastnumeric)) v(f);
SELECT sum('1');   -- ambiguous, as without the extension

-- one table, both types: n numeric, f the same values as fastnumeric
CREATE TABLE agg_t (g int, n numeric, f fastnumeric);
INSERT INTO agg_t
SELECT i % 10, v, v FROM (
    SELECT i, CASE i % 9
        WHEN 0 THEN round((i * 7919 % 100000)::numeric / 100, 2)
        WHEN 1 THEN -(i * 104729 % 1000000)::numeric
        WHEN 2 THEN (i * 31 % 997)::numeric / 1000
        WHEN 3 THEN ('1' || repeat('0', 36 + i % 5))::numeric * (i % 3 - 1)   -- near/over int128
        WHEN 4 THEN ('0.' || repeat('0', 20 + i % 10) || (i % 9 + 1))::numeric   -- tiny
        WHEN 5 THEN (repeat('9', 60) || '.' || repeat('9', i % 7))::numeric       -- long
        WHEN 6 THEN NULL
        WHEN 7 THEN round(i::numeric / 7, i % 12)
        ELSE i::numeric
    END AS v
    FROM generate_series(1, 2000) i) s;
ANALYZE agg_t;

-- comparisons by text and by wire bytes (numeric_send shows weight, sign, dscale, digits)
CREATE FUNCTION agg_same(a fastnumeric, b numeric) RETURNS boolean LANGUAGE sql IMMUTABLE AS
$$ SELECT a::text IS NOT DISTINCT FROM b::text
          AND numeric_send(a) IS NOT DISTINCT FROM numeric_send(b) $$;

SELECT sum(f) AS sum, avg(f) IS NOT NULL AS has_avg, min(f), max(f) FROM agg_t WHERE g = 1;
SELECT agg_same(sum(f), sum(n)) AS sum, agg_same(avg(f), avg(n)) AS avg,
       agg_same(min(f), min(n)) AS min, agg_same(max(f), max(n)) AS max, count(*)
FROM agg_t;

-- money-like values, and avg's scale (numeric_div's rule)
SELECT sum(x), avg(x), min(x), max(x)
FROM (VALUES ('1.50'::fastnumeric), ('2.25'), ('-0.75'), (NULL)) v(x);
SELECT avg(x) FROM (VALUES ('1'::fastnumeric), ('2')) v(x);
SELECT avg(x) FROM (VALUES ('0.000001'::fastnumeric), ('0.000002'), ('0.000002')) v(x);
SELECT sum(x) FROM (VALUES ('1.500'::fastnumeric), ('-1.5')) v(x);   -- zero keeps scale 3

-- no rows, only NULLs: NULL
SELECT sum(f), avg(f), min(f), max(f) FROM agg_t WHERE false;
SELECT sum(x), avg(x), min(x), max(x) FROM (VALUES (NULL::fastnumeric), (NULL)) v(x);

-- NaN and infinities: NaN wins, +Infinity with -Infinity is NaN
SELECT s, sum(x::fastnumeric) AS sum_f, sum(x::numeric) AS sum_n,
       avg(x::fastnumeric) AS avg_f, avg(x::numeric) AS avg_n,
       min(x::fastnumeric) AS min_f, max(x::fastnumeric) AS max_f
FROM (VALUES (1, '1'), (1, 'Infinity'),
             (2, '1'), (2, '-Infinity'), (2, '-Infinity'),
             (3, 'Infinity'), (3, '-Infinity'),
             (4, 'NaN'), (4, 'Infinity'), (4, '2.5'),
             (5, 'NaN'), (6, 'Infinity')) v(s, x)
GROUP BY s ORDER BY s;

-- beyond any machine integer, huge and tiny together
SELECT sum(x), avg(x)
FROM (VALUES ('170141183460469231731687303715884105727'::fastnumeric),
             ('170141183460469231731687303715884105727'), ('0.000000000000000000000000000001'),
             ('-1e60')) v(x);
SELECT agg_same(sum(x::fastnumeric), sum(x)) AS same
FROM (SELECT ('1e' || (i % 300))::numeric * (i % 7 - 3) AS x FROM generate_series(1, 3000) i) s;

-- errors: numeric's overflow
SELECT sum(x) FROM (VALUES (('9' || repeat('0', 131071))::fastnumeric),
                           (('9' || repeat('0', 131071))::fastnumeric)) v(x);
SELECT avg(x) FROM (VALUES (('9' || repeat('0', 131071))::fastnumeric),
                           (('9' || repeat('0', 131071))::fastnumeric)) v(x);

-- min/max on ties keep the later value, like numeric_smaller/numeric_larger
SELECT min(x), max(x), min(x::numeric), max(x::numeric)
FROM (VALUES ('1.00'::fastnumeric), ('1'), ('1.0')) v(x);

-- GROUP BY, hashed and sorted
SET enable_hashagg = on;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT g, sum(f), avg(f), min(f), max(f) FROM agg_t GROUP BY g;
SELECT count(*) AS groups,
       bool_and(agg_same(sf, sn) AND agg_same(af, an) AND agg_same(mif, min) AND agg_same(maf, man)) AS same
FROM (SELECT g, sum(f) sf, sum(n) sn, avg(f) af, avg(n) an, min(f) mif, min(n) min, max(f) maf, max(n) man
      FROM agg_t GROUP BY g) s;
RESET enable_sort;
SET enable_hashagg = off;
EXPLAIN (COSTS OFF) SELECT g, sum(f), avg(f), min(f), max(f) FROM agg_t GROUP BY g;
SELECT count(*) AS groups,
       bool_and(agg_same(sf, sn) AND agg_same(af, an) AND agg_same(mif, min) AND agg_same(maf, man)) AS same
FROM (SELECT g, sum(f) sf, sum(n) sn, avg(f) af, avg(n) an, min(f) mif, min(n) min, max(f) maf, max(n) man
      FROM agg_t GROUP BY g) s;
RESET enable_hashagg;

-- parallel: partial aggregation with combine, serialize and deserialize
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF) SELECT sum(f), avg(f), min(f), max(f) FROM agg_t;
SELECT agg_same(sum(f), sum(n)) AS sum, agg_same(avg(f), avg(n)) AS avg,
       agg_same(min(f), min(n)) AS min, agg_same(max(f), max(n)) AS max
FROM agg_t;
EXPLAIN (COSTS OFF) SELECT g, sum(f), avg(f) FROM agg_t GROUP BY g;
SELECT count(*) AS groups, bool_and(agg_same(sf, sn) AND agg_same(af, an)) AS same
FROM (SELECT g, sum(f) sf, sum(n) sn, avg(f) af, avg(n) an FROM agg_t GROUP BY g) s;
-- partial states from workers that saw no rows (NULL states into combine)
SELECT sum(f), avg(f), min(f), max(f) FROM agg_t WHERE g = 42;
SELECT sum(f), avg(f) FROM agg_t WHERE f = 5;
SELECT sum(f), avg(f) FROM agg_t WHERE f IS NULL;
RESET parallel_leader_participation;
RESET max_parallel_workers_per_gather;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;

-- min/max through a btree index (the plan without the "(returns $0)" that InitPlan lines
-- carry before PostgreSQL 17)
CREATE FUNCTION plan_of(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        RETURN NEXT regexp_replace(line, ' \(returns \$\d+\)$', '');
    END LOOP;
END
$$;
CREATE INDEX agg_t_f ON agg_t (f);
SET enable_seqscan = off;
SELECT plan_of('SELECT min(f), max(f) FROM agg_t');
SELECT agg_same(min(f), min(n)) AS min, agg_same(max(f), max(n)) AS max FROM agg_t;
RESET enable_seqscan;
DROP INDEX agg_t_f;

-- moving window frames: inverse transitions, numeric's result scale as values leave
CREATE TABLE agg_w (t int, n numeric, f fastnumeric);
INSERT INTO agg_w SELECT t, x::numeric, x::fastnumeric FROM (VALUES
    (1, '1.5'), (2, '2'), (3, '3.25'), (4, '4'), (5, '5'), (6, 'NaN'), (7, '7.125'), (8, '8'),
    (9, 'Infinity'), (10, '10'), (11, '-Infinity'), (12, '12'), (13, NULL), (14, '14.0'),
    (15, '15'), (16, '1e40'), (17, '-1e40'), (18, '18.00'), (19, '19'), (20, '20')) v(t, x);
SELECT t, f,
       sum(f) OVER w AS sum, avg(f) OVER w AS avg,
       agg_same(sum(f) OVER w, sum(n) OVER w) AND agg_same(avg(f) OVER w, avg(n) OVER w) AS same
FROM agg_w WINDOW w AS (ORDER BY t ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY t;
SELECT t, sum(f) OVER w AS sum,
       agg_same(sum(f) OVER w, sum(n) OVER w) AND agg_same(avg(f) OVER w, avg(n) OVER w) AS same
FROM agg_w WINDOW w AS (ORDER BY t ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW)
ORDER BY t;
SELECT count(*) AS rows, bool_and(same) AS same FROM (
    SELECT agg_same(sum(f) OVER w, sum(n) OVER w) AND agg_same(avg(f) OVER w, avg(n) OVER w)
           AND agg_same(min(f) OVER w, min(n) OVER w) AND agg_same(max(f) OVER w, max(n) OVER w) AS same
    FROM agg_t WINDOW w AS (PARTITION BY g ORDER BY f::text ROWS BETWEEN 9 PRECEDING AND CURRENT ROW)) s;

-- sums of products (fastnumeric.fuse_aggregates), with numeric's results and errors: a lone
-- sum(a * b) of two operands runs as fastnumeric_sum_product, any other product as a row's sums
-- (a row of one when alone), a FILTER too
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sum(f * f), sum(f * (1 - f) * (1 + f)), sum(n * n), sum(f * 2) FILTER (WHERE g = 1) FROM agg_t;
SELECT agg_same(sum(f * f), sum(n * n)) AS ff, agg_same(sum(f * (1 - f) * (1 + f)), sum(n * (1 - n) * (1 + n))) AS f3,
       agg_same(sum(f * n), sum(n * n)) AS fn, agg_same(sum(f * 2) FILTER (WHERE g = 1), sum(n * 2) FILTER (WHERE g = 1)) AS const
FROM agg_t;
SELECT g, agg_same(sum(f * (1 - f) * (1 + f)), sum(n * (1 - n) * (1 + n))) AS same FROM agg_t GROUP BY g ORDER BY g;
-- sharing a state with avg: both become the row's sum and avg together; DISTINCT is never fused
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(f * f), avg(f * f) FROM agg_t;
SELECT agg_same(sum(f * f), sum(n * n)) AND agg_same(avg(f * f), avg(n * n))
       AND agg_same(sum(DISTINCT f * f), sum(DISTINCT n * n)) AS same FROM agg_t;
-- a factor that is no program's operand (a division): the separate operators
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(f * f * (f / 2)) FROM agg_t;
SELECT sum(x * y * z) FROM (VALUES ('1e100000'::fastnumeric, '1e100000'::fastnumeric, 1::fastnumeric)) v(x, y, z);
-- NULL factors, NaN, Infinity times zero, zeros of a scale: as numeric's
SELECT v, sum(x * y) AS sum, agg_same(sum(x * y), sum(x::numeric * y::numeric)) AS same,
       agg_same(sum(x * y * x), sum(x::numeric * y::numeric * x::numeric)) AS same3
FROM (VALUES (1, NULL, '1'), (1, '2', NULL), (2, 'NaN', '1'), (2, '2', '3'), (3, 'Infinity', '0'),
             (4, '0.00', '5.5'), (4, '0', '1'), (5, '-1.5', '2.25'), (5, '1e-30', '3')) t(v, a, b),
     LATERAL (SELECT a::fastnumeric AS x, b::fastnumeric AS y) f
GROUP BY v ORDER BY v;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(f * (1 - f) * (1 + f)) FROM agg_t;
SELECT agg_same(sum(f * (1 - f) * (1 + f)), sum(n * (1 - n) * (1 + n))) AS same FROM agg_t;
RESET max_parallel_workers_per_gather;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;
SET fastnumeric.sum_products = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(f * f) FROM agg_t;
RESET fastnumeric.sum_products;

DROP TABLE agg_t, agg_w;
DROP FUNCTION agg_same(fastnumeric, numeric);
