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
COMMENT ON CAST (fastnumeric AS pg_catalog.float4) IS 'numeric''s numeric_float4; assignment only (numeric''s is implicit), so sqrt(x) and ln(x) resolve to numeric''s';
COMMENT ON CAST (pg_catalog.float8 AS fastnumeric) IS 'numeric''s float8_numeric; assignment only, like numeric''s';
COMMENT ON CAST (fastnumeric AS pg_catalog.float8) IS 'numeric''s numeric_float8; assignment only (numeric''s is implicit), so sqrt(x) and ln(x) resolve to numeric''s';

-- Binary I/O of our own: numeric's wire format decoded straight into the datum and written
-- from it in place (numeric_recv still decides every error).  CREATE OR REPLACE keeps the
-- functions' OIDs, which the type's RECEIVE and SEND point to.
CREATE OR REPLACE FUNCTION fastnumeric_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4)
    RETURNS fastnumeric AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION fastnumeric_send(fastnumeric)
    RETURNS pg_catalog.bytea AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_recv(pg_catalog.internal, pg_catalog.oid, pg_catalog.int4) IS 'I/O: numeric''s binary input, decoded directly; numeric_recv for errors and very long values';
COMMENT ON FUNCTION fastnumeric_send(fastnumeric) IS 'I/O: numeric''s binary output, written from the datum in place';
