-- Data for the COPY workloads (copy_from.sql, copy_to.sql).
--   psql -v n_copy=200000 -f bench/sql/data_copy.sql
-- fnb_copy_<type>: 10 columns of trim_scale(round(random()::numeric * 1e4, 4)) (the shape of
-- the pgsql-hackers COPY test), as numeric, fastnumeric and int8 (the values * 10^4).
-- The server-side files <data_directory>/fnb_copy.{txt,csv,bin} (text, CSV and binary format)
-- are what copy_from.sql loads; they are written once, from the numeric table (needs superuser).
\set ON_ERROR_STOP on
\if :{?n_copy} \else \set n_copy 200000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);

DROP TABLE IF EXISTS fnb_copy_numeric, fnb_copy_fastnumeric, fnb_copy_int8;
CREATE TABLE fnb_copy_numeric AS
    SELECT trim_scale(round(random()::numeric * 1e4, 4)) AS c1,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c2,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c3,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c4,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c5,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c6,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c7,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c8,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c9,
           trim_scale(round(random()::numeric * 1e4, 4)) AS c10
    FROM generate_series(1, :n_copy);
CREATE TABLE fnb_copy_fastnumeric AS
    SELECT c1::fastnumeric AS c1, c2::fastnumeric AS c2, c3::fastnumeric AS c3,
           c4::fastnumeric AS c4, c5::fastnumeric AS c5, c6::fastnumeric AS c6,
           c7::fastnumeric AS c7, c8::fastnumeric AS c8, c9::fastnumeric AS c9,
           c10::fastnumeric AS c10
    FROM fnb_copy_numeric;
CREATE TABLE fnb_copy_int8 AS
    SELECT (c1 * 10000)::int8 AS c1, (c2 * 10000)::int8 AS c2, (c3 * 10000)::int8 AS c3,
           (c4 * 10000)::int8 AS c4, (c5 * 10000)::int8 AS c5, (c6 * 10000)::int8 AS c6,
           (c7 * 10000)::int8 AS c7, (c8 * 10000)::int8 AS c8, (c9 * 10000)::int8 AS c9,
           (c10 * 10000)::int8 AS c10
    FROM fnb_copy_numeric;

SELECT current_setting('data_directory') || '/fnb_copy.txt' AS copyfile,
       current_setting('data_directory') || '/fnb_copy.csv' AS csvfile,
       current_setting('data_directory') || '/fnb_copy.bin' AS binfile \gset
COPY fnb_copy_numeric TO :'copyfile';
COPY fnb_copy_numeric TO :'csvfile' (FORMAT csv);
COPY fnb_copy_numeric TO :'binfile' (FORMAT binary);

VACUUM (FREEZE, ANALYZE) fnb_copy_numeric, fnb_copy_fastnumeric, fnb_copy_int8;
CHECKPOINT;
