--
-- The input cache (texts of up to 16 bytes): same bytes with it on and off, whatever the sequence
--

CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;

-- the setting: off by default, per session
SELECT '1'::fastnumeric;   -- loads the module, which defines the setting
SHOW fastnumeric.input_cache;
SELECT name, setting, context, vartype FROM pg_settings WHERE name LIKE 'fastnumeric.%';
SET fastnumeric.input_cache = on;
SHOW fastnumeric.input_cache;
SET fastnumeric.input_cache = maybe;
SET fastnumeric.no_such_setting = 1;
RESET fastnumeric.input_cache;

-- A stream of inputs (text, typmod) parsed one after another, in order: first and second
-- sightings, texts differing only in spaces, the same text under changing typmods, specials
-- and errors in between, and 3000 distinct values that collide in the cache's slots.
CREATE TABLE stream (seq int, txt text, typmod int);
INSERT INTO stream
SELECT row_number() OVER (), txt, typmod FROM (VALUES
    ('12.50', -1), ('12.50', -1), ('12.50', -1), (' 12.50', -1), ('12.50 ', -1), ('12.50', -1),
    ('12.50', (6 << 16 | 1) + 4), ('12.50', (6 << 16 | 1) + 4), ('12.50', -1),
    ('12.55', (6 << 16 | 1) + 4), ('12.55', (6 << 16 | 1) + 4), ('12.55', (6 << 16 | 3) + 4),
    ('0.00', -1), ('0.00', -1), ('-0.00', -1), ('-0.00', -1), ('NaN', -1), ('NaN', -1),
    ('1e3', -1), ('1e3', -1), ('99.995', (4 << 16 | 2) + 4), ('99.995', (4 << 16 | 2) + 4),
    ('1234567890.12345', -1), ('1234567890.12345', -1), ('1234567890.123456', -1),
    ('1234567890.123456', -1), ('7', -1), ('7', -1), ('7', (5 << 16 | (-1 & 2047)) + 4),
    ('7', (5 << 16 | (-1 & 2047)) + 4)) v(txt, typmod);
INSERT INTO stream
SELECT 100 + g, (g % 1500)::text || '.25', -1 FROM generate_series(1, 3000) g;
INSERT INTO stream
SELECT 5000 + g, (g / 2)::text || '.75', (9 << 16 | 1) + 4 FROM generate_series(1, 3000) g;

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/input_result.sql

-- evaluate the stream in order with the cache on, then off, then on again (now warm)
CREATE TABLE results (pass text, seq int, result text);
SET fastnumeric.input_cache = on;
INSERT INTO results SELECT 'on', seq, input_result(txt, typmod, true) FROM stream ORDER BY seq;
SET fastnumeric.input_cache = off;
INSERT INTO results SELECT 'off', seq, input_result(txt, typmod, true) FROM stream ORDER BY seq;
SET fastnumeric.input_cache = on;
INSERT INTO results SELECT 'warm', seq, input_result(txt, typmod, true) FROM stream ORDER BY seq;
RESET fastnumeric.input_cache;

SELECT pass, count(*) AS inputs,
       count(*) FILTER (WHERE r.result = input_result(s.txt, s.typmod, false)) AS same_as_numeric
FROM results r JOIN stream s USING (seq) GROUP BY pass ORDER BY pass;
SELECT s.seq, s.txt, s.typmod, r.result
FROM results r JOIN stream s USING (seq)
WHERE r.pass = 'on' AND s.seq < 100 ORDER BY s.seq;

-- COPY goes through the same input function, with the column's typmod
CREATE TABLE copied (a fastnumeric(6,1), b fastnumeric, n numeric(6,1));
SET fastnumeric.input_cache = on;
COPY copied FROM STDIN (FORMAT csv);
12.55,12.55,12.55
12.55,12.55,12.55
12.55,12.55,12.55
 12.55, 12.55, 12.55
\.
RESET fastnumeric.input_cache;
SELECT a, b, a::bytea = n::bytea AS same_bytes FROM copied;

DROP CAST (numeric AS bytea);
DROP CAST (fastnumeric AS bytea);
