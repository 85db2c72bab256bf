/*
 * fastnumeric 0.1 -> 0.2 — update script.  Like the install script, it may run as the
 * bootstrap superuser in a schema others can write to: catalog objects are named with
 * pg_catalog., our own are found by exact signature.
 */

\echo Use "ALTER EXTENSION fastnumeric UPDATE TO '0.2'" to load this file. \quit

-- The typmod coercion's planner support looks under free casts from numeric, so
-- ALTER COLUMN ... TYPE fastnumeric(p,s) over numeric(p,s) no longer rewrites the table.
CREATE FUNCTION fastnumeric_support(pg_catalog.internal)
    RETURNS pg_catalog.internal AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fastnumeric_support(pg_catalog.internal) IS 'planner support for the typmod coercion: numeric''s, looking under casts from numeric';
ALTER FUNCTION fastnumeric(fastnumeric, pg_catalog.int4) SUPPORT fastnumeric_support;
