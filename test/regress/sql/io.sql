--
-- Text input and output, binary send/receive, COPY: results, bytes and errors equal numeric's
--

-- superuser-only binary casts that show a datum's bytes
CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/input_result.sql

CREATE TABLE inputs (txt text);
INSERT INTO inputs VALUES
    ('0'), ('-0'), ('+0'), ('0.000'), ('.0'), ('0.'), ('000'), ('-0.000'),
    ('1'), ('-1'), ('+1'), ('1.5'), ('.5'), ('5.'), ('-.5'), ('  12.50  '), ('0000123.4500'),
    ('9999'), ('10000'), ('0.9999'), ('0.0001'), ('0.00001'), ('99999999.99995'),
    ('1234567890.1234'), ('-987654321.000001'), ('12345678901234567890'),
    ('123456789012345678901234567890.123456789012345678901234567890'),
    ('0.000000000000000000000000000000000000000000000000000000000000001'),
    ('1' || repeat('0', 252)), ('1' || repeat('0', 256)), ('0.' || repeat('0', 63) || '1'),
    (repeat('9', 1000)), (repeat('9', 1001)), ('0.' || repeat('7', 1001)),
    ('NaN'), ('nan'), ('  NaN  '), ('Infinity'), ('+Infinity'), ('-Infinity'),
    ('inf'), ('-INF'), ('+iNf'), ('infinity '),
    ('1e5'), ('1.5E-3'), ('-2.5e+2'), ('1e1000000'), ('1e-1000000'),
    (E'\t7\n'), (E' \r\n42.0\f'),
    (''), ('   '), ('-'), ('+'), ('.'), ('-.'), ('1.2.3'), ('1-'), ('++1'), ('1 2'),
    ('abc'), ('12abc'), ('0x1F'), ('1_000'), ('１２'), ('1e'), ('e5'), ('NaNx'), ('- 1');

-- numeric's answer next to whether fastnumeric agrees, without and with typmods
SELECT txt, input_result(txt, -1, false) AS numeric,
       input_result(txt, -1, true) = input_result(txt, -1, false) AS same
FROM inputs WHERE length(txt) < 80;
SELECT typmod, count(*) AS inputs,
       count(*) FILTER (WHERE input_result(txt, typmod, true) = input_result(txt, typmod, false)) AS same
FROM inputs,
     (VALUES (-1), ((12 << 16 | 2) + 4), ((5 << 16 | (-2 & 2047)) + 4), ((2 << 16 | 4) + 4),
             ((1 << 16) + 4), ((1000 << 16 | 500) + 4), ((1000 << 16 | (-1000 & 2047)) + 4)) t(typmod)
GROUP BY typmod ORDER BY typmod;

-- errors are numeric's, message and all
SELECT 'abc'::fastnumeric;
SELECT '1.2.3'::fastnumeric;
SELECT ''::fastnumeric;
SELECT '1e1000000'::fastnumeric;
SELECT '123.456'::fastnumeric(4,2);
SELECT 'Infinity'::fastnumeric(4,2);

-- specials
SELECT 'NaN'::fastnumeric, '-inf'::fastnumeric, '+Infinity'::fastnumeric, 'NaN'::fastnumeric(3,1);

-- output of values made by numeric's own functions (digits beyond dscale, big weights)
SELECT round(x, 3)::fastnumeric, (x * 1e40)::fastnumeric, (x / 7)::fastnumeric
FROM (VALUES (1.23456::numeric), (-0.0005), (0)) v(x);

-- binary send/receive: numeric's wire format
SELECT fastnumeric_send('-1234.5678') = numeric_send('-1234.5678') AS same_wire_format;

-- server-side files live in the throwaway cluster's data directory
SELECT current_setting('data_directory') || '/fastnumeric_regress.bin' AS binfile \gset
CREATE TABLE copy_src (id int, n numeric);
INSERT INTO copy_src VALUES (1, '0'), (2, '-1.50'), (3, '123456789012345678901234567890.5'),
    (4, 'NaN'), (5, 'Infinity'), (6, '-Infinity'), (7, NULL), (8, '1e-30');
COPY copy_src TO :'binfile' (FORMAT binary);
CREATE TABLE copy_dst (id int, n fastnumeric);
COPY copy_dst FROM :'binfile' (FORMAT binary);
SELECT s.id, s.n, d.n, s.n::bytea = d.n::bytea AS same_bytes
FROM copy_src s JOIN copy_dst d USING (id) ORDER BY id;
-- and back out in binary, into numeric
TRUNCATE copy_src;
COPY copy_dst TO :'binfile' (FORMAT binary);
COPY copy_src FROM :'binfile' (FORMAT binary);
SELECT count(*) AS rows, count(*) FILTER (WHERE s.n::bytea IS NOT DISTINCT FROM d.n::bytea) AS same_bytes
FROM copy_src s JOIN copy_dst d USING (id);

-- text and CSV COPY use the input function with the column's typmod
CREATE TABLE copy_typmod (a fastnumeric(6,2), b numeric(6,2));
COPY copy_typmod FROM STDIN (FORMAT csv);
1.005,1.005
-2.5,-2.5
 3 , 3 
NaN,NaN
9999.994,9999.994
\.
SELECT a, b, a::bytea = b::bytea AS same_bytes FROM copy_typmod;
-- a bad row fails the whole COPY with numeric's error, and stores nothing
COPY copy_typmod (a) FROM STDIN;
1
2
9999.995
\.
COPY copy_typmod (a) FROM STDIN;
1
x1
\.
SELECT count(*) FROM copy_typmod;

-- binary receive validates like numeric: wire values written as bytea, read as the type
CREATE TABLE wire (w bytea);
INSERT INTO wire VALUES
    ('\x00010000000000000001'::bytea),       -- ndigits 1, weight 0, sign +, dscale 0, digit 1
    ('\x00010000123400000001'::bytea),       -- bad sign 0x1234
    ('\x00010000000000002710'::bytea),       -- digit 10000
    ('\x000100004000c0000001'::bytea);       -- dscale out of range
COPY (SELECT w FROM wire LIMIT 1) TO :'binfile' (FORMAT binary);
CREATE TABLE wire_dst (x fastnumeric);
COPY wire_dst FROM :'binfile' (FORMAT binary);
SELECT * FROM wire_dst;
COPY (SELECT w FROM wire OFFSET 1 LIMIT 1) TO :'binfile' (FORMAT binary);
COPY wire_dst FROM :'binfile' (FORMAT binary);
CREATE TABLE wire_numeric (x numeric);
COPY wire_numeric FROM :'binfile' (FORMAT binary);
COPY (SELECT w FROM wire OFFSET 2 LIMIT 1) TO :'binfile' (FORMAT binary);
COPY wire_dst FROM :'binfile' (FORMAT binary);
COPY (SELECT w FROM wire OFFSET 3 LIMIT 1) TO :'binfile' (FORMAT binary);
COPY wire_dst FROM :'binfile' (FORMAT binary);
SELECT count(*) FROM wire_dst;

DROP CAST (numeric AS bytea);
DROP CAST (fastnumeric AS bytea);
