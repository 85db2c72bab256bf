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

-- A row's sums in one transition: where an Agg node has several sum and avg aggregates of
-- fastnumeric over columns, constants and expression programs of them, the planner hook
-- (fastnumeric.fuse_aggregates) gives them one state, the sums of their programs
-- ('$1; $2 * (1 - $3)', over the union of their operands), so that a row is one call that reads
-- each operand once; a lone sum or avg of a program is a row of one.  fastnumeric_row_sum_K and
-- fastnumeric_row_avg_K finish sum K of it as sum and avg do; the states of the sums are sum's
-- and avg's.
CREATE FUNCTION fastnumeric_row_accum(pg_catalog.internal, pg_catalog.text, VARIADIC pg_catalog."any") RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_row_combine(pg_catalog.internal, pg_catalog.internal) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_row_serialize(pg_catalog.internal) RETURNS pg_catalog.bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_row_deserialize(pg_catalog.bytea, pg_catalog.internal) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_accum(pg_catalog.internal, pg_catalog.text, VARIADIC pg_catalog."any") IS 'aggregate transition function of the row aggregates (fastnumeric_row_sum_K, fastnumeric_row_avg_K): each program''s value added to its sum';
COMMENT ON FUNCTION fastnumeric_row_combine(pg_catalog.internal, pg_catalog.internal) IS 'aggregate combine function of the row aggregates';
COMMENT ON FUNCTION fastnumeric_row_serialize(pg_catalog.internal) IS 'aggregate serial function of the row aggregates';
COMMENT ON FUNCTION fastnumeric_row_deserialize(pg_catalog.bytea, pg_catalog.internal) IS 'aggregate deserial function of the row aggregates';
CREATE FUNCTION fastnumeric_row_sum_1(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_1(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_1: sum of the row''s program 1';
CREATE AGGREGATE fastnumeric_row_sum_1(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_1, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_1(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 1 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_2(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_2(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_2: sum of the row''s program 2';
CREATE AGGREGATE fastnumeric_row_sum_2(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_2, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_2(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 2 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_3(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_3(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_3: sum of the row''s program 3';
CREATE AGGREGATE fastnumeric_row_sum_3(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_3, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_3(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 3 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_4(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_4(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_4: sum of the row''s program 4';
CREATE AGGREGATE fastnumeric_row_sum_4(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_4, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_4(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 4 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_5(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_5(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_5: sum of the row''s program 5';
CREATE AGGREGATE fastnumeric_row_sum_5(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_5, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_5(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 5 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_6(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_6(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_6: sum of the row''s program 6';
CREATE AGGREGATE fastnumeric_row_sum_6(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_6, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_6(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 6 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_7(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_7(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_7: sum of the row''s program 7';
CREATE AGGREGATE fastnumeric_row_sum_7(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_7, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_7(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 7 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_sum_8(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_sum_8(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_sum_8: sum of the row''s program 8';
CREATE AGGREGATE fastnumeric_row_sum_8(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_sum_8, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_sum_8(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of program 8 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_1(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_1(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_1: avg of the row''s program 1';
CREATE AGGREGATE fastnumeric_row_avg_1(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_1, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_1(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 1 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_2(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_2(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_2: avg of the row''s program 2';
CREATE AGGREGATE fastnumeric_row_avg_2(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_2, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_2(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 2 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_3(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_3(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_3: avg of the row''s program 3';
CREATE AGGREGATE fastnumeric_row_avg_3(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_3, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_3(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 3 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_4(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_4(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_4: avg of the row''s program 4';
CREATE AGGREGATE fastnumeric_row_avg_4(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_4, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_4(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 4 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_5(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_5(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_5: avg of the row''s program 5';
CREATE AGGREGATE fastnumeric_row_avg_5(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_5, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_5(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 5 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_6(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_6(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_6: avg of the row''s program 6';
CREATE AGGREGATE fastnumeric_row_avg_6(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_6, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_6(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 6 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_7(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_7(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_7: avg of the row''s program 7';
CREATE AGGREGATE fastnumeric_row_avg_7(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_7, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_7(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 7 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_avg_8(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_avg_8(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_avg_8: avg of the row''s program 8';
CREATE AGGREGATE fastnumeric_row_avg_8(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_avg_8, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_avg_8(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of program 8 of a row''s programs, whose sums share one transition (numeric''s result, exactly)';
CREATE FUNCTION fastnumeric_row_count(pg_catalog.internal) RETURNS pg_catalog.int8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_row_count(pg_catalog.internal) IS 'aggregate final function of fastnumeric_row_count: the rows the state has taken';
CREATE AGGREGATE fastnumeric_row_count(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_row_accum, STYPE = pg_catalog.internal, SSPACE = 1024,
    FINALFUNC = fastnumeric_row_count, COMBINEFUNC = fastnumeric_row_combine,
    SERIALFUNC = fastnumeric_row_serialize, DESERIALFUNC = fastnumeric_row_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_row_count(pg_catalog.text, VARIADIC pg_catalog."any") IS 'count(*) beside a row''s sums, sharing their transition (count''s result)';

-- Division, modulus, the typmod coercion and the integer and float casts: the extension's own
-- functions (numeric's results, in machine arithmetic where it decides them exactly, numeric's
-- own functions for the rest and for every error) in place of numeric's internal ones.
CREATE OR REPLACE FUNCTION fastnumeric(fastnumeric, pg_catalog.int4)
    RETURNS fastnumeric AS 'MODULE_PATHNAME', 'fastnumeric_apply_typmod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT fastnumeric_support;
CREATE OR REPLACE FUNCTION fastnumeric(pg_catalog.int2) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'int2_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric(pg_catalog.int4) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'int4_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric(pg_catalog.int8) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'int8_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric(pg_catalog.float4) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'float4_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric(pg_catalog.float8) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'float8_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION int2(fastnumeric) RETURNS pg_catalog.int2
    AS 'MODULE_PATHNAME', 'fastnumeric_int2' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION int4(fastnumeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME', 'fastnumeric_int4' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION int8(fastnumeric) RETURNS pg_catalog.int8
    AS 'MODULE_PATHNAME', 'fastnumeric_int8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION float4(fastnumeric) RETURNS pg_catalog.float4
    AS 'MODULE_PATHNAME', 'fastnumeric_float4' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION float8(fastnumeric) RETURNS pg_catalog.float8
    AS 'MODULE_PATHNAME', 'fastnumeric_float8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON CAST (pg_catalog.int2 AS fastnumeric) IS 'numeric''s result (int2_numeric where machine arithmetic cannot decide it); assignment only: an implicit cast would make numeric = int2 ambiguous';
COMMENT ON CAST (pg_catalog.int4 AS fastnumeric) IS 'numeric''s result (int4_numeric where machine arithmetic cannot decide it); assignment only: an implicit cast would make numeric = int4 ambiguous';
COMMENT ON CAST (pg_catalog.int8 AS fastnumeric) IS 'numeric''s result (int8_numeric where machine arithmetic cannot decide it); assignment only: an implicit cast would make numeric = int8 ambiguous';
COMMENT ON CAST (pg_catalog.float4 AS fastnumeric) IS 'numeric''s result (float4_numeric where machine arithmetic cannot decide it); assignment only, like numeric''s';
COMMENT ON CAST (pg_catalog.float8 AS fastnumeric) IS 'numeric''s result (float8_numeric where machine arithmetic cannot decide it); assignment only, like numeric''s';
COMMENT ON CAST (fastnumeric AS pg_catalog.int2) IS 'numeric''s result (numeric_int2 where machine arithmetic cannot decide it; rounds, out of range is an error); assignment only, like numeric''s';
COMMENT ON CAST (fastnumeric AS pg_catalog.int4) IS 'numeric''s result (numeric_int4 where machine arithmetic cannot decide it; rounds, out of range is an error); assignment only, like numeric''s';
COMMENT ON CAST (fastnumeric AS pg_catalog.int8) IS 'numeric''s result (numeric_int8 where machine arithmetic cannot decide it; rounds, out of range is an error); assignment only, like numeric''s';
COMMENT ON CAST (fastnumeric AS pg_catalog.float4) IS 'numeric''s result (numeric_float4 where machine arithmetic cannot decide it); implicit, like numeric''s, so expressions with float4 resolve as on numeric';
COMMENT ON CAST (fastnumeric AS pg_catalog.float8) IS 'numeric''s result (numeric_float8 where machine arithmetic cannot decide it); implicit, like numeric''s, so expressions with float8 resolve as on numeric';
CREATE OR REPLACE FUNCTION fastnumeric_div(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_div' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_div(fastnumeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
COMMENT ON OPERATOR / (fastnumeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE OR REPLACE FUNCTION fastnumeric_mod(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mod(fastnumeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
COMMENT ON OPERATOR % (fastnumeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE OR REPLACE FUNCTION fastnumeric_div(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_div' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_div(fastnumeric, pg_catalog.numeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
COMMENT ON OPERATOR / (fastnumeric, pg_catalog.numeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE OR REPLACE FUNCTION fastnumeric_mod(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mod(fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
COMMENT ON OPERATOR % (fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE OR REPLACE FUNCTION fastnumeric_div(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_div' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_div(pg_catalog.numeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
COMMENT ON OPERATOR / (pg_catalog.numeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE OR REPLACE FUNCTION fastnumeric_mod(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mod(pg_catalog.numeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
COMMENT ON OPERATOR % (pg_catalog.numeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE OR REPLACE FUNCTION mod(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION mod(fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';

-- Sums and averages of expression programs are a row's sums (a lone one a row of one), and a
-- sum of a product of three factors too: their aggregates of 0.3 go.  The planner hook put them
-- only into finished plans; an object of the database's own that calls one by name stops the
-- update with DROP's dependency error, and nothing changes.
DROP AGGREGATE fastnumeric_sum_expr(pg_catalog.text, VARIADIC pg_catalog."any");
DROP AGGREGATE fastnumeric_avg_expr(pg_catalog.text, VARIADIC pg_catalog."any");
DROP FUNCTION fastnumeric_expr_accum(pg_catalog.internal, pg_catalog.text, VARIADIC pg_catalog."any");
DROP AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric, fastnumeric);
DROP FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric, fastnumeric);
