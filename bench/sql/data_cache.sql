-- Data for the input-cache workload (input_cache.sql): tables fnb_cache_<shape> of text columns
-- holding n_text values each, loaded from server-side text files in <data_directory>:
--   fnb_cache_rep5.txt      (a) 5 distinct money values, repeated
--   fnb_cache_rep500.txt    (b) 500 distinct money values, repeated in a shuffled cycle
--   fnb_cache_distinct.txt  (c) all-distinct random numeric(10,2)-shaped values
--   fnb_cache_lines.txt     (d) an order-lines shape: 4 columns per line, so n_text/4 lines of
--                           qty (1-20), unit price (distinct), VAT rate (3 values), discount (5 values)
--   psql -v n_text=1000000 -f bench/sql/data_cache.sql
\set ON_ERROR_STOP on
\if :{?n_text} \else \set n_text 1000000 \endif
CREATE EXTENSION IF NOT EXISTS fastnumeric;
SELECT setseed(0.42);
SELECT current_setting('data_directory') || '/fnb_cache_' AS prefix \gset
SELECT :'prefix' || 'rep5.txt' AS f_rep5, :'prefix' || 'rep500.txt' AS f_rep500,
       :'prefix' || 'distinct.txt' AS f_distinct, :'prefix' || 'lines.txt' AS f_lines \gset
COPY (SELECT (ARRAY['0.00', '19.99', '7.50', '100.00', '0.19'])[1 + floor(random() * 5)::int]
      FROM generate_series(1, :n_text)) TO :'f_rep5';
COPY (WITH prices AS (SELECT round((random() * 1000)::numeric, 2)::text AS p, i
                      FROM generate_series(0, 499) i)
      SELECT p FROM generate_series(1, :n_text) g JOIN prices ON prices.i = (g::int8 * 7919) % 500)
     TO :'f_rep500';
COPY (SELECT round((random() * 1e8)::numeric, 2) FROM generate_series(1, :n_text)) TO :'f_distinct';
COPY (SELECT 1 + floor(random() * 20)::int, round((random() * 500)::numeric, 2),
             (ARRAY['0.19', '0.07', '0.00'])[1 + floor(random() * 3)::int],
             (ARRAY['0', '0.05', '0.10', '0.15', '0.20'])[1 + floor(random() * 5)::int]
      FROM generate_series(1, :n_text / 4)) TO :'f_lines';

DROP TABLE IF EXISTS fnb_cache_rep5, fnb_cache_rep500, fnb_cache_distinct, fnb_cache_lines;
CREATE TABLE fnb_cache_rep5 (a text);
CREATE TABLE fnb_cache_rep500 (a text);
CREATE TABLE fnb_cache_distinct (a text);
CREATE TABLE fnb_cache_lines (a text, b text, c text, d text);
COPY fnb_cache_rep5 FROM :'f_rep5';
COPY fnb_cache_rep500 FROM :'f_rep500';
COPY fnb_cache_distinct FROM :'f_distinct';
COPY fnb_cache_lines FROM :'f_lines';
VACUUM (FREEZE, ANALYZE) fnb_cache_rep5, fnb_cache_rep500, fnb_cache_distinct, fnb_cache_lines;
CHECKPOINT;
