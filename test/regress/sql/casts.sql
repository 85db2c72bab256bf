--
-- Casts, and how the expressions users write resolve
--

-- the casts and their contexts (e = explicit, a = assignment, i = implicit; b = binary)
SELECT castsource::regtype AS source, casttarget::regtype AS target, castcontext, castmethod
FROM pg_cast
WHERE castsource = 'fastnumeric'::regtype OR casttarget = 'fastnumeric'::regtype
ORDER BY 1::text, 2::text;

-- Which operators and functions an expression resolved to (read from a view's
-- dependencies), and the type of its result.
CREATE TABLE src (col fastnumeric, numeric_col numeric, int8_col int8, int4_col int4, float8_col float8);
INSERT INTO src VALUES (2.5, 2.5, 2, 2, 2.5);
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/resolved.sql
\i :abs_srcdir/sql/helpers/outcome.sql

SELECT expr, r.* FROM unnest(ARRAY[
    'col = 5', 'col > ''3.5''', 'col = 1.5', 'col = numeric_col', 'numeric_col = col',
    'col < int8_col', 'col <> int4_col', 'col = col', '5 = col', 'col BETWEEN 1 AND 2.5',
    'col::numeric(10,2)', '''1.5''::fastnumeric(3,1)', 'col::fastnumeric(4,1)',
    'round(col, 2)', 'round(col)', 'sqrt(col)', 'abs(col)', 'col::int8', 'col::float8',
    'numeric_col::fastnumeric', 'int4_col::fastnumeric', 'float8_col::fastnumeric'
]) expr, LATERAL resolved(expr, 'src') r;

-- the same expressions evaluate like numeric's
SELECT col = 5 AS eq5, col > '3.5' AS gt, col = 2.5 AS eq, col = numeric_col AS eqn,
       col < int8_col AS lt8, col::numeric(10,2) AS n102, '1.5'::fastnumeric(3,1) AS lit,
       round(col, 2) AS r2, sqrt(col) AS sq, col::int8 AS i8, col::float8 AS f8
FROM src;

-- INSERT of literals and of numeric columns into fastnumeric columns (assignment casts)
CREATE TABLE dst (x fastnumeric, y fastnumeric(6,2));
INSERT INTO dst VALUES (5, 5), (2.5, 2.5), ('7.25', '7.255');
INSERT INTO dst SELECT numeric_col, numeric_col FROM src;
INSERT INTO dst SELECT int8_col, float8_col FROM src;
SELECT x, y, pg_typeof(x) FROM dst;

-- integer and float conversions: numeric's semantics and errors
SELECT '32767.5'::fastnumeric::int2;
SELECT '32767.5'::numeric::int2;
SELECT '-2147483648.4'::fastnumeric::int4, '9223372036854775807'::fastnumeric::int8;
SELECT '9223372036854775807.5'::fastnumeric::int8;
SELECT 'NaN'::fastnumeric::int4;
SELECT 'Infinity'::fastnumeric::int8;
SELECT 'NaN'::numeric::int4;
SELECT '-Infinity'::fastnumeric::float8, 'NaN'::fastnumeric::float4, '0.1'::fastnumeric::float8;
SELECT '1.5e40'::fastnumeric::float4;
SELECT '1.5e40'::numeric::float4;
SELECT '1e-50'::fastnumeric::float4;
SELECT 1e308::float8::fastnumeric = 1e308::float8::numeric AS same, 'NaN'::float8::fastnumeric,
       '-Infinity'::float4::fastnumeric, 0.1::float4::fastnumeric;
SELECT (-32768)::int2::fastnumeric, 2147483647::fastnumeric, (-9223372036854775808)::int8::fastnumeric;
SELECT '1e20'::fastnumeric::int8;
SELECT '1e20'::numeric::int8;
-- text goes through the I/O functions
SELECT ' 12.50 '::text::fastnumeric, '12.50'::fastnumeric::text, '12.5'::text::fastnumeric(4,2);

--
-- Drop-in forms: each resolves as on numeric (floats through the implicit cast to float8,
-- round(col), trunc(col), ceil, floor, sign and the numeric-with-float8-twin functions to
-- fastnumeric's versions; round(col, 2), trunc(col, 1), trim_scale and div to numeric's)
--
SELECT expr, r.* FROM unnest(ARRAY[
    'col = float8_col', 'col = 1.5::float8', 'col * 1.5::float8', 'col + float8_col',
    'col < 2::real', 'float8(col)', 'int4(col)', 'col::money', 'col::json',
    'round(col, 2)', 'round(col, int4_col)', 'trunc(col)', 'trunc(col, 1)', 'ceil(col)',
    'ceiling(col)', 'floor(col)', 'sign(col)', 'trim_scale(col)', 'mod(col, 2)', 'div(col, 3)',
    'mod(col, col)', 'mod(''7'', col)', 'mod(NULL, col)', 'sqrt(col)', 'exp(col)', 'ln(col)',
    'log(col)', 'log10(col)',
    'power(col, 2)', 'power(2, col)', 'power(col, ''2'')', 'to_char(col, ''999D9'')',
    'width_bucket(col, 0, 10, 5)', 'numrange(1, 10) @> col', 'col <@ numrange(1, 10)',
    'nummultirange(numrange(1, 10)) @> col', 'to_json(col)', 'to_timestamp(col)',
    'sum(round(col, 2))', 'stddev(col)', 'variance(col)', 'corr(col, col)',
    'percentile_cont(0.5) WITHIN GROUP (ORDER BY col)'
]) expr, LATERAL resolved(expr, 'src') r;

-- the same expressions over numeric and the forms the extension must not change: no
-- extension object is involved (uses is empty) and the types are numeric's
SELECT expr, r.* FROM unnest(ARRAY[
    'numeric_col = float8_col', 'numeric_col * 1.5::float8', 'numeric_col = int4_col',
    'int4_col + 1.5', 'int4_col = 1.5', 'round(int4_col, 2)', 'round(numeric_col, 2)',
    'round(1.5)', 'round(''4.5'', 2)', 'round(4.5, ''2'')', 'sqrt(numeric_col)', 'sqrt(4)',
    'sqrt(''4'')', 'trim_scale(1.50)', 'div(7, 2)', 'div(7.5, ''2'')', 'mod(7, 2)',
    'mod(''7'', numeric_col)', 'mod(''7'', int4_col)',
    'power(2, 3)', 'power(''2'', ''3'')', 'width_bucket(5, 0, 10, 5)', 'to_char(1.5, ''9D9'')',
    'numrange(1, 10) @> numeric_col', 'numrange(1, 10) @> ''[2,3)''', 'numrange(1, 10) @> 2.5',
    'stddev(numeric_col)', 'stddev(int4_col)', 'sum(round(numeric_col, 2))', 'to_json(numeric_col)'
]) expr, LATERAL resolved(expr, 'src') r;

