-- COPY FROM the server-side text file <data_directory>/fnb_copy.txt (written by data_copy.sql) into a fresh 10-column table
-- of type T (optionally with a typmod), in ms. Table creation is not timed.
-- Data: data_copy.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/copy_from.sql                 (T: numeric, fastnumeric, text)
--   psql -v T=fastnumeric -v 'typmod=(12,4)' -f bench/sql/copy_from.sql
-- The typmod is not applied to text (text columns are the ceiling for both variants).
-- COPY FROM a server file needs superuser (or pg_read_server_files).
--
-- With fmt=csv the CSV file is loaded; with fmt=binary the binary file (numeric's wire format:
-- numeric_recv for both types; text cannot read it, so there is no ceiling).
--
-- @workload copy_from        data_copy.sql numeric,fastnumeric,text
-- @workload copy_from_12_4   data_copy.sql numeric,fastnumeric,text typmod=(12,4)
-- @full copy_from_12_4
-- @workload copy_from_csv    data_copy.sql numeric,fastnumeric,text fmt=csv
-- @full copy_from_csv
-- @workload copy_from_binary data_copy.sql numeric,fastnumeric fmt=binary
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?typmod} \else \set typmod '' \endif
\if :{?fmt} \else \set fmt text \endif
SELECT CASE WHEN :'T' = 'text' THEN 'text' ELSE :'T' || :'typmod' END AS coltype,
       current_setting('data_directory') || '/fnb_copy.'
         || CASE :'fmt' WHEN 'csv' THEN 'csv' WHEN 'binary' THEN 'bin' ELSE 'txt' END AS copyfile \gset
DROP TABLE IF EXISTS fnb_copy_dst;
CREATE TABLE fnb_copy_dst (c1 :coltype, c2 :coltype, c3 :coltype, c4 :coltype, c5 :coltype,
                           c6 :coltype, c7 :coltype, c8 :coltype, c9 :coltype, c10 :coltype);
\timing on
\echo @bench measure
COPY fnb_copy_dst FROM :'copyfile' (FORMAT :fmt);
\timing off
DROP TABLE fnb_copy_dst;
