/*
 * fastnumeric 0.3 -> 0.4 — update script.  Like the install script, it may run as the
 * bootstrap superuser in a schema others can write to: catalog objects are named with
 * pg_catalog., our own are found by exact signature.
 */

\echo Use "ALTER EXTENSION fastnumeric UPDATE TO '0.4'" to load this file. \quit

-- min and max of an expression program: the state is min's and max's (the extreme value so
-- far, a fastnumeric datum), and so are the combine function and the tie rule; a row makes the
-- expression's datum only when it takes the state's place.  The planner hook puts them where
-- a plan has min or max of such a tree.
CREATE FUNCTION fastnumeric_min_expr_accum(fastnumeric, pg_catalog.text, VARIADIC pg_catalog."any") RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_max_expr_accum(fastnumeric, pg_catalog.text, VARIADIC pg_catalog."any") RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_min_expr_accum(fastnumeric, pg_catalog.text, VARIADIC pg_catalog."any") IS 'aggregate transition function of fastnumeric_min_expr';
COMMENT ON FUNCTION fastnumeric_max_expr_accum(fastnumeric, pg_catalog.text, VARIADIC pg_catalog."any") IS 'aggregate transition function of fastnumeric_max_expr';
CREATE AGGREGATE fastnumeric_min_expr(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_min_expr_accum, STYPE = fastnumeric, COMBINEFUNC = fastnumeric_smaller,
    PARALLEL = SAFE);
CREATE AGGREGATE fastnumeric_max_expr(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_max_expr_accum, STYPE = fastnumeric, COMBINEFUNC = fastnumeric_larger,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_min_expr(pg_catalog.text, VARIADIC pg_catalog."any") IS 'min of an expression program (fastnumeric_expr) as fastnumeric, making its datum only for a new minimum (numeric''s result, exactly)';
COMMENT ON AGGREGATE fastnumeric_max_expr(pg_catalog.text, VARIADIC pg_catalog."any") IS 'max of an expression program (fastnumeric_expr) as fastnumeric, making its datum only for a new maximum (numeric''s result, exactly)';
