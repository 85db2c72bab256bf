/*
 * fastnumeric — install script of the current version (default_version in
 * fastnumeric.control; the Makefile copies this file to sql/fastnumeric--<version>.sql).
 * A fastnumeric datum is a numeric datum, byte for byte.
 *
 * Only the current version has an install script: a database at an earlier one gets here
 * through the update scripts (sql/fastnumeric--<from>--<to>.sql), and must end with exactly
 * the objects, definitions and comments this script makes (test/differential/test_lifecycle_update.py
 * compares them).  So a change here is a new version, with an update script that makes the
 * same change; a released update script is never edited.
 *
 * This script may run as the bootstrap superuser on behalf of a non-superuser (the extension
 * is trusted), with search_path = <target schema>, pg_temp and objects in the target schema
 * that someone else made.  So every catalog object is named with pg_catalog. (functions and
 * operators too, where a lookalike with a better-matching signature could win), and our own
 * objects are looked up by their exact signatures, which only we can have.  Every statement
 * is written out (no dynamic SQL): what the script runs is what it says.
 *
 * Every member object has a COMMENT, casts included (sql/type.sql lists any without one).
 */

\echo Use "CREATE EXTENSION fastnumeric" to load this file. \quit

-------------------------------------------------------------------------------------------
-- The type
-------------------------------------------------------------------------------------------
CREATE TYPE fastnumeric;

CREATE FUNCTION fastnumeric_in(pg_catalog.cstring, pg_catalog.oid, pg_catalog.int4)
    RETURNS fastnumeric AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_out(fastnumeric)
    RETURNS pg_catalog.cstring AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- Binary I/O: numeric's wire format, decoded straight into the datum and written from it where
-- it lies; numeric_recv decides every error.  The typmod functions are numeric's own.
CREATE FUNCTION fastnumeric_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4)
    RETURNS fastnumeric AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_send(fastnumeric)
    RETURNS pg_catalog.bytea AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_typmod_in(pg_catalog.cstring[])
    RETURNS pg_catalog.int4 AS 'numerictypmodin' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_typmod_out(pg_catalog.int4)
    RETURNS pg_catalog.cstring AS 'numerictypmodout' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE fastnumeric (
    INPUT = fastnumeric_in,
    OUTPUT = fastnumeric_out,
    RECEIVE = fastnumeric_recv,
    SEND = fastnumeric_send,
    TYPMOD_IN = fastnumeric_typmod_in,
    TYPMOD_OUT = fastnumeric_typmod_out,
    INTERNALLENGTH = VARIABLE,
    ALIGNMENT = int4,
    STORAGE = main,
    CATEGORY = 'N'
);

COMMENT ON TYPE fastnumeric IS 'exact decimal number stored like numeric, with faster input, output and comparison';
COMMENT ON TYPE fastnumeric[] IS 'array of fastnumeric';
COMMENT ON FUNCTION fastnumeric_in(pg_catalog.cstring, pg_catalog.oid, pg_catalog.int4) IS 'I/O: parses plain decimals directly, numeric_in for everything else';
COMMENT ON FUNCTION fastnumeric_out(fastnumeric) IS 'I/O: prints exactly what numeric_out prints';
COMMENT ON FUNCTION fastnumeric_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O: numeric''s binary input, decoded directly; numeric_recv for errors and very long values';
COMMENT ON FUNCTION fastnumeric_send(fastnumeric) IS 'I/O: numeric''s binary output, written from the datum in place';
COMMENT ON FUNCTION fastnumeric_typmod_in(pg_catalog.cstring[]) IS 'I/O typmod: numeric''s (precision, scale) rules';
COMMENT ON FUNCTION fastnumeric_typmod_out(pg_catalog.int4) IS 'I/O typmod: numeric''s (precision, scale) rules';

-------------------------------------------------------------------------------------------
-- Casts
-------------------------------------------------------------------------------------------
-- The length coercion for fastnumeric(p,s): numeric's rules (src/pg/type/coerce.cpp), a value
-- that already fits returned as it is, short ones rounded in machine integers, the rest and
-- every error numeric's own function's.  Its planner support is numeric's
-- rule (drop a coercion that cannot change the value) applied under the free casts from
-- numeric, so that numeric(12,2) -> fastnumeric(12,2) is a relabel (no table rewrite).
CREATE FUNCTION fastnumeric_support(pg_catalog.internal)
    RETURNS pg_catalog.internal AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_support(pg_catalog.internal) IS 'planner support for the typmod coercion: numeric''s, looking under casts from numeric';
CREATE FUNCTION fastnumeric(fastnumeric, pg_catalog.int4)
    RETURNS fastnumeric AS 'MODULE_PATHNAME', 'fastnumeric_apply_typmod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT fastnumeric_support;
