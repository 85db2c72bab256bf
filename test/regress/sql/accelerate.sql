--
-- fastnumeric.accelerate_numeric: plans over plain numeric call fastnumeric's functions
--
-- The library is loaded (pg_regress created the extension); each section turns the setting on
-- or off.  EXPLAIN VERBOSE names aggregates and functions by the function that runs; which of
-- fastnumeric's functions a statement called is counted with track_functions.
--
LOAD 'fastnumeric';
SHOW fastnumeric.accelerate_numeric;
-- the operators one by one (expression programs over numeric: expr_programs.sql)
SET fastnumeric.expression_programs = off;

CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;   -- shows a datum's bytes

-- values of every shape, NaN, ±Infinity and NULL among them, in every pairing, then
-- generated ones: long fractions, long integers, money
CREATE TABLE acc_t (id int, g int, a numeric, b numeric);
INSERT INTO acc_t
SELECT row_number() OVER (), 0, x::numeric, y::numeric
FROM unnest(ARRAY['0', '0.00', '-0.0', '1', '-1', '1.5', '-2.25', '9999', '10000', '0.0001',
                  '12345.6789', '-98765.4321', '123456789012345678901234567890', '1e100', '-1e-100',
                  '-0.000000000000000000001', '3.14159265358979323846', '99999999.99995', '42',
                  '2.5', '1e20', '-7.000', 'NaN', 'Infinity', '-Infinity', NULL]) x,
     unnest(ARRAY['0', '-0.000', '1', '-1', '0.5', '-1.5', '9999.9999', '10000.0001', '1e-20',
                  '-123456789.123456789', '1e100', '18446744073709551616', '0.1', 'NaN',
                  'Infinity', '-Infinity', NULL]) y;
INSERT INTO acc_t
SELECT 1000 + i, i % 7,
       ((i * 104729) % 2000003 - 1000000)::numeric / (10::numeric ^ (i % 9)),
       CASE i % 3 WHEN 0 THEN ((i * 7919) % 100000)::numeric / 100
                  WHEN 1 THEN (i::numeric * 1000000007) ^ 3
                  ELSE -((i * 31) % 1000)::numeric / 7 END
FROM generate_series(1, 2000) i;
UPDATE acc_t SET g = id % 5 WHERE g = 0;
ANALYZE acc_t;

SET track_functions = 'all';   -- counts the calls of C functions too

-- acc_calls(): calls of the extension's functions counted so far, by name (a backend reports
-- its counts only between transactions, so the difference of two readings in one transaction
-- is what ran between them)
CREATE FUNCTION acc_calls() RETURNS jsonb LANGUAGE sql AS $$
    SELECT coalesce(jsonb_object_agg(funcname, calls), '{}') FROM (
        SELECT f.funcname, sum(f.calls) AS calls
        FROM pg_stat_xact_user_functions f
        JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = f.funcid AND d.deptype = 'e'
        JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'fastnumeric'
        GROUP BY f.funcname) s
$$;
-- acc_called(before, after): the names whose calls grew, or 'none'
CREATE FUNCTION acc_called(before jsonb, after jsonb) RETURNS text LANGUAGE sql AS $$
    SELECT coalesce(string_agg(key, ' ' ORDER BY key), 'none') FROM jsonb_each_text(after)
    WHERE value::bigint > coalesce((before ->> key)::bigint, 0)
$$;
-- acc_rows(query): the rows of query, one text each, in order
CREATE FUNCTION acc_rows(query text) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    rows text[];
BEGIN
    EXECUTE format('SELECT array_agg(q::text ORDER BY q::text) FROM (%s) q', query) INTO rows;
    RETURN rows;
