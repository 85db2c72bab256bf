-- hash.sql -- the server side of test_hash.py (one psql session).
--
-- psql variables set by test_hash.py: maxbad, bigcount.  test_hash.py replaces "-- @@DATA@@"
-- with the generated rows (id, text, typmod).  Rows are tagged: PHASE, INFO, CHECK group kind
-- passed failed, BAD (the first mismatches).

SELECT 'PHASE', 'setup';
SET max_parallel_workers_per_gather = 0;
SET work_mem = '256MB';
DROP SCHEMA IF EXISTS hash_check CASCADE;
CREATE SCHEMA hash_check
    CREATE TABLE src (id int4, t text, tm int4);
COPY hash_check.src FROM STDIN;
-- @@DATA@@
\.
-- stored values (1-byte headers where they fit), and each value again with three more
-- decimals of dscale (v * 1.000: an equal value in other bytes, specials unchanged); the
-- typmods test_hash.py gives always fit their value
CREATE TABLE hash_check.vals AS
    SELECT id, v AS n, v::fastnumeric AS f, (v * 1.000)::fastnumeric AS g
    FROM (SELECT id, numeric_in(t::cstring, 0, tm) AS v FROM hash_check.src) s;
-- long values stored compressed and out of line
CREATE TABLE hash_check.big (id int4, n numeric, f fastnumeric);
ALTER TABLE hash_check.big ALTER COLUMN f SET STORAGE external;
CREATE TABLE hash_check.bigc (id int4, n numeric, f fastnumeric);
INSERT INTO hash_check.big SELECT g, v, v + 0 FROM (SELECT g, (repeat('1234567890', 200 + g * 37) || '.5')::numeric AS v
                                                   FROM generate_series(1, :bigcount) g) s;
INSERT INTO hash_check.bigc SELECT id, n, n + 0 FROM hash_check.big;
SELECT 'INFO', 'values:', count(*), 'specials:', count(*) FILTER (WHERE n = 'NaN' OR n IN ('Infinity', '-Infinity')),
       'zeros:', count(*) FILTER (WHERE n = 0) FROM hash_check.vals;
SELECT 'INFO', 'long values out of line:', count(*) FILTER (WHERE pg_column_size(f) > 2000 AND pg_column_compression(f) IS NULL),
       'compressed:', (SELECT count(*) FILTER (WHERE pg_column_compression(f) IS NOT NULL) FROM hash_check.bigc)
FROM hash_check.big;

SELECT 'PHASE', 'hash';
-- seeds: none, small, negative, high bits, and two from the values' ids
CREATE TABLE hash_check.seeds (s int8);
INSERT INTO hash_check.seeds VALUES (0), (1), (-1), (42), (4611686018427387904), (-6148914691236517206),
    (hashint8extended(7, 0)), (hashint8extended(8, 0));

-- computed: fresh datums (4-byte headers)
SELECT 'CHECK', 'computed', 'hash', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT fastnumeric_hash(v::fastnumeric) = hash_numeric(v) AS ok
      FROM (SELECT numeric_in(t::cstring, 0, tm) AS v FROM hash_check.src) s) c;
-- stored: in place, 1-byte headers
SELECT 'CHECK', 'stored', 'hash', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT fastnumeric_hash(f) = hash_numeric(n) AS ok FROM hash_check.vals) c;
SELECT 'BAD', 'stored hash', id, left(n::text, 60), fastnumeric_hash(f), hash_numeric(n)
FROM hash_check.vals WHERE fastnumeric_hash(f) <> hash_numeric(n) LIMIT :maxbad;
SELECT 'CHECK', 'stored', 'extended', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT fastnumeric_hash_extended(f, s) = hash_numeric_extended(n, s) AS ok
      FROM hash_check.vals, hash_check.seeds) c;
SELECT 'BAD', 'stored extended', id, left(n::text, 60), s, fastnumeric_hash_extended(f, s), hash_numeric_extended(n, s)
FROM hash_check.vals, hash_check.seeds WHERE fastnumeric_hash_extended(f, s) <> hash_numeric_extended(n, s) LIMIT :maxbad;
-- equal values in other bytes hash alike (and are equal)
SELECT 'CHECK', 'rescaled', 'hash', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT fastnumeric_hash(g) = hash_numeric(n) AND fastnumeric_hash_extended(g, 42) = hash_numeric_extended(n, 42)
             AND g = f AND NOT (g <> f) AS ok FROM hash_check.vals) c;
