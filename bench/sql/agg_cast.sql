-- sum(numeric_col::fastnumeric) against sum(numeric_col) over the numeric money table, in ms
-- (the cast is free: same bytes). Data: data_agg.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/agg_cast.sql          (T: numeric, fastnumeric)
--
-- @workload agg_sum_cast data_agg.sql numeric,fastnumeric
-- @full agg_sum_cast
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT CASE WHEN :'T' = 'fastnumeric' THEN 'x::fastnumeric' ELSE 'x' END AS expr \gset
SET max_parallel_workers_per_gather = 0;
SET jit = off;
\timing on
\echo @bench measure
SELECT sum(:expr) FROM fnb_agg_numeric;
