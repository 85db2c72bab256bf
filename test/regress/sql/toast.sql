--
-- Values stored out of line (external TOAST pointers) and compressed inline values, mixed
-- with ordinary ones, wherever a datum is read in place: sorts (abbreviated and bounded),
-- DISTINCT, comparisons, hashed grouping, arithmetic and aggregates.  numeric is the reference.
--
-- An external pointer's header byte has the low bit set, like a 1-byte header; a reader that
-- takes it for an inline value sees the pointer's bytes as a body.  Whether that body looks
-- like a valid one depends on the pointer's va_rawsize, so the sizes below step through 64
-- consecutive digit counts.
--
-- incompressible digits (hex of md5 with the letters mapped to digits), 20,000 + 4 * g long
CREATE FUNCTION toast_digits(seed int, n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT left(string_agg(translate(md5(seed || ':' || i), 'abcdef', '123456'), '' ORDER BY i), n)
    FROM generate_series(1, n / 32 + 1) i
$$;

CREATE TABLE toasted (id int, x fastnumeric, n numeric);
INSERT INTO toasted (id, n)
    SELECT g, ((CASE WHEN g % 3 = 0 THEN '-' ELSE '' END) || '7' || toast_digits(g, 20000 + 4 * g)
               || '.' || (g % 10))::numeric
    FROM generate_series(1, 64) g;
-- compressible ones (stored inline, compressed) and small ones
INSERT INTO toasted (id, n)
    SELECT 100 + g, (repeat('12', 3000 + g) || '.25')::numeric FROM generate_series(1, 8) g;
INSERT INTO toasted (id, n)
    SELECT 200 + g, round(((g * 7919) % 1000003 - 500000)::numeric / 100, 2)
    FROM generate_series(1, 64) g;
UPDATE toasted SET x = n;

SELECT reltoastrelid::regclass AS toast FROM pg_class WHERE relname = 'toasted' \gset
SELECT count(DISTINCT chunk_id) AS external_values FROM :toast;   -- 64 of x, 64 of n
SELECT count(*) FILTER (WHERE pg_column_compression(x) IS NOT NULL) AS compressed_or_external,
       count(*) AS all_values
FROM toasted;

-- full sorts (abbreviated keys) and bounded sorts (the full comparator) agree with numeric
SELECT (SELECT array_agg(id ORDER BY x, id) FROM toasted)
     = (SELECT array_agg(id ORDER BY n, id) FROM toasted) AS full_sort_ok;
SELECT (SELECT array_agg(id) FROM (SELECT id FROM toasted ORDER BY x, id) s)
     = (SELECT array_agg(id) FROM (SELECT id FROM toasted ORDER BY n, id) s) AS sort_node_ok;
SELECT (SELECT array_agg(id) FROM (SELECT id FROM toasted ORDER BY x LIMIT 100) s)
     = (SELECT array_agg(id) FROM (SELECT id FROM toasted ORDER BY n LIMIT 100) s) AS bounded_sort_ok;
SELECT (SELECT array_agg(id) FROM (SELECT id FROM toasted ORDER BY x DESC LIMIT 100) s)
     = (SELECT array_agg(id) FROM (SELECT id FROM toasted ORDER BY n DESC LIMIT 100) s) AS bounded_desc_ok;
SELECT count(DISTINCT x) = count(DISTINCT n) AS distinct_ok FROM toasted;

-- (no btree: an index row is limited to a third of a page, far below these values)

-- operators, hashing, arithmetic and aggregates see the values, not the pointers
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (a.x < b.x) = (a.n < b.n) AND (a.x = b.x) = (a.n = b.n)
                          AND fastnumeric_cmp(a.x, b.x) = numeric_cmp(a.n, b.n)) AS agree
FROM toasted a, toasted b;
SET enable_sort = off;
SELECT (SELECT array_agg(c ORDER BY c) FROM (SELECT count(*) c FROM toasted GROUP BY x) s)
     = (SELECT array_agg(c ORDER BY c) FROM (SELECT count(*) c FROM toasted GROUP BY n) s) AS hash_group_ok;
RESET enable_sort;
SELECT count(*) FILTER (WHERE (x + x)::numeric = n + n AND (x - 1)::numeric = n - 1
                          AND (x * 2)::numeric = n * 2) AS arith_agree,
       count(*) FILTER (WHERE (-x)::numeric = -n AND abs(x)::numeric = abs(n)
                          AND x::text = n::text) AS sign_and_output_agree
FROM toasted;
SELECT sum(x)::numeric = sum(n) AS sum_ok, avg(x)::numeric = avg(n) AS avg_ok,
       min(x)::numeric = min(n) AS min_ok, max(x)::numeric = max(n) AS max_ok
FROM toasted;

DROP TABLE toasted;
DROP FUNCTION toast_digits(int, int);
