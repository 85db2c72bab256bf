-- sum and avg per group, 1000 groups, hashed (M=hash) or sorted (M=sort), in ms; serial (W=0)
-- and with 2 parallel workers (W=2: Partial aggregates combined above a Gather).
-- Data: data_agg.sql. By hand:
--   psql -v T=fastnumeric -v M=hash -v W=0 -f bench/sql/agg_group.sql   (T: numeric, fastnumeric, int8)
--
-- @workload agg_group_hash data_agg.sql numeric,fastnumeric,int8 M=hash W=0
-- @workload agg_group_hash_parallel data_agg.sql numeric,fastnumeric,int8 M=hash W=2
-- @full agg_group_hash_parallel
-- @workload agg_group_sort data_agg.sql numeric,fastnumeric,int8 M=sort W=0
-- @full agg_group_sort
-- @workload agg_group_sort_parallel data_agg.sql numeric,fastnumeric,int8 M=sort W=2
-- @full agg_group_sort_parallel
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?M} \else \set M hash \endif
\if :{?W} \else \set W 0 \endif
SELECT 'fnb_agg_' || :'T' AS tbl, :'M' = 'hash' AS hashed \gset
SET enable_hashagg = :hashed;
SET max_parallel_workers_per_gather = :W;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET jit = off;
SET work_mem = '1GB';
\timing on
\echo @bench measure
-- count(s), count(a): outputs the outer query does not read are dropped by the planner,
-- and the aggregates with them
SELECT count(s), count(a) FROM (SELECT g, sum(x) AS s, avg(x) AS a FROM :"tbl" GROUP BY g) q;
