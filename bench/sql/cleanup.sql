-- Drops everything the data_*.sql scripts and the workloads create (bench/run runs it at the
-- end when --use-existing is given). The server-side files <data_directory>/fnb_copy.txt and
-- fnb_cache_*.txt are emptied, not removed.
\set ON_ERROR_STOP on
DROP AGGREGATE IF EXISTS fnb_floor_agg(text, VARIADIC "any");
DROP FUNCTION IF EXISTS fnb_floor_accum(internal, text, VARIADIC "any"), fnb_floor_final(internal);
DROP TABLE IF EXISTS fnb_txt_money, fnb_txt_d20,
    fnb_val_money_numeric, fnb_val_money_fastnumeric, fnb_val_money_int8,
    fnb_val_d20_numeric, fnb_val_d20_fastnumeric, fnb_val_d20_int8,
    fnb_copy_numeric, fnb_copy_fastnumeric, fnb_copy_int8, fnb_copy_dst,
    fnb_sort_numeric, fnb_sort_fastnumeric, fnb_sort_int8,
    fnb_agg_numeric, fnb_agg_fastnumeric, fnb_agg_int8,
    fnb_aggw_numeric, fnb_aggw_fastnumeric, fnb_aggw_int8,
    fnb_arith_numeric, fnb_arith_fastnumeric, fnb_arith_int8,
    fnb_in_text, fnb_in_t, fnb_cache_rep5, fnb_cache_rep500, fnb_cache_distinct, fnb_cache_lines,
    fnb_pgb_numeric, fnb_pgb_fastnumeric, fnb_relabel,
    fnb_key_numeric, fnb_key_fastnumeric, fnb_key_int8, fnb_key_uuid,
    fnb_keyref_numeric, fnb_keyref_fastnumeric, fnb_keyref_int8, fnb_keyref_uuid;
SELECT current_setting('data_directory') || '/fnb_copy.txt' AS copyfile,
       current_setting('data_directory') || '/fnb_copy.csv' AS csvfile,
       current_setting('data_directory') || '/fnb_copy.bin' AS binfile \gset
COPY (SELECT WHERE false) TO :'copyfile';
COPY (SELECT WHERE false) TO :'csvfile';
COPY (SELECT WHERE false) TO :'binfile';
SELECT current_setting('data_directory') || '/fnb_cache_' AS prefix \gset
SELECT :'prefix' || 'rep5.txt' AS f1, :'prefix' || 'rep500.txt' AS f2,
       :'prefix' || 'distinct.txt' AS f3, :'prefix' || 'lines.txt' AS f4 \gset
COPY (SELECT WHERE false) TO :'f1';
COPY (SELECT WHERE false) TO :'f2';
COPY (SELECT WHERE false) TO :'f3';
COPY (SELECT WHERE false) TO :'f4';
