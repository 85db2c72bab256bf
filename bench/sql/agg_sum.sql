-- sum / avg / min+max over the money table, in ms; serial (W=0) and with 2 parallel workers
-- (W=2). int8 holds the same values in cents. Data: data_agg.sql. By hand:
--   psql -v T=fastnumeric -v F=sum -v W=0 -f bench/sql/agg_sum.sql   (T: numeric, fastnumeric, int8; tid: F=minmax only)
--
-- @workload agg_sum          data_agg.sql numeric,fastnumeric,int8 F=sum W=0
-- @workload agg_sum_parallel data_agg.sql numeric,fastnumeric,int8 F=sum W=2
-- @full agg_sum_parallel
-- @workload agg_avg          data_agg.sql numeric,fastnumeric,int8 F=avg W=0
-- @workload agg_avg_parallel data_agg.sql numeric,fastnumeric,int8 F=avg W=2
-- @full agg_avg_parallel
-- @workload agg_minmax       data_agg.sql numeric,fastnumeric,int8 F=minmax W=0
-- @workload agg_minmax_parallel data_agg.sql numeric,fastnumeric,int8 F=minmax W=2
-- @full agg_minmax_parallel
-- @workload agg_minmax_byref data_agg.sql numeric,fastnumeric,int8,tid F=minmax W=0
-- @full agg_minmax_byref
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?F} \else \set F sum \endif
\if :{?W} \else \set W 0 \endif
SELECT 'fnb_agg_' || :'T' AS tbl,
       CASE :'F' WHEN 'minmax' THEN 'min(x), max(x)' ELSE :'F' || '(x)' END AS expr \gset
SET max_parallel_workers_per_gather = :W;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET jit = off;
\timing on
\echo @bench measure
SELECT :expr FROM :"tbl";
