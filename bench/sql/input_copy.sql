-- Per-value text input as COPY uses it: COPY FROM the 10-column file into columns of type T
-- minus the same COPY into text columns, in ns per value.  This is the input function's own
-- cost (COPY hands it a C string, no cast machinery around it); text's input is a copy.
-- Data: data_copy.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/input_copy.sql       (T: numeric, fastnumeric)
-- int8 cannot read these decimal texts, so there is no ceiling column here; `input_money`
-- compares with int8 through a cast instead.
--
-- @workload input_copy data_copy.sql numeric,fastnumeric
-- @full input_copy
-- @uncharted input_copy: two COPYs of about the same time; their difference is mostly noise
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT current_setting('data_directory') || '/fnb_copy.txt' AS copyfile \gset
SELECT count(*) * 10 AS values FROM fnb_copy_numeric \gset
DROP TABLE IF EXISTS fnb_in_text, fnb_in_t;
CREATE TABLE fnb_in_text (c1 text, c2 text, c3 text, c4 text, c5 text,
                          c6 text, c7 text, c8 text, c9 text, c10 text);
CREATE TABLE fnb_in_t (c1 :T, c2 :T, c3 :T, c4 :T, c5 :T, c6 :T, c7 :T, c8 :T, c9 :T, c10 :T);
\echo @bench rows :values
\timing on
\echo @bench baseline
COPY fnb_in_text FROM :'copyfile';
\echo @bench measure
COPY fnb_in_t FROM :'copyfile';
\timing off
DROP TABLE fnb_in_text, fnb_in_t;
