-- CREATE INDEX on x, in ms (the index is dropped afterwards, untimed). bench/run sets
-- maintenance_work_mem=1GB and max_parallel_maintenance_workers=0 (a serial in-memory build).
-- Data: data_sort.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/create_index.sql              (T: numeric, fastnumeric, int8)
--
-- @workload create_index data_sort.sql numeric,fastnumeric,int8
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT 'fnb_sort_' || :'T' AS tbl \gset
DROP INDEX IF EXISTS fnb_sort_idx;
\timing on
\echo @bench measure
CREATE INDEX fnb_sort_idx ON :"tbl" (x);
\timing off
DROP INDEX fnb_sort_idx;
