-- Division, typmod coercion and casts over a table (data_convert.sql), per value:
-- count(expr) - count(a), in ns.  expr is the workload's, with TYPE the table's type; the
-- ceiling's table (int8: cents, float8) runs `ceiling` instead, the same work in machine types.
-- `floor` is what bench/callgrind measures as the by-reference floor of a workload whose result
-- is a datum: bench/byref_floor.c's operator over the same arguments (one palloc, no work).
--   div_money, mod_money   a / d, a % d: money values over 1..101 (int8: cents / d)
--   div_long               l / d: 32-digit values (numeric's long division; no ceiling)
--   typmod                 a::TYPE(10,1): rounds every money value (int8: (a + 5) / 10)
--   from_int4, from_float8 i::TYPE, f::TYPE (ceilings: to int8)
--   to_float8, to_int8     a::float8, a::int8 (int8: a::float8, a / 100)
--   psql -v T=fastnumeric -v expr='a/d' -v ceiling='a/d' -f bench/sql/convert.sql
--
-- @workload convert_div_money   data_convert.sql numeric,fastnumeric,int8 expr=a/d ceiling=a/d floor=fnb_floor(a,d)
-- @workload convert_mod_money   data_convert.sql numeric,fastnumeric,int8 expr=a%d ceiling=a%d floor=fnb_floor(a,d)
-- @workload convert_div_long    data_convert.sql numeric,fastnumeric expr=l/d ceiling=l/d floor=fnb_floor(l,d)
-- @workload convert_typmod      data_convert.sql numeric,fastnumeric,int8 expr=a::TYPE(10,1) ceiling=(a+5)/10 floor=fnb_floor(a)
-- @workload convert_from_int4   data_convert.sql numeric,fastnumeric,int8 expr=i::TYPE ceiling=i::int8 floor=fnb_floor(i)
-- @workload convert_from_float8 data_convert.sql numeric,fastnumeric,int8 expr=f::TYPE ceiling=f::int8 floor=fnb_floor(f)
-- @workload convert_to_float8   data_convert.sql numeric,fastnumeric,int8 expr=a::float8 ceiling=a::float8
-- @workload convert_to_int8     data_convert.sql numeric,fastnumeric,int8 expr=a::int8 ceiling=a/100
\set ON_ERROR_STOP on
\if :{?T} \else \set T fastnumeric \endif
\if :{?expr} \else \set expr a/d \endif
\if :{?ceiling} \else \set ceiling a/d \endif
SELECT 'fnb_convert_' || :'T' AS tbl,
       CASE WHEN :'T' IN ('numeric', 'fastnumeric') THEN replace(:'expr', 'TYPE', :'T') ELSE :'ceiling' END AS e \gset
SELECT count(*) AS rows FROM :"tbl" \gset
\echo @bench rows :rows
-- a new backend's first scans run slower, which a baseline timed first would pay alone
SELECT count(a), count(d) FROM :"tbl" \g /dev/null
SELECT count(:e), count(d) FROM :"tbl" \g /dev/null
\timing on
\echo @bench baseline
SELECT count(a), count(d) FROM :"tbl";
\echo @bench measure
SELECT count(:e), count(d) FROM :"tbl";
