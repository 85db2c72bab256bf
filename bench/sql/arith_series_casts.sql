-- The pgsql-hackers example over integer series cast to T: max(a.g::T + b.g::T + '17' + c.g::T)
-- over the same 1000 x 100 x 10 join as arith_series.sql, with T = numeric, fastnumeric and int8
-- (the ceiling).  A program reads the integers under the casts itself (docs/functions.md);
-- numeric calls a cast and + a datum each.
--   psql -v T=fastnumeric -f bench/sql/arith_series_casts.sql
--
-- @workload arith_series_casts data_floor.sql numeric,fastnumeric,int8,call
-- T = call is the floor of one aggregate call a row: an aggregate that takes the program and the
-- four operands, the integers as they are, and does nothing with them (bench/sql/data_floor.sql).
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
SELECT :'T' = 'call' AS is_call \gset
\timing on
\echo @bench measure
\if :is_call
SELECT fnb_floor_agg('$1 + $2 + $3 + $4', a.g, b.g, '17'::fastnumeric, c.g)
FROM generate_series(1, 1000) a(g), generate_series(1, 100) b(g), generate_series(1, 10) c(g);
\else
SELECT max(a.g:::T + b.g:::T + '17':::T + c.g:::T)
FROM generate_series(1, 1000) a(g), generate_series(1, 100) b(g), generate_series(1, 10) c(g);
\endif
