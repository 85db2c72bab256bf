-- expression programs (fastnumeric.expression_programs): trees of + - * and unary - in one
-- call, fastnumeric_expr, sum/avg of them without datums as a row's sums (fastnumeric_row_sum_K,
-- a lone one a row of one), min/max making a datum only for a new extreme,
-- fastnumeric_min_expr/max_expr;
-- the same results, bytes and errors as the separate operators and as numeric
LOAD 'fastnumeric';
CREATE TABLE ep_t (g int, a fastnumeric(15,2), b fastnumeric(15,2), c fastnumeric, an numeric(15,2), bn numeric(15,2), cn numeric);
INSERT INTO ep_t SELECT i % 3, x.a, x.b, x.c, x.a, x.b, x.c
FROM generate_series(1, 30) i,
     LATERAL (SELECT (i * 12.34 - 100)::fastnumeric(15,2) AS a, ((i % 11) / 100.0)::fastnumeric(15,2) AS b,
                     CASE i % 10 WHEN 0 THEN NULL WHEN 1 THEN 'NaN' WHEN 2 THEN 'Infinity'
                                 WHEN 3 THEN '123456789012345678901234567890.5' ELSE (i / 7.0)::fastnumeric END AS c) x;
CREATE FUNCTION ep_same(fastnumeric, numeric) RETURNS bool LANGUAGE sql IMMUTABLE
    AS $$ SELECT $1::text IS NOT DISTINCT FROM $2::text $$;
-- what a plan shows: TPC-H Q1's sums and a deeper sum (a row's sums: one transition for the
-- three), a chain of + (its max ends the row), a filter, an ORDER BY expression
EXPLAIN (VERBOSE, COSTS OFF)
SELECT g, sum(a * (1 - b)), sum(a * (1 - b) * (1 + b)), sum(a * (1 - b) * (1 + c) - b), max(a + b + '17' + c), avg(-a * b + c)
FROM ep_t WHERE a * b - c > 0.1 GROUP BY g ORDER BY g;
EXPLAIN (VERBOSE, COSTS OFF) SELECT a FROM ep_t ORDER BY a - b * 2, a;
SELECT g, ep_same(sum(a * (1 - b)), sum(an * (1 - bn))) AS s1,
       ep_same(sum(a * (1 - b) * (1 + c)), sum(an * (1 - bn) * (1 + cn))) AS s2,
       ep_same(sum(a * (1 - b) * (1 + c) - b), sum(an * (1 - bn) * (1 + cn) - bn)) AS s3,
       ep_same(max(a + b + '17' + c), max(an + bn + '17' + cn)) AS m,
       ep_same(avg(-a * b + c), avg(-an * bn + cn)) AS av
FROM ep_t GROUP BY g ORDER BY g;
SELECT count(*) AS rows, bool_and(ep_same(a * b - c, an * bn - cn) AND ep_same(-(a - b) * (c + 1), -(an - bn) * (cn + 1))) AS same
FROM ep_t;
SELECT array_agg(a ORDER BY a - b * 2, a)::text = array_agg(an ORDER BY an - bn * 2, an)::text AS same_order FROM ep_t;
-- a tree with something else inside: the rest around it becomes programs of their own
EXPLAIN (VERBOSE, COSTS OFF) SELECT (a * b - c) * 2 + round(c, 1), a * b + round(c, 1) * a - b FROM ep_t;
-- the first error of a row: the overflow inside the program before the division after it
-- (a table, so that the planner folds nothing)
CREATE TABLE ep_e (x fastnumeric, y fastnumeric, z fastnumeric, n fastnumeric);
INSERT INTO ep_e VALUES ('9e131071', 2, 0, NULL);
SELECT x * x * y - 1 / z FROM ep_e;
SELECT 1 / z + x * x * y FROM ep_e;
SELECT x * x * y + n FROM ep_e;
SELECT sum(x * y * n + 1) FROM ep_e;
SELECT sum(x * y * n) FROM ep_e;
SELECT sum(y * n * x + 1), avg(n * (x - 1)) FROM ep_e;
SELECT max(y * z + x * x) FROM ep_e;
SELECT min(y * n - x * x), max(y + n), min(z - y) FROM ep_e;
SET fastnumeric.expression_programs = off;
SELECT sum(x * y * n + 1) FROM ep_e;
SELECT sum(y * n * x + 1), avg(n * (x - 1)) FROM ep_e;
RESET fastnumeric.expression_programs;
DROP TABLE ep_e;
-- parallel plans: partial programs, finished by sum and avg
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(a * (1 - b) * (1 + c) - b), avg(a - b - c), min(a * b), max(-a + c) FROM ep_t;
SELECT ep_same(sum(a * (1 - b) * (1 + c) - b), sum(an * (1 - bn) * (1 + cn) - bn)) AS s,
       ep_same(avg(a - b - c), avg(an - bn - cn)) AS av,
       ep_same(min(a * b), min(an * bn)) AS mi, ep_same(max(-a + c), max(-an + cn)) AS ma FROM ep_t;
RESET max_parallel_workers_per_gather;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;
-- min and max keep the later of equal values, as numeric's do: the scale shows which
CREATE TABLE ep_ties (i int, a fastnumeric, an numeric);
INSERT INTO ep_ties VALUES (1, 1.5, 1.5), (2, 0.50, 0.50), (3, 1.50, 1.50), (4, 0.5, 0.5), (5, 1.500, 1.500), (6, 0.500, 0.500);
EXPLAIN (VERBOSE, COSTS OFF) SELECT max(a + 0), min(a * 1) FROM (SELECT a FROM ep_ties ORDER BY i) s;
SELECT max(a + 0), max(an + 0), min(a * 1), min(an * 1) FROM (SELECT a, an FROM ep_ties ORDER BY i) s;
SELECT max(a + 0), max(an + 0), min(a * 1), min(an * 1) FROM (SELECT a, an FROM ep_ties ORDER BY i DESC) s;
DROP TABLE ep_ties;
-- groups one after another: a group's first state may take the memory of the group before's
-- last, whose value min and max must not take for it
CREATE TABLE ep_groups AS
SELECT i % 50 AS g, (('x' || left(md5(i::text), 4))::bit(16)::int % 1000)::fastnumeric AS a,
       (('x' || right(md5(i::text), 4))::bit(16)::int % 1000)::fastnumeric AS b
