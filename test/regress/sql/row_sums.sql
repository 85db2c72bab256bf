-- a row's sums (fastnumeric.fuse_aggregates): the sum and avg aggregates of one Agg node over
-- columns, constants and expression programs share one transition, fastnumeric_row_accum,
-- as fastnumeric_row_sum_K / fastnumeric_row_avg_K; the same results, bytes and first error
-- of a row as the separate aggregates and as numeric
LOAD 'fastnumeric';
CREATE TABLE rs_t (g int, q fastnumeric(15,2), p fastnumeric(15,2), d fastnumeric(15,2), t fastnumeric(15,2),
                   x fastnumeric, qn numeric(15,2), pn numeric(15,2), dn numeric(15,2), tn numeric(15,2), xn numeric);
INSERT INTO rs_t SELECT i % 4, v.q, v.p, v.d, v.t, v.x, v.q, v.p, v.d, v.t, v.x
FROM generate_series(1, 200) i,
     LATERAL (SELECT CASE WHEN i % 17 = 0 THEN NULL ELSE (i % 50 + 1)::fastnumeric(15,2) END AS q,
                     (i * 1234.5678 % 100000)::fastnumeric(15,2) AS p,
                     CASE WHEN i % 23 = 0 THEN NULL ELSE ((i % 11) / 100.0)::fastnumeric(15,2) END AS d,
                     ((i % 9) / 100.0)::fastnumeric(15,2) AS t,
                     CASE i % 25 WHEN 0 THEN 'NaN' WHEN 1 THEN 'Infinity' WHEN 2 THEN NULL
                                 WHEN 3 THEN '123456789012345678901234567890.5' WHEN 4 THEN '-0.000000001'
                                 ELSE (i / 7.0)::fastnumeric END AS x) v;
ANALYZE rs_t;
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;   -- shows a datum's bytes
CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
-- rs_check(fast, slow): the rows of a query over the fastnumeric columns and of the same query
-- over their numeric twins compared (texts, and datum bytes where the queries cast to bytea),
-- and which row aggregates the first one's plan names (one query, so that no numeric
-- aggregate sits between the sums and ends their row)
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/same_rows.sql
CREATE FUNCTION rs_check(fast text, slow text) RETURNS text LANGUAGE sql AS $$
    SELECT same_rows(fast, slow) || '; row aggregates: ' ||
           coalesce((SELECT string_agg(DISTINCT m[1], ' ')
                     FROM regexp_matches(plan_text(fast), 'fastnumeric_row_(\w+)\(', 'g') m), 'none')
$$;
-- TPC-H Q1's shape: seven sums and averages, five transitions, one state; count(*) beside them
EXPLAIN (VERBOSE, COSTS OFF)
SELECT g, sum(q), sum(p), sum(p * (1 - d)), sum(p * (1 - d) * (1 + t)), avg(q), avg(p), avg(d), count(*)
FROM rs_t GROUP BY g ORDER BY g;
SELECT rs_check($$SELECT g, sum(q), sum(p), sum(p * (1 - d)), sum(p * (1 - d) * (1 + t)), avg(q), avg(p), avg(d), count(*),
                           sum(p * (1 - d) * (1 + t))::bytea, avg(d)::bytea FROM rs_t GROUP BY g$$,
                $$SELECT g, sum(qn), sum(pn), sum(pn * (1 - dn)), sum(pn * (1 - dn) * (1 + tn)), avg(qn), avg(pn), avg(dn), count(*),
                           sum(pn * (1 - dn) * (1 + tn))::bytea, avg(dn)::bytea FROM rs_t GROUP BY g$$);
-- the same sums over numeric columns are numeric's own aggregates (no row without the accelerator)
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(qn), sum(pn) FROM rs_t;
-- specials, long values, NULLs and tiny values in one of the row's sums (its rest path), sorted groups
SET enable_hashagg = off;
SELECT rs_check($$SELECT g, sum(x), sum(x * p), avg(x - q), sum(q), avg(-x), sum(x * p)::bytea FROM rs_t GROUP BY g$$,
                $$SELECT g, sum(xn), sum(xn * pn), avg(xn - qn), sum(qn), avg(-xn), sum(xn * pn)::bytea FROM rs_t GROUP BY g$$);
RESET enable_hashagg;
-- a column whose dscale changes on the way (unconstrained: the scales a call site learns from
-- its first rows are learned again), in one group and in groups met again after the change
CREATE TABLE rs_d (g int, v fastnumeric, w fastnumeric, vn numeric, wn numeric);
INSERT INTO rs_d SELECT i % 3, x, x * 3, x, x * 3
FROM generate_series(1, 9000) i,
     LATERAL (SELECT CASE WHEN i <= 3000 THEN round(i / 7.0, 2) WHEN i <= 6000 THEN round(i / 7.0, 5)
                          ELSE round(i / 7.0, 1) END::fastnumeric AS x) y;
