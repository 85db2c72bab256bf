-- Arithmetic over a table (data_arith.sql), per value: count(expr) - count(price), in ns.
--   mul_money: price * qty, numeric(12,2) x numeric(10,3)-shaped values (int8: cents x 1/1000)
--   add_money: price + qty
--   mul_long / add_long: 32-digit operands (16 after the point); no int8 ceiling
--   psql -v T=fastnumeric -v expr='price * qty' -f bench/sql/arith_table.sql
--
-- @workload arith_mul_money data_arith.sql numeric,fastnumeric,int8 expr=price*qty
-- @workload arith_add_money data_arith.sql numeric,fastnumeric,int8 expr=price+qty
-- @workload arith_mul_long  data_arith.sql numeric,fastnumeric expr=la*lb
-- @workload arith_add_long  data_arith.sql numeric,fastnumeric expr=la+lb
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?expr} \else \set expr price*qty \endif
SELECT 'fnb_arith_' || :'T' AS tbl \gset
SELECT count(*) AS rows FROM :"tbl" \gset
\echo @bench rows :rows
-- a new backend's first scans run slower, which a baseline timed first would pay alone
SELECT count(price), count(la) FROM :"tbl" \g /dev/null
SELECT count(:expr), count(la) FROM :"tbl" \g /dev/null
\timing on
\echo @bench baseline
SELECT count(price), count(la) FROM :"tbl";
\echo @bench measure
SELECT count(:expr), count(la) FROM :"tbl";
