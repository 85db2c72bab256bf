-- accelerate.sql -- the server side of test_accelerate.py (one psql session), up to its
-- workloads.
--
-- psql variables set by test_accelerate.py: schema, maxbad.  The line "-- @@DATA@@" is
-- replaced by the COPY of the generated inputs and pairs; test_accelerate.py appends one
-- pg_temp.compare() call per workload.  Tables live in a scratch schema (regular tables:
-- temporary ones are never scanned in parallel).

SET track_functions = 'all';
SELECT 'PHASE', 'setup';
-- the extension and the numeric/fastnumeric -> bytea binary casts come from the test's fixtures
LOAD 'fastnumeric';
DROP SCHEMA IF EXISTS :"schema" CASCADE;
CREATE SCHEMA :"schema";
SET search_path = :"schema", public, pg_catalog;
CREATE TABLE inputs (id int, hex text, typmod int);
CREATE TABLE pair_ids (id int, a_id int, b_id int, neg bool, risky bool);

-- @@DATA@@

SELECT 'PHASE', 'values';
CREATE FUNCTION pg_temp.read_numeric(t text, typmod int) RETURNS numeric LANGUAGE plpgsql AS $$
BEGIN
    RETURN numeric_in(t::cstring, 0, typmod);
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;
CREATE TABLE vals AS
    SELECT id, pg_temp.read_numeric(convert_from(decode(hex, 'hex'), 'UTF8'), typmod) AS x FROM inputs;
CREATE TABLE pairs AS
    SELECT p.id, p.id % 97 AS g, va.x AS a, CASE WHEN p.neg THEN -vb.x ELSE vb.x END AS b, p.risky
    FROM pair_ids p JOIN vals va ON va.id = p.a_id JOIN vals vb ON vb.id = p.b_id;
CREATE INDEX ON pairs (id);
ANALYZE pairs;
-- Keys for sorting, grouping, hashing and joins: the safe pairs' values, and c, a value of few
-- distinct ones written at one, two and three scales (2, 2.0, 2.00: equal keys that print
-- differently, so that an order among ties shows); indexed for merge joins, Memoize and
-- Incremental Sort, and a partitioned copy for Merge Append.  At most 40 rows share a value of
-- a, and of b: enough ties for every order among them to show, while the joins of a with b
-- (whose rows grow as the square of the ties: zeros in every scale are common) stay linear.
CREATE TABLE keyed AS
    SELECT id, g, a, b, c
    FROM (SELECT id, g, a, b, round(((id * 7) % 41)::numeric / 4, id % 3) AS c,
                 row_number() OVER (PARTITION BY a ORDER BY id) AS na,
                 row_number() OVER (PARTITION BY b ORDER BY id) AS nb
          FROM pairs WHERE NOT risky) k
    WHERE na <= 40 AND nb <= 40;
CREATE INDEX ON keyed (a);
CREATE INDEX ON keyed (c);
ANALYZE keyed;
CREATE TABLE keyed_parts (id int, g int, a numeric, b numeric, c numeric) PARTITION BY RANGE (g);
CREATE TABLE keyed_low PARTITION OF keyed_parts FOR VALUES FROM (MINVALUE) TO (48);
CREATE TABLE keyed_high PARTITION OF keyed_parts FOR VALUES FROM (48) TO (MAXVALUE);
INSERT INTO keyed_parts SELECT * FROM keyed;
CREATE INDEX ON keyed_parts (c);
ANALYZE keyed_parts;
SELECT 'INFO', 'values', count(*), count(x), count(*) FILTER (WHERE x = 'NaN' OR x IN ('Infinity', '-Infinity'))
FROM vals;
SELECT 'INFO', 'pairs', count(*), count(*) FILTER (WHERE risky), count(*) FILTER (WHERE a IS NULL OR b IS NULL)
FROM pairs;