-- the float forms give numeric's values (compared in float8, as numeric is)
SELECT col = 2.5::float8 AS eq_f8, col::numeric = 2.5::float8 AS numeric_eq_f8,
       col * 1.5::float8 AS mul_f8, numeric_col * 1.5::float8 AS numeric_mul_f8,
       col + float8_col AS add_f8, col = 2.5::real AS eq_f4,
       '0.1'::fastnumeric = 0.1::real AS f4, '0.1'::numeric = 0.1::real AS numeric_f4,
       '0.1'::fastnumeric = 0.1::float8 AS f8, '0.1'::numeric = 0.1::float8 AS numeric_f8
FROM src;
-- int4(col) is numeric's rounding (half away from zero), not float8's (half to even)
SELECT int4('2.5'::fastnumeric), int4('2.5'::numeric), int4('2.5'::float8);
-- money both ways: numeric's conversions (lc_monetary decides the digits)
SET lc_monetary = 'C';
SELECT '12.345'::fastnumeric::money, '12.345'::numeric::money, '-1.5'::money::fastnumeric,
       pg_typeof('-1.5'::money::fastnumeric);
INSERT INTO dst VALUES ('7.5'::money, '2.25'::money);
SELECT x, y FROM dst WHERE x = 7.5;
SELECT 'NaN'::fastnumeric::money;
SELECT 'NaN'::numeric::money;

--
-- Integer literals: coalesce(col, 0), greatest(col, 0), CASE ... ELSE 0, UNION SELECT 0,
-- VALUES, ARRAY[col, 0] and lag(col, 1, 0) need integer -> fastnumeric to be implicit, which
-- it is not: PostgreSQL picks fastnumeric as the common type (select_common_type) and then
-- finds no implicit cast for the 0.  Write 0::fastnumeric (or '0', or 0.0 for numeric).
--
SELECT outcome('SELECT coalesce(col, 0) FROM src') AS coalesce_0,
       outcome('SELECT coalesce(col, 0::fastnumeric) FROM src') AS coalesce_0_fastnumeric,
       outcome('SELECT coalesce(col, ''0'') FROM src') AS coalesce_quoted_0,
       pg_typeof(coalesce(col, '0')), pg_typeof(greatest(col, 0::fastnumeric))
FROM src;
-- What an implicit integer -> fastnumeric cast would do (tried in a transaction, undone): the
-- literal forms work, and expressions that involve no fastnumeric at all break, because every
-- operator and function on (numeric, fastnumeric) or (fastnumeric, int4) becomes a candidate
-- as good as numeric's own.
BEGIN;
UPDATE pg_cast SET castcontext = 'i' WHERE castsource = 'int4'::regtype AND casttarget = 'fastnumeric'::regtype;
SELECT stmt, outcome(stmt) FROM unnest(ARRAY[
    'SELECT coalesce(col, 0) FROM src', 'SELECT greatest(col, 0) FROM src',
    'SELECT int4_col + 1.5 FROM src', 'SELECT numeric_col = int4_col FROM src',
    'SELECT round(int4_col, 2) FROM src', 'SELECT int4_col * numeric_col FROM src'
]) stmt;
ROLLBACK;
SELECT outcome('SELECT int4_col + 1.5 FROM src') AS after_rollback;

-- Untyped first arguments of mod: mod('7', col) matches mod(unknown, fastnumeric) exactly and
-- gives numeric's result; calls with no fastnumeric cannot match it (all untyped: ambiguous, as
-- without the extension); an untyped parameter in its place cannot be typed (it was ambiguous).
-- power has no such candidate: power(col, $1) types its parameter numeric.
SELECT stmt, outcome(stmt) FROM unnest(ARRAY[
    'SELECT mod(''7'', ''2'')', 'SELECT mod(NULL, NULL)', 'SELECT mod(''7'', col) FROM src',
    'PREPARE untyped_mod AS SELECT mod($1, col) FROM src',
    'PREPARE untyped_mod_numeric AS SELECT mod($1, numeric_col) FROM src',
    'PREPARE untyped_power AS SELECT power(col, $1) FROM src'
]) stmt;
SELECT mod('7', col), mod('7', numeric_col), mod(' 7.50 ', col), mod('Infinity', col) FROM src;