-- toasted: out of line, compressed
SELECT 'CHECK', 'toast', 'hash', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT fastnumeric_hash(f) = hash_numeric(n) AND fastnumeric_hash_extended(f, 42) = hash_numeric_extended(n, 42) AS ok
      FROM (SELECT * FROM hash_check.big UNION ALL SELECT * FROM hash_check.bigc) b) c;
-- the hash operator class's own functions are these
SELECT 'CHECK', 'opclass', 'support', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT p.amproc::regproc::text IN ('fastnumeric_hash', 'fastnumeric_hash_extended')
             OR p.amproc::regproc::text LIKE '%.fastnumeric_hash%' AS ok
      FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
      WHERE f.opfname = 'fastnumeric_hash_ops' AND p.amproclefttype = 'fastnumeric'::regtype) c;

SELECT 'PHASE', 'plans';
-- hash partitions route fastnumeric values as numeric's (the extended hash with the
-- partition seed): each value lands in the partition of the same remainder
CREATE TABLE hash_check.pn (id int4, v numeric) PARTITION BY HASH (v);
CREATE TABLE hash_check.pf (id int4, v fastnumeric) PARTITION BY HASH (v);
SELECT format('CREATE TABLE hash_check.pn_%s PARTITION OF hash_check.pn FOR VALUES WITH (MODULUS 7, REMAINDER %s);
               CREATE TABLE hash_check.pf_%s PARTITION OF hash_check.pf FOR VALUES WITH (MODULUS 7, REMAINDER %s);',
              r, r, r, r) FROM generate_series(0, 6) r \gexec
INSERT INTO hash_check.pn SELECT id, n FROM hash_check.vals;
INSERT INTO hash_check.pf SELECT id, f FROM hash_check.vals;
INSERT INTO hash_check.pf SELECT -id, g FROM hash_check.vals;   -- the rescaled twins go where the values go
-- (statistics, or the joins on id below are planned as nested loops over every pair of rows)
ANALYZE hash_check.pn, hash_check.pf;
SELECT 'CHECK', 'partition', 'route', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT right(a.tableoid::regclass::text, 1) = right(b.tableoid::regclass::text, 1)
             AND right(a.tableoid::regclass::text, 1) = right(c.tableoid::regclass::text, 1) AS ok
      FROM hash_check.pn a JOIN hash_check.pf b ON b.id = a.id JOIN hash_check.pf c ON c.id = -a.id) x;
SELECT 'BAD', 'partition', a.id, left(a.v::text, 60), a.tableoid::regclass, b.tableoid::regclass
FROM hash_check.pn a JOIN hash_check.pf b ON b.id = a.id
WHERE right(a.tableoid::regclass::text, 1) <> right(b.tableoid::regclass::text, 1) LIMIT :maxbad;
-- partition pruning finds each value where it is
SELECT 'CHECK', 'partition', 'prune', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT (SELECT count(*) FROM hash_check.pf p WHERE p.v = v.f) >= 2 AS ok
      FROM hash_check.vals v WHERE v.id % 50 = 0) x;

-- hash joins between a numeric and a fastnumeric side, and hashed grouping: the same rows
-- as a merge join and a sorted grouping (zeros, a thousand of them, left out of the joins)
CREATE TABLE hash_check.nonzero AS SELECT * FROM hash_check.vals WHERE n <> 0;
SET enable_mergejoin = off; SET enable_nestloop = off;
SELECT count(*) AS hj, sum(a.id::int8 * 3 + b.id) AS hjs FROM hash_check.nonzero a JOIN hash_check.nonzero b ON a.n = b.g \gset
SELECT count(*) AS hjf FROM hash_check.nonzero a JOIN hash_check.nonzero b ON a.f = b.g \gset
SET enable_mergejoin = on; SET enable_hashjoin = off;
SELECT count(*) AS mj, sum(a.id::int8 * 3 + b.id) AS mjs FROM hash_check.nonzero a JOIN hash_check.nonzero b ON a.n = b.g \gset
RESET enable_mergejoin; RESET enable_nestloop; RESET enable_hashjoin;
SELECT 'CHECK', 'plans', 'hash join', (:hj = :mj AND :hjs = :mjs AND :hjf = :mj)::int, (NOT (:hj = :mj AND :hjs = :mjs AND :hjf = :mj))::int;
SELECT 'INFO', 'join rows:', :hj, :mj, :hjf;
SET enable_sort = off;
SELECT md5(string_agg(ids, ',' ORDER BY ids)) AS hg FROM (SELECT string_agg(id::text, ' ' ORDER BY id) AS ids FROM
    (SELECT id, f FROM hash_check.vals UNION ALL SELECT -id, g FROM hash_check.vals) u GROUP BY f) q \gset