SELECT rs_check($$SELECT sum(v), avg(w - v), sum(v)::bytea FROM rs_d$$,
                $$SELECT sum(vn), avg(wn - vn), sum(vn)::bytea FROM rs_d$$);
SELECT rs_check($$SELECT g, sum(v), avg(w - v), sum(v)::bytea FROM rs_d GROUP BY g$$,
                $$SELECT g, sum(vn), avg(wn - vn), sum(vn)::bytea FROM rs_d GROUP BY g$$);
SELECT rs_check($$SELECT g, sum(v), avg(w - v), sum(v * w), sum(v)::bytea FROM rs_d GROUP BY g$$,
                $$SELECT g, sum(vn), avg(wn - vn), sum(vn * wn), sum(vn)::bytea FROM rs_d GROUP BY g$$);
DROP TABLE rs_d;
-- what ends a row: an aggregate other than count between two sums; a FILTER makes a row of its
-- own (of a program only: a column's sum stays sum), DISTINCT is not taken (checked by its
-- result only: 16 and later sort the input for it)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sum(q), count(d), sum(p), max(x), sum(d), avg(t), sum(t) FILTER (WHERE g = 1) FROM rs_t;
SELECT rs_check($$SELECT sum(q), count(d), sum(p), max(x), sum(d), avg(t), sum(t) FILTER (WHERE g = 1), sum(DISTINCT q) FROM rs_t$$,
                $$SELECT sum(qn), count(dn), sum(pn), max(xn), sum(dn), avg(tn), sum(tn) FILTER (WHERE g = 1), sum(DISTINCT qn) FROM rs_t$$);
-- a sum or avg of a program that shares with none is a row of one: with a FILTER, under
-- grouping sets; a lone sum of a column stays sum, a lone product of two operands
-- fastnumeric_sum_product
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sum(p * (1 - d)) FILTER (WHERE g = 1), avg(p - t) FILTER (WHERE g = 2), sum(q) FILTER (WHERE g = 3) FROM rs_t;
SELECT rs_check($$SELECT sum(p * (1 - d)) FILTER (WHERE g = 1), avg(p - t) FILTER (WHERE g = 2), sum(q) FILTER (WHERE g = 3),
                         avg(p - t) FILTER (WHERE g = 2)::bytea FROM rs_t$$,
                $$SELECT sum(pn * (1 - dn)) FILTER (WHERE g = 1), avg(pn - tn) FILTER (WHERE g = 2), sum(qn) FILTER (WHERE g = 3),
                         avg(pn - tn) FILTER (WHERE g = 2)::bytea FROM rs_t$$);
EXPLAIN (VERBOSE, COSTS OFF) SELECT g, sum(p * (1 - d)), avg(x * d) FROM rs_t GROUP BY ROLLUP (g);
SELECT rs_check($$SELECT g, sum(p * (1 - d)), avg(x * d), sum(p * (1 - d))::bytea FROM rs_t GROUP BY ROLLUP (g)$$,
                $$SELECT g, sum(pn * (1 - dn)), avg(xn * dn), sum(pn * (1 - dn))::bytea FROM rs_t GROUP BY ROLLUP (g)$$);
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(p * q) FROM rs_t;
-- nine sums: a row of eight and the ninth alone
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sum(q), sum(p), sum(d), sum(t), sum(x), sum(q * p), sum(q * d), sum(q * t), sum(q * x) FROM rs_t;
SELECT rs_check($$SELECT sum(q), sum(p), sum(d), sum(t), sum(x), sum(q * p), sum(q * d), sum(q * t), sum(q * x) FROM rs_t$$,
                $$SELECT sum(qn), sum(pn), sum(dn), sum(tn), sum(xn), sum(qn * pn), sum(qn * dn), sum(qn * tn), sum(qn * xn) FROM rs_t$$);
-- in HAVING and in expressions over the aggregates
SELECT rs_check($$SELECT g, sum(p) - sum(q) AS diff, avg(d) * 2 AS twice FROM rs_t GROUP BY g HAVING sum(q) > 1000$$,
                $$SELECT g, sum(pn) - sum(qn) AS diff, avg(dn) * 2 AS twice FROM rs_t GROUP BY g HAVING sum(qn) > 1000$$);
-- no rows: NULL sums and averages, as numeric's, and a count(*) of the row's of 0
SELECT sum(q), avg(p), sum(p * d), count(*) FROM rs_t WHERE g > 10;
SELECT rs_check($$SELECT sum(q), avg(p), sum(p * d), count(*) FROM rs_t WHERE g > 10$$,
                $$SELECT sum(qn), avg(pn), sum(pn * dn), count(*) FROM rs_t WHERE g > 10$$);
