-- Data for the aggregate workloads (agg_*.sql).
--   psql -v n_agg=10000000 -v n_aggw=1000000 -f bench/sql/data_agg.sql
-- fnb_agg_<type>(g, x): n_agg money-shaped round(random()*1e4, 2) values as numeric and
-- fastnumeric, the same in cents as int8; g has 1000 groups.
-- fnb_aggw_<type>(x): the first n_aggw of them, for the window workload.
-- fnb_agg_tid(g, x): the cents as a tid (block = cents / 100, offset = cents % 100 + 1, so in
-- the same order): the by-reference floor of agg_minmax_byref (bench/README.md).
\set ON_ERROR_STOP on
\if :{?n_agg} \else \set n_agg 10000000 \endif
\if :{?n_aggw} \else \set n_aggw 1000000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);

DROP TABLE IF EXISTS fnb_agg_numeric, fnb_agg_fastnumeric, fnb_agg_int8, fnb_agg_tid,
    fnb_aggw_numeric, fnb_aggw_fastnumeric, fnb_aggw_int8;
CREATE TABLE fnb_agg_numeric AS
    SELECT (random() * 999)::int AS g, round((random() * 1e4)::numeric, 2) AS x
    FROM generate_series(1, :n_agg);
CREATE TABLE fnb_agg_fastnumeric AS SELECT g, x::fastnumeric AS x FROM fnb_agg_numeric;
CREATE TABLE fnb_agg_int8 AS SELECT g, (x * 100)::int8 AS x FROM fnb_agg_numeric;
CREATE TABLE fnb_agg_tid AS SELECT g, format('(%s,%s)', trunc(x), ((x * 100) % 100)::int + 1)::tid AS x FROM fnb_agg_numeric;
CREATE TABLE fnb_aggw_numeric AS SELECT x FROM fnb_agg_numeric LIMIT :n_aggw;
CREATE TABLE fnb_aggw_fastnumeric AS SELECT x FROM fnb_agg_fastnumeric LIMIT :n_aggw;
CREATE TABLE fnb_aggw_int8 AS SELECT x FROM fnb_agg_int8 LIMIT :n_aggw;

VACUUM (FREEZE, ANALYZE) fnb_agg_numeric, fnb_agg_fastnumeric, fnb_agg_int8, fnb_agg_tid,
    fnb_aggw_numeric, fnb_aggw_fastnumeric, fnb_aggw_int8;
CHECKPOINT;
