--
-- Bad input: a catalogue of malformed text and wire values, each shown for numeric and
-- fastnumeric side by side (SQLSTATE, message and DETAIL), through the input function, INSERT,
-- expressions and COPY (text, CSV, binary).  A failed INSERT or COPY keeps none of its rows.
-- Texts whose validity depends on the server's version are in bad_input_syntax.
--

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/bad_texts.sql

-- the catalogue of malformed (and a few odd but valid) texts
INSERT INTO bad_texts (label, txt) VALUES
    ('empty', ''),
    ('blank', '   '),
    ('whitespace only', E' \t\n\r\f\x0b '),
    ('lone minus', '-'),
    ('lone plus', '+'),
    ('lone point', '.'),
    ('sign and point', '-.'),
    ('spaced lone sign', ' + '),
    ('two points', '1.2.3'),
    ('two points together', '1..2'),
    ('leading two points', '..5'),
    ('two signs', '++1'),
    ('minus minus', '--1'),
    ('plus minus', '+-1'),
    ('sign after digits', '1-'),
    ('sign after fraction', '1.5+'),
    ('sign in the middle', '12-34'),
    ('junk before', 'x1'),
    ('junk after', '12abc'),
    ('letters', 'abc'),
    ('currency sign', '$1.50'),
    ('thousands comma', '1,000'),
    ('percent', '50%'),
    ('decimal comma', '1,5'),
    ('trailing junk after space', '1.5 x'),
    ('backslash zero', '1\0'),
    ('embedded space', '1 2'),
    ('space after sign', '- 1'),
    ('space before point', '1 .5'),
    ('space after point', '1. 5'),
    ('tab inside', E'1\t2'),
    ('Arabic-Indic digits', '١٢٣'),
    ('Extended Arabic-Indic digits', '۱۲۳'),
    ('fullwidth digits', '１２'),
    ('Devanagari digits', '१२'),
    ('superscript two', '2²'),
    ('non-breaking space before', ' 1'),
    ('ideographic space after', '1　'),
    ('fullwidth minus', '－1'),
    ('minus sign U+2212', '−1'),
    ('leading underscore', '_1'),
    ('trailing underscore', '1_'),
    ('exponent without digits', '1e'),
    ('exponent sign only', '1e+'),
    ('exponent alone', 'e5'),
    ('point exponent', '.e1'),
    ('fractional exponent', '1e1.5'),
    ('double exponent', '1e5e5'),
    ('two e', '1ee5'),
    ('exponent junk', '1e5x'),
    ('exponent above range', '1e1000000'),
    ('exponent below range', '1e-1000000'),
    ('exponent beyond int32', '1e2147483648'),
    ('exponent below int32', '1e-2147483649'),
    ('exponent with 30 digits', '1e999999999999999999999999999999'),
    ('NaN with junk', 'NaNx'),
    ('NaN with sign', '-NaN'),
    ('Infinity misspelt', 'Infinit'),
    ('inf with junk', 'inf1'),
    ('two infinities', 'InfinityInfinity'),
    ('1 MB of digits', repeat('1', 1048576)),
    ('1 MB of fraction digits', '0.' || repeat('1', 1048576)),
    ('1 MB of digits then junk', repeat('7', 1048576) || 'x'),
    ('1 MB of leading zeros (valid)', repeat('0', 1048576) || '1.5'),
    ('1 MB of spaces (valid)', repeat(' ', 524288) || '2' || repeat(' ', 524288)),
    ('131072 integer digits (max, valid)', '9' || repeat('0', 131071)),
    ('131073 integer digits', '1' || repeat('0', 131072)),
    ('1e131071 (max, valid)', '1e131071'),
    ('1e131072', '1e131072'),
    ('-1e131072', '-1e131072'),
    ('9.99e131071 (valid)', '9.99e131071'),
    ('dscale 16383 (max, valid)', '0.' || repeat('0', 16382) || '1'),
    ('dscale 16384', '0.' || repeat('0', 16383) || '1'),
    ('1e-16383 (valid)', '1e-16383'),
    ('1e-16384', '1e-16384');

-- 1.-3. the input function called directly (value and bytes when accepted, SQLSTATE and message
--    when not), INSERT, COPY FROM in text and CSV
\i :abs_srcdir/sql/helpers/text_doors.sql
-- the bad line first and last too
SELECT c.* FROM copy_from(ARRAY['abc', '1', '2'], 'FORMAT csv') c;
SELECT c.* FROM copy_from(ARRAY(SELECT g::text FROM generate_series(1, 5000) g) || '1.2.3'::text,
                          'FORMAT text') c;

