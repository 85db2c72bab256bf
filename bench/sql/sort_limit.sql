-- Bounded sort: ORDER BY x LIMIT 10 OFFSET rows/2, in ms (a top-N heap sort, where numeric
-- cannot use abbreviated keys). Needs work_mem large enough to sort in memory (bench/run: 1GB).
-- Data: data_sort.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/sort_limit.sql                (T: numeric, fastnumeric, int8, uuid)
--
-- @workload sort_limit data_sort.sql numeric,fastnumeric,int8
-- @workload sort_limit_byref data_sort.sql numeric,fastnumeric,int8,uuid
-- @full sort_limit_byref
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT 'fnb_sort_' || :'T' AS tbl \gset
SELECT count(*) / 2 AS half FROM :"tbl" \gset
\timing on
\echo @bench measure
SELECT x FROM :"tbl" ORDER BY x LIMIT 10 OFFSET :half;
