-- A window sum over a 100-row moving frame (inverse transitions), over n_aggw rows, in ms.
-- Data: data_agg.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/agg_window.sql   (T: numeric, fastnumeric, int8)
--
-- @workload agg_window data_agg.sql numeric,fastnumeric,int8
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT 'fnb_aggw_' || :'T' AS tbl \gset
SET max_parallel_workers_per_gather = 0;
SET jit = off;
\timing on
\echo @bench measure
SELECT count(s) FROM (SELECT sum(x) OVER (ROWS BETWEEN 99 PRECEDING AND CURRENT ROW) AS s
                      FROM :"tbl") w;
