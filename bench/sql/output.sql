-- Per-value text output: count(x::text) minus count(x), in ns per value.
-- Data: data_values.sql. By hand:
--   psql -v T=fastnumeric -v shape=money -f bench/sql/output.sql    (T: numeric, fastnumeric, int8;
--                                                                    shape: money, d20)
-- ns/value = (measure ms - baseline ms) * 1e6 / rows. int8 holds money in cents, d20 as 19 digits.
--
-- @workload output_money data_values.sql numeric,fastnumeric,int8 shape=money
-- @workload output_d20   data_values.sql numeric,fastnumeric,int8 shape=d20
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?shape} \else \set shape money \endif
SELECT format('fnb_val_%s_%s', :'shape', :'T') AS tbl \gset
SELECT count(*) AS rows FROM :"tbl" \gset
\echo @bench rows :rows
-- a new backend's first scans run slower, which a baseline timed first would pay alone
SELECT count(x) FROM :"tbl" \g /dev/null
SELECT count(x::text) FROM :"tbl" \g /dev/null
\timing on
\echo @bench baseline
SELECT count(x) FROM :"tbl";
\echo @bench measure
SELECT count(x::text) FROM :"tbl";
