-- One rule for every rewrite of a plan: a function or aggregate of the extension stands in a
-- plan only when PUBLIC may execute it (the executor checks EXECUTE as whoever runs the plan).
-- REVOKE ... FROM PUBLIC turns the rewrite that uses it off, an explicit GRANT ... TO PUBLIC
-- turns it on again, and the plan cache sees both (one set of invalidation callbacks).
SET track_functions = 'all';
CREATE TABLE cat_t (a fastnumeric(15,2), b fastnumeric(15,2), c fastnumeric(15,2), n numeric(15,2));
INSERT INTO cat_t SELECT i / 4.0, i % 7, i % 3 + 0.5, i / 8.0 FROM generate_series(1, 100) i;
-- cat_uses(query): the query's result, then the extension's functions its plan names and those
-- it called (pg_stat_xact_user_functions counts within this transaction)
CREATE FUNCTION cat_uses(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    before jsonb;
    result text;
    named text;
    called text;
BEGIN
    SELECT coalesce(jsonb_object_agg(funcid::regprocedure::text, calls), '{}') INTO before
    FROM pg_stat_xact_user_functions WHERE funcname LIKE 'fastnumeric%';
    EXECUTE 'SELECT string_agg(r::text, '' '') FROM (' || query || ') r' INTO result;
    SELECT coalesce(string_agg(DISTINCT m[1], ' '), '-') INTO named
    FROM (SELECT regexp_matches(line, '(fastnumeric_[a-z_0-9]+)\(', 'g') AS m
          FROM (SELECT "QUERY PLAN" AS line FROM cat_explain(query)) e) s;
    SELECT coalesce(string_agg(funcname, ' ' ORDER BY funcname), '-') INTO called
    FROM pg_stat_xact_user_functions
    WHERE funcname LIKE 'fastnumeric%' AND calls > coalesce((before ->> funcid::regprocedure::text)::bigint, 0);
    RETURN result || E'\n  plan: ' || named || E'\n  called: ' || called;
END $$;
CREATE FUNCTION cat_explain(query text) RETURNS TABLE ("QUERY PLAN" text) LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || query;
END $$;
-- cat_rule(fn, query, accelerate): the query as planned with fn's default ACL, with EXECUTE
-- revoked from PUBLIC, and with EXECUTE granted to PUBLIC again explicitly (with the accelerator
-- on for the transaction when `accelerate`)
CREATE FUNCTION cat_rule(fn regprocedure, query text, accelerate bool) RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('fastnumeric.accelerate_numeric', accelerate::text, true);
    RETURN NEXT 'default: ' || cat_uses(query);
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', fn);
    RETURN NEXT 'revoked: ' || cat_uses(query);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO PUBLIC', fn);
    RETURN NEXT 'granted: ' || cat_uses(query);
END $$;

-- every rewrite with the function or aggregate it puts in the plan, in one transaction rolled
-- back (the ACLs as they were): the accelerator's fastnumeric_add for numeric's +, a sum of
-- products, an expression program, min of a program, a lone sum of a program (a row of one), a
-- row's sums
BEGIN;
SELECT v.rewrite, r.line
FROM (VALUES (1, 'accelerator', 'fastnumeric_add(fastnumeric, fastnumeric)', 'SELECT n + n FROM cat_t WHERE n > 12', true),
             (2, 'sum of products', 'fastnumeric_sum_product(fastnumeric, fastnumeric)', 'SELECT sum(a * b) FROM cat_t', false),
             (3, 'program', 'fastnumeric_expr(text, "any")', 'SELECT a * b - c FROM cat_t WHERE a > 24', false),
             (4, 'min of a program', 'fastnumeric_min_expr(text, "any")', 'SELECT min(a * b - c) FROM cat_t', false),
             (5, 'sum of a program', 'fastnumeric_row_sum_1(text, "any")', 'SELECT sum(a * b - c) FROM cat_t', false),
             (6, 'row''s sums', 'fastnumeric_row_accum(internal, text, "any")', 'SELECT sum(a), sum(b), avg(c) FROM cat_t', false))
         v(k, rewrite, fn, query, accelerate),
     LATERAL cat_rule(v.fn::regprocedure, v.query, v.accelerate) WITH ORDINALITY r(line, n)
ORDER BY v.k, r.n;
ROLLBACK;
DROP TABLE cat_t;
DROP FUNCTION cat_rule, cat_uses, cat_explain;
RESET track_functions;
