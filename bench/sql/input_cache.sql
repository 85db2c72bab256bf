-- The input cache (fastnumeric.input_cache, texts of ≤ 16 bytes), per-value input through a cast:
-- count(CAST(v AS T)) minus count(v) over text columns, ns per value, on (a) 5 repeated values,
-- (b) 500 repeated values, (c) all-distinct values, (d) an order-lines mix (4 columns, the
-- values read row by row as COPY would).  The third type is fastnumeric with the cache off
-- ("fastnumeric_nocache"), so fastnumeric/ceiling is the cache's own effect (below 1 = it helps).
-- Data: data_cache.sql. By hand:
--   psql -v T=fastnumeric -v shape=rep5 -f bench/sql/input_cache.sql
--        (T: numeric, fastnumeric, fastnumeric_nocache; shape: rep5, rep500, distinct, lines)
--
-- @workload cache_rep5     data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=rep5
-- @workload cache_rep500   data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=rep500
-- @full cache_rep500
-- @workload cache_distinct data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=distinct
-- @workload cache_lines    data_cache.sql numeric,fastnumeric,fastnumeric_nocache shape=lines
-- @full cache_lines
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?shape} \else \set shape rep5 \endif
SELECT 'fnb_cache_' || :'shape' AS tbl,
       CASE WHEN :'T' = 'fastnumeric_nocache' THEN 'fastnumeric' ELSE :'T' END AS coltype,
       CASE WHEN :'T' = 'fastnumeric_nocache' THEN 'off' ELSE 'on' END AS cache \gset
SET fastnumeric.input_cache = :cache;
SELECT CASE WHEN :'shape' = 'lines'
            THEN format('count(CAST(a AS %1$s)) + count(CAST(b AS %1$s)) + count(CAST(c AS %1$s)) + count(CAST(d AS %1$s))', :'coltype')
            ELSE format('count(CAST(a AS %s))', :'coltype') END AS measured,
       CASE WHEN :'shape' = 'lines' THEN 'count(a) + count(b) + count(c) + count(d)'
            ELSE 'count(a)' END AS baseline \gset
SELECT (SELECT count(*) FROM :"tbl") * CASE WHEN :'shape' = 'lines' THEN 4 ELSE 1 END AS values \gset
\echo @bench rows :values
-- a new backend's first scans run slower, which a baseline timed first would pay alone
SELECT :baseline FROM :"tbl" \g /dev/null
SELECT :measured FROM :"tbl" \g /dev/null
\timing on
\echo @bench baseline
SELECT :baseline FROM :"tbl";
\echo @bench measure
SELECT :measured FROM :"tbl";