COMMENT ON FUNCTION fastnumeric(fastnumeric, pg_catalog.int4) IS 'adjust fastnumeric to typmod precision/scale';
CREATE CAST (fastnumeric AS fastnumeric) WITH FUNCTION fastnumeric(fastnumeric, pg_catalog.int4) AS IMPLICIT;
COMMENT ON CAST (fastnumeric AS fastnumeric) IS 'typmod coercion: numeric''s rounding to the scale and precision check';

-- Same bytes both ways: free.  To numeric is implicit, so every numeric function (round,
-- sqrt, stddev, ...) accepts fastnumeric; from numeric is assignment, so that expressions
-- mixing the two pick the (fastnumeric, numeric) operators below instead of being ambiguous.
CREATE CAST (fastnumeric AS pg_catalog.numeric) WITHOUT FUNCTION AS IMPLICIT;
COMMENT ON CAST (fastnumeric AS pg_catalog.numeric) IS 'free (the same bytes); implicit, so every numeric function accepts fastnumeric';
CREATE CAST (pg_catalog.numeric AS fastnumeric) WITHOUT FUNCTION AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.numeric AS fastnumeric) IS 'free (the same bytes); assignment only, so mixed expressions resolve to the (fastnumeric, numeric) operators';

-- Integers and floats: numeric's results, in machine arithmetic where it decides them exactly,
-- else (and for every error) numeric's conversion functions.  Integer-to-fastnumeric is
-- assignment (not implicit, unlike numeric) for the same reason.  fastnumeric-to-float is
-- implicit, as numeric's is, so that col = 1.5::float8, col * float8_col, corr(col, col) or
-- to_timestamp(col) resolve as they do on numeric (in float8); the functions numeric has
-- beside a float8 twin (sqrt, round, stddev, ...) have fastnumeric versions below, which an
-- implicit cast cannot outbid.  The casts' functions are named after their target type, as
-- numeric's are, so that float8(col) or int4(col) call them.
CREATE FUNCTION fastnumeric(pg_catalog.int2) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'int2_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric(pg_catalog.int4) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'int4_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric(pg_catalog.int8) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'int8_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric(pg_catalog.float4) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'float4_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric(pg_catalog.float8) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'float8_fastnumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION int2(fastnumeric) RETURNS pg_catalog.int2
    AS 'MODULE_PATHNAME', 'fastnumeric_int2' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION int4(fastnumeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME', 'fastnumeric_int4' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION int8(fastnumeric) RETURNS pg_catalog.int8
    AS 'MODULE_PATHNAME', 'fastnumeric_int8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION float4(fastnumeric) RETURNS pg_catalog.float4
    AS 'MODULE_PATHNAME', 'fastnumeric_float4' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION float8(fastnumeric) RETURNS pg_catalog.float8
    AS 'MODULE_PATHNAME', 'fastnumeric_float8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION fastnumeric(pg_catalog.int2) IS 'convert int2 to fastnumeric';
COMMENT ON FUNCTION fastnumeric(pg_catalog.int4) IS 'convert int4 to fastnumeric';
COMMENT ON FUNCTION fastnumeric(pg_catalog.int8) IS 'convert int8 to fastnumeric';
COMMENT ON FUNCTION fastnumeric(pg_catalog.float4) IS 'convert float4 to fastnumeric';
COMMENT ON FUNCTION fastnumeric(pg_catalog.float8) IS 'convert float8 to fastnumeric';
COMMENT ON FUNCTION int2(fastnumeric) IS 'convert fastnumeric to int2';
COMMENT ON FUNCTION int4(fastnumeric) IS 'convert fastnumeric to int4';
COMMENT ON FUNCTION int8(fastnumeric) IS 'convert fastnumeric to int8';
COMMENT ON FUNCTION float4(fastnumeric) IS 'convert fastnumeric to float4';
COMMENT ON FUNCTION float8(fastnumeric) IS 'convert fastnumeric to float8';

CREATE CAST (pg_catalog.int2 AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.int2) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.int2 AS fastnumeric) IS 'numeric''s result (int2_numeric where machine arithmetic cannot decide it); assignment only: an implicit cast would make numeric = int2 ambiguous';
CREATE CAST (pg_catalog.int4 AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.int4) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.int4 AS fastnumeric) IS 'numeric''s result (int4_numeric where machine arithmetic cannot decide it); assignment only: an implicit cast would make numeric = int4 ambiguous';
CREATE CAST (pg_catalog.int8 AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.int8) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.int8 AS fastnumeric) IS 'numeric''s result (int8_numeric where machine arithmetic cannot decide it); assignment only: an implicit cast would make numeric = int8 ambiguous';
CREATE CAST (pg_catalog.float4 AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.float4) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.float4 AS fastnumeric) IS 'numeric''s result (float4_numeric where machine arithmetic cannot decide it); assignment only, like numeric''s';
CREATE CAST (pg_catalog.float8 AS fastnumeric) WITH FUNCTION fastnumeric(pg_catalog.float8) AS ASSIGNMENT;
COMMENT ON CAST (pg_catalog.float8 AS fastnumeric) IS 'numeric''s result (float8_numeric where machine arithmetic cannot decide it); assignment only, like numeric''s';
CREATE CAST (fastnumeric AS pg_catalog.int2) WITH FUNCTION int2(fastnumeric) AS ASSIGNMENT;
COMMENT ON CAST (fastnumeric AS pg_catalog.int2) IS 'numeric''s result (numeric_int2 where machine arithmetic cannot decide it; rounds, out of range is an error); assignment only, like numeric''s';
CREATE CAST (fastnumeric AS pg_catalog.int4) WITH FUNCTION int4(fastnumeric) AS ASSIGNMENT;
COMMENT ON CAST (fastnumeric AS pg_catalog.int4) IS 'numeric''s result (numeric_int4 where machine arithmetic cannot decide it; rounds, out of range is an error); assignment only, like numeric''s';
CREATE CAST (fastnumeric AS pg_catalog.int8) WITH FUNCTION int8(fastnumeric) AS ASSIGNMENT;
COMMENT ON CAST (fastnumeric AS pg_catalog.int8) IS 'numeric''s result (numeric_int8 where machine arithmetic cannot decide it; rounds, out of range is an error); assignment only, like numeric''s';
CREATE CAST (fastnumeric AS pg_catalog.float4) WITH FUNCTION float4(fastnumeric) AS IMPLICIT;
COMMENT ON CAST (fastnumeric AS pg_catalog.float4) IS 'numeric''s result (numeric_float4 where machine arithmetic cannot decide it); implicit, like numeric''s, so expressions with float4 resolve as on numeric';
CREATE CAST (fastnumeric AS pg_catalog.float8) WITH FUNCTION float8(fastnumeric) AS IMPLICIT;
COMMENT ON CAST (fastnumeric AS pg_catalog.float8) IS 'numeric''s result (numeric_float8 where machine arithmetic cannot decide it); implicit, like numeric''s, so expressions with float8 resolve as on numeric';

