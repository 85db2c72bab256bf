-- Per-value text input: count(CAST(v AS T)) minus count(v) over a text column, in ns per value.
-- Data: data_values.sql. By hand:
--   psql -v T=fastnumeric -v shape=money -f bench/sql/input.sql     (T: numeric, fastnumeric, int8;
--                                                                    shape: money, d20)
-- ns/value = (measure ms - baseline ms) * 1e6 / rows. int8 parses the integer-shaped texts (vi).
--
-- @workload input_money data_values.sql numeric,fastnumeric,int8 shape=money
-- @workload input_d20   data_values.sql numeric,fastnumeric,int8 shape=d20
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?shape} \else \set shape money \endif
SELECT 'fnb_txt_' || :'shape' AS tbl,
       CASE WHEN :'T' = 'int8' THEN 'vi' ELSE 'v' END AS col \gset
SELECT count(*) AS rows FROM :"tbl" \gset
\echo @bench rows :rows
-- a new backend's first scans run slower, which a baseline timed first would pay alone
SELECT count(:"col") FROM :"tbl" \g /dev/null
SELECT count(CAST(:"col" AS :T)) FROM :"tbl" \g /dev/null
\timing on
\echo @bench baseline
SELECT count(:"col") FROM :"tbl";
\echo @bench measure
SELECT count(CAST(:"col" AS :T)) FROM :"tbl";
