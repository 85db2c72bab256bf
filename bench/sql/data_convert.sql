-- Data for the division, typmod and cast workloads (convert.sql).
--   psql -v n_convert=1000000 -f bench/sql/data_convert.sql
-- Tables fnb_convert_<type>(a, d, l, i, f), the same rows in each:
--   a  money: round(random()*1e4, 2), e.g. 1234.56   (int8: in cents; float8: the nearest double)
--   d  a divisor, 1 to 101
--   l  32 significant digits, 16 after the point     (int8: NULL)
--   i  int4 in -1e6 .. 1e6
--   f  float8 random()*1e4: full 53-bit doubles, 15 significant digits when numeric prints them
\set ON_ERROR_STOP on
\if :{?n_convert} \else \set n_convert 1000000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.17);
DROP TABLE IF EXISTS fnb_convert_numeric, fnb_convert_fastnumeric, fnb_convert_int8, fnb_convert_float8;
CREATE TABLE fnb_convert_numeric AS
    SELECT round((random() * 1e4)::numeric, 2) AS a, (1 + floor(random() * 101))::numeric AS d,
           (floor(random() * 1e16)::numeric + floor(random() * 1e16)::numeric * 1e-16 + 1e15) AS l,
           (floor(random() * 2e6) - 1e6)::int4 AS i, random() * 1e4 AS f
    FROM generate_series(1, :n_convert);
CREATE TABLE fnb_convert_fastnumeric AS
    SELECT a::fastnumeric AS a, d::fastnumeric AS d, l::fastnumeric AS l, i, f FROM fnb_convert_numeric;
CREATE TABLE fnb_convert_int8 AS
    SELECT (a * 100)::int8 AS a, d::int8 AS d, NULL::int8 AS l, i, f FROM fnb_convert_numeric;
CREATE TABLE fnb_convert_float8 AS
    SELECT a::float8 AS a, d::float8 AS d, l::float8 AS l, i, f FROM fnb_convert_numeric;
VACUUM (FREEZE, ANALYZE) fnb_convert_numeric, fnb_convert_fastnumeric, fnb_convert_int8, fnb_convert_float8;
CHECKPOINT;
