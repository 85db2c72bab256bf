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
