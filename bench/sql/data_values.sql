-- Data for the per-value input and output workloads (input.sql, output.sql).
--   psql -v n_text=1000000 -f bench/sql/data_values.sql
-- Text tables fnb_txt_<shape>(v, vi): v is what numeric/fastnumeric parse, vi an integer-shaped
-- text that int8 parses instead. Value tables fnb_val_<shape>_<type>(x) hold the same values
-- as numeric, fastnumeric and int8 for the output workload.
--   money: round(random()*1e6, 2), e.g. 123456.78 (<= 8 significant digits, 2 decimals);
--          vi is v without its point plus a trailing 0 (same length); int8 x is v in cents.
--   d20:   20 significant digits, the point at a random place (or none), e.g. 1234567.8901234567890;
--          int8 cannot hold 20 digits, so vi (and int8 x) has 19 digits: 1-8 then 18 of v's digits.
\set ON_ERROR_STOP on
\if :{?n_text} \else \set n_text 1000000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);

DROP TABLE IF EXISTS fnb_txt_money, fnb_txt_d20;
CREATE TABLE fnb_txt_money AS
    SELECT v, replace(v, '.', '') || '0' AS vi
    FROM (SELECT round((random() * 1e6)::numeric, 2)::text AS v
          FROM generate_series(1, :n_text)) s;
CREATE TABLE fnb_txt_d20 AS
    SELECT CASE WHEN p = 20 THEN d ELSE substr(d, 1, p) || '.' || substr(d, p + 1) END AS v,
           (1 + floor(random() * 8))::int::text || substr(d, 2, 18) AS vi
    FROM (SELECT (1 + floor(random() * 9))::int::text
                 || lpad(floor(random() * 1e9)::bigint::text, 9, '0')
                 || lpad(floor(random() * 1e10)::bigint::text, 10, '0') AS d,
                 1 + floor(random() * 20)::int AS p
          FROM generate_series(1, :n_text)) s;

DROP TABLE IF EXISTS fnb_val_money_numeric, fnb_val_money_fastnumeric, fnb_val_money_int8,
                     fnb_val_d20_numeric, fnb_val_d20_fastnumeric, fnb_val_d20_int8;
CREATE TABLE fnb_val_money_numeric     AS SELECT v::numeric AS x FROM fnb_txt_money;
CREATE TABLE fnb_val_money_fastnumeric AS SELECT v::fastnumeric AS x FROM fnb_txt_money;
CREATE TABLE fnb_val_money_int8        AS SELECT replace(v, '.', '')::int8 AS x FROM fnb_txt_money;
CREATE TABLE fnb_val_d20_numeric       AS SELECT v::numeric AS x FROM fnb_txt_d20;
CREATE TABLE fnb_val_d20_fastnumeric   AS SELECT v::fastnumeric AS x FROM fnb_txt_d20;
CREATE TABLE fnb_val_d20_int8          AS SELECT vi::int8 AS x FROM fnb_txt_d20;

-- set hint bits and the visibility map now, not during the first timed scan
VACUUM (FREEZE, ANALYZE) fnb_txt_money, fnb_txt_d20,
    fnb_val_money_numeric, fnb_val_money_fastnumeric, fnb_val_money_int8,
    fnb_val_d20_numeric, fnb_val_d20_fastnumeric, fnb_val_d20_int8;
CHECKPOINT;