-- Calls of the extension's functions counted so far in this backend, by name.
CREATE FUNCTION pg_temp.calls() RETURNS TABLE (name text, n bigint) LANGUAGE sql AS $$
    SELECT f.funcname::text, sum(f.calls)::bigint
    FROM pg_stat_xact_user_functions f
    JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = f.funcid AND d.deptype = 'e'
    JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'fastnumeric'
    GROUP BY 1
$$;
CREATE FUNCTION pg_temp.grown(before text, after text) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    names text[];
BEGIN
    EXECUTE format('SELECT coalesce(array_agg(a.name ORDER BY a.name), ''{}'') FROM %I a LEFT JOIN %I b USING (name)
                    WHERE a.n > coalesce(b.n, 0)', after, before) INTO names;
    RETURN names;
END
$$;

-- compare(label, query, expect, settings, parallel, maxbad, shape): query returns (k text,
-- v text, b bytea, s int); runs it with the setting off, then on, and returns CHECK and BAD
-- rows.  expect: fastnumeric functions the accelerated run must call, or aggregates its plan
-- must name; shape: a regular expression the accelerated plan (EXPLAIN VERBOSE) must match.
CREATE FUNCTION pg_temp.compare(label text, query text, expect text[], settings text[] DEFAULT '{}',
                                parallel bool DEFAULT false, maxbad int DEFAULT 5, shape text DEFAULT NULL)
RETURNS TABLE (tag text, f1 text, f2 text, f3 text, f4 text) LANGUAGE plpgsql AS $$
DECLARE
    setting text;
    schema_name text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                         WHERE e.extname = 'fastnumeric');
    plan text := '';
    line text;
    plain_called text[];
    called text[];
    named text[];
    e text;
    r record;