-- count(*) after a row's first sum counts the row's rows (fastnumeric_row_count); before it,
-- or with FILTER, it stays count; count(column) stays count, between sums or not
SELECT rs_check($$SELECT g, count(*), sum(q), count(d), avg(d), count(*) FILTER (WHERE d > 0) FROM rs_t GROUP BY g$$,
                $$SELECT g, count(*), sum(qn), count(dn), avg(dn), count(*) FILTER (WHERE dn > 0) FROM rs_t GROUP BY g$$);
SELECT rs_check($$SELECT g, sum(q), count(*), avg(d) FROM rs_t GROUP BY g HAVING count(*) > 1$$,
                $$SELECT g, sum(qn), count(*), avg(dn) FROM rs_t GROUP BY g HAVING count(*) > 1$$);
-- with workers: partial aggregates share a row's transition and send its whole state, which
-- the finalizing ones combine (when their groups gather many rows each: here 4000); a plain
-- aggregate above a Gather shares one as any plain one does
CREATE TABLE rs_big AS SELECT i % 3 AS g, row_number() OVER () AS u, q, p, d, qn, pn, dn FROM rs_t, generate_series(1, 60) i;
ANALYZE rs_big;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (VERBOSE, COSTS OFF) SELECT g, sum(q), sum(p * (1 - d)), avg(d), count(*) FROM rs_big GROUP BY g;
SELECT rs_check($$SELECT g, sum(q), sum(p * (1 - d)), avg(d), count(*), avg(d)::bytea FROM rs_big GROUP BY g$$,
                $$SELECT g, sum(qn), sum(pn * (1 - dn)), avg(dn), count(*), avg(dn)::bytea FROM rs_big GROUP BY g$$);
SET enable_hashagg = off;
SELECT rs_check($$SELECT g, sum(q), sum(p * (1 - d)), avg(d), count(*), avg(d)::bytea FROM rs_big GROUP BY g HAVING count(*) > 1$$,
                $$SELECT g, sum(qn), sum(pn * (1 - dn)), avg(dn), count(*), avg(dn)::bytea FROM rs_big GROUP BY g HAVING count(*) > 1$$);
RESET enable_hashagg;
EXPLAIN (VERBOSE, COSTS OFF) SELECT u, sum(q), avg(d) FROM rs_big GROUP BY u;
SELECT rs_check($$SELECT u, sum(q), avg(d) FROM rs_big GROUP BY u$$, $$SELECT u, sum(qn), avg(dn) FROM rs_big GROUP BY u$$);
DROP TABLE rs_big;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
-- the setting: without fastnumeric.fuse_aggregates each sum keeps its own transition, and
-- fastnumeric.sum_products, its earlier name, turns it off alike (the fusion needs both on)
SET fastnumeric.fuse_aggregates = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(q), sum(p) FROM rs_t;
RESET fastnumeric.fuse_aggregates;
SET fastnumeric.sum_products = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(q), sum(p) FROM rs_t;
SET fastnumeric.fuse_aggregates = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(q), sum(p) FROM rs_t;
RESET fastnumeric.sum_products;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(q), sum(p) FROM rs_t;
RESET fastnumeric.fuse_aggregates;
-- the first error of a row: the sums' programs run in their aggregates' order, each one's
-- overflow raised where its own transition would raise it (NULL operands skip a sum after
-- the operators before them ran)
CREATE TABLE rs_e (x fastnumeric, y fastnumeric, n fastnumeric);
INSERT INTO rs_e VALUES ('9e131071', 2, NULL);
SELECT sum(y), sum(x * x * y), sum(n * x * x), avg(x) FROM rs_e;
SELECT sum(x * x * n), sum(y * x * x), sum(x * x) FROM rs_e;
SELECT sum(x * x * n), sum(y), avg(n - x) FROM rs_e;
SELECT sum(x * x * n)::text AS s, sum(y), avg(n - x) FROM rs_e WHERE false;
-- the row's functions called directly: the programs must be one constant text of 1 to 8
-- programs naming each operand that follows
SELECT fastnumeric_row_sum_1('$1; $2 *', q, p) FROM rs_t;
SELECT fastnumeric_row_sum_1('$1; $2; $3; $4; $5; $6; $7; $8; $1', q, p, d, t, x, q, p, d) FROM rs_t;
SELECT fastnumeric_row_sum_1('$1; $2', q) FROM rs_t;
SELECT fastnumeric_row_sum_1('$1', 1) FROM rs_t;
SELECT fastnumeric_row_sum_1(g::text, q) FROM rs_t;
SELECT fastnumeric_row_sum_3('$1; $2', q, p) FROM rs_t;
SELECT g, fastnumeric_row_sum_2('$1; $2 * $1', q, p)::text = sum(pn * qn)::text AS same FROM rs_t GROUP BY g ORDER BY g;
DROP TABLE rs_t, rs_e;
DROP FUNCTION rs_check(text, text);
DROP FUNCTION same_rows(text, text);
DROP FUNCTION plan_text(text);
DROP CAST (fastnumeric AS bytea);
DROP CAST (numeric AS bytea);
