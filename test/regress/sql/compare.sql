--
-- Comparison operators and everything built on them: btree, hash and BRIN indexes, sorts,
-- DISTINCT, GROUP BY, joins with numeric, window RANGE frames
--

-- the operator classes pass the access methods' own validation
SELECT opcname, amname, amvalidate(c.oid)
FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
WHERE opcname LIKE 'fastnumeric%' ORDER BY 1;

CREATE TABLE vals (id int, x fastnumeric, n numeric);
INSERT INTO vals (id, n) VALUES
    (1, '-Infinity'), (2, '-1e20'), (3, '-1.5'), (4, '-0.0001'), (5, '0'), (6, '0.000'),
    (7, '0.0001'), (8, '1'), (9, '1.0'), (10, '1.00'), (11, '1.5'), (12, '9999'),
    (13, '10000'), (14, '123456789.123456789'), (15, '1e20'), (16, 'Infinity'), (17, 'NaN'),
    (18, 'NaN'), (19, NULL);
UPDATE vals SET x = n;

-- every operator on every pair agrees with numeric's, for all three signatures
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (a.x = b.x) = (a.n = b.n) AND (a.x <> b.x) = (a.n <> b.n)
                          AND (a.x < b.x) = (a.n < b.n) AND (a.x <= b.x) = (a.n <= b.n)
                          AND (a.x > b.x) = (a.n > b.n) AND (a.x >= b.x) = (a.n >= b.n)
                          AND fastnumeric_cmp(a.x, b.x) = numeric_cmp(a.n, b.n)) AS fast_fast,
       count(*) FILTER (WHERE (a.x = b.n) = (a.n = b.n) AND (a.x < b.n) = (a.n < b.n)
                          AND (a.x >= b.n) = (a.n >= b.n)
                          AND fastnumeric_cmp(a.x, b.n) = numeric_cmp(a.n, b.n)) AS fast_numeric,
       count(*) FILTER (WHERE (a.n = b.x) = (a.n = b.n) AND (a.n > b.x) = (a.n > b.n)
                          AND (a.n <= b.x) = (a.n <= b.n) AND (a.n <> b.x) = (a.n <> b.n)
                          AND fastnumeric_cmp(a.n, b.x) = numeric_cmp(a.n, b.n)) AS numeric_fast
FROM vals a, vals b WHERE a.id < 19 AND b.id < 19;
SELECT 'NaN'::fastnumeric = 'NaN', 'NaN'::fastnumeric > 'Infinity', '-Infinity'::fastnumeric < '-1e1000',
       '1.0'::fastnumeric = '1.00'::fastnumeric, NULL::fastnumeric = 1;

-- ORDER BY with sort support, with and without LIMIT (a bounded sort gives up abbreviation)
SELECT array_agg(x ORDER BY x, id) FROM vals;
SELECT array_agg(x ORDER BY x DESC NULLS LAST, id) FROM vals;
SELECT x FROM vals ORDER BY x LIMIT 3 OFFSET 8;
SELECT array_agg(id ORDER BY x, id) = array_agg(id ORDER BY n, id) AS same_order FROM vals;

-- DISTINCT and GROUP BY by sort and by hash: 1, 1.0 and 1.00 are one group, like numeric
SET enable_hashagg = off;
SELECT x, count(*) FROM vals GROUP BY x ORDER BY x;
SELECT count(DISTINCT x) AS distinct_fast, count(DISTINCT n) AS distinct_numeric FROM vals;
RESET enable_hashagg;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT x, count(*) FROM vals GROUP BY x;
SELECT x, count(*) FROM vals GROUP BY x ORDER BY x;
RESET enable_sort;

-- stored keys of three to six digit groups (1-byte headers, read in place): the same bytes, one
-- header over other digits, one value under two dscales, other signs and weights; = and <>
-- of every pair, and the ties of sorted DISTINCT, as numeric has them
CREATE TABLE keyvals AS SELECT v::fastnumeric AS x, v::numeric AS n
FROM unnest(ARRAY['123456789012', '123456789013', '-123456789012', '123456789.1', '123456789.10',
                  '123456789.100', '100000000000', '100000000000.0', '1000000000000', '99999999999999999999',
                  '1e20', '0.000000000001', '0.0000000000010', '123456780000']) v;
SELECT count(*) FILTER (WHERE (a.x = b.x) IS DISTINCT FROM (a.n = b.n)) AS eq_differs,
       count(*) FILTER (WHERE (a.x <> b.x) IS DISTINCT FROM (a.n <> b.n)) AS ne_differs,
       count(*) FILTER (WHERE a.x = b.x) AS equal_pairs, count(*) AS pairs
FROM keyvals a, keyvals b;
SELECT count(DISTINCT x) AS distinct_fast, count(DISTINCT n) AS distinct_numeric
FROM keyvals, generate_series(1, 3);
SET enable_hashagg = off;
SELECT (SELECT array_agg(x ORDER BY x) FROM (SELECT DISTINCT x FROM keyvals, generate_series(1, 3)) f)::numeric[]
       = (SELECT array_agg(n ORDER BY n) FROM (SELECT DISTINCT n FROM keyvals, generate_series(1, 3)) g)
       AS same_groups_in_order;
RESET enable_hashagg;

