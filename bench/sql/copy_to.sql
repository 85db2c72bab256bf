-- COPY TO /dev/null of the 10-column table of type T (server side), in ms; with fmt=binary in
-- the binary format (each value through the type's send function).
-- Data: data_copy.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/copy_to.sql                   (T: numeric, fastnumeric, int8)
-- int8 holds the same values * 10^4. COPY TO a server file needs superuser (or pg_write_server_files).
--
-- @workload copy_to data_copy.sql numeric,fastnumeric,int8
-- @workload copy_to_binary data_copy.sql numeric,fastnumeric,int8 fmt=binary
-- @full copy_to_binary
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?fmt} \else \set fmt text \endif
SELECT 'fnb_copy_' || :'T' AS tbl \gset
\timing on
\echo @bench measure
COPY :"tbl" TO '/dev/null' (FORMAT :fmt);