END
$$;
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/first_difference.sql
-- acc_same(query): runs query with the setting off, then on, and compares the rows (queries
-- select each numeric's datum bytes too, value::bytea).  Says which of fastnumeric's functions
-- each run called and which aggregates and functions the accelerated plan names (EXPLAIN
-- VERBOSE: public.name(...), or name((arg)::fastnumeric) where the argument is relabelled;
-- fastnumeric_row_sum or _avg for a row's sums, whatever their number).
CREATE FUNCTION acc_same(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    plain text[];
    accelerated text[];
    t0 jsonb;
    t1 jsonb;
    named text[] := '{}';
    line text;
BEGIN
    PERFORM set_config('fastnumeric.accelerate_numeric', 'off', true);
    t0 := acc_calls();
    plain := acc_rows(query);
    t1 := acc_calls();
    IF acc_called(t0, t1) <> 'none' THEN
        RETURN 'numeric''s plan called ' || acc_called(t0, t1);
    END IF;
    PERFORM set_config('fastnumeric.accelerate_numeric', 'on', true);
    accelerated := acc_rows(query);
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || query LOOP
        named := named || ARRAY(SELECT coalesce(m[1], m[2], m[3]) FROM regexp_matches(line,
                 'public\.(\w+)\(|(\w+)\(\([^()]*\)::fastnumeric\)|(fastnumeric_row_(?:sum|avg))_\d+\(', 'g') m);
    END LOOP;
    IF first_difference(plain, accelerated) IS NOT NULL THEN
        RETURN first_difference(plain, accelerated);
    END IF;
    RETURN format('same, %s rows; called %s; named %s', coalesce(cardinality(plain), 0),
                  acc_called(t1, acc_calls()),
                  coalesce((SELECT string_agg(DISTINCT n, ' ') FROM unnest(named) n), 'none'));
END
$$;
\i :abs_srcdir/sql/helpers/outcome.sql
-- acc_outcome(stmt): outcome(stmt) with the setting off and on, side by side
CREATE FUNCTION acc_outcome(stmt text, OUT numeric_outcome text, OUT accelerated text)
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('fastnumeric.accelerate_numeric', 'off', true);
    numeric_outcome := outcome(stmt);
    PERFORM set_config('fastnumeric.accelerate_numeric', 'on', true);
    accelerated := outcome(stmt);
END
$$;

-- 1. The plan: the same nodes, estimates and operators; aggregates and functions are
-- fastnumeric's, named with the extension's schema (they do not resolve from numeric
-- arguments).  Operators print from the operator, which stays numeric's.
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sum(a * b), avg(a), min(a), max(-b), abs(sum(a)) FROM acc_t WHERE a + b > 0;
SET fastnumeric.accelerate_numeric = on;
-- set again after it, so that every version lists the two settings in one order
RESET fastnumeric.expression_programs;
SET fastnumeric.expression_programs = off;
EXPLAIN (VERBOSE, COSTS OFF, SETTINGS)
SELECT sum(a * b), avg(a), min(a), max(-b), abs(sum(a)) FROM acc_t WHERE a + b > 0;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT g, sum(a), avg(b) FROM acc_t GROUP BY g HAVING max(a) > 0;
-- a function-style call names the function
EXPLAIN (VERBOSE, COSTS OFF) SELECT numeric_add(a, b), numeric_cmp(a, b) FROM acc_t;
-- the operators ran on fastnumeric's functions
BEGIN;
SELECT acc_calls() AS calls \gset
SELECT sum(a * b + a) FROM acc_t WHERE a - b > 1;
SELECT acc_called(:'calls', acc_calls());
COMMIT;
RESET fastnumeric.accelerate_numeric;

-- 2. Results and bytes equal numeric's, the setting off and on
-- + - * and the unary operators, abs(), over every pairing
SELECT acc_same($$SELECT id, op, r, r::bytea, pg_column_size(r) FROM acc_t,
    LATERAL (VALUES ('+', a + b), ('-', a - b), ('*', a * b), ('-a', -a), ('+a', +a), ('@', @b),
                    ('abs', abs(a))) o(op, r)$$);
-- comparisons, IS DISTINCT FROM, NULLIF, IN lists (hashed from 9 elements), numeric_cmp()
SELECT acc_same($$SELECT id, a = b, a <> b, a < b, a <= b, a > b, a >= b, numeric_cmp(a, b),
    a IS DISTINCT FROM b, NULLIF(a, b), NULLIF(a, b)::bytea,
    a IN (0, 1, 2.5, 42, 1e100, 'NaN', 'Infinity', -1, 9999),
    a NOT IN (0, 1, 2.5, 42, 1e100, 'NaN', 'Infinity', -1, 9999), a IN (b, 1.5),
    numeric_smaller(a, b), numeric_larger(a, b)::bytea,
    CASE a WHEN 1 THEN 'one' WHEN b THEN 'b' END FROM acc_t$$);
SELECT acc_same($$SELECT id FROM acc_t WHERE a * 2 > b AND a - 1 <> 0$$);
-- aggregates: plain, sorted and hashed groups, HAVING, FILTER, DISTINCT, ORDER BY
SELECT acc_same($$SELECT sum(a), sum(a)::bytea, avg(a), avg(a)::bytea, min(a), min(a)::bytea,
                         max(a), max(a)::bytea, sum(b), avg(b), min(b), max(b),
                         pg_column_size(sum(b)), pg_column_size(avg(b)) FROM acc_t$$);
SET enable_hashagg = off;
SELECT acc_same($$SELECT g, sum(a * b), avg(b)::bytea, min(a + b), max(b - a)::bytea
                  FROM acc_t GROUP BY g HAVING sum(a) IS NOT NULL$$);
RESET enable_hashagg;
SET enable_sort = off;
SELECT acc_same($$SELECT g, sum(a * b), avg(b)::bytea, min(a + b), max(b - a)::bytea
                  FROM acc_t GROUP BY g HAVING sum(a) IS NOT NULL$$);
RESET enable_sort;
SELECT acc_same($$SELECT g, sum(a) FILTER (WHERE b > 0), avg(DISTINCT b), max(a ORDER BY b)::bytea,
                         sum(a) + sum(b), count(*) FROM acc_t GROUP BY g$$);
SELECT acc_same($$SELECT b, sum(a), avg(a) FROM acc_t WHERE id < 1000 GROUP BY b$$);
-- / % mod(), the typmod coercion and the casts to and from integers and floats
SELECT acc_same($$SELECT id, a / b, (a / b)::bytea, a % b, (a % b)::bytea, mod(a, b)::bytea
                  FROM acc_t WHERE b <> 0 ORDER BY id$$);
SELECT acc_same($$SELECT id, x, x::bytea, a::int4, a::int8, a::float8, a::float4, a::int2,
                         (a * 100)::int4::numeric::bytea, a::float8::numeric::bytea, a::float4::numeric::bytea
                  FROM acc_t, LATERAL (SELECT a::numeric(12, 2) AS x) t
                  WHERE abs(a) < 30000 AND (abs(a) > 1e-30 OR a = 0) ORDER BY id$$);
-- the coercion the planner adds to INSERT ... SELECT into numeric(p,s) columns: the rows the
-- setting off and on store, and the calls of the accelerated statement
CREATE TABLE acc_typed (run text, id int, x numeric(12,2), y numeric(8,1));
SET fastnumeric.accelerate_numeric = off;
INSERT INTO acc_typed SELECT 'numeric', id, a * 2, b / 3 FROM acc_t WHERE abs(a) < 1e9 AND abs(b) < 1e6;
SET fastnumeric.accelerate_numeric = on;
BEGIN;
SELECT acc_calls() AS calls \gset
INSERT INTO acc_typed SELECT 'accelerated', id, a * 2, b / 3 FROM acc_t WHERE abs(a) < 1e9 AND abs(b) < 1e6;
SELECT acc_called(:'calls', acc_calls());
COMMIT;
SELECT count(*) AS rows, count(*) FILTER (WHERE n.x::bytea IS DISTINCT FROM a.x::bytea
                                          OR n.y::bytea IS DISTINCT FROM a.y::bytea) AS differ
FROM acc_typed n JOIN acc_typed a USING (id) WHERE n.run = 'numeric' AND a.run = 'accelerated';
SELECT * FROM acc_outcome($$INSERT INTO acc_typed SELECT 'over', id, a * 1e10 FROM acc_t WHERE abs(a) > 1e9$$);
DROP TABLE acc_typed;
-- an aggregate of another kind that shares numeric's transition state with sum and avg: all
-- three keep numeric's
CREATE AGGREGATE acc_sum(numeric) (
    SFUNC = numeric_avg_accum, STYPE = internal, FINALFUNC = numeric_sum,
    COMBINEFUNC = numeric_avg_combine, SERIALFUNC = numeric_avg_serialize,
    DESERIALFUNC = numeric_avg_deserialize, PARALLEL = SAFE);
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT g, sum(a), acc_sum(a), avg(a), max(a), sum(b) FROM acc_t GROUP BY g;
RESET fastnumeric.accelerate_numeric;
SELECT acc_same($$SELECT g, sum(a), acc_sum(a), avg(a), max(a), sum(b) FROM acc_t GROUP BY g$$);
-- window aggregates: moving frames (inverse transitions), running frames, partitions
SELECT acc_same($$SELECT id, sum(a) OVER w, avg(a) OVER w, min(a) OVER w, max(a) OVER w,
                         (sum(b) OVER w)::bytea, (avg(b) OVER w)::bytea
                  FROM acc_t WINDOW w AS (PARTITION BY g ORDER BY id ROWS BETWEEN 3 PRECEDING AND 1 FOLLOWING)$$);
SELECT acc_same($$SELECT id, sum(a) OVER w, min(b) OVER w, max(b) OVER w
                  FROM acc_t WINDOW w AS (ORDER BY id)$$);
-- subplans and InitPlans, a hashed subplan, a join on computed keys
SELECT acc_same($$SELECT id, (SELECT sum(b) FROM acc_t i WHERE i.g = o.g AND i.id < o.id + 10)
                  FROM acc_t o WHERE o.a > (SELECT avg(a) FROM acc_t WHERE id > 1000)$$);
SELECT acc_same($$SELECT id FROM acc_t WHERE a + 1 IN (SELECT b * 2 FROM acc_t)$$);
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT acc_same($$SELECT x.id, y.id FROM acc_t x JOIN acc_t y ON x.a + 1 = y.b * 2$$);
RESET enable_nestloop;
RESET enable_mergejoin;

-- What tells them apart: min and max return the winning value as it is stored, with a 1-byte
-- header, where numeric's return a copy with a 4-byte one (the bytes after the header are the
-- same, and a stored copy gets the 1-byte header either way)
SELECT pg_column_size(max(a)) AS numeric_max FROM acc_t WHERE id BETWEEN 1000 AND 1010;
SET fastnumeric.accelerate_numeric = on;
SELECT pg_column_size(max(a)) AS accelerated_max FROM acc_t WHERE id BETWEEN 1000 AND 1010;
RESET fastnumeric.accelerate_numeric;

-- 3. Errors are numeric's: overflow in + and *, division by zero (/ stays numeric's)
CREATE TABLE acc_big (a numeric, b numeric);
INSERT INTO acc_big VALUES ('9e131071', '9e131071');
SELECT * FROM acc_outcome('SELECT a + b FROM acc_big');
SELECT * FROM acc_outcome('SELECT -a - b FROM acc_big');
SELECT * FROM acc_outcome('SELECT a * b FROM acc_big');
SELECT * FROM acc_outcome('SELECT sum(a) FROM acc_big, generate_series(1, 2)');
SELECT * FROM acc_outcome('SELECT a / 0 FROM acc_t');
SELECT * FROM acc_outcome('SELECT a % 0 FROM acc_big');
DROP TABLE acc_big;

-- 4. Data-changing statements: the same rows as numeric's plan writes
CREATE TABLE acc_m (id int PRIMARY KEY, a numeric, b numeric);
CREATE FUNCTION acc_modify(accelerate bool) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    stored text[];
    returned text[];
BEGIN
    PERFORM set_config('fastnumeric.accelerate_numeric', accelerate::text, true);
    DELETE FROM acc_m;
    INSERT INTO acc_m SELECT id, a * 2, b - 1 FROM acc_t WHERE id < 2000;
    UPDATE acc_m SET a = a + b WHERE b > 0;
    INSERT INTO acc_m SELECT id, a, b FROM acc_t WHERE id < 100
        ON CONFLICT (id) DO UPDATE SET a = acc_m.a * excluded.b WHERE acc_m.a < excluded.a + 1;
    MERGE INTO acc_m m USING acc_t t ON m.id = t.id AND t.id % 3 = 0
        WHEN MATCHED AND m.a > t.a THEN UPDATE SET b = m.b + t.a
        WHEN NOT MATCHED AND t.id % 2 = 0 THEN INSERT VALUES (t.id + 5000, -t.a, abs(t.b));
    WITH u AS (UPDATE acc_m SET a = a - 1 WHERE id < 50 RETURNING id, a * b AS p, (a * b)::bytea AS pb)
    SELECT array_agg(u::text ORDER BY id) INTO returned FROM u;
    SELECT array_agg(m::text || ' ' || coalesce(encode(a::bytea, 'hex'), '') ORDER BY id) INTO stored FROM acc_m m;
    RETURN stored || returned;
END
$$;
SELECT acc_modify(false) = acc_modify(true) AS same;
DROP FUNCTION acc_modify(bool);
DROP TABLE acc_m;

-- 5. Parallel plans: partial aggregates with combine, serialize and deserialize, all fastnumeric's
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(a), avg(a), min(a), max(b) FROM acc_t;
SELECT acc_same($$SELECT sum(a), avg(a)::bytea, min(a), max(b)::bytea, sum(a * b) FROM acc_t$$);
SELECT acc_same($$SELECT g, sum(a), avg(b)::bytea, min(b), max(a) FROM acc_t GROUP BY g$$);
SELECT acc_same($$SELECT g, sum(a), acc_sum(a), avg(a), max(a), sum(b) FROM acc_t GROUP BY g$$);
RESET fastnumeric.accelerate_numeric;
RESET parallel_leader_participation;
RESET max_parallel_workers_per_gather;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;

-- 6. The setting is read when a plan is made.  A cached plan keeps what it was made with
-- until it is replanned (an invalidation, DISCARD PLANS); a statement is planned at its first
-- EXECUTE, not at PREPARE.
PREPARE acc_q AS SELECT sum(a), abs(min(b)) FROM acc_t;
EXECUTE acc_q;                                  -- planned now, with the setting off
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_q;     -- still numeric's
DISCARD PLANS;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_q;     -- replanned with the setting on
RESET fastnumeric.accelerate_numeric;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_q;     -- and that plan stays
DEALLOCATE acc_q;
PREPARE acc_q AS SELECT sum(a) FROM acc_t;      -- prepared with the setting off
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_q;     -- first planned here: accelerated
RESET fastnumeric.accelerate_numeric;
-- the plan depends on the functions it received: changing one replans it (now with the
-- setting off)
ALTER FUNCTION abs(fastnumeric) COST 1;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_q;     -- sum is still fastnumeric's: not invalidated
DEALLOCATE acc_q;
SET fastnumeric.accelerate_numeric = on;
PREPARE acc_q AS SELECT abs(a) FROM acc_t WHERE id = 1;
EXECUTE acc_q;
RESET fastnumeric.accelerate_numeric;
ALTER FUNCTION abs(fastnumeric) COST 1;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_q;     -- replanned, with the setting off
DEALLOCATE acc_q;
-- parameters: custom plans are made at each EXECUTE, a generic plan once
PREPARE acc_p(numeric) AS SELECT sum(a + $1) FROM acc_t;
SET plan_cache_mode = force_custom_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_p(1);
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_p(1);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_p(1);
RESET fastnumeric.accelerate_numeric;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE acc_p(1);
RESET plan_cache_mode;
DEALLOCATE acc_p;

-- 7. Only the plan: a view's stored query is numeric's, its plan is accelerated
CREATE VIEW acc_v AS SELECT g, sum(a * b) AS s FROM acc_t GROUP BY g;
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT s FROM acc_v;
-- (before 16 the definition qualifies its columns)
SELECT regexp_replace(pg_get_viewdef('acc_v'), 'acc_t\.', '', 'g') AS stored_query;
RESET fastnumeric.accelerate_numeric;
DROP VIEW acc_v;

-- 8. What stays numeric's: index conditions, which the access method takes from numeric's
-- operator class.  (Sorts, DISTINCT and grouping run on fastnumeric's operators, whose
-- comparators and equality are called outside expressions: track_functions counts none of
-- them; accelerate_keys shows them.)
CREATE INDEX acc_t_a ON acc_t (a);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET fastnumeric.accelerate_numeric = on;
EXPLAIN (COSTS OFF) SELECT id FROM acc_t WHERE a = 42 ORDER BY a;
BEGIN;
SELECT acc_calls() AS calls \gset
SELECT id FROM acc_t WHERE a = 42 ORDER BY a;
SELECT count(DISTINCT a) FROM (SELECT a FROM acc_t ORDER BY b, a) s;
SELECT acc_called(:'calls', acc_calls());
COMMIT;
RESET fastnumeric.accelerate_numeric;
RESET enable_bitmapscan;
RESET enable_seqscan;
DROP INDEX acc_t_a;

-- 9. A role without privileges: the setting is a user setting.  Functions PUBLIC may not
-- execute are not substituted (the executor checks EXECUTE as whoever runs the plan).
CREATE ROLE regress_acc_user;
GRANT SELECT ON acc_t TO regress_acc_user;
BEGIN;
SET LOCAL ROLE regress_acc_user;
SET LOCAL fastnumeric.accelerate_numeric = on;
SELECT acc_calls() AS calls \gset
SELECT sum(a + b) FROM acc_t WHERE id > 1000;
SELECT acc_called(:'calls', acc_calls());
COMMIT;
BEGIN;
REVOKE EXECUTE ON FUNCTION fastnumeric_add(fastnumeric, fastnumeric) FROM PUBLIC;
SET LOCAL ROLE regress_acc_user;
SET LOCAL fastnumeric.accelerate_numeric = on;
SELECT acc_calls() AS calls \gset
SELECT sum(a + b) FROM acc_t WHERE id > 1000;
SELECT acc_called(:'calls', acc_calls());   -- + is numeric's now
ROLLBACK;
REVOKE SELECT ON acc_t FROM regress_acc_user;
DROP ROLE regress_acc_user;

-- 10. Without the extension in the database there is nothing to substitute: numeric's plan,
-- silently
BEGIN;
DROP EXTENSION fastnumeric;
SET LOCAL fastnumeric.accelerate_numeric = on;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(a + b), abs(max(a)) FROM acc_t;
SELECT sum(a + b), abs(max(a)) FROM acc_t WHERE id > 1000;
ROLLBACK;

RESET track_functions;
DROP AGGREGATE acc_sum(numeric);
DROP FUNCTION acc_outcome(text);
DROP FUNCTION acc_same(text);
DROP FUNCTION acc_rows(text);
DROP FUNCTION acc_called(jsonb, jsonb);
DROP FUNCTION acc_calls();
DROP TABLE acc_t;
DROP FUNCTION outcome(text);
DROP FUNCTION first_difference(text[], text[]);
DROP CAST (numeric AS bytea);