SET enable_sort = on; SET enable_hashagg = off;
SELECT md5(string_agg(ids, ',' ORDER BY ids)) AS sg FROM (SELECT string_agg(id::text, ' ' ORDER BY id) AS ids FROM
    (SELECT id, n FROM hash_check.vals UNION ALL SELECT -id, g::numeric FROM hash_check.vals) u GROUP BY n) q \gset
RESET enable_sort; RESET enable_hashagg;
SELECT 'CHECK', 'plans', 'hashed grouping', (:'hg' = :'sg')::int, (:'hg' <> :'sg')::int;

SELECT 'PHASE', 'ties';
-- sorts and equality over many equal values stored in different bytes: the values, their
-- rescaled twins, typmod-scaled copies (1.0 and 1.00 under numeric(p,1) and numeric(p,2)),
-- -0, NaN and the infinities; fastnumeric must group, count and order them as numeric does
CREATE TABLE hash_check.ties AS
    SELECT id, n, f FROM hash_check.vals
    UNION ALL SELECT -id, g::numeric, g FROM hash_check.vals
    UNION ALL SELECT 1000000000 + id, v, v::fastnumeric FROM
        (SELECT id, n::numeric(14,2) AS v FROM hash_check.vals WHERE id % 3 = 0 AND (abs(n) < 1e11 OR n = 'NaN')) s
    UNION ALL SELECT 2000000000 + g, x::numeric, x::fastnumeric FROM generate_series(1, 300) g,
        LATERAL (VALUES ((ARRAY['1.0', '1.00', '1', '-0', '0.000', 'NaN', 'Infinity', '-Infinity', '-0.0', '1.000'])[1 + g % 10])) t(x);
SELECT 'INFO', 'tie rows:', count(*), 'distinct values:', count(DISTINCT n) FROM hash_check.ties;
SELECT 'CHECK', 'ties', 'count distinct', (a = b)::int, (a <> b)::int
FROM (SELECT count(DISTINCT f) AS a, count(DISTINCT n) AS b FROM hash_check.ties) c;
SET enable_hashagg = off;
SELECT 'CHECK', 'ties', 'sorted distinct', (a = b)::int, (a <> b)::int
FROM (SELECT (SELECT count(*) FROM (SELECT DISTINCT f FROM hash_check.ties) d) AS a,
             (SELECT count(*) FROM (SELECT DISTINCT n FROM hash_check.ties) d) AS b) c;
RESET enable_hashagg;
-- order: ranks by numeric never go down along fastnumeric's order (full sort, bounded sort)
SELECT 'CHECK', 'ties', 'order', (count(*) FILTER (WHERE prev > rk) = 0)::int, (count(*) FILTER (WHERE prev > rk) > 0)::int
FROM (SELECT rk, lag(rk) OVER (ORDER BY f, rk) AS prev
      FROM (SELECT f, dense_rank() OVER (ORDER BY n) AS rk FROM hash_check.ties) r) q;
SELECT 'CHECK', 'ties', 'partitions', (a = b)::int, (a <> b)::int
FROM (SELECT (SELECT md5(string_agg(c::text, ',' ORDER BY id)) FROM (SELECT id, count(*) OVER (PARTITION BY f) AS c FROM hash_check.ties) w) AS a,
             (SELECT md5(string_agg(c::text, ',' ORDER BY id)) FROM (SELECT id, count(*) OVER (PARTITION BY n) AS c FROM hash_check.ties) w) AS b) x;
CREATE TABLE hash_check.ranked AS SELECT f, n, dense_rank() OVER (ORDER BY n) AS rk FROM hash_check.ties;
SELECT 'CHECK', 'ties', 'bounded order', (a = b)::int, (a <> b)::int
FROM (SELECT (SELECT string_agg(rk::text, ',') FROM (SELECT rk FROM hash_check.ranked ORDER BY f LIMIT 50 OFFSET 1000) s) AS a,
             (SELECT string_agg(rk::text, ',') FROM (SELECT rk FROM hash_check.ranked ORDER BY n LIMIT 50 OFFSET 1000) s) AS b) x;

DROP SCHEMA hash_check CASCADE;
SELECT 'PHASE', 'done';
