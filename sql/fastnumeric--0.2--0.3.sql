/*
 * fastnumeric 0.2 -> 0.3 — update script.  Like the install script, it may run as the
 * bootstrap superuser in a schema others can write to: catalog objects are named with
 * pg_catalog., our own are found by exact signature.
 */

\echo Use "ALTER EXTENSION fastnumeric UPDATE TO '0.3'" to load this file. \quit

-- 0.3 gives every cast a comment, as every other member object already has one, and the
-- array type one (from PostgreSQL 17 it is a member too).
COMMENT ON TYPE fastnumeric[] IS 'array of fastnumeric';
COMMENT ON CAST (fastnumeric AS fastnumeric) IS 'typmod coercion: numeric''s rounding to the scale and precision check';
COMMENT ON CAST (fastnumeric AS pg_catalog.numeric) IS 'free (the same bytes); implicit, so every numeric function accepts fastnumeric';
COMMENT ON CAST (pg_catalog.numeric AS fastnumeric) IS 'free (the same bytes); assignment only, so mixed expressions resolve to the (fastnumeric, numeric) operators';
COMMENT ON CAST (pg_catalog.int2 AS fastnumeric) IS 'numeric''s int2_numeric; assignment only: an implicit cast would make numeric = int2 ambiguous';
COMMENT ON CAST (fastnumeric AS pg_catalog.int2) IS 'numeric''s numeric_int2 (rounds; out of range is an error); assignment only, like numeric''s';
COMMENT ON CAST (pg_catalog.int4 AS fastnumeric) IS 'numeric''s int4_numeric; assignment only: an implicit cast would make numeric = int4 ambiguous';
COMMENT ON CAST (fastnumeric AS pg_catalog.int4) IS 'numeric''s numeric_int4 (rounds; out of range is an error); assignment only, like numeric''s';
COMMENT ON CAST (pg_catalog.int8 AS fastnumeric) IS 'numeric''s int8_numeric; assignment only: an implicit cast would make numeric = int8 ambiguous';
COMMENT ON CAST (fastnumeric AS pg_catalog.int8) IS 'numeric''s numeric_int8 (rounds; out of range is an error); assignment only, like numeric''s';
COMMENT ON CAST (pg_catalog.float4 AS fastnumeric) IS 'numeric''s float4_numeric; assignment only, like numeric''s';
COMMENT ON CAST (pg_catalog.float8 AS fastnumeric) IS 'numeric''s float8_numeric; assignment only, like numeric''s';

-- Binary I/O of our own: numeric's wire format decoded straight into the datum and written
-- from it in place (numeric_recv still decides every error).  CREATE OR REPLACE keeps the
-- functions' OIDs, which the type's RECEIVE and SEND point to.
CREATE OR REPLACE FUNCTION fastnumeric_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4)
    RETURNS fastnumeric AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric_send(fastnumeric)
    RETURNS pg_catalog.bytea AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O: numeric''s binary input, decoded directly; numeric_recv for errors and very long values';
COMMENT ON FUNCTION fastnumeric_send(fastnumeric) IS 'I/O: numeric''s binary output, written from the datum in place';

-- 0.3 makes fastnumeric a drop-in for numeric where applications meet it (see the install
-- script for why each object is there).  The casts' functions take their target type's name,
-- as numeric's do, and the casts to float4 and float8 become implicit, as numeric's are.
ALTER FUNCTION fastnumeric_to_int2(fastnumeric) RENAME TO int2;
ALTER FUNCTION fastnumeric_to_int4(fastnumeric) RENAME TO int4;
ALTER FUNCTION fastnumeric_to_int8(fastnumeric) RENAME TO int8;
ALTER FUNCTION fastnumeric_to_float4(fastnumeric) RENAME TO float4;
ALTER FUNCTION fastnumeric_to_float8(fastnumeric) RENAME TO float8;
DROP CAST (fastnumeric AS pg_catalog.float4);
DROP CAST (fastnumeric AS pg_catalog.float8);
CREATE CAST (fastnumeric AS pg_catalog.float4) WITH FUNCTION float4(fastnumeric) AS IMPLICIT;
COMMENT ON CAST (fastnumeric AS pg_catalog.float4) IS 'numeric''s numeric_float4; implicit, like numeric''s, so expressions with float4 resolve as on numeric';
CREATE CAST (fastnumeric AS pg_catalog.float8) WITH FUNCTION float8(fastnumeric) AS IMPLICIT;
COMMENT ON CAST (fastnumeric AS pg_catalog.float8) IS 'numeric''s numeric_float8; implicit, like numeric''s, so expressions with float8 resolve as on numeric';

