-- Data for the sorting workloads (sort_limit.sql, sort_distinct.sql, create_index.sql).
--   psql -v n_sort=500000 -f bench/sql/data_sort.sql
-- fnb_sort_<type>(x): money-shaped round(random()*1e6, 2) values as numeric and fastnumeric,
-- and the same in cents as int8; fnb_sort_uuid holds md5(value) as uuid (as many distinct
-- values, in another order): the by-reference floor of the *_byref workloads (bench/README.md).
\set ON_ERROR_STOP on
\if :{?n_sort} \else \set n_sort 500000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);

DROP TABLE IF EXISTS fnb_sort_numeric, fnb_sort_fastnumeric, fnb_sort_int8, fnb_sort_uuid;
CREATE TABLE fnb_sort_numeric AS
    SELECT round((random() * 1e6)::numeric, 2) AS x FROM generate_series(1, :n_sort);
CREATE TABLE fnb_sort_fastnumeric AS SELECT x::fastnumeric AS x FROM fnb_sort_numeric;
CREATE TABLE fnb_sort_int8 AS SELECT (x * 100)::int8 AS x FROM fnb_sort_numeric;
CREATE TABLE fnb_sort_uuid AS SELECT md5(x::text)::uuid AS x FROM fnb_sort_numeric;

VACUUM (FREEZE, ANALYZE) fnb_sort_numeric, fnb_sort_fastnumeric, fnb_sort_int8, fnb_sort_uuid;
CHECKPOINT;
