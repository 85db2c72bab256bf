-- The load-then-relabel path: COPY the 10-column file into fastnumeric columns, then
-- ALTER COLUMN ... TYPE numeric for all ten (binary coercible: no rewrite), against COPY
-- straight into numeric columns.  The script stops with an error if the table was rewritten
-- (its relfilenode changed).
-- Data: data_copy.sql. By hand:
--   psql -v T=fastnumeric -f bench/sql/relabel.sql     (T: numeric = plain COPY, fastnumeric = COPY + relabel)
--
-- @workload copy_relabel data_copy.sql numeric,fastnumeric
-- @full copy_relabel
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT current_setting('data_directory') || '/fnb_copy.txt' AS copyfile \gset
DROP TABLE IF EXISTS fnb_relabel;
CREATE TABLE fnb_relabel (c1 :T, c2 :T, c3 :T, c4 :T, c5 :T, c6 :T, c7 :T, c8 :T, c9 :T, c10 :T);
SELECT pg_relation_filenode('fnb_relabel') AS before \gset
-- one timed statement: the COPY and, for fastnumeric, the relabelling
CREATE FUNCTION pg_temp.fnb_load(path text, relabel bool) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('COPY fnb_relabel FROM %L', path);
    IF relabel THEN
        ALTER TABLE fnb_relabel ALTER c1 TYPE numeric, ALTER c2 TYPE numeric, ALTER c3 TYPE numeric,
            ALTER c4 TYPE numeric, ALTER c5 TYPE numeric, ALTER c6 TYPE numeric,
            ALTER c7 TYPE numeric, ALTER c8 TYPE numeric, ALTER c9 TYPE numeric,
            ALTER c10 TYPE numeric;
    END IF;
END
$$;
\timing on
\echo @bench measure
SELECT pg_temp.fnb_load(:'copyfile', :'T' = 'fastnumeric');
\timing off
SELECT pg_relation_filenode('fnb_relabel') = :before AS not_rewritten,
       format_type(atttypid, NULL) = 'numeric' AS now_numeric
FROM pg_attribute WHERE attrelid = 'fnb_relabel'::regclass AND attname = 'c10' \gset
\if :not_rewritten
\else
\echo error: ALTER COLUMN TYPE rewrote the table
SELECT 1/0;
\endif
\if :now_numeric
\else
\echo error: the columns are not numeric
SELECT 1/0;
\endif
DROP TABLE fnb_relabel;
