-- Data for TPC-H Q1 (tpch_q1.sql): a lineitem table following the specification's value
-- distributions, at scale factor sf (6,000,000 * sf rows).
--   psql -v sf=1 -f bench/sql/data_lineitem.sql
-- Per row: l_quantity 1..50; a part key uniform in 1..200000*sf whose retail price is
-- (90000 + (key/10 mod 20001) + 100 * (key mod 1000)) / 100; l_extendedprice = quantity * that
-- price; l_discount 0.00..0.10 and l_tax 0.00..0.08 in steps of 0.01; an order date uniform in
-- 1992-01-01 .. 1998-12-31 minus 151 days, l_shipdate 1..121 days after it, the receipt date
-- 1..30 days after that; l_returnflag R or A (even odds) when received by 1995-06-17, else N;
-- l_linestatus O when shipped after 1995-06-17, else F. (Orders are not generated: Q1 reads
-- lineitem alone.) fnb_lineitem_<type> holds the money columns as numeric(15,2),
-- fastnumeric(15,2) and float8. Before any time is taken, Q1's result over fastnumeric must
-- print exactly numeric's.
\set ON_ERROR_STOP on
\if :{?sf} \else \set sf 0.1 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);

DROP TABLE IF EXISTS fnb_lineitem_numeric, fnb_lineitem_fastnumeric, fnb_lineitem_float8;
CREATE TABLE fnb_lineitem_numeric AS
WITH raw AS (
    SELECT 1 + floor(random() * 50)::int AS qty,
           1 + floor(random() * 200000 * :sf)::int AS partkey,
           floor(random() * 11)::int AS disc,
           floor(random() * 9)::int AS tax,
           date '1992-01-01' + floor(random() * (date '1998-12-31' - 151 - date '1992-01-01' + 1))::int AS orderdate,
           1 + floor(random() * 121)::int AS ship_days,
           1 + floor(random() * 30)::int AS receipt_days,
           random() < 0.5 AS r_or_a
    FROM generate_series(1, (6000000 * :sf)::bigint)
), dated AS (
    SELECT *, orderdate + ship_days AS shipdate, orderdate + ship_days + receipt_days AS receiptdate
    FROM raw
)
SELECT qty::numeric(15,2) AS l_quantity,
       (qty * (90000 + (partkey / 10) % 20001 + 100 * (partkey % 1000)) / 100.0)::numeric(15,2) AS l_extendedprice,
       (disc / 100.0)::numeric(15,2) AS l_discount,
       (tax / 100.0)::numeric(15,2) AS l_tax,
       (CASE WHEN receiptdate <= date '1995-06-17' THEN CASE WHEN r_or_a THEN 'R' ELSE 'A' END
             ELSE 'N' END)::char(1) AS l_returnflag,
       (CASE WHEN shipdate > date '1995-06-17' THEN 'O' ELSE 'F' END)::char(1) AS l_linestatus,
       shipdate AS l_shipdate
FROM dated;
CREATE TABLE fnb_lineitem_fastnumeric AS
    SELECT l_quantity::fastnumeric(15,2) AS l_quantity, l_extendedprice::fastnumeric(15,2) AS l_extendedprice,
           l_discount::fastnumeric(15,2) AS l_discount, l_tax::fastnumeric(15,2) AS l_tax,
           l_returnflag, l_linestatus, l_shipdate
    FROM fnb_lineitem_numeric;
CREATE TABLE fnb_lineitem_float8 AS
    SELECT l_quantity::float8 AS l_quantity, l_extendedprice::float8 AS l_extendedprice,
           l_discount::float8 AS l_discount, l_tax::float8 AS l_tax,
           l_returnflag, l_linestatus, l_shipdate
    FROM fnb_lineitem_numeric;
VACUUM (FREEZE, ANALYZE) fnb_lineitem_numeric, fnb_lineitem_fastnumeric, fnb_lineitem_float8;

-- Q1's text over fastnumeric must be numeric's, serial and with 2 workers, planned as the timed
-- sessions plan it (the library loaded: its sums and averages run as a row's sums)
LOAD 'fastnumeric';
\ir tpch_q1_query.sql
SELECT set_config('fnb.q1_template', :'q1_template', false) IS NOT NULL AS ok \gset
CREATE FUNCTION pg_temp.q1_text(tbl text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE format('SELECT string_agg(r::text, E''\n'' ORDER BY l_returnflag, l_linestatus) FROM (%s) r',
                   format(current_setting('fnb.q1_template'), quote_ident(tbl))) INTO result;
    RETURN result;
END
$$;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
DO $$
DECLARE
    workers int;
BEGIN
    FOREACH workers IN ARRAY ARRAY[0, 2] LOOP
        PERFORM set_config('max_parallel_workers_per_gather', workers::text, true);
        IF pg_temp.q1_text('fnb_lineitem_fastnumeric') IS DISTINCT FROM pg_temp.q1_text('fnb_lineitem_numeric') THEN
            RAISE EXCEPTION 'TPC-H Q1 over fastnumeric differs from numeric (% workers)', workers;
        END IF;
    END LOOP;
END
$$;
CHECKPOINT;
