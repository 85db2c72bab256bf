-- TPC-H Q1 (the pricing summary report) over fnb_lineitem_<T>, in ms: serial (W=0) or with 2
-- parallel workers (W=2), JIT off or on (J). float8 is the by-value ceiling (not exact: its
-- sums differ in the last digits). Data: data_lineitem.sql, which checks first that Q1 over
-- fastnumeric prints numeric's result. By hand:
--   psql -v T=fastnumeric -v W=0 -v J=off -f bench/sql/tpch_q1.sql   (T: numeric, fastnumeric, float8)
--
-- @workload tpch_q1              data_lineitem.sql numeric,fastnumeric,float8 W=0 J=off
-- @workload tpch_q1_parallel     data_lineitem.sql numeric,fastnumeric,float8 W=2 J=off
-- @workload tpch_q1_jit          data_lineitem.sql numeric,fastnumeric,float8 W=0 J=on
-- @full tpch_q1_jit
-- @workload tpch_q1_parallel_jit data_lineitem.sql numeric,fastnumeric,float8 W=2 J=on
-- @full tpch_q1_parallel_jit
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?W} \else \set W 0 \endif
\if :{?J} \else \set J off \endif
SELECT 'fnb_lineitem_' || :'T' AS tbl, :'T' = 'fastnumeric' AS fastnumeric_table \gset
-- fastnumeric's session loads the library before Q1 is planned, as session_preload_libraries =
-- 'fastnumeric' does (README): then the planner hook runs its sums and averages as a row's
-- sums. The other types' sessions never need it.
\if :fastnumeric_table
LOAD 'fastnumeric';
\endif
SET max_parallel_workers_per_gather = :W;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET jit = :J;
SET jit_above_cost = 0;
\ir tpch_q1_query.sql
SELECT format(:'q1_template', :'tbl') AS q1 \gset
\timing on
\echo @bench measure
:q1;
