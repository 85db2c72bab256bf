-- count(DISTINCT x), in ms (a full in-memory sort of the values; bench/run sets work_mem=1GB).
-- Data: data_sort.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/sort_distinct.sql             (T: numeric, fastnumeric, int8, uuid)
--
-- @workload sort_distinct data_sort.sql numeric,fastnumeric,int8
-- @workload sort_distinct_byref data_sort.sql numeric,fastnumeric,int8,uuid
-- @full sort_distinct_byref
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT 'fnb_sort_' || :'T' AS tbl \gset
\timing on
\echo @bench measure
SELECT count(DISTINCT x) FROM :"tbl";
