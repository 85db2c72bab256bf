-- The by-reference floor of one aggregate call a row (bench/byref_floor.c, which bench/run builds
-- and passes as floor_so): fnb_floor_agg(program, operands...) takes what a fused aggregate of
-- an expression takes, a text and the operands, and only counts its rows in an internal state.
--   psql -v floor_so=/path/byref_floor.so -f bench/sql/data_floor.sql
\set ON_ERROR_STOP on
CREATE EXTENSION IF NOT EXISTS fastnumeric;
DROP AGGREGATE IF EXISTS fnb_floor_agg(text, VARIADIC "any");
CREATE OR REPLACE FUNCTION fnb_floor_accum(internal, text, VARIADIC "any") RETURNS internal
    AS :'floor_so', 'byref_floor_accum' LANGUAGE C;
CREATE OR REPLACE FUNCTION fnb_floor_final(internal) RETURNS int8
    AS :'floor_so', 'byref_floor_final' LANGUAGE C;
CREATE AGGREGATE fnb_floor_agg(text, VARIADIC "any") (
    SFUNC = fnb_floor_accum, STYPE = internal, FINALFUNC = fnb_floor_final);