-------------------------------------------------------------------------------------------
-- Drop-in for numeric: rounding that keeps fastnumeric
-------------------------------------------------------------------------------------------
-- Ours, with numeric's results (round half away from zero, numeric's bounds on the scale,
-- dscale rules, NaN and infinities as they are), returning fastnumeric so that sum(round(x))
-- stays on fastnumeric's sum.  round and trunc with a scale, trim_scale and div are not
-- overloaded: numeric has them alone (no float8 twin), so a second candidate would make their
-- calls with only untyped arguments (round($1, $2) from a driver that sends untyped
-- parameters) ambiguous, in queries that involve no fastnumeric.  fastnumeric_round,
-- fastnumeric_trunc and fastnumeric_trim_scale are those three under their own names.  mod is
-- numeric's own function (a long division, which ours would only repeat), on
-- (fastnumeric, numeric): with a (fastnumeric, fastnumeric) twin, mod(col, '2') would be
-- ambiguous.  mod('7', col) ties between it and mod(numeric, numeric), and a (numeric,
-- fastnumeric) twin would tie with it on mod(col, col): the untyped literal gets a candidate
-- of its own, mod(unknown, fastnumeric), which only a call with an untyped first argument and a
-- fastnumeric second one can match, with numeric's result (an untyped parameter there, which
-- was ambiguous, now cannot be typed: the error changes, the call still fails).
CREATE FUNCTION fastnumeric_round(fastnumeric, pg_catalog.int4) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_round' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION round(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_round' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_trunc(fastnumeric, pg_catalog.int4) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_trunc' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION trunc(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_trunc' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ceil(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_ceil' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ceiling(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_ceil' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION floor(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sign(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_sign' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_trim_scale(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_trim_scale' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mod(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'numeric_mod' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION mod(pg_catalog.unknown, fastnumeric) RETURNS pg_catalog.numeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod_untyped' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_round(fastnumeric, pg_catalog.int4) IS 'round(value, scale): numeric''s result, as fastnumeric';
COMMENT ON FUNCTION round(fastnumeric) IS 'value rounded to ''scale'' of zero (numeric''s result, as fastnumeric)';
COMMENT ON FUNCTION fastnumeric_trunc(fastnumeric, pg_catalog.int4) IS 'trunc(value, scale): numeric''s result, as fastnumeric';
COMMENT ON FUNCTION trunc(fastnumeric) IS 'value truncated to ''scale'' of zero (numeric''s result, as fastnumeric)';
COMMENT ON FUNCTION ceil(fastnumeric) IS 'nearest integer >= value (numeric''s result, as fastnumeric)';
COMMENT ON FUNCTION ceiling(fastnumeric) IS 'nearest integer >= value (numeric''s result, as fastnumeric)';
COMMENT ON FUNCTION floor(fastnumeric) IS 'nearest integer <= value (numeric''s result, as fastnumeric)';
COMMENT ON FUNCTION sign(fastnumeric) IS 'sign of value (numeric''s result, as fastnumeric)';
COMMENT ON FUNCTION fastnumeric_trim_scale(fastnumeric) IS 'trim_scale(value): numeric''s result, as fastnumeric';
COMMENT ON FUNCTION mod(fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s numeric_mod)';
COMMENT ON FUNCTION mod(pg_catalog.unknown, fastnumeric) IS 'modulus of an untyped literal read as numeric (numeric''s numeric_in and numeric_mod)';

-------------------------------------------------------------------------------------------
-- Drop-in for numeric: the functions numeric has beside a float8 twin
-------------------------------------------------------------------------------------------
-- With the implicit casts to numeric and to float8, sqrt(col) would pick sqrt(float8) (float8
-- is the preferred numeric type), so each function that numeric has together with a float4
-- or float8 version has a fastnumeric version here: numeric's own function, same result
-- type.  (The rounding functions above, abs, sum, avg, min, max and the casts' functions
-- float4 ... int8 complete the list; sql/dropin.sql checks it against the catalog.)  power
-- takes (fastnumeric, numeric) and (numeric, fastnumeric), as the operators do, but no
-- (fastnumeric, fastnumeric): with it, power(col, '2') would be ambiguous, and without it
-- power(col, col) is (col ^ col is not).  Candidates for the untyped argument, as mod has,
-- would leave power(col, $1)'s parameter untyped, an error where it is numeric now.
CREATE FUNCTION sqrt(fastnumeric) RETURNS pg_catalog.numeric
    AS 'numeric_sqrt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION exp(fastnumeric) RETURNS pg_catalog.numeric
    AS 'numeric_exp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ln(fastnumeric) RETURNS pg_catalog.numeric
    AS 'numeric_ln' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION log(fastnumeric) RETURNS pg_catalog.numeric
    AS 'MODULE_PATHNAME', 'fastnumeric_log10' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION log10(fastnumeric) RETURNS pg_catalog.numeric
    AS 'MODULE_PATHNAME', 'fastnumeric_log10' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION power(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.numeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION power(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.numeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pow(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.numeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pow(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.numeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
-- stable, like numeric's: the format's separators and currency come from the locale
CREATE FUNCTION to_char(fastnumeric, pg_catalog.text) RETURNS pg_catalog.text
    AS 'numeric_to_char' LANGUAGE internal STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sqrt(fastnumeric) IS 'square root (numeric''s numeric_sqrt)';
COMMENT ON FUNCTION exp(fastnumeric) IS 'natural exponential (e^x) (numeric''s numeric_exp)';
COMMENT ON FUNCTION ln(fastnumeric) IS 'natural logarithm (numeric''s numeric_ln)';
COMMENT ON FUNCTION log(fastnumeric) IS 'base 10 logarithm (numeric''s log(10, x))';
COMMENT ON FUNCTION log10(fastnumeric) IS 'base 10 logarithm (numeric''s log(10, x))';
COMMENT ON FUNCTION power(fastnumeric, pg_catalog.numeric) IS 'exponentiation (numeric''s numeric_power)';
COMMENT ON FUNCTION power(pg_catalog.numeric, fastnumeric) IS 'exponentiation (numeric''s numeric_power)';
COMMENT ON FUNCTION pow(fastnumeric, pg_catalog.numeric) IS 'exponentiation (numeric''s numeric_power)';
COMMENT ON FUNCTION pow(pg_catalog.numeric, fastnumeric) IS 'exponentiation (numeric''s numeric_power)';
COMMENT ON FUNCTION to_char(fastnumeric, pg_catalog.text) IS 'format fastnumeric to text (numeric''s numeric_to_char)';

-- numeric's variance and standard deviation aggregates, on the same bytes (the transition
-- functions take numeric, which fastnumeric is without a conversion)
CREATE AGGREGATE variance(fastnumeric) (
    SFUNC = pg_catalog.numeric_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = pg_catalog.numeric_var_samp, COMBINEFUNC = pg_catalog.numeric_combine,
    SERIALFUNC = pg_catalog.numeric_serialize, DESERIALFUNC = pg_catalog.numeric_deserialize,
    MSFUNC = pg_catalog.numeric_accum, MINVFUNC = pg_catalog.numeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = pg_catalog.numeric_var_samp,
    PARALLEL = SAFE);
CREATE AGGREGATE var_samp(fastnumeric) (
    SFUNC = pg_catalog.numeric_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = pg_catalog.numeric_var_samp, COMBINEFUNC = pg_catalog.numeric_combine,
    SERIALFUNC = pg_catalog.numeric_serialize, DESERIALFUNC = pg_catalog.numeric_deserialize,
    MSFUNC = pg_catalog.numeric_accum, MINVFUNC = pg_catalog.numeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = pg_catalog.numeric_var_samp,
    PARALLEL = SAFE);
CREATE AGGREGATE var_pop(fastnumeric) (
    SFUNC = pg_catalog.numeric_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = pg_catalog.numeric_var_pop, COMBINEFUNC = pg_catalog.numeric_combine,
    SERIALFUNC = pg_catalog.numeric_serialize, DESERIALFUNC = pg_catalog.numeric_deserialize,
    MSFUNC = pg_catalog.numeric_accum, MINVFUNC = pg_catalog.numeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = pg_catalog.numeric_var_pop,
    PARALLEL = SAFE);
CREATE AGGREGATE stddev(fastnumeric) (
    SFUNC = pg_catalog.numeric_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = pg_catalog.numeric_stddev_samp, COMBINEFUNC = pg_catalog.numeric_combine,
    SERIALFUNC = pg_catalog.numeric_serialize, DESERIALFUNC = pg_catalog.numeric_deserialize,
    MSFUNC = pg_catalog.numeric_accum, MINVFUNC = pg_catalog.numeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = pg_catalog.numeric_stddev_samp,
    PARALLEL = SAFE);
CREATE AGGREGATE stddev_samp(fastnumeric) (
    SFUNC = pg_catalog.numeric_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = pg_catalog.numeric_stddev_samp, COMBINEFUNC = pg_catalog.numeric_combine,
    SERIALFUNC = pg_catalog.numeric_serialize, DESERIALFUNC = pg_catalog.numeric_deserialize,
    MSFUNC = pg_catalog.numeric_accum, MINVFUNC = pg_catalog.numeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = pg_catalog.numeric_stddev_samp,
    PARALLEL = SAFE);
CREATE AGGREGATE stddev_pop(fastnumeric) (
    SFUNC = pg_catalog.numeric_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = pg_catalog.numeric_stddev_pop, COMBINEFUNC = pg_catalog.numeric_combine,
    SERIALFUNC = pg_catalog.numeric_serialize, DESERIALFUNC = pg_catalog.numeric_deserialize,
    MSFUNC = pg_catalog.numeric_accum, MINVFUNC = pg_catalog.numeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = pg_catalog.numeric_stddev_pop,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE variance(fastnumeric) IS 'historical alias for var_samp (numeric''s)';
COMMENT ON AGGREGATE var_samp(fastnumeric) IS 'sample variance of fastnumeric input values (numeric''s)';
COMMENT ON AGGREGATE var_pop(fastnumeric) IS 'population variance of fastnumeric input values (numeric''s)';
COMMENT ON AGGREGATE stddev(fastnumeric) IS 'historical alias for stddev_samp (numeric''s)';
COMMENT ON AGGREGATE stddev_samp(fastnumeric) IS 'sample standard deviation of fastnumeric input values (numeric''s)';
COMMENT ON AGGREGATE stddev_pop(fastnumeric) IS 'population standard deviation of fastnumeric input values (numeric''s)';

-------------------------------------------------------------------------------------------
-- Drop-in for numeric: money, JSON, ranges
-------------------------------------------------------------------------------------------
-- money both ways, with numeric's functions; stable like numeric's (lc_monetary)
CREATE FUNCTION fastnumeric(pg_catalog.money) RETURNS fastnumeric
    AS 'cash_numeric' LANGUAGE internal STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION money(fastnumeric) RETURNS pg_catalog.money
    AS 'numeric_cash' LANGUAGE internal STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric(pg_catalog.money) IS 'convert money to fastnumeric (numeric''s cash_numeric)';
COMMENT ON FUNCTION money(fastnumeric) IS 'convert fastnumeric to money (numeric''s numeric_cash)';
CREATE CAST (pg_catalog.money AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.money) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.money AS fastnumeric) IS 'numeric''s cash_numeric; assignment only, like numeric''s';
CREATE CAST (fastnumeric AS pg_catalog.money) WITH FUNCTION money(fastnumeric) AS ASSIGNMENT;
COMMENT ON CAST (fastnumeric AS pg_catalog.money) IS 'numeric''s numeric_cash; assignment only, like numeric''s';

-- PostgreSQL's JSON functions render a type that is not built in through its cast to json
-- (explicit is enough): to_json, to_jsonb, row_to_json, json_agg, jsonb_build_object, ...
-- then show numbers and NaN/Infinity exactly as they show numeric.  (json is a keyword from
-- PostgreSQL 16, so the function is not named after it.)
CREATE FUNCTION fastnumeric_json(fastnumeric) RETURNS pg_catalog.json
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_json(fastnumeric) IS 'convert fastnumeric to json: a number, or "NaN", "Infinity", "-Infinity" as numeric shows them';
CREATE CAST (fastnumeric AS pg_catalog.json) WITH FUNCTION fastnumeric_json(fastnumeric);
COMMENT ON CAST (fastnumeric AS pg_catalog.json) IS 'how the JSON functions render fastnumeric: as they render numeric';
-- jsonb -> fastnumeric, as jsonb -> numeric (numeric's jsonb_numeric: same results and
-- errors); json has no cast to numeric, nor to fastnumeric
CREATE FUNCTION fastnumeric(pg_catalog.jsonb) RETURNS fastnumeric
    AS 'jsonb_numeric' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric(pg_catalog.jsonb) IS 'convert jsonb to fastnumeric (numeric''s jsonb_numeric)';
CREATE CAST (pg_catalog.jsonb AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.jsonb);
COMMENT ON CAST (pg_catalog.jsonb AS fastnumeric) IS 'numeric''s jsonb_numeric; explicit, like numeric''s';

-- range @> element and element <@ range for ranges and multiranges over numeric
-- (numrange, nummultirange): PostgreSQL's own containment tests with the range's comparison;
-- see src/pg/range.cpp for why they are declared on anyrange
CREATE FUNCTION fastnumeric_range_contains(pg_catalog.anyrange, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_contained_by_range(fastnumeric, pg_catalog.anyrange) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_multirange_contains(pg_catalog.anymultirange, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_contained_by_multirange(fastnumeric, pg_catalog.anymultirange) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_range_contains(pg_catalog.anyrange, fastnumeric) IS 'range of numeric contains element';
COMMENT ON FUNCTION fastnumeric_contained_by_range(fastnumeric, pg_catalog.anyrange) IS 'element is contained by range of numeric';
COMMENT ON FUNCTION fastnumeric_multirange_contains(pg_catalog.anymultirange, fastnumeric) IS 'multirange of numeric contains element';
COMMENT ON FUNCTION fastnumeric_contained_by_multirange(fastnumeric, pg_catalog.anymultirange) IS 'element is contained by multirange of numeric';
CREATE OPERATOR @> (LEFTARG = pg_catalog.anyrange, RIGHTARG = fastnumeric,
    FUNCTION = fastnumeric_range_contains, COMMUTATOR = <@,
    RESTRICT = pg_catalog.contsel, JOIN = pg_catalog.contjoinsel);
CREATE OPERATOR <@ (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.anyrange,
    FUNCTION = fastnumeric_contained_by_range, COMMUTATOR = @>,
    RESTRICT = pg_catalog.contsel, JOIN = pg_catalog.contjoinsel);
CREATE OPERATOR @> (LEFTARG = pg_catalog.anymultirange, RIGHTARG = fastnumeric,
    FUNCTION = fastnumeric_multirange_contains, COMMUTATOR = <@,
    RESTRICT = pg_catalog.contsel, JOIN = pg_catalog.contjoinsel);
CREATE OPERATOR <@ (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.anymultirange,
    FUNCTION = fastnumeric_contained_by_multirange, COMMUTATOR = @>,
    RESTRICT = pg_catalog.contsel, JOIN = pg_catalog.contjoinsel);
COMMENT ON OPERATOR @> (pg_catalog.anyrange, fastnumeric) IS 'contains';
COMMENT ON OPERATOR <@ (fastnumeric, pg_catalog.anyrange) IS 'is contained by';
COMMENT ON OPERATOR @> (pg_catalog.anymultirange, fastnumeric) IS 'contains';
COMMENT ON OPERATOR <@ (fastnumeric, pg_catalog.anymultirange) IS 'is contained by';

-- fastnumeric_sum_product(a, b [, c]) is sum(a * b [* c]) without the products' datums: the
-- planner hook puts it where a plan sums a product of fastnumeric (or, with
-- fastnumeric.accelerate_numeric, numeric) multiplications.  Its state, combine, serial and
-- final functions are sum's, so a partial fastnumeric_sum_product is finished by sum.
CREATE FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric, fastnumeric) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric) IS 'aggregate transition function of fastnumeric_sum_product';
COMMENT ON FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric, fastnumeric) IS 'aggregate transition function of fastnumeric_sum_product';
CREATE AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric) (
    SFUNC = fastnumeric_sum_product_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_sum,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    PARALLEL = SAFE);
CREATE AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric, fastnumeric) (
    SFUNC = fastnumeric_sum_product_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_sum,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric) IS 'sum(a * b) as fastnumeric, without the products'' datums (numeric''s result, exactly)';
COMMENT ON AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric, fastnumeric) IS 'sum(a * b * c) as fastnumeric, without the products'' datums (numeric''s result, exactly)';

-- Expression programs: fastnumeric_expr('$1 * ($2 - $3)', a, b, c) is a tree of fastnumeric's
-- + - * and unary - evaluated in one call, with one palloc for its result; fastnumeric_sum_expr
-- and fastnumeric_avg_expr are sum and avg of such a tree without its datum.  The planner hook
-- puts them where a plan has such a tree (fastnumeric.expression_programs); the program is a
-- text constant over the operands that follow it, which must be numeric or fastnumeric.  Not
-- strict: a NULL operand makes NULL what it feeds, after the rest has raised what it raises,
-- as the separate operators do.  The aggregates' state, combine, serial and final functions are
-- sum's and avg's, so partial ones are finished by sum and avg.
CREATE FUNCTION fastnumeric_expr(pg_catalog.text, VARIADIC pg_catalog."any") RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_expr(pg_catalog.text, VARIADIC pg_catalog."any") IS 'an expression of + - * and unary - over fastnumeric (or numeric) operands in one call: the separate operators'' result and errors';
CREATE FUNCTION fastnumeric_expr_accum(pg_catalog.internal, pg_catalog.text, VARIADIC pg_catalog."any") RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_expr_accum(pg_catalog.internal, pg_catalog.text, VARIADIC pg_catalog."any") IS 'aggregate transition function of fastnumeric_sum_expr and fastnumeric_avg_expr';
CREATE AGGREGATE fastnumeric_sum_expr(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_expr_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_sum,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    PARALLEL = SAFE);
CREATE AGGREGATE fastnumeric_avg_expr(pg_catalog.text, VARIADIC pg_catalog."any") (
    SFUNC = fastnumeric_expr_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_avg,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_sum_expr(pg_catalog.text, VARIADIC pg_catalog."any") IS 'sum of an expression program (fastnumeric_expr) as fastnumeric, without its datums (numeric''s result, exactly)';
COMMENT ON AGGREGATE fastnumeric_avg_expr(pg_catalog.text, VARIADIC pg_catalog."any") IS 'avg of an expression program (fastnumeric_expr) as fastnumeric, without its datums (numeric''s result, exactly)';

-- Hashing of our own: numeric's hash values from the datum where it lies (numeric's functions
-- copy every stored value first).  CREATE OR REPLACE keeps the functions' OIDs, which the
-- hash operator class points to.
CREATE OR REPLACE FUNCTION fastnumeric_hash(fastnumeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric_hash_extended(fastnumeric, pg_catalog.int8) RETURNS pg_catalog.int8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