BEGIN
    FOREACH setting IN ARRAY settings LOOP
        PERFORM set_config(split_part(setting, '=', 1), split_part(setting, '=', 2), true);
    END LOOP;
    DROP TABLE IF EXISTS r_off, r_on, c0, c1, c2;
    CREATE TEMP TABLE c0 AS SELECT * FROM pg_temp.calls();
    PERFORM set_config('fastnumeric.accelerate_numeric', 'off', true);
    EXECUTE 'CREATE TEMP TABLE r_off AS ' || query;
    CREATE TEMP TABLE c1 AS SELECT * FROM pg_temp.calls();
    PERFORM set_config('fastnumeric.accelerate_numeric', 'on', true);
    EXECUTE 'CREATE TEMP TABLE r_on AS ' || query;
    CREATE TEMP TABLE c2 AS SELECT * FROM pg_temp.calls();
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    PERFORM set_config('fastnumeric.accelerate_numeric', 'off', true);
    plain_called := pg_temp.grown('c0', 'c1');
    called := pg_temp.grown('c1', 'c2');
    named := ARRAY(SELECT DISTINCT coalesce(m[1], m[2]) FROM regexp_matches(plan,
                   quote_ident(schema_name) || '\.(\w+)\(|(\w+)\(\([^()]*\)::fastnumeric\)', 'g') m);

    FOR r IN EXECUTE $q$
        SELECT count(*) FILTER (WHERE o.k IS NOT NULL AND n.k IS NOT NULL) AS rows_ok,
               count(*) FILTER (WHERE o.k IS NULL OR n.k IS NULL) AS rows_bad,
               count(*) FILTER (WHERE o.v IS NOT DISTINCT FROM n.v) AS text_ok,
               count(*) FILTER (WHERE o.v IS DISTINCT FROM n.v) AS text_bad,
               count(*) FILTER (WHERE o.b IS NOT DISTINCT FROM n.b) AS bytes_ok,
               count(*) FILTER (WHERE o.b IS DISTINCT FROM n.b) AS bytes_bad,
               count(*) FILTER (WHERE o.s IS NOT NULL AND o.s IS NOT DISTINCT FROM n.s) AS size_ok,
               count(*) FILTER (WHERE o.s IS NOT NULL AND o.s IS DISTINCT FROM n.s) AS size_bad
        FROM r_off o FULL JOIN r_on n ON o.k = n.k $q$ LOOP
        tag := 'CHECK'; f1 := label;
        f2 := 'rows'; f3 := r.rows_ok; f4 := r.rows_bad; RETURN NEXT;
        f2 := 'text'; f3 := r.text_ok; f4 := r.text_bad; RETURN NEXT;
        f2 := 'bytes'; f3 := r.bytes_ok; f4 := r.bytes_bad; RETURN NEXT;
        IF r.size_ok + r.size_bad > 0 THEN
            f2 := 'size'; f3 := r.size_ok; f4 := r.size_bad; RETURN NEXT;
        END IF;
    END LOOP;
    tag := 'CHECK'; f1 := label; f2 := 'numeric-plan';
    f3 := (cardinality(plain_called) = 0)::int; f4 := (cardinality(plain_called) > 0)::int;
    RETURN NEXT;
    IF cardinality(plain_called) > 0 THEN
        tag := 'NOTE'; f1 := label; f2 := 'numeric''s plan called ' || array_to_string(plain_called, ' ');
        f3 := ''; f4 := ''; RETURN NEXT;
    END IF;
    FOREACH e IN ARRAY expect LOOP
        -- an expression program (fastnumeric.expression_programs) runs our + - * in one call,
        -- and a row's sums (fastnumeric_row_sum_K, _avg_K) run sums of products and programs
        tag := 'CHECK'; f1 := label; f2 := 'uses-' || e;
        f3 := (e = ANY (called) OR e = ANY (named) OR
               (e IN ('fastnumeric_add', 'fastnumeric_sub', 'fastnumeric_mul') AND
                ('fastnumeric_expr' = ANY (called) OR plan ~ 'fastnumeric_(min|max)_expr\(' OR
                 plan ~ 'fastnumeric_row_(sum|avg)_\d+\(')) OR
               (e = 'fastnumeric_sum_product' AND plan ~ 'fastnumeric_row_(sum|avg)_\d+\('))::int;
        f4 := 1 - f3::int;
        RETURN NEXT;
    END LOOP;
    IF parallel THEN
        tag := 'CHECK'; f1 := label; f2 := 'parallel-plan';
        f3 := (plan ~ 'Partial (Hash|Group)?Aggregate' AND plan ~ 'Gather')::int;
        f4 := (NOT (plan ~ 'Partial (Hash|Group)?Aggregate' AND plan ~ 'Gather'))::int;
        RETURN NEXT;
    END IF;
    IF shape IS NOT NULL THEN
        tag := 'CHECK'; f1 := label; f2 := 'plan-shape';
        f3 := (plan ~ shape)::int; f4 := (NOT plan ~ shape)::int;
        RETURN NEXT;
        IF NOT plan ~ shape THEN
            tag := 'NOTE'; f1 := label; f2 := 'the plan does not match ' || shape || E':\n' || plan;
            f3 := ''; f4 := ''; RETURN NEXT;
        END IF;
    END IF;
    tag := 'INFO'; f1 := label;
    f2 := 'called: ' || coalesce(nullif(array_to_string(called, ' '), ''), 'none')
          || '; named: ' || coalesce(nullif(array_to_string(named, ' '), ''), 'none');
    f3 := ''; f4 := ''; RETURN NEXT;
    FOR r IN EXECUTE format($q$
        SELECT coalesce(o.k, n.k) AS k, left(o.v, 120) AS ov, left(n.v, 120) AS nv,
               left(encode(o.b, 'hex'), 64) AS ob, left(encode(n.b, 'hex'), 64) AS nb, o.s AS os, n.s AS ns
        FROM r_off o FULL JOIN r_on n ON o.k = n.k
        WHERE o.k IS NULL OR n.k IS NULL OR o.v IS DISTINCT FROM n.v OR o.b IS DISTINCT FROM n.b
           OR (o.s IS NOT NULL AND o.s IS DISTINCT FROM n.s)
        ORDER BY 1 LIMIT %s $q$, maxbad) LOOP
        tag := 'BAD'; f1 := label; f2 := r.k;
        f3 := coalesce(r.ov, '(no row)') || ' bytes ' || coalesce(r.ob, '') || ' size ' || coalesce(r.os::text, '');
        f4 := coalesce(r.nv, '(no row)') || ' bytes ' || coalesce(r.nb, '') || ' size ' || coalesce(r.ns::text, '');
        RETURN NEXT;
    END LOOP;
    DROP TABLE r_off, r_on, c0, c1, c2;