-- btree index: index scans for the expressions users write
CREATE TABLE big AS SELECT g AS id, round(g / 100.0, 2)::fastnumeric AS x, round(g / 100.0, 2) AS n
FROM generate_series(1, 20000) g;
CREATE INDEX big_x ON big (x);
ANALYZE big;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM big WHERE x = 5;
SELECT id FROM big WHERE x = 5;
EXPLAIN (COSTS OFF) SELECT id FROM big WHERE x BETWEEN 1 AND 1.025;
SELECT id FROM big WHERE x BETWEEN 1 AND 1.025;
SELECT id FROM big WHERE x > '199.985';
SELECT id FROM big WHERE x = 5::int8;
EXPLAIN (COSTS OFF) SELECT x FROM big ORDER BY x DESC LIMIT 2;
SELECT x FROM big ORDER BY x DESC LIMIT 2;
RESET enable_seqscan;
RESET enable_bitmapscan;

-- UNIQUE treats 1.0 and 1.00 as the same value
CREATE TABLE uniq (x fastnumeric UNIQUE);
INSERT INTO uniq VALUES ('1.0');
INSERT INTO uniq VALUES ('1.00');
INSERT INTO uniq VALUES ('NaN');
INSERT INTO uniq VALUES ('nan');

-- hash index and hashing: equal values hash alike, and like numeric
CREATE INDEX big_x_hash ON big USING hash (x);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM big WHERE x = '7.50'::fastnumeric;
SELECT id FROM big WHERE x = '7.50'::fastnumeric;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT fastnumeric_hash('1.0') = fastnumeric_hash('1.000') AS equal_values_hash_alike,
       fastnumeric_hash('12.5') = hash_numeric('12.5') AS same_as_numeric,
       fastnumeric_hash_extended('12.5', 7) = hash_numeric_extended('12.5', 7) AS extended_same;
-- computed from the datum where it lies (a 1-byte header from the table), numeric's values:
-- zeros and specials have fixed ones, dscale and sign are not hashed
CREATE TABLE hashed AS SELECT v::fastnumeric AS f, v AS n FROM unnest('{0,-0,0.000,1,1.0,-1,0.0001,1e-100,
    1e100,NaN,Infinity,-Infinity,99999999.99,123456789012345678901234567890.123}'::numeric[]) v;
SELECT n, fastnumeric_hash(f) = hash_numeric(n) AS hash, fastnumeric_hash_extended(f, 0) = hash_numeric_extended(n, 0) AS ext0,
       fastnumeric_hash_extended(f, -1) = hash_numeric_extended(n, -1) AS ext
FROM hashed;
-- hash partitions: a fastnumeric key goes to the partition a numeric key of the same value goes to
CREATE TABLE hp_f (v fastnumeric) PARTITION BY HASH (v);
CREATE TABLE hp_f0 PARTITION OF hp_f FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hp_f1 PARTITION OF hp_f FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hp_f2 PARTITION OF hp_f FOR VALUES WITH (MODULUS 3, REMAINDER 2);
CREATE TABLE hp_n (v numeric) PARTITION BY HASH (v);
CREATE TABLE hp_n0 PARTITION OF hp_n FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hp_n1 PARTITION OF hp_n FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hp_n2 PARTITION OF hp_n FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hp_f SELECT f FROM hashed;
INSERT INTO hp_n SELECT n FROM hashed;
SELECT count(*) AS rows, count(*) FILTER (WHERE right(f.tableoid::regclass::text, 1) = right(n.tableoid::regclass::text, 1)) AS same_partition
FROM hp_f f JOIN hp_n n ON f.v::numeric::text = n.v::text;
DROP TABLE hp_f, hp_n, hashed;

-- joins with numeric columns: hash, merge and nested loop give numeric's answer
CREATE TABLE nums AS SELECT (g / 4.0)::numeric AS n FROM generate_series(1, 2000) g;
ANALYZE nums;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM big JOIN nums ON big.x = nums.n;
SELECT count(*) FROM big JOIN nums ON big.x = nums.n;
RESET enable_mergejoin;
SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM big JOIN nums ON big.x = nums.n;
SELECT count(*) FROM big JOIN nums ON big.x = nums.n;
RESET enable_hashjoin;
RESET enable_nestloop;
SELECT count(*) FROM big JOIN nums ON big.n = nums.n;

-- window RANGE frames with fastnumeric and numeric offsets (in_range support)
SELECT x, sum(id) OVER (ORDER BY x RANGE BETWEEN 0.02 PRECEDING AND '0.01'::fastnumeric FOLLOWING)
FROM big WHERE id <= 6 ORDER BY x;
SELECT x, count(*) OVER (ORDER BY x DESC RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)
FROM big WHERE id % 50 = 0 AND id <= 300 ORDER BY x DESC;
SELECT count(*) OVER (ORDER BY x RANGE BETWEEN -1 PRECEDING AND CURRENT ROW) FROM big LIMIT 1;

-- BRIN minmax
DROP INDEX big_x, big_x_hash;
CREATE INDEX big_x_brin ON big USING brin (x);
SET enable_seqscan = off;
SET enable_indexscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM big WHERE x < 2;
SELECT count(*) FROM big WHERE x < 2;
RESET enable_seqscan;
RESET enable_indexscan;