-- 4. typmods: values that overflow them, through each path
CREATE TABLE bad_typmods (id int GENERATED ALWAYS AS IDENTITY, txt text, precision_ int, scale int);
INSERT INTO bad_typmods (txt, precision_, scale) VALUES
    ('123.456', 4, 2), ('99.995', 4, 2), ('-100', 4, 2), ('99.994', 4, 2), ('Infinity', 4, 2),
    ('-Infinity', 4, 2), ('NaN', 4, 2), ('0.0123', 2, 4), ('0.00995', 2, 4), ('9999999.5', 5, -2),
    ('150', 1, -2), ('1', 1000, 1000), ('1e1000', 1000, 0), ('9.9e999', 1000, 0), ('1', 1, 1),
    ('0.5', 1, 1), ('5', 1, -1000), ('1e1000', 1, -1000), ('.95', 1, 1);
SELECT txt, format('(%s,%s)', precision_, scale) AS typmod,
       brief(input_result(txt, ((precision_ << 16) | (scale & 2047)) + 4, false)) AS numeric,
       brief(input_result(txt, ((precision_ << 16) | (scale & 2047)) + 4, true)) AS fastnumeric
FROM bad_typmods ORDER BY id;
-- the same as casts in an expression, with the DETAIL
SELECT txt, format('(%s,%s)', precision_, scale) AS typmod, s.* FROM bad_typmods,
       side_by_side(format('SELECT %L::text::{T}(%s,%s)', txt, precision_, scale)) s
ORDER BY id;
-- into a (4,2) column: INSERT, COPY text, CSV
SELECT txt, s.* FROM bad_typmods,
       side_by_side(format('INSERT INTO bad_{T} (v42) VALUES (%L), (%L)', '1.5', txt)) s
WHERE (precision_, scale) = (4, 2) ORDER BY id;
SELECT txt, c.* FROM bad_typmods, copy_from(ARRAY['1.5', txt], 'FORMAT text', 'v42') c
WHERE (precision_, scale) = (4, 2) ORDER BY id;
SELECT txt, c.* FROM bad_typmods, copy_from(ARRAY['1.5', txt], 'FORMAT csv', 'v42') c
WHERE (precision_, scale) = (4, 2) ORDER BY id;

-- 5. invalid typmods, in casts, column definitions and ALTER TABLE
SELECT stmt, s.* FROM unnest(ARRAY[
    'SELECT ''1''::{T}(0)', 'SELECT ''1''::{T}(1001)', 'SELECT ''1''::{T}(-1)',
    'SELECT ''1''::{T}(5,1001)', 'SELECT ''1''::{T}(5,-1001)', 'SELECT ''1''::{T}(1,2,3)',
    'SELECT ''1''::{T}(''a'')', 'SELECT ''1''::{T}(1.5)', 'SELECT ''1''::{T}(2147483648)',
    'SELECT ''1''::{T}(NULL)', 'SELECT CAST(''1'' AS {T}(1000,1001))',
    'SELECT ''{1}''::{T}(0)[]', 'SELECT ''1''::{T}(1000,-1000)', 'SELECT ''1''::{T}(1000,1000)',
    'CREATE TEMP TABLE typmod_probe (x {T}(0, 0))',
    'ALTER TABLE bad_{T} ADD COLUMN x {T}(1001, 2)']) stmt,
    side_by_side(stmt) s;

-- 6. function calls and casts inside expressions
PREPARE take_numeric(numeric) AS SELECT $1;
PREPARE take_fastnumeric(fastnumeric) AS SELECT $1;
SELECT stmt, s.* FROM unnest(ARRAY[
    'SELECT {T}_in(''abc'', 0, -1)',
    'SELECT {T}_in('' 1 2 '', 0, -1)',
    'SELECT {T}_in(''123.456'', 0, ((4 << 16) | 2) + 4)',
    'SELECT {T}_in(''123.456'', 0, 3)',
    'SELECT {T}_in(NULL, 0, -1)',
    'SELECT ''1.5''::{T} + ''x''::{T}',
    'SELECT ''1.5''::{T} = ''1..5''',
    'SELECT sum(t::{T}) FROM (VALUES (''1''), (''2''), (''1.2.3'')) v(t)',
    'SELECT ''x''::varchar::{T}',
    'SELECT ''{1, "1e1000000"}''::{T}[]',
    'SELECT ARRAY[''1'', ''١'']::{T}[]',
    'SELECT CAST(t AS {T}(4,2)) FROM (VALUES (''12.345''), (''123.45'')) v(t)',
    'SELECT row_to_json(row(''--1''::{T}))',
    'EXECUTE take_{T}(''   '')',
    'DO $$ DECLARE v {T}; BEGIN v := ''1e''; END $$',
    'DO $$ DECLARE v {T}(3,1); BEGIN v := ''99.95''; END $$']) stmt,
    side_by_side(stmt) s;

