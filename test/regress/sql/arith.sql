--
-- Arithmetic: + - * (ours), / % ^ (numeric's functions), unary - + @, abs(), generate_series
--

-- Which operators and functions an expression resolved to (read from a view's
-- dependencies), and the type of its result.
CREATE TABLE arith_src (col fastnumeric, numeric_col numeric, int8_col int8, int4_col int4, int2_col int2);
INSERT INTO arith_src VALUES (2.5, 1.25, 3, 4, 5);
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/resolved.sql

-- mixed forms resolve to fastnumeric's operators and return fastnumeric
SELECT expr, r.* FROM unnest(ARRAY[
    'col + 1', 'col * 2', 'col - 1', 'col + int8_col', 'col + int4_col', 'col * int2_col',
    'col * 1.1', '1 + col', '2 * col', 'int8_col - col', 'col + col', 'col * col',
    'col + numeric_col', 'numeric_col * col', 'col + ''1.5''', 'col / 2', 'col / col',
    'col % 2', 'col ^ 2', '-col', '+col', '@col', 'abs(col)', 'col + 1 + 2'
]) expr, LATERAL resolved(expr, 'arith_src') r;

-- numeric expressions keep numeric's operators (no extension object in "uses": pg_depend
-- does not record built-in objects)
SELECT expr, r.* FROM unnest(ARRAY[
    '1 + 2.5', 'numeric_col + 1', 'numeric_col * numeric_col', '1.5 * int8_col',
    'numeric_col / 2', '-numeric_col', 'abs(numeric_col)', 'int4_col + 1', 'col::numeric + 1'
]) expr, LATERAL resolved(expr, 'arith_src') r;

-- values
SELECT col + 1 AS a, col * 2 AS b, col - int8_col AS c, col * 1.1 AS d, 1 + col AS e,
       col * numeric_col AS f, col / 3 AS g, col % 2 AS h, col ^ 2 AS i, -col AS j, abs(-col) AS k
FROM arith_src;
SELECT '1.20'::fastnumeric + '3.456' AS add_scale, '1.20'::fastnumeric - '1.2' AS cancel,
       '1.20'::fastnumeric * '3.456' AS mul_scale, '-0.00'::fastnumeric * '5' AS neg_zero,
       '99999999.9999'::fastnumeric + '0.0001' AS carry, '10000'::fastnumeric - '0.0001' AS borrow;
SELECT '123456789012345678901234567890.123456789'::fastnumeric * '-98765432109876543210.5' AS long_mul,
       '99999999999999999999999999999999999999'::fastnumeric + 1 AS past_int128;
SELECT -'0'::fastnumeric AS neg_zero, -'1.50'::fastnumeric AS neg, +'-2'::fastnumeric AS plus,
       abs('-0.010'::fastnumeric) AS abs, @ '-7'::fastnumeric AS at;

-- NaN and infinities, as numeric
SELECT a, b, a + b AS sum, a - b AS diff, a * b AS prod
FROM (VALUES ('NaN'::fastnumeric, '1'::fastnumeric), ('Infinity', '-Infinity'), ('Infinity', 'Infinity'),
             ('-Infinity', '-Infinity'), ('Infinity', '0'), ('-Infinity', '-2.5'), ('0', '-Infinity'),
             ('3', 'Infinity'), ('NaN', 'Infinity')) v(a, b);
SELECT -'Infinity'::fastnumeric, -'-Infinity'::fastnumeric, -'NaN'::fastnumeric,
       abs('-Infinity'::fastnumeric), abs('NaN'::fastnumeric);
-- the same bytes as numeric's
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;
CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
SELECT ('1.20'::fastnumeric * '3.456')::bytea = ('1.20'::numeric * '3.456')::bytea AS mul,
       ('5e-10000'::fastnumeric * '1e-10000')::bytea = ('5e-10000'::numeric * '1e-10000')::bytea AS capped,
       scale('5e-10000'::fastnumeric * '1e-10000') AS capped_scale,
       (-'12.5'::fastnumeric)::bytea = (-'12.5'::numeric)::bytea AS uminus;
DROP CAST (fastnumeric AS bytea);
DROP CAST (numeric AS bytea);

-- errors, as numeric's
SELECT '9e131071'::fastnumeric + '9e131071'::fastnumeric;
SELECT '9e131071'::numeric + '9e131071'::numeric;
SELECT '1e100000'::fastnumeric * '1e40000';
SELECT 1::fastnumeric / 0;
SELECT 1::fastnumeric % 0::fastnumeric;
SELECT (-8)::fastnumeric ^ 0.5;

-- a chain of operations on a table
CREATE TABLE orders (id int, price fastnumeric(12,2), qty fastnumeric(10,3), fee numeric(6,2));
INSERT INTO orders SELECT i, (i * 37 % 100000) / 100.0, (i * 11 % 5000) / 1000.0, (i % 7) * 0.25
FROM generate_series(1, 1000) i;
SELECT DISTINCT pg_typeof(price * qty + fee), pg_typeof((price * qty + fee - 1) * 2) FROM orders;
SELECT sum(((price * qty + fee - 1) * 2)::numeric) AS total, max(abs(price - qty * 3)::numeric) AS max_abs
FROM orders;
SELECT sum((price::numeric * qty::numeric + fee - 1) * 2) AS numeric_total,
       max(abs(price::numeric - qty::numeric * 3)) AS numeric_max_abs FROM orders;
SELECT id, price * qty + fee AS amount, (price - fee) * -qty AS neg FROM orders WHERE id <= 3 ORDER BY id;

-- generate_series over fastnumeric: numeric's own, values are fastnumeric
SELECT x, pg_typeof(x) FROM generate_series(1::fastnumeric, 2::fastnumeric, '0.25') x;
SELECT count(*), max(x), pg_typeof(max(x)) FROM generate_series('0.5'::fastnumeric, '10'::fastnumeric) x;
SELECT max(a + b + '17'::fastnumeric + c) FROM
    (SELECT generate_series(1::fastnumeric, 100::fastnumeric)) aa(a),
    (SELECT generate_series(1::fastnumeric, 10::fastnumeric)) bb(b),
    (SELECT generate_series(1::fastnumeric, 10::fastnumeric)) cc(c);
SELECT generate_series(1::fastnumeric, 2::fastnumeric, 0::fastnumeric);

DROP TABLE orders;
DROP FUNCTION resolved(text, regclass);
DROP TABLE arith_src;
