--
-- Soft input errors (PostgreSQL 16 and later): pg_input_is_valid and pg_input_error_info
-- answer for fastnumeric exactly as for numeric, under every typmod and with the input cache
-- on and off; neither fastnumeric's own parser nor its fallback to numeric_in may throw when
-- the caller asks for a soft error (the queries below would fail if one did).  From 17,
-- COPY ... (ON_ERROR ignore) keeps the same rows of a file and says the same.
--

SELECT current_setting('server_version_num')::int >= 160000 AS has_soft_errors,
       current_setting('server_version_num')::int >= 170000 AS has_copy_on_error \gset
\if :has_soft_errors
\else
\echo 'soft input errors arrived in PostgreSQL 16'
\quit
\endif

CREATE TABLE soft_texts (id int GENERATED ALWAYS AS IDENTITY, txt text);
INSERT INTO soft_texts (txt) VALUES
    ('1.5'), ('  -0012.340  '), ('0'), ('-0.000'), ('99.995'), ('123.45'), ('1e3'),
    ('NaN'), ('-Infinity'), ('inf'), ('1_000.5'), ('0x1F'), ('-0o17'), ('0b101'),
    ('1__0'), ('_1'), ('1_'), ('0x'), ('0x1.5'), ('0b2'), ('1.5_0'),
    (''), (' '), ('abc'), ('1.2.3'), ('--1'), ('1e'), ('1e100000'), ('12 34'),
    (repeat('9', 1001)), ('0.' || repeat('0', 16383) || '1'), (E'\t7\n');

CREATE TABLE soft_typmods (id int GENERATED ALWAYS AS IDENTITY, typmod text);
INSERT INTO soft_typmods (typmod) VALUES (''), ('(5,2)'), ('(4,4)'), ('(3,-1)'), ('(1000,0)');

-- what one type's input makes of one text, softly: valid, or the error's fields
CREATE FUNCTION soft_result(txt text, type text) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN pg_input_is_valid(txt, type) THEN 'valid'
                ELSE (SELECT format('%s: %s%s%s', e.sql_error_code, e.message,
                                    ' DETAIL: ' || e.detail, ' HINT: ' || e.hint)
                      FROM pg_input_error_info(txt, type) e) END
$$;

-- the texts side by side, without typmod and under (5,2); long texts by their length
SELECT s.id, CASE WHEN length(s.txt) > 30 THEN length(s.txt) || ' chars' ELSE s.txt END AS txt,
       m.typmod, soft_result(s.txt, 'numeric' || m.typmod) AS "numeric",
       soft_result(s.txt, 'fastnumeric' || m.typmod) = soft_result(s.txt, 'numeric' || m.typmod)
           AS fastnumeric_same
FROM soft_texts s, soft_typmods m
WHERE m.typmod IN ('', '(5,2)')
ORDER BY s.id, m.id;

-- every text under every typmod, with the input cache on (each text is seen many times) and off
CREATE FUNCTION soft_differences() RETURNS TABLE (txt text, typmod text, "numeric" text, fastnumeric text)
LANGUAGE sql AS $$
    SELECT s.txt, m.typmod, soft_result(s.txt, 'numeric' || m.typmod),
           soft_result(s.txt, 'fastnumeric' || m.typmod)
    FROM soft_texts s, soft_typmods m, generate_series(1, 3)
    WHERE soft_result(s.txt, 'fastnumeric' || m.typmod)
          IS DISTINCT FROM soft_result(s.txt, 'numeric' || m.typmod)
$$;
SET fastnumeric.input_cache = on;
SELECT * FROM soft_differences();
SET fastnumeric.input_cache = off;
SELECT * FROM soft_differences();
RESET fastnumeric.input_cache;

-- generated texts around the digit-group and typmod boundaries: no difference, and how many
CREATE TABLE soft_generated AS
SELECT DISTINCT t AS txt
FROM generate_series(0, 40) i, generate_series(0, 6) j,
     LATERAL (VALUES (repeat('9', i) || '.' || repeat('5', j)),
                     ('-' || lpad('1', i, '0') || rpad('.', j + 1, '9')),
                     (repeat('1', i) || '_' || repeat('2', j)),
                     ('0x' || repeat('f', i)),
                     (repeat('7', i) || 'e' || j)) v(t);
SELECT count(*) AS texts,
       count(*) FILTER (WHERE soft_result(txt, 'fastnumeric' || typmod)
                              IS DISTINCT FROM soft_result(txt, 'numeric' || typmod)) AS differences
FROM soft_generated, soft_typmods;

\if :has_copy_on_error
-- COPY ... (ON_ERROR ignore): the same file into numeric(6,2) and fastnumeric(6,2) keeps the
-- same rows, with the same NOTICEs (LOG_VERBOSITY verbose names each skipped row)
SELECT current_setting('data_directory') || '/fastnumeric_soft_errors.data' AS copy_file \gset
COPY (VALUES (1, '1.5'), (2, 'abc'), (3, '12345.678'), (4, 'NaN'), (5, '1e3'), (6, '0x1F'),
             (7, '1_000.5'), (8, '99999.999'), (9, '-0.005'), (10, NULL), (11, ' 42 '),
             (12, '1.2.3'), (13, '9999.995'), (14, 'Infinity'))
    TO :'copy_file';
CREATE TABLE copy_numeric (id int, v numeric(6,2));
CREATE TABLE copy_fastnumeric (id int, v fastnumeric(6,2));
COPY copy_numeric FROM :'copy_file' (ON_ERROR ignore, LOG_VERBOSITY verbose);
COPY copy_fastnumeric FROM :'copy_file' (ON_ERROR ignore, LOG_VERBOSITY verbose);
SELECT n.id, n.v AS "numeric", f.v AS fastnumeric,
       n.v::text IS NOT DISTINCT FROM f.v::text AS same_text
FROM copy_numeric n FULL JOIN copy_fastnumeric f USING (id)
ORDER BY id;
\endif
