-- The pgsql-hackers example: max(a + b + '17' + c) over a 1000 x 100 x 10 join of
-- generate_series, with T = numeric, fastnumeric and int8 (the ceiling).  Two + per row
-- plus one per join level of the series; the join alone is ~2/3 of int8's time.
--   psql -v T=fastnumeric -f bench/sql/arith_series.sql
--
-- @workload arith_series data_arith.sql numeric,fastnumeric,int8
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\timing on
\echo @bench measure
SELECT max(a + b + '17':::T + c)
FROM (SELECT generate_series(1:::T, 1000:::T)) aa(a),
     (SELECT generate_series(1:::T, 100:::T)) bb(b),
     (SELECT generate_series(1:::T, 10:::T)) cc(c);
