-- Decimal keys: the executor's sorting, grouping, hashing and joins over numeric(20,0) keys, in
-- ms (data_keys.sql: n_keyref rows referencing n_keys keys, about 10 rows per key).  Q picks
-- the query; the plan must have the node named below (else the script fails, so that a plan
-- change cannot pass for a speed-up):
--   count_distinct  count(DISTINCT key): a datum sort, then equality of neighbours   (Aggregate)
--   distinct        SELECT DISTINCT key, sorted (hash aggregation off)                (Unique)
--   group_hash      GROUP BY key, hashed: the hash function and equality              (HashAggregate)
--   hash_join       fnb_keyref JOIN fnb_key ON key, count(*)                          (Hash Join)
--   merge_join      the same join as a merge join over two sorts                      (Merge Join)
--   order_limit     ORDER BY key LIMIT 10: a bounded heap sort (no abbreviated keys)   (Limit)
--   window          count(*) OVER (PARTITION BY key): a sort, then equality           (WindowAgg)
-- T: numeric, fastnumeric, int8 (the by-value ceiling), uuid (the by-reference floor), or
-- numeric_accelerated: the numeric tables with fastnumeric.accelerate_numeric = on (the
-- fastnumeric and numeric_accelerated sessions load the library before planning, as
-- session_preload_libraries = 'fastnumeric' would).  By hand:
--   psql -v T=fastnumeric -v Q=count_distinct -f bench/sql/keys.sql
--
-- @workload keys_count_distinct       data_keys.sql numeric,fastnumeric,int8,uuid Q=count_distinct
-- @workload keys_distinct             data_keys.sql numeric,fastnumeric,int8,uuid Q=distinct
-- @full keys_distinct
-- @workload keys_group_hash           data_keys.sql numeric,fastnumeric,int8,uuid Q=group_hash
-- @workload keys_hash_join            data_keys.sql numeric,fastnumeric,int8,uuid Q=hash_join
-- @workload keys_merge_join           data_keys.sql numeric,fastnumeric,int8,uuid Q=merge_join
-- @full keys_merge_join
-- @workload keys_order_limit          data_keys.sql numeric,fastnumeric,int8,uuid Q=order_limit
-- @workload keys_window               data_keys.sql numeric,fastnumeric,int8,uuid Q=window
-- @full keys_window
-- @workload keys_count_distinct_accel data_keys.sql numeric,numeric_accelerated,fastnumeric Q=count_distinct
-- @workload keys_distinct_accel       data_keys.sql numeric,numeric_accelerated,fastnumeric Q=distinct
-- @full keys_distinct_accel
-- @workload keys_group_hash_accel     data_keys.sql numeric,numeric_accelerated,fastnumeric Q=group_hash
-- @full keys_group_hash_accel
-- @workload keys_hash_join_accel      data_keys.sql numeric,numeric_accelerated,fastnumeric Q=hash_join
-- @full keys_hash_join_accel
-- @workload keys_merge_join_accel     data_keys.sql numeric,numeric_accelerated,fastnumeric Q=merge_join
-- @full keys_merge_join_accel
-- @workload keys_order_limit_accel    data_keys.sql numeric,numeric_accelerated,fastnumeric Q=order_limit
-- @full keys_order_limit_accel
-- @workload keys_window_accel         data_keys.sql numeric,numeric_accelerated,fastnumeric Q=window
-- @full keys_window_accel
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?Q} \else \set Q count_distinct \endif
SELECT CASE WHEN :'T' = 'numeric_accelerated' THEN 'numeric' ELSE :'T' END AS coltype,
       :'T' = 'numeric_accelerated' AS accelerated,
       :'T' IN ('fastnumeric', 'numeric_accelerated') AS loaded \gset
SELECT 'fnb_keyref_' || :'coltype' AS ref, 'fnb_key_' || :'coltype' AS keys \gset
SELECT CASE :'Q'
    WHEN 'count_distinct' THEN format('SELECT count(DISTINCT key) FROM %I', :'ref')
    WHEN 'distinct' THEN format('SELECT count(*) FROM (SELECT DISTINCT key FROM %I) d', :'ref')
    WHEN 'group_hash' THEN format('SELECT count(n) FROM (SELECT key, count(*) AS n FROM %I GROUP BY key) g', :'ref')
    WHEN 'hash_join' THEN format('SELECT count(*) FROM %I r JOIN %I k ON r.key = k.key', :'ref', :'keys')
    WHEN 'merge_join' THEN format('SELECT count(*) FROM %I r JOIN %I k ON r.key = k.key', :'ref', :'keys')
    WHEN 'order_limit' THEN format('SELECT key FROM %I ORDER BY key LIMIT 10', :'ref')
    WHEN 'window' THEN format('SELECT count(c) FROM (SELECT count(*) OVER (PARTITION BY key) AS c FROM %I) w', :'ref')
    END AS query,
    CASE :'Q' WHEN 'count_distinct' THEN 'Aggregate' WHEN 'distinct' THEN 'Unique'
              WHEN 'group_hash' THEN 'HashAggregate' WHEN 'hash_join' THEN 'Hash Join'
              WHEN 'merge_join' THEN 'Merge Join' WHEN 'order_limit' THEN 'Limit'
              WHEN 'window' THEN 'WindowAgg' END AS node \gset
SET jit = off;
SET work_mem = '1GB';
SET max_parallel_workers_per_gather = 0;
-- each query its plan: sorted DISTINCT, hashed GROUP BY, one join method
SELECT :'Q' <> 'distinct' AS hashagg, :'Q' NOT IN ('group_hash', 'hash_join') AS sort,
       :'Q' <> 'merge_join' AS hashjoin, :'Q' = 'merge_join' AS mergejoin \gset
SET enable_hashagg = :hashagg;
SET enable_sort = :sort;
SET enable_nestloop = off;
SET enable_hashjoin = :hashjoin;
SET enable_mergejoin = :mergejoin;
\if :loaded
LOAD 'fastnumeric';
\endif
\if :accelerated
SET fastnumeric.accelerate_numeric = on;
\endif
SELECT set_config('fnb.query', :'query', false) IS NOT NULL AS ok, set_config('fnb.node', :'node', false) IS NOT NULL AS ok \gset
DO $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || current_setting('fnb.query') LOOP
        IF strpos(line, current_setting('fnb.node')) > 0 THEN
            RETURN;
        END IF;
    END LOOP;
    RAISE EXCEPTION 'the plan of % has no %', current_setting('fnb.query'), current_setting('fnb.node');
END
$$;
\timing on
\echo @bench measure
:query;