-- 7. binary COPY: malformed wire values (ndigits, weight, sign, dscale as 16-bit words, then
--    the digits), each after two good values (1.50 and -2); the whole COPY fails and nothing
--    is kept.  Every 16-bit weight is a valid numeric weight, so no wire weight overflows;
--    digits below dscale are dropped, so a very negative weight reads as 0.
CREATE TABLE bad_wires (id int GENERATED ALWAYS AS IDENTITY, label text, w bytea);
INSERT INTO bad_wires (label, w) VALUES
    ('1.50 (valid)',                          '\x000200000000000200011388'::bytea),
    ('bad sign 0x1234',                       '\x00010000123400000001'),
    ('bad sign 0x8000',                       '\x00010000800000000001'),
    ('bad sign 0xE000',                       '\x00010000e00000000001'),
    ('bad sign 0xFFFF',                       '\x00010000ffff00000001'),
    ('digit 10000',                           '\x00010000000000002710'),
    ('digit 0xFFFF (-1)',                     '\x0001000000000000ffff'),
    ('digit 0x8000',                          '\x00010000000000008000'),
    ('second digit 10000',                    '\x000200000000000400012710'),
    ('ndigits 0xFFFF (negative)',             '\xffff0000000000000001'),
    ('ndigits 0x8000',                        '\x80000000000000000001'),
    ('ndigits 1000, one digit',               '\x03e80000000000000001'),
    ('ndigits 2, one digit',                  '\x00020000000000000001'),
    ('dscale 0x4000',                         '\x00010000000040000001'),
    ('dscale 0x7FFF',                         '\x0001000000007fff0001'),
    ('dscale 0xC000',                         '\x000100000000c0000001'),
    ('dscale 0xFFFF',                         '\x000100000000ffff0001'),
    ('dscale 0x3FFF (valid)',                 '\x0001000000003fff0001'),
    ('empty value',                           '\x'),
    ('one byte',                              '\x00'),
    ('header cut short',                      '\x000100000000'),
    ('half a digit',                          '\x000100000000000000'),
    ('extra trailing bytes',                  '\x000100000000000000010005'),
    ('ndigits 0, a digit follows',            '\x00000000000000000001'),
    ('NaN with digits (valid)',               '\x00020000c00000000001270f'),
    ('NaN with digit 10000',                  '\x00010000c00000002710'),
    ('Infinity with dscale (valid)',          '\x00000000d0000005'),
    ('-Infinity with weight (valid)',         '\x00000007f0000000'),
    ('weight 0x7FFF (valid: the largest)',    '\x00017fff000000000001'),
    ('weight 32767 and ndigits 0 (valid)',    '\x00007fff00000000'),
    ('weight -32768 (valid: truncated to 0)', '\x00018000000000000001'),
    ('weight 8191 (valid)',                   '\x00011fff000000000001'),
    ('weight 32767, dscale 16383 (valid)',    '\x00017fff00003fff0001'),
    ('leading zero groups (valid)',           '\x0003000100000000000000010000'),
    ('digits beyond dscale (valid)',          '\x000200000000000000011388'),
    ('negative zero (valid)',                 '\x00010000400000000000');
SELECT id, label, c.*
FROM bad_wires,
     copy_from(ARRAY['\x000200000000000200011388'::bytea, '\x00010000400000000002', w],
               'FORMAT binary') c
ORDER BY id;
-- a value that is fine on the wire but overflows the column's typmod
SELECT c.* FROM copy_from(ARRAY['\x000200000000000200011388'::bytea, '\x0002000000000002007b1194'],
                          'FORMAT binary', 'v42') c;
-- the accepted wire values give the same bytes in both types
CREATE TABLE bad_wire_numeric (id int, v numeric);
CREATE TABLE bad_wire_fastnumeric (id int, v fastnumeric);
SELECT current_setting('data_directory') || '/fastnumeric_bad_input.data' AS datafile \gset
COPY (SELECT id, w FROM bad_wires WHERE label LIKE '%(valid%' ORDER BY id) TO :'datafile' (FORMAT binary);
COPY bad_wire_numeric FROM :'datafile' (FORMAT binary);
COPY bad_wire_fastnumeric FROM :'datafile' (FORMAT binary);
SELECT label, brief(n.v::text) AS numeric, n.v::bytea = f.v::bytea AS same_bytes,
       n.v::text = f.v::text AS same_text
FROM bad_wires JOIN bad_wire_numeric n USING (id) JOIN bad_wire_fastnumeric f USING (id) ORDER BY id;

DROP TABLE bad_texts, bad_typmods, bad_wires, bad_wire_numeric, bad_wire_fastnumeric;
DEALLOCATE take_numeric;
DEALLOCATE take_fastnumeric;
\i :abs_srcdir/sql/helpers/side_by_side_drop.sql