-------------------------------------------------------------------------------------------
-- Comparison: one C function per operator serves fastnumeric and numeric on either side
-------------------------------------------------------------------------------------------
CREATE FUNCTION fastnumeric_cmp(fastnumeric, fastnumeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_cmp(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_cmp(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_cmp(fastnumeric, fastnumeric) IS 'less-equal-greater';
COMMENT ON FUNCTION fastnumeric_cmp(fastnumeric, pg_catalog.numeric) IS 'less-equal-greater';
COMMENT ON FUNCTION fastnumeric_cmp(pg_catalog.numeric, fastnumeric) IS 'less-equal-greater';

CREATE FUNCTION fastnumeric_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_sortsupport(pg_catalog.internal) IS 'sort support: in-place comparator and abbreviated keys';

-- The six predicates for each of the three signatures, and their operators.
-- (fastnumeric, fastnumeric)
CREATE FUNCTION fastnumeric_eq(fastnumeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_eq(fastnumeric, fastnumeric) IS 'equal';
CREATE OPERATOR = (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
COMMENT ON OPERATOR = (fastnumeric, fastnumeric) IS 'equal';
CREATE FUNCTION fastnumeric_ne(fastnumeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_ne(fastnumeric, fastnumeric) IS 'not equal';
CREATE OPERATOR <> (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
COMMENT ON OPERATOR <> (fastnumeric, fastnumeric) IS 'not equal';
CREATE FUNCTION fastnumeric_lt(fastnumeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_lt(fastnumeric, fastnumeric) IS 'less than';
CREATE OPERATOR < (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
COMMENT ON OPERATOR < (fastnumeric, fastnumeric) IS 'less than';
CREATE FUNCTION fastnumeric_le(fastnumeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_le(fastnumeric, fastnumeric) IS 'less than or equal';
CREATE OPERATOR <= (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
COMMENT ON OPERATOR <= (fastnumeric, fastnumeric) IS 'less than or equal';
CREATE FUNCTION fastnumeric_gt(fastnumeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_gt(fastnumeric, fastnumeric) IS 'greater than';
CREATE OPERATOR > (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);
COMMENT ON OPERATOR > (fastnumeric, fastnumeric) IS 'greater than';
CREATE FUNCTION fastnumeric_ge(fastnumeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_ge(fastnumeric, fastnumeric) IS 'greater than or equal';
CREATE OPERATOR >= (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
COMMENT ON OPERATOR >= (fastnumeric, fastnumeric) IS 'greater than or equal';

-- (fastnumeric, pg_catalog.numeric)
CREATE FUNCTION fastnumeric_eq(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_eq(fastnumeric, pg_catalog.numeric) IS 'equal';
CREATE OPERATOR = (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
COMMENT ON OPERATOR = (fastnumeric, pg_catalog.numeric) IS 'equal';
CREATE FUNCTION fastnumeric_ne(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_ne(fastnumeric, pg_catalog.numeric) IS 'not equal';
CREATE OPERATOR <> (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
COMMENT ON OPERATOR <> (fastnumeric, pg_catalog.numeric) IS 'not equal';
CREATE FUNCTION fastnumeric_lt(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_lt(fastnumeric, pg_catalog.numeric) IS 'less than';
CREATE OPERATOR < (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
COMMENT ON OPERATOR < (fastnumeric, pg_catalog.numeric) IS 'less than';
CREATE FUNCTION fastnumeric_le(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_le(fastnumeric, pg_catalog.numeric) IS 'less than or equal';
CREATE OPERATOR <= (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
COMMENT ON OPERATOR <= (fastnumeric, pg_catalog.numeric) IS 'less than or equal';
CREATE FUNCTION fastnumeric_gt(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_gt(fastnumeric, pg_catalog.numeric) IS 'greater than';
CREATE OPERATOR > (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);
COMMENT ON OPERATOR > (fastnumeric, pg_catalog.numeric) IS 'greater than';
CREATE FUNCTION fastnumeric_ge(fastnumeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_ge(fastnumeric, pg_catalog.numeric) IS 'greater than or equal';
CREATE OPERATOR >= (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
COMMENT ON OPERATOR >= (fastnumeric, pg_catalog.numeric) IS 'greater than or equal';

-- (pg_catalog.numeric, fastnumeric)
CREATE FUNCTION fastnumeric_eq(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_eq(pg_catalog.numeric, fastnumeric) IS 'equal';
CREATE OPERATOR = (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
COMMENT ON OPERATOR = (pg_catalog.numeric, fastnumeric) IS 'equal';
CREATE FUNCTION fastnumeric_ne(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_ne(pg_catalog.numeric, fastnumeric) IS 'not equal';
CREATE OPERATOR <> (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
COMMENT ON OPERATOR <> (pg_catalog.numeric, fastnumeric) IS 'not equal';
CREATE FUNCTION fastnumeric_lt(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_lt(pg_catalog.numeric, fastnumeric) IS 'less than';
CREATE OPERATOR < (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
COMMENT ON OPERATOR < (pg_catalog.numeric, fastnumeric) IS 'less than';
CREATE FUNCTION fastnumeric_le(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_le(pg_catalog.numeric, fastnumeric) IS 'less than or equal';
CREATE OPERATOR <= (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
COMMENT ON OPERATOR <= (pg_catalog.numeric, fastnumeric) IS 'less than or equal';
CREATE FUNCTION fastnumeric_gt(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_gt(pg_catalog.numeric, fastnumeric) IS 'greater than';
CREATE OPERATOR > (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);
COMMENT ON OPERATOR > (pg_catalog.numeric, fastnumeric) IS 'greater than';
CREATE FUNCTION fastnumeric_ge(pg_catalog.numeric, fastnumeric) RETURNS pg_catalog.bool
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION fastnumeric_ge(pg_catalog.numeric, fastnumeric) IS 'greater than or equal';
CREATE OPERATOR >= (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
COMMENT ON OPERATOR >= (pg_catalog.numeric, fastnumeric) IS 'greater than or equal';

-------------------------------------------------------------------------------------------
-- Index support
-------------------------------------------------------------------------------------------
-- window RANGE frames: numeric's in_range, with a fastnumeric or a numeric offset
CREATE FUNCTION fastnumeric_in_range(fastnumeric, fastnumeric, fastnumeric, pg_catalog.bool, pg_catalog.bool)
    RETURNS pg_catalog.bool AS 'in_range_numeric_numeric' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_in_range(fastnumeric, fastnumeric, pg_catalog.numeric, pg_catalog.bool, pg_catalog.bool)
    RETURNS pg_catalog.bool AS 'in_range_numeric_numeric' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_in_range(fastnumeric, fastnumeric, fastnumeric, pg_catalog.bool, pg_catalog.bool) IS 'window RANGE support';
COMMENT ON FUNCTION fastnumeric_in_range(fastnumeric, fastnumeric, pg_catalog.numeric, pg_catalog.bool, pg_catalog.bool) IS 'window RANGE support';

-- hashing: numeric's hash values (hash_numeric, hash_numeric_extended), bit for bit, so 1.0
-- and 1.00 hash alike and hash joins with numeric and hash partitions work; computed from the
-- datum where it lies (numeric's copy every stored value first)
CREATE FUNCTION fastnumeric_hash(fastnumeric) RETURNS pg_catalog.int4
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_hash_extended(fastnumeric, pg_catalog.int8) RETURNS pg_catalog.int8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_hash(fastnumeric) IS 'hash';
COMMENT ON FUNCTION fastnumeric_hash_extended(fastnumeric, pg_catalog.int8) IS 'hash';

CREATE OPERATOR FAMILY fastnumeric_ops USING btree;
COMMENT ON OPERATOR FAMILY fastnumeric_ops USING btree IS 'fastnumeric and numeric, in one order';
CREATE OPERATOR CLASS fastnumeric_ops DEFAULT FOR TYPE fastnumeric USING btree FAMILY fastnumeric_ops AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 fastnumeric_cmp(fastnumeric, fastnumeric),
    FUNCTION 2 fastnumeric_sortsupport(pg_catalog.internal),
    FUNCTION 3 fastnumeric_in_range(fastnumeric, fastnumeric, fastnumeric, pg_catalog.bool, pg_catalog.bool);
COMMENT ON OPERATOR CLASS fastnumeric_ops USING btree IS 'default btree operator class for fastnumeric';
-- Cross-type members (index scans on col = 5, merge joins with numeric columns), and
-- numeric's own operators so the family is complete for both types.
ALTER OPERATOR FAMILY fastnumeric_ops USING btree ADD
    OPERATOR 1 < (fastnumeric, pg_catalog.numeric),
    OPERATOR 2 <= (fastnumeric, pg_catalog.numeric),
    OPERATOR 3 = (fastnumeric, pg_catalog.numeric),
    OPERATOR 4 >= (fastnumeric, pg_catalog.numeric),
    OPERATOR 5 > (fastnumeric, pg_catalog.numeric),
    OPERATOR 1 < (pg_catalog.numeric, fastnumeric),
    OPERATOR 2 <= (pg_catalog.numeric, fastnumeric),
    OPERATOR 3 = (pg_catalog.numeric, fastnumeric),
    OPERATOR 4 >= (pg_catalog.numeric, fastnumeric),
    OPERATOR 5 > (pg_catalog.numeric, fastnumeric),
    OPERATOR 1 pg_catalog.< (pg_catalog.numeric, pg_catalog.numeric),
    OPERATOR 2 pg_catalog.<= (pg_catalog.numeric, pg_catalog.numeric),
    OPERATOR 3 pg_catalog.= (pg_catalog.numeric, pg_catalog.numeric),
    OPERATOR 4 pg_catalog.>= (pg_catalog.numeric, pg_catalog.numeric),
    OPERATOR 5 pg_catalog.> (pg_catalog.numeric, pg_catalog.numeric),
    FUNCTION 1 (fastnumeric, pg_catalog.numeric) fastnumeric_cmp(fastnumeric, pg_catalog.numeric),
    FUNCTION 1 (pg_catalog.numeric, fastnumeric) fastnumeric_cmp(pg_catalog.numeric, fastnumeric),
    FUNCTION 1 (pg_catalog.numeric, pg_catalog.numeric) pg_catalog.numeric_cmp(pg_catalog.numeric, pg_catalog.numeric),
    FUNCTION 2 (pg_catalog.numeric, pg_catalog.numeric) pg_catalog.numeric_sortsupport(pg_catalog.internal),
    FUNCTION 3 (fastnumeric, pg_catalog.numeric)
        fastnumeric_in_range(fastnumeric, fastnumeric, pg_catalog.numeric, pg_catalog.bool, pg_catalog.bool);

CREATE OPERATOR FAMILY fastnumeric_hash_ops USING hash;
COMMENT ON OPERATOR FAMILY fastnumeric_hash_ops USING hash IS 'fastnumeric and numeric, hashed alike';
CREATE OPERATOR CLASS fastnumeric_hash_ops DEFAULT FOR TYPE fastnumeric USING hash FAMILY fastnumeric_hash_ops AS
    OPERATOR 1 =,
    FUNCTION 1 fastnumeric_hash(fastnumeric),
    FUNCTION 2 fastnumeric_hash_extended(fastnumeric, pg_catalog.int8);
COMMENT ON OPERATOR CLASS fastnumeric_hash_ops USING hash IS 'default hash operator class for fastnumeric';
ALTER OPERATOR FAMILY fastnumeric_hash_ops USING hash ADD
    OPERATOR 1 = (fastnumeric, pg_catalog.numeric),
    OPERATOR 1 = (pg_catalog.numeric, fastnumeric),
    OPERATOR 1 pg_catalog.= (pg_catalog.numeric, pg_catalog.numeric),
    FUNCTION 1 pg_catalog.hash_numeric(pg_catalog.numeric),
    FUNCTION 2 pg_catalog.hash_numeric_extended(pg_catalog.numeric, pg_catalog.int8);

CREATE OPERATOR FAMILY fastnumeric_minmax_ops USING brin;
COMMENT ON OPERATOR FAMILY fastnumeric_minmax_ops USING brin IS 'fastnumeric block ranges by minimum and maximum';
CREATE OPERATOR CLASS fastnumeric_minmax_ops DEFAULT FOR TYPE fastnumeric USING brin FAMILY fastnumeric_minmax_ops AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);
COMMENT ON OPERATOR CLASS fastnumeric_minmax_ops USING brin IS 'BRIN minmax operator class for fastnumeric';
-- so that col < 2 (a numeric constant) can use the index too
ALTER OPERATOR FAMILY fastnumeric_minmax_ops USING brin ADD
    OPERATOR 1 < (fastnumeric, pg_catalog.numeric),
    OPERATOR 2 <= (fastnumeric, pg_catalog.numeric),
    OPERATOR 3 = (fastnumeric, pg_catalog.numeric),
    OPERATOR 4 >= (fastnumeric, pg_catalog.numeric),
    OPERATOR 5 > (fastnumeric, pg_catalog.numeric);

-------------------------------------------------------------------------------------------
-- Arithmetic
-------------------------------------------------------------------------------------------
-- + - * are ours (one C function per operator serves all three signatures; results are
-- numeric's bytes), and so are / and % (short operands in machine integers, the rest numeric's
-- numeric_div and numeric_mod); ^ is numeric's own numeric_power.
-- The (fastnumeric, numeric) and (numeric, fastnumeric) signatures make col + 1, col * 1.1,
-- col + int8_col and 1 + col resolve to these operators (integers reach numeric through
-- their implicit casts) and return fastnumeric; numeric-only expressions keep numeric's.

-- (fastnumeric, fastnumeric)
CREATE FUNCTION fastnumeric_add(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_add(fastnumeric, fastnumeric) IS 'add';
CREATE OPERATOR + (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_add, COMMUTATOR = +);
COMMENT ON OPERATOR + (fastnumeric, fastnumeric) IS 'add';
CREATE FUNCTION fastnumeric_sub(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_sub(fastnumeric, fastnumeric) IS 'subtract';
CREATE OPERATOR - (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_sub);
COMMENT ON OPERATOR - (fastnumeric, fastnumeric) IS 'subtract';
CREATE FUNCTION fastnumeric_mul(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mul(fastnumeric, fastnumeric) IS 'multiply';
CREATE OPERATOR * (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_mul, COMMUTATOR = *);
COMMENT ON OPERATOR * (fastnumeric, fastnumeric) IS 'multiply';
CREATE FUNCTION fastnumeric_div(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_div' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_div(fastnumeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE OPERATOR / (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_div);
COMMENT ON OPERATOR / (fastnumeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE FUNCTION fastnumeric_mod(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mod(fastnumeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE OPERATOR % (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_mod);
COMMENT ON OPERATOR % (fastnumeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE FUNCTION fastnumeric_pow(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_pow(fastnumeric, fastnumeric) IS 'exponentiation (numeric''s numeric_power)';
CREATE OPERATOR ^ (LEFTARG = fastnumeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_pow);
COMMENT ON OPERATOR ^ (fastnumeric, fastnumeric) IS 'exponentiation (numeric''s numeric_power)';

-- (fastnumeric, pg_catalog.numeric)
CREATE FUNCTION fastnumeric_add(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_add(fastnumeric, pg_catalog.numeric) IS 'add';
CREATE OPERATOR + (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_add, COMMUTATOR = +);
COMMENT ON OPERATOR + (fastnumeric, pg_catalog.numeric) IS 'add';
CREATE FUNCTION fastnumeric_sub(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_sub(fastnumeric, pg_catalog.numeric) IS 'subtract';
CREATE OPERATOR - (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_sub);
COMMENT ON OPERATOR - (fastnumeric, pg_catalog.numeric) IS 'subtract';
CREATE FUNCTION fastnumeric_mul(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mul(fastnumeric, pg_catalog.numeric) IS 'multiply';
CREATE OPERATOR * (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_mul, COMMUTATOR = *);
COMMENT ON OPERATOR * (fastnumeric, pg_catalog.numeric) IS 'multiply';
CREATE FUNCTION fastnumeric_div(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_div' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_div(fastnumeric, pg_catalog.numeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE OPERATOR / (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_div);
COMMENT ON OPERATOR / (fastnumeric, pg_catalog.numeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE FUNCTION fastnumeric_mod(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mod(fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE OPERATOR % (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_mod);
COMMENT ON OPERATOR % (fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE FUNCTION fastnumeric_pow(fastnumeric, pg_catalog.numeric) RETURNS fastnumeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_pow(fastnumeric, pg_catalog.numeric) IS 'exponentiation (numeric''s numeric_power)';
CREATE OPERATOR ^ (LEFTARG = fastnumeric, RIGHTARG = pg_catalog.numeric, FUNCTION = fastnumeric_pow);
COMMENT ON OPERATOR ^ (fastnumeric, pg_catalog.numeric) IS 'exponentiation (numeric''s numeric_power)';

-- (pg_catalog.numeric, fastnumeric)
CREATE FUNCTION fastnumeric_add(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_add(pg_catalog.numeric, fastnumeric) IS 'add';
CREATE OPERATOR + (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_add, COMMUTATOR = +);
COMMENT ON OPERATOR + (pg_catalog.numeric, fastnumeric) IS 'add';
CREATE FUNCTION fastnumeric_sub(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_sub(pg_catalog.numeric, fastnumeric) IS 'subtract';
CREATE OPERATOR - (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_sub);
COMMENT ON OPERATOR - (pg_catalog.numeric, fastnumeric) IS 'subtract';
CREATE FUNCTION fastnumeric_mul(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mul(pg_catalog.numeric, fastnumeric) IS 'multiply';
CREATE OPERATOR * (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_mul, COMMUTATOR = *);
COMMENT ON OPERATOR * (pg_catalog.numeric, fastnumeric) IS 'multiply';
CREATE FUNCTION fastnumeric_div(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_div' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_div(pg_catalog.numeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE OPERATOR / (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_div);
COMMENT ON OPERATOR / (pg_catalog.numeric, fastnumeric) IS 'divide (numeric''s result: in machine integers for short operands, else numeric_div)';
CREATE FUNCTION fastnumeric_mod(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_mod(pg_catalog.numeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE OPERATOR % (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_mod);
COMMENT ON OPERATOR % (pg_catalog.numeric, fastnumeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
CREATE FUNCTION fastnumeric_pow(pg_catalog.numeric, fastnumeric) RETURNS fastnumeric
    AS 'numeric_power' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_pow(pg_catalog.numeric, fastnumeric) IS 'exponentiation (numeric''s numeric_power)';
CREATE OPERATOR ^ (LEFTARG = pg_catalog.numeric, RIGHTARG = fastnumeric, FUNCTION = fastnumeric_pow);
COMMENT ON OPERATOR ^ (pg_catalog.numeric, fastnumeric) IS 'exponentiation (numeric''s numeric_power)';

CREATE FUNCTION fastnumeric_uminus(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_uplus(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION abs(fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME', 'fastnumeric_abs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_uminus(fastnumeric) IS 'negate';
COMMENT ON FUNCTION fastnumeric_uplus(fastnumeric) IS 'unary plus';
COMMENT ON FUNCTION abs(fastnumeric) IS 'absolute value';
CREATE OPERATOR - (RIGHTARG = fastnumeric, FUNCTION = fastnumeric_uminus);
CREATE OPERATOR + (RIGHTARG = fastnumeric, FUNCTION = fastnumeric_uplus);
CREATE OPERATOR @ (RIGHTARG = fastnumeric, FUNCTION = abs);
COMMENT ON OPERATOR - (NONE, fastnumeric) IS 'negate';
COMMENT ON OPERATOR + (NONE, fastnumeric) IS 'unary plus';
COMMENT ON OPERATOR @ (NONE, fastnumeric) IS 'absolute value';

-- numeric's own set-returning functions: their values are fastnumeric's bytes
CREATE FUNCTION generate_series(fastnumeric, fastnumeric) RETURNS SETOF fastnumeric
    AS 'generate_series_numeric' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION generate_series(fastnumeric, fastnumeric, fastnumeric) RETURNS SETOF fastnumeric
    AS 'generate_series_step_numeric' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION generate_series(fastnumeric, fastnumeric) IS 'non-persistent series generator (numeric''s generate_series_numeric)';
COMMENT ON FUNCTION generate_series(fastnumeric, fastnumeric, fastnumeric) IS 'non-persistent series generator (numeric''s generate_series_step_numeric)';

-------------------------------------------------------------------------------------------
-- Aggregates
-------------------------------------------------------------------------------------------
-- sum and avg: an exact int128-plus-digits accumulator as internal state, with numeric's
-- rules (result scale, NaN/Infinity, NULL for no input), partial aggregation (parallel
-- query) and inverse transitions (moving window frames).  The support functions are strict
-- exactly where numeric's own are (numeric_avg_accum, numeric_accum_inv, ...).
CREATE FUNCTION fastnumeric_avg_accum(pg_catalog.internal, fastnumeric) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_accum_inv(pg_catalog.internal, fastnumeric) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_avg_combine(pg_catalog.internal, pg_catalog.internal) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_avg_serialize(pg_catalog.internal) RETURNS pg_catalog.bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_avg_deserialize(pg_catalog.bytea, pg_catalog.internal) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_sum(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION fastnumeric_avg(pg_catalog.internal) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_avg_accum(pg_catalog.internal, fastnumeric) IS 'aggregate transition function of sum and avg';
COMMENT ON FUNCTION fastnumeric_accum_inv(pg_catalog.internal, fastnumeric) IS 'aggregate inverse transition function of sum and avg (moving window frames)';
COMMENT ON FUNCTION fastnumeric_avg_combine(pg_catalog.internal, pg_catalog.internal) IS 'aggregate combine function of sum and avg';
COMMENT ON FUNCTION fastnumeric_avg_serialize(pg_catalog.internal) IS 'aggregate serial function of sum and avg';
COMMENT ON FUNCTION fastnumeric_avg_deserialize(pg_catalog.bytea, pg_catalog.internal) IS 'aggregate deserial function of sum and avg';
COMMENT ON FUNCTION fastnumeric_sum(pg_catalog.internal) IS 'aggregate final function of sum';
COMMENT ON FUNCTION fastnumeric_avg(pg_catalog.internal) IS 'aggregate final function of avg';

CREATE AGGREGATE sum(fastnumeric) (
    SFUNC = fastnumeric_avg_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_sum,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    MSFUNC = fastnumeric_avg_accum, MINVFUNC = fastnumeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = fastnumeric_sum,
    PARALLEL = SAFE);
CREATE AGGREGATE avg(fastnumeric) (
    SFUNC = fastnumeric_avg_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_avg,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    MSFUNC = fastnumeric_avg_accum, MINVFUNC = fastnumeric_accum_inv,
    MSTYPE = pg_catalog.internal, MSSPACE = 128, MFINALFUNC = fastnumeric_avg,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE sum(fastnumeric) IS 'sum as fastnumeric across all fastnumeric input values (numeric''s result, exactly)';
COMMENT ON AGGREGATE avg(fastnumeric) IS 'the average (arithmetic mean) as fastnumeric of all fastnumeric input values (numeric''s result, exactly)';

-- fastnumeric_sum_product(a, b) is sum(a * b) without the products' datums: the planner hook
-- puts it where a plan sums alone a product of two fastnumeric (or, with
-- fastnumeric.accelerate_numeric, numeric) operands.  Its state, combine, serial and final
-- functions are sum's, so a partial fastnumeric_sum_product is finished by sum.
CREATE FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric) RETURNS pg_catalog.internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_sum_product_accum(pg_catalog.internal, fastnumeric, fastnumeric) IS 'aggregate transition function of fastnumeric_sum_product';
CREATE AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric) (
    SFUNC = fastnumeric_sum_product_accum, STYPE = pg_catalog.internal, SSPACE = 128,
    FINALFUNC = fastnumeric_sum,
    COMBINEFUNC = fastnumeric_avg_combine,
    SERIALFUNC = fastnumeric_avg_serialize, DESERIALFUNC = fastnumeric_avg_deserialize,
    PARALLEL = SAFE);
COMMENT ON AGGREGATE fastnumeric_sum_product(fastnumeric, fastnumeric) IS 'sum(a * b) as fastnumeric, without the products'' datums (numeric''s result, exactly)';

-- Expression programs: fastnumeric_expr('$1 * ($2 - $3)', a, b, c) is a tree of fastnumeric's
-- + - * and unary - evaluated in one call, with one palloc for its result.  The planner hook
-- puts it where a plan has such a tree (fastnumeric.expression_programs); the program is a
-- text constant over the operands that follow it, which must be numeric, fastnumeric or
-- integer columns and parameters.  Not strict: a NULL operand makes NULL what it feeds, after
-- the rest has raised what it raises, as the separate operators do.  Sums and averages of
-- such trees are a row's sums (below), min and max fastnumeric_min_expr and _max_expr.
CREATE FUNCTION fastnumeric_expr(pg_catalog.text, VARIADIC pg_catalog."any") RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_expr(pg_catalog.text, VARIADIC pg_catalog."any") IS 'an expression of + - * and unary - over fastnumeric (or numeric) operands in one call: the separate operators'' result and errors';

-- min and max: the winning datum itself, compared in place; ties keep the later value,
-- like numeric_smaller/numeric_larger.  The sort operators let min/max use a btree index.
CREATE FUNCTION fastnumeric_smaller(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fastnumeric_larger(fastnumeric, fastnumeric) RETURNS fastnumeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_smaller(fastnumeric, fastnumeric) IS 'smaller of two values';
COMMENT ON FUNCTION fastnumeric_larger(fastnumeric, fastnumeric) IS 'larger of two values';
CREATE AGGREGATE min(fastnumeric) (
    SFUNC = fastnumeric_smaller, STYPE = fastnumeric, COMBINEFUNC = fastnumeric_smaller,
    SORTOP = <, PARALLEL = SAFE);
CREATE AGGREGATE max(fastnumeric) (
    SFUNC = fastnumeric_larger, STYPE = fastnumeric, COMBINEFUNC = fastnumeric_larger,
    SORTOP = >, PARALLEL = SAFE);
COMMENT ON AGGREGATE min(fastnumeric) IS 'minimum value of all fastnumeric input values';
COMMENT ON AGGREGATE max(fastnumeric) IS 'maximum value of all fastnumeric input values';

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
-- our % on (fastnumeric, numeric): with a (fastnumeric, fastnumeric) twin, mod(col, '2') would be
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
    AS 'MODULE_PATHNAME', 'fastnumeric_mod' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
COMMENT ON FUNCTION mod(fastnumeric, pg_catalog.numeric) IS 'modulus (numeric''s result: in machine integers for short operands, else numeric_mod)';
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
-- width_bucket has none: a width_bucket(fastnumeric, numeric, numeric, int4) would make
-- width_bucket('NaN', 3.0, 4.0, 5)
-- ambiguous, an expression without fastnumeric; so width_bucket(col, 0, 100, 4) with integer
-- bounds takes the float8 version (width_bucket(col::numeric, ...) gives numeric's).
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
-- see src/pg/type/range.cpp for why they are declared on anyrange
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