FROM generate_series(1, 20000) i;
SET enable_hashagg = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT g, max(a + b), min(a - b) FROM ep_groups GROUP BY g;
WITH f AS MATERIALIZED (SELECT g, max(a + b) AS mx, min(a - b) AS mn FROM ep_groups GROUP BY g),
     n AS MATERIALIZED (SELECT g, max(a::numeric + b::numeric) AS mx, min(a::numeric - b::numeric) AS mn
                        FROM ep_groups GROUP BY g)
SELECT count(*) AS groups, count(*) FILTER (WHERE f.mx::text = n.mx::text) AS same_max,
       count(*) FILTER (WHERE f.mn::text = n.mn::text) AS same_min
FROM f JOIN n USING (g);
RESET enable_hashagg;
DROP TABLE ep_groups;
-- parameters of a generic plan
PREPARE ep_q(fastnumeric, fastnumeric) AS SELECT sum(a * $1 - b * $2), min(a * $1 - b * $2 + c) FROM ep_t;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE ep_q(2, 3);
EXECUTE ep_q(2, 3);
EXECUTE ep_q(NULL, 3);
RESET plan_cache_mode;
DEALLOCATE ep_q;
-- over numeric with the accelerator: the same programs, numeric's result type
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(an * (1 - bn) * (1 + cn) - bn), max(an + bn + cn) FROM ep_t WHERE cn < 100;
SELECT sum(an * (1 - bn) * (1 + cn) - bn) AS s, pg_typeof(max(an + bn + cn)) AS t FROM ep_t WHERE cn < 100;
RESET fastnumeric.accelerate_numeric;
-- off: the separate operators
SET fastnumeric.expression_programs = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(a * (1 - b) * (1 + b)), max(a + b + c) FROM ep_t;
RESET fastnumeric.expression_programs;
-- integer columns under their casts: the program reads the integers (the pgsql-hackers example
-- with casts; a row's sums; min and max), their bounds and NULL, as numeric does
CREATE TABLE ep_i (s int2, i int4, l int8, f fastnumeric);
INSERT INTO ep_i VALUES (1, 2, 3, 0.5), (-32768, -2147483648, -9223372036854775808, -1.25),
    (32767, 2147483647, 9223372036854775807, 99.99), (NULL, 7, NULL, 2), (0, 0, 0, 0);
EXPLAIN (VERBOSE, COSTS OFF) SELECT max(s::fastnumeric + i::fastnumeric + '17' + l::fastnumeric) FROM ep_i;
SELECT ep_same(max(a.g::fastnumeric + b.g::fastnumeric + '17' + c.g::fastnumeric),
               max(a.g::numeric + b.g::numeric + '17' + c.g::numeric)) AS same
FROM generate_series(1, 10) a(g), generate_series(1, 5) b(g), generate_series(1, 3) c(g);
EXPLAIN (VERBOSE, COSTS OFF) SELECT s::fastnumeric * l::fastnumeric + i * f FROM ep_i;
SELECT s::fastnumeric * l::fastnumeric + i * f AS f, s::numeric * l::numeric + i * f::numeric AS n FROM ep_i;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sum(s::fastnumeric * l::fastnumeric - i::fastnumeric), avg(l::fastnumeric * f), sum(l::fastnumeric), count(*) FROM ep_i;
SELECT ep_same(sum(s::fastnumeric * l::fastnumeric - i::fastnumeric), sum(s::numeric * l::numeric - i::numeric)) AS s1,
       ep_same(avg(l::fastnumeric * f), avg(l::numeric * f::numeric)) AS a1,
       ep_same(sum(l::fastnumeric), sum(l::numeric)) AS s2,
       ep_same(min(i + l::fastnumeric * 2), min(i + l::numeric * 2)) AS m1,
       ep_same(max(-s::fastnumeric * f), max(-s::numeric * f::numeric)) AS m2
FROM ep_i;
-- with the accelerator, numeric's casts are ours, and read the same way
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(s::numeric * l::numeric - i::numeric) FROM ep_i;
SELECT sum(s::numeric * l::numeric - i::numeric) FROM ep_i;
RESET fastnumeric.accelerate_numeric;
DROP TABLE ep_i;
-- direct calls: the program must be a constant over numeric or fastnumeric operands, or
-- integer columns or parameters (an integer constant is not one: its argument is set once)
SELECT fastnumeric_expr('$1 * ($2 - $3)', 2::fastnumeric, 1::numeric, 0.25::fastnumeric);
SELECT fastnumeric_expr('$1 + $2', 1, 2);
SELECT fastnumeric_expr('$1 + $2', f, 2::fastnumeric) FROM (VALUES (1::float8)) v(f);
SELECT fastnumeric_expr('$1 / $2', 1::fastnumeric, 2::fastnumeric);
SELECT fastnumeric_expr('$1 + $2', 1::fastnumeric);
SELECT fastnumeric_expr(p, 1::fastnumeric) FROM (VALUES ('$1')) v(p);
SELECT fastnumeric_row_sum_1('$1 * $2', a, b) = sum(a * b) AS same FROM ep_t;
DROP TABLE ep_t;
DROP FUNCTION ep_same(fastnumeric, numeric);
