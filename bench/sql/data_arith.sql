-- Data for the arithmetic workloads (arith_*.sql).
--   psql -v n_arith=1000000 -f bench/sql/data_arith.sql
-- Tables fnb_arith_<type>(price, qty, la, lb):
--   price  numeric(12,2)-shaped: round(random()*1e5, 2), e.g. 12345.67 (int8: in cents)
--   qty    numeric(10,3)-shaped: round(random()*1e3, 3), e.g. 123.456  (int8: in thousandths)
--   la, lb 32 significant digits, 16 after the point (int8: not held, NULL)
\set ON_ERROR_STOP on
\if :{?n_arith} \else \set n_arith 1000000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);
DROP TABLE IF EXISTS fnb_arith_numeric, fnb_arith_fastnumeric, fnb_arith_int8;
CREATE TABLE fnb_arith_numeric AS
    SELECT round((random() * 1e5)::numeric, 2)::numeric(12,2) AS price,
           round((random() * 1e3)::numeric, 3)::numeric(10,3) AS qty,
           (floor(random() * 1e16)::numeric + floor(random() * 1e16)::numeric * 1e-16 + 1e15)::numeric AS la,
           (floor(random() * 1e16)::numeric + floor(random() * 1e16)::numeric * 1e-16 + 1e15)::numeric AS lb
    FROM generate_series(1, :n_arith);
CREATE TABLE fnb_arith_fastnumeric AS
    SELECT price::fastnumeric(12,2) AS price, qty::fastnumeric(10,3) AS qty,
           la::fastnumeric AS la, lb::fastnumeric AS lb
    FROM fnb_arith_numeric;
CREATE TABLE fnb_arith_int8 AS
    SELECT (price * 100)::int8 AS price, (qty * 1000)::int8 AS qty, NULL::int8 AS la, NULL::int8 AS lb
    FROM fnb_arith_numeric;
VACUUM (FREEZE, ANALYZE) fnb_arith_numeric, fnb_arith_fastnumeric, fnb_arith_int8;
CHECKPOINT;
