-- fastnumeric.accelerate_numeric: the same queries over plain numeric columns with the setting
-- off (T=numeric) and on (T=numeric_accelerated), and over fastnumeric columns (T=fastnumeric,
-- the ceiling: what relabelling the columns would give), in ms. Q picks the query:
--   sum, avg, minmax   over fnb_agg_<type> (data_agg.sql: n_agg rows, 10M by default)
--   group              sum and avg per group, 1000 groups, hashed
--   window             sum over a 100-row moving frame (fnb_aggw_<type>, n_aggw rows)
--   arith              sum(price * qty) (data_arith.sql)
--   expr               max of an expression of + - * over price and qty
--   q1                 TPC-H Q1 (data_lineitem.sql, scale factor sf)
-- W: parallel workers.  accel_tpch_q1_float8 times accelerated numeric beside float8 (T=float8,
-- the by-value ceiling of tpch_q1.sql) in the same run.  Before the timing, the accelerated plan must name fastnumeric's
-- aggregates (EXPLAIN VERBOSE), so a run where the library did not load fails instead of
-- timing numeric twice. By hand:
--   psql -v T=numeric_accelerated -v Q=sum -v W=0 -f bench/sql/accelerate.sql
--        (T: numeric, numeric_accelerated, fastnumeric; float8 for Q=q1)
--
-- @workload accel_sum             data_agg.sql numeric,numeric_accelerated,fastnumeric Q=sum W=0
-- @workload accel_sum_parallel    data_agg.sql numeric,numeric_accelerated,fastnumeric Q=sum W=2
-- @full accel_sum_parallel
-- @workload accel_avg             data_agg.sql numeric,numeric_accelerated,fastnumeric Q=avg W=0
-- @full accel_avg
-- @workload accel_avg_parallel    data_agg.sql numeric,numeric_accelerated,fastnumeric Q=avg W=2
-- @full accel_avg_parallel
-- @workload accel_minmax          data_agg.sql numeric,numeric_accelerated,fastnumeric Q=minmax W=0
-- @full accel_minmax
-- @workload accel_group           data_agg.sql numeric,numeric_accelerated,fastnumeric Q=group W=0
-- @full accel_group
-- @workload accel_window          data_agg.sql numeric,numeric_accelerated,fastnumeric Q=window W=0
-- @full accel_window
-- @workload accel_arith           data_arith.sql numeric,numeric_accelerated,fastnumeric Q=arith W=0
-- @workload accel_expr            data_arith.sql numeric,numeric_accelerated,fastnumeric Q=expr W=0
-- @workload accel_tpch_q1         data_lineitem.sql numeric,numeric_accelerated,fastnumeric Q=q1 W=0
-- @workload accel_tpch_q1_parallel data_lineitem.sql numeric,numeric_accelerated,fastnumeric Q=q1 W=2
-- @full accel_tpch_q1_parallel
-- @workload accel_tpch_q1_float8          data_lineitem.sql numeric,numeric_accelerated,float8 Q=q1 W=0
-- @full accel_tpch_q1_float8
-- @workload accel_tpch_q1_float8_parallel data_lineitem.sql numeric,numeric_accelerated,float8 Q=q1 W=2
-- @full accel_tpch_q1_float8_parallel
\set ON_ERROR_STOP on
\if :{?T} \else \set T numeric_accelerated \endif
\if :{?Q} \else \set Q sum \endif
\if :{?W} \else \set W 0 \endif
\ir tpch_q1_query.sql
SELECT CASE WHEN :'T' IN ('fastnumeric', 'float8') THEN :'T' ELSE 'numeric' END AS coltype,
       :'T' = 'numeric_accelerated' AS accelerated, :'T' IN ('numeric_accelerated', 'fastnumeric') AS loaded \gset
SELECT CASE :'Q' WHEN 'sum' THEN format('SELECT sum(x) FROM fnb_agg_%s', :'coltype')
                 WHEN 'avg' THEN format('SELECT avg(x) FROM fnb_agg_%s', :'coltype')
                 WHEN 'minmax' THEN format('SELECT min(x), max(x) FROM fnb_agg_%s', :'coltype')
                 WHEN 'group' THEN format('SELECT count(s), count(a) FROM (SELECT g, sum(x) AS s, avg(x) AS a
                                           FROM fnb_agg_%s GROUP BY g) q', :'coltype')
                 WHEN 'window' THEN format('SELECT count(s) FROM (SELECT sum(x) OVER (ROWS BETWEEN 99 PRECEDING
                                            AND CURRENT ROW) AS s FROM fnb_aggw_%s) w', :'coltype')
                 WHEN 'arith' THEN format('SELECT sum(price * qty) FROM fnb_arith_%s', :'coltype')
                 WHEN 'expr' THEN format('SELECT max(price * qty - price * 0.15 + qty + 1) FROM fnb_arith_%s', :'coltype')
                 WHEN 'q1' THEN format(:'q1_template', 'fnb_lineitem_' || :'coltype') END AS query \gset
SET max_parallel_workers_per_gather = :W;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET jit = off;
SET work_mem = '1GB';
-- the accelerated and the fastnumeric sessions load the library before the query is planned,
-- as session_preload_libraries = 'fastnumeric' does (README)
\if :loaded
LOAD 'fastnumeric';
\endif
\if :accelerated
SET fastnumeric.accelerate_numeric = on;
SELECT set_config('fnb.query', :'query', false) IS NOT NULL AS ok \gset
DO $$
DECLARE
    line text;
    schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                    WHERE e.extname = 'fastnumeric');
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || current_setting('fnb.query') LOOP
        IF strpos(line, quote_ident(schema) || '.') > 0 THEN
            RETURN;
        END IF;
    END LOOP;
    RAISE EXCEPTION 'the accelerated plan calls none of fastnumeric''s aggregates';
END
$$;
\endif
\timing on
\echo @bench measure
:query;
