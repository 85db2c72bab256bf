-- Binary parameters and results through libpq (bench/binary_params.c), in ms:
-- mode=insert: n_copy / 2 rows, one prepared INSERT per row with four parameters in binary,
-- pipelined, in one transaction, into a fresh table of type T (int8: int8's binary format);
-- mode=select: the same rows, written by SQL, read back with binary results.
-- Data: none of its own (data_copy.sql is named for the size variable). By hand, with the
-- client built (bench/run builds it; its path in FNB_BINARY_PARAMS):
--   psql -v T=fastnumeric -v mode=insert -f bench/sql/binary_params.sql
--
-- @workload params_insert_binary data_copy.sql numeric,fastnumeric,int8 mode=insert
-- @full params_insert_binary
-- @workload params_select_binary data_copy.sql numeric,fastnumeric,int8 mode=select
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?mode} \else \set mode insert \endif
\if :{?n_copy} \else \set n_copy 200000 \endif
SELECT :n_copy / 2 AS n_params, :'mode' = 'select' AS reading,
       CASE WHEN :'T' = 'int8' THEN '1' ELSE '100.0' END AS unit \gset
DROP TABLE IF EXISTS fnb_params;
CREATE TABLE fnb_params (a :T, b :T, c :T, d :T);
\setenv FNB_ROWS :n_params
\if :reading
INSERT INTO fnb_params
SELECT round((i * 7919 + 13) % 10000000 / :unit, 2), round((i * 7919 + 104742) % 10000000 / :unit, 2),
       round((i * 7919 + 209471) % 10000000 / :unit, 2), round((i * 7919 + 314200) % 10000000 / :unit, 2)
FROM generate_series(0, :n_params - 1) i;
\echo @bench measure
\! "${FNB_BINARY_PARAMS:-bench/binary_params}" select fnb_params
\else
\echo @bench measure
\! "${FNB_BINARY_PARAMS:-bench/binary_params}" insert fnb_params "$FNB_ROWS"
\endif
DROP TABLE fnb_params;
