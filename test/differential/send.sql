-- send.sql -- the server side of test_send.py (one psql session).
--
-- psql variables set by test_send.py: seedfrac (setseed's argument), bigcount (long values),
-- maxbad.  test_send.py replaces "-- @@DATA@@" with the generated rows (id, text, typmod) and
-- @@FASTFILE@@ / @@NUMFILE@@ with the files of the binary COPYs (psql does not expand
-- variables in \copy).  Rows are tagged: PHASE, INFO, CHECK group kind passed failed, BAD
-- (the first mismatches), FORMS (how many long values are stored in each toast form).

SELECT 'PHASE', 'setup';
-- the extension and the numeric/fastnumeric -> bytea binary casts come from the test's fixtures
SET max_parallel_workers_per_gather = 0;
SELECT setseed(:seedfrac) \g /dev/null
DROP SCHEMA IF EXISTS send_check CASCADE;
CREATE SCHEMA send_check;
CREATE TABLE send_check.src (id int4, t text, tm int4);
COPY send_check.src FROM STDIN;
-- @@DATA@@
\.
-- numeric_in's datums, kept where numeric_in fails (a typmod too small: the value is dropped)
CREATE FUNCTION send_check.make(t text, tm int4) RETURNS numeric LANGUAGE plpgsql AS
$$ BEGIN RETURN numeric_in(t::cstring, 0, tm); EXCEPTION WHEN others THEN RETURN NULL; END $$;
CREATE TABLE send_check.vals AS
    SELECT id, v::fastnumeric AS f, v AS n FROM (SELECT id, send_check.make(t, tm) AS v FROM send_check.src) s
    WHERE v IS NOT NULL;

SELECT 'PHASE', 'long values';
-- long values: compressible ones (repeated runs), random ones, ones that compress to more than
-- a row keeps inline (groups drawn from nine), long fractions; some near numeric's limits
CREATE TABLE send_check.big_src AS
    SELECT g AS id,
           (CASE WHEN g % 2 = 0 THEN '-' ELSE '' END ||
            CASE g % 4
                WHEN 0 THEN repeat('1234567890', 200 + g * 997 % 12800)
                WHEN 1 THEN (SELECT string_agg((random() * 9)::int::text, '')
                             FROM generate_series(1, 3000 + g * 7919 % 60000))
                WHEN 2 THEN (SELECT string_agg(repeat((1 + random() * 8)::int::text, 4), '')
                             FROM generate_series(1, 6000 + g * 997 % 24000))
                ELSE repeat('9', 5000 + g % 100) || '.' || repeat('0123', 1000 + g * 11 % 3095)
            END)::numeric AS n
    FROM generate_series(1, :bigcount) g;
-- stored from fresh datums (n + 0): a value already compressed in big_src would be kept so
CREATE TABLE send_check.big_main (id int4, f fastnumeric);
CREATE TABLE send_check.big_external (id int4, f fastnumeric);
ALTER TABLE send_check.big_external ALTER COLUMN f SET STORAGE external;
CREATE TABLE send_check.big_extended (id int4, f fastnumeric);
ALTER TABLE send_check.big_extended ALTER COLUMN f SET STORAGE extended;
INSERT INTO send_check.big_main SELECT id, n + 0 FROM send_check.big_src;
INSERT INTO send_check.big_external SELECT id, n + 0 FROM send_check.big_src;
INSERT INTO send_check.big_extended SELECT id, n + 0 FROM send_check.big_src;

SELECT typsend::regproc AS send_fn FROM pg_type WHERE oid = 'fastnumeric'::regtype \gset
SELECT 'INFO', 'send function', :'send_fn';
SELECT 'INFO', 'values:', count(*), 'stored with a 1-byte header:', count(*) FILTER (WHERE pg_column_size(f) <= 127)
FROM send_check.vals;

SELECT 'PHASE', 'send';
-- computed: fresh datums straight from numeric_in, never stored
SELECT 'CHECK', 'computed', 'send', count(*) FILTER (WHERE NOT bad), count(*) FILTER (WHERE bad)
FROM (SELECT :send_fn(v::fastnumeric) IS DISTINCT FROM numeric_send(v) AS bad
      FROM (SELECT send_check.make(t, tm) AS v FROM send_check.src) s WHERE v IS NOT NULL) c;
SELECT 'BAD', 'computed', id, left(t, 60), tm FROM send_check.src
WHERE send_check.make(t, tm) IS NOT NULL
  AND :send_fn(send_check.make(t, tm)::fastnumeric) IS DISTINCT FROM numeric_send(send_check.make(t, tm))
LIMIT :maxbad;

-- stored: read from the table, 1-byte headers where they fit
SELECT 'CHECK', 'stored', 'send', count(*) FILTER (WHERE NOT bad), count(*) FILTER (WHERE bad)
FROM (SELECT :send_fn(f) IS DISTINCT FROM numeric_send(f::numeric) AS bad FROM send_check.vals) c;
SELECT 'BAD', 'stored', id, left(f::text, 60), left(encode(:send_fn(f), 'hex'), 80),
       left(encode(numeric_send(n), 'hex'), 80)
FROM send_check.vals WHERE :send_fn(f) IS DISTINCT FROM numeric_send(f::numeric) LIMIT :maxbad;

-- toast: each storage form present, and sent like numeric.  A compressed value bigger than
-- the 2 kB a row may keep inline is out of line.
SELECT 'FORMS', 'compressed inline (main)',
       count(*) FILTER (WHERE pg_column_compression(f) IS NOT NULL AND pg_column_size(f) < 2000)
       FROM send_check.big_main;
SELECT reltoastrelid::regclass AS external_toast FROM pg_class
WHERE oid = 'send_check.big_external'::regclass \gset
SELECT 'FORMS', 'out of line (external)', count(DISTINCT chunk_id) FROM :external_toast;
SELECT 'FORMS', 'compressed out of line (extended)',
       count(*) FILTER (WHERE pg_column_compression(f) IS NOT NULL AND pg_column_size(f) > 2000)
       FROM send_check.big_extended;
SELECT 'CHECK', 'toast', 'send', count(*) FILTER (WHERE NOT bad), count(*) FILTER (WHERE bad)
FROM (SELECT :send_fn(f) IS DISTINCT FROM numeric_send(f::numeric) AS bad
      FROM (SELECT f FROM send_check.big_main UNION ALL SELECT f FROM send_check.big_external
            UNION ALL SELECT f FROM send_check.big_extended) b) c;

SELECT 'PHASE', 'copy';
-- binary COPY out of both types (test_send.py compares the files), then back in
\copy (SELECT f FROM send_check.vals ORDER BY id) TO @@FASTFILE@@ WITH (FORMAT binary)
\copy (SELECT n FROM send_check.vals ORDER BY id) TO @@NUMFILE@@ WITH (FORMAT binary)
CREATE TABLE send_check.back_f (k serial, f fastnumeric);
CREATE TABLE send_check.back_n (k serial, n numeric);
\copy send_check.back_f (f) FROM @@FASTFILE@@ WITH (FORMAT binary)
\copy send_check.back_n (n) FROM @@FASTFILE@@ WITH (FORMAT binary)
SELECT 'CHECK', 'roundtrip', 'bytes', count(*) FILTER (WHERE NOT bad), count(*) FILTER (WHERE bad)
FROM (SELECT v.n::bytea IS DISTINCT FROM bf.f::bytea OR v.n::bytea IS DISTINCT FROM bn.n::bytea AS bad
      FROM (SELECT row_number() OVER (ORDER BY id) AS k, n FROM send_check.vals) v
      LEFT JOIN send_check.back_f bf USING (k) LEFT JOIN send_check.back_n bn USING (k)) c;

SELECT 'PHASE', 'done';
DROP SCHEMA send_check CASCADE;
