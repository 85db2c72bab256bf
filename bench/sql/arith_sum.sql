-- sum(price * qty) over the whole table (data_arith.sql): arithmetic plus the sum aggregate
-- of the result type, in ms.  With T = fastnumeric both the product and the sum are
-- fastnumeric's.
--   psql -v T=fastnumeric -f bench/sql/arith_sum.sql
--
-- @workload arith_sum_money data_arith.sql numeric,fastnumeric,int8
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT 'fnb_arith_' || :'T' AS tbl \gset
\timing on
\echo @bench measure
SELECT sum(price * qty) FROM :"tbl";