END
$$;

-- The risky pairs one by one (dynamic SQL, so that each evaluation is planned with the current
-- setting), errors caught: the outcome as text.
CREATE FUNCTION pg_temp.caught() RETURNS TABLE (k text, v text, b bytea, s int) LANGUAGE plpgsql AS $$
DECLARE
    p record;
    op text;
    x numeric;
    state text;
    message text;
BEGIN
    FOR p IN SELECT id, g FROM pairs WHERE risky ORDER BY id LOOP
        FOREACH op IN ARRAY ARRAY['a + b', 'a - b', 'a * b', '-a - b', 'a * b + a'] LOOP
            BEGIN
                EXECUTE 'SELECT ' || op || ' FROM pairs WHERE id = $1' INTO x USING p.id;
                k := p.id || ' ' || op; v := x::text; b := x::bytea; s := pg_column_size(x);
            EXCEPTION WHEN others THEN
                GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
                k := p.id || ' ' || op; v := 'ERROR ' || state || ': ' || message; b := NULL; s := NULL;
            END;
            RETURN NEXT;
        END LOOP;
    END LOOP;
    FOR p IN SELECT DISTINCT g FROM pairs WHERE risky ORDER BY g LOOP
        FOREACH op IN ARRAY ARRAY['sum(a)', 'sum(b)', 'avg(a + b)', 'sum(-a)', 'sum(a * b)', 'sum(a * b * (a + b))'] LOOP
            BEGIN
                EXECUTE 'SELECT ' || op || ' FROM pairs WHERE g = $1' INTO x USING p.g;
                k := 'g' || p.g || ' ' || op; v := x::text; b := x::bytea; s := pg_column_size(x);
            EXCEPTION WHEN others THEN
                GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
                k := 'g' || p.g || ' ' || op; v := 'ERROR ' || state || ': ' || message; b := NULL; s := NULL;
            END;
            RETURN NEXT;
        END LOOP;
    END LOOP;
END
$$;

-- INSERT, UPDATE, INSERT ... ON CONFLICT, DELETE with RETURNING, then the table's rows
-- (dynamic SQL for the same reason).
CREATE FUNCTION pg_temp.modified() RETURNS TABLE (k text, v text, b bytea, s int) LANGUAGE plpgsql AS $$
BEGIN
    DROP TABLE IF EXISTS m;
    CREATE TEMP TABLE m (id int PRIMARY KEY, a numeric, b numeric);
    EXECUTE 'INSERT INTO m SELECT id, a * 2 + b, b - a FROM pairs WHERE NOT risky';
    EXECUTE 'UPDATE m SET a = a * b - 1 WHERE b > a';
    EXECUTE 'INSERT INTO m SELECT id, a, b FROM pairs WHERE NOT risky AND id % 3 = 0
             ON CONFLICT (id) DO UPDATE SET b = m.b + excluded.a WHERE m.a < excluded.b + 1';
    RETURN QUERY EXECUTE 'WITH d AS (DELETE FROM m WHERE id % 7 = 0 RETURNING id, a + b AS x)
                          SELECT ''deleted '' || id, x::text, x::bytea, pg_column_size(x) FROM d';
    RETURN QUERY SELECT m.id::text, m.a || ' ' || m.b, m.a::bytea || m.b::bytea, NULL::int FROM m;
END
$$;
