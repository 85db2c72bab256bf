-- The pgsql-hackers example: max(a + b + '17' + c) over a 1000 x 100 x 10 join of
-- generate_series, with T = numeric, fastnumeric and int8 (the ceiling).  Two + per row
-- plus one per join level of the series; the join alone is ~2/3 of int8's time.
--   psql -v T=fastnumeric -f bench/sql/arith_series.sql
--
-- @workload arith_series data_floor.sql numeric,fastnumeric,int8,call
-- @workload arith_series_byref data_arith.sql numeric,fastnumeric,int8,interval
-- @full arith_series_byref
-- T = call is the floor of one aggregate call a row: over the fastnumeric series, an aggregate
-- that takes the program and the four operands, as fastnumeric_max_expr does, and does nothing
-- with them (bench/sql/data_floor.sql).  T = interval is the by-reference floor of one datum a +
-- (bench/README.md): the same joins and three + per row on a 16-byte by-reference type whose +
-- is three integer additions and one palloc.
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT :'T' = 'interval' AS is_interval, :'T' = 'call' AS is_call \gset
\timing on
\echo @bench measure
\if :is_call
SELECT fnb_floor_agg('$1 + $2 + $3 + $4', a, b, '17'::fastnumeric, c)
FROM (SELECT generate_series(1::fastnumeric, 1000::fastnumeric)) aa(a),
     (SELECT generate_series(1::fastnumeric, 100::fastnumeric)) bb(b),
     (SELECT generate_series(1::fastnumeric, 10::fastnumeric)) cc(c);
\elif :is_interval
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
