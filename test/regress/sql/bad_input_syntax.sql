--
-- Input syntax that depends on the server's version: PostgreSQL 16 made numeric accept
-- non-decimal integers (0x, 0o, 0b) and underscores between digits, and stopped accepting a
-- space inside an exponent.  fastnumeric's parser declines all of these, so numeric_in decides
-- on every version; each text is shown for numeric and fastnumeric side by side, through the
-- input function, INSERT, COPY (text and CSV), casts, arrays and parameters.
--

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/bad_texts.sql

INSERT INTO bad_texts (label, txt) VALUES
    ('space in exponent', '1e 5'),
    ('hex prefix', '0x1F'),
    ('hex prefix upper', '0X1f'),
    ('octal prefix', '0o17'),
    ('binary prefix', '0b101'),
    ('negative hex', '-0x10'),
    ('underscore separator', '1_000'),
    ('underscore in fraction', '1.000_5');

\i :abs_srcdir/sql/helpers/text_doors.sql

-- inside expressions: a filter, an array literal, a parameter
PREPARE take_numeric(numeric) AS SELECT $1;
PREPARE take_fastnumeric(fastnumeric) AS SELECT $1;
SELECT stmt, s.* FROM unnest(ARRAY[
    'SELECT t::{T} FROM (VALUES (''1''), (''0x10'')) v(t) WHERE t::{T} > 0',
    'SELECT ''{1, 2, 0x1F}''::{T}[]',
    'EXECUTE take_{T}(''1_000'')']) stmt,
    side_by_side(stmt) s;

DROP TABLE bad_texts;
DEALLOCATE take_numeric;
DEALLOCATE take_fastnumeric;
\i :abs_srcdir/sql/helpers/side_by_side_drop.sql
