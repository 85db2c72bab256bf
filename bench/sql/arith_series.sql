-- The pgsql-hackers example: max(a + b + '17' + c) over a 1000 x 100 x 10 join of
-- generate_series, with T = numeric, fastnumeric and int8 (the ceiling).  Two + per row
-- plus one per join level of the series; the join alone is ~2/3 of int8's time.
--   psql -v T=fastnumeric -f bench/sql/arith_series.sql
--
-- @workload arith_series data_arith.sql numeric,fastnumeric,int8
-- @workload arith_series_byref data_arith.sql numeric,fastnumeric,int8,interval
-- T = interval is the by-reference floor (bench/README.md): the same joins and three + per row
-- on a 16-byte by-reference type whose + is three integer additions and one palloc.
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT :'T' = 'interval' AS is_interval \gset
\timing on
\echo @bench measure
\if :is_interval
SELECT max(a + b + '17 s'::interval + c)
FROM (SELECT generate_series(1, 1000) * interval '1 s') aa(a),
     (SELECT generate_series(1, 100) * interval '1 s') bb(b),
     (SELECT generate_series(1, 10) * interval '1 s') cc(c);
\else
SELECT max(a + b + '17':::T + c)
FROM (SELECT generate_series(1:::T, 1000:::T)) aa(a),
     (SELECT generate_series(1:::T, 100:::T)) bb(b),
     (SELECT generate_series(1:::T, 10:::T)) cc(c);
\endif
