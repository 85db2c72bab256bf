-- The short-text input cache (fastnumeric.input_cache): per-value input as COPY sees it (COPY
-- into T minus the same COPY into text, ns per value) on (a) 5 repeated values, (b) 500
-- repeated values, (c) all-distinct values, (d) an order-lines mix.  The third column is
-- fastnumeric with the cache off ("fastnumeric_nocache"), so fastnumeric/ceiling is the
-- cache's own effect (below 1 = the cache helps).
-- Data: data_cache.sql. By hand:
--   psql -v T=fastnumeric -v shape=rep5 -f bench/sql/input_cache.sql
--        (T: numeric, fastnumeric, fastnumeric_nocache; shape: rep5, rep500, distinct, lines)
--
-- @workload cache_rep5     data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=rep5
-- @workload cache_rep500   data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=rep500
-- @workload cache_distinct data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=distinct
-- @workload cache_lines    data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=lines
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?shape} \else \set shape rep5 \endif
SELECT current_setting('data_directory') || '/fnb_cache_' || :'shape' || '.txt' AS copyfile,
       CASE WHEN :'shape' = 'lines' THEN 4 ELSE 1 END AS ncols,
       CASE WHEN :'T' = 'fastnumeric_nocache' THEN 'fastnumeric' ELSE :'T' END AS coltype,
       CASE WHEN :'T' = 'fastnumeric_nocache' THEN 'off' ELSE 'on' END AS cache \gset
SET fastnumeric.input_cache = :cache;
DROP TABLE IF EXISTS fnb_cache_text, fnb_cache_t;
SELECT CASE WHEN :ncols = 4 THEN '(a text, b text, c text, d text)' ELSE '(a text)' END AS text_cols,
       CASE WHEN :ncols = 4 THEN format('(a %1$s, b %1$s, c %1$s, d %1$s)', :'coltype')
            ELSE format('(a %s)', :'coltype') END AS t_cols \gset
CREATE TABLE fnb_cache_text :text_cols;
CREATE TABLE fnb_cache_t :t_cols;
SELECT :n_text AS values \gset
\echo @bench rows :values
\timing on
\echo @bench baseline
COPY fnb_cache_text FROM :'copyfile';
\echo @bench measure
COPY fnb_cache_t FROM :'copyfile';
\timing off
DROP TABLE fnb_cache_text, fnb_cache_t;
