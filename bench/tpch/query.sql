-- One TPC-H query, timed, in a session set up as bench/tpch/run's type says (its tables' schema,
-- the library loaded or not, the accelerator on or off); the rows go to /dev/null.
--   psql -v schema=tpch_numeric -v lib=on -v accel=on -v query=bench/tpch/queries/q01.sql -f bench/tpch/query.sql
\set ON_ERROR_STOP on
\if :{?lib} \else \set lib off \endif
\if :{?accel} \else \set accel off \endif
-- public too: fastnumeric's functions live there (without them, sum(fastnumeric) would resolve
-- to sum(float8) through the implicit cast)
SET search_path = :"schema", public;
-- as session_preload_libraries = 'fastnumeric' would, before the query is planned
\if :lib
LOAD 'fastnumeric';
\endif
\if :accel
SET fastnumeric.accelerate_numeric = on;
\endif
\o /dev/null
\timing on
\echo @bench measure
\i :query
