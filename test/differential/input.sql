-- input.sql -- the server side of test_input.py (one psql session).
--
-- psql variables set by test_input.py: seed, pairs, sortrows, sortpool, maxbad.
-- The line "-- @@DATA@@" is replaced by test_input.py with the COPY of the generated inputs.
-- Every result row is tagged in its first field (PHASE, INFO, CHECK, BAD, PAIRBAD, SORT,
-- PLAN); arbitrary strings travel hex-encoded so that tabs and newlines survive.

SET search_path = public, pg_catalog;

SELECT 'PHASE', 'setup';
-- the extension and the numeric/fastnumeric -> bytea binary casts come from the test's fixtures
SET work_mem = '256MB';
SET max_parallel_workers_per_gather = 0;   -- serial: the comparisons are the point, not the speed

-- One evaluation: numeric_in and fastnumeric_in on the same text and typmod, each in its own
-- exception block.  Errors give SQLSTATE and message (with detail and hint appended).
-- o_text is fastnumeric_out applied to numeric_in's own datum (output checked on its own).
CREATE FUNCTION pg_temp.dt_eval(t text, tm int,
        OUT n_val numeric, OUT n_text text, OUT n_bytes bytea, OUT n_state text, OUT n_msg text,
        OUT f_text text, OUT f_bytes bytea, OUT f_state text, OUT f_msg text, OUT o_text text)
    LANGUAGE plpgsql AS
$f$
DECLARE
    f fastnumeric;
    d text;
    h text;
BEGIN
    BEGIN
        n_val := numeric_in(t::cstring, 0, tm);
        n_text := n_val::text;
        n_bytes := n_val::bytea;
        o_text := n_val::fastnumeric::text;
    EXCEPTION WHEN others THEN
        GET STACKED DIAGNOSTICS n_state = RETURNED_SQLSTATE, n_msg = MESSAGE_TEXT,
                                d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
        n_msg := n_msg || ' | detail: ' || d || ' | hint: ' || h;
        n_val := NULL; n_text := NULL; n_bytes := NULL; o_text := NULL;
    END;
    BEGIN
        f := fastnumeric_in(t::cstring, 0, tm);
        f_text := f::text;
        f_bytes := f::bytea;
    EXCEPTION WHEN others THEN
        GET STACKED DIAGNOSTICS f_state = RETURNED_SQLSTATE, f_msg = MESSAGE_TEXT,
                                d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
        f_msg := f_msg || ' | detail: ' || d || ' | hint: ' || h;
        f_text := NULL; f_bytes := NULL;
    END;
END
$f$;

-- Strings out to test_input.py: hex of the UTF-8 bytes, '' for NULL-free transport.
-- Lines of an EXPLAIN ANALYZE that say how a sort ran.
CREATE FUNCTION pg_temp.sort_methods(q text) RETURNS SETOF text LANGUAGE plpgsql AS
$f$
DECLARE
    l text;
BEGIN
    FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
        IF l ~ '(Sort Method|Index Only Scan|Index Scan|Sort Key)' THEN
            RETURN NEXT btrim(l);
        END IF;
    END LOOP;
END
$f$;

-------------------------------------------------------------------------------------------
-- 1. load the inputs (hex of UTF-8 text: tabs, backslashes, newlines need no escaping)
-------------------------------------------------------------------------------------------
SELECT 'PHASE', 'load';
CREATE TEMP TABLE dt_input (id int, cat text, h text, tms int[]);
-- @@DATA@@
CREATE TEMP TABLE dt_in AS
    SELECT id, cat, convert_from(decode(h, 'hex'), 'UTF8') AS t, tms FROM dt_input;
DROP TABLE dt_input;
SELECT 'INFO', 'inputs', count(*), sum(cardinality(tms)) FROM dt_in;

-------------------------------------------------------------------------------------------
-- 2. evaluate every input under every typmod, in one statement
-------------------------------------------------------------------------------------------
SELECT 'PHASE', 'evaluate';
CREATE TEMP TABLE dt_ev AS
    SELECT i.id, i.cat, tm, r.n_val, r.n_state,
           r.n_text IS NOT DISTINCT FROM r.f_text AS ok_text,
           r.n_bytes IS NOT DISTINCT FROM r.f_bytes AS ok_bytes,
           r.n_state IS NOT DISTINCT FROM r.f_state AS ok_state,
           r.n_msg IS NOT DISTINCT FROM r.f_msg AS ok_msg,
           CASE WHEN r.n_state IS NULL THEN r.n_text IS NOT DISTINCT FROM r.o_text END AS ok_out
    FROM dt_in i
         CROSS JOIN LATERAL unnest(i.tms) AS tm
         CROSS JOIN LATERAL pg_temp.dt_eval(i.t, tm) AS r;

SELECT 'INFO', 'outcome', coalesce(n_state, 'ok'), count(*) FROM dt_ev GROUP BY 2, 3 ORDER BY 3 DESC;
SELECT 'INFO', 'datum-form', CASE get_byte(n_val::bytea, 1) & 192 WHEN 128 THEN 'short'
                                   WHEN 192 THEN 'special' ELSE 'long' END, count(*)
FROM dt_ev WHERE n_val IS NOT NULL GROUP BY 3 ORDER BY 3;

-- Per check kind: text (out of each input function), bytes (datum), sqlstate, message,
-- out (fastnumeric_out on numeric_in's datum; only where numeric_in accepted).
SELECT 'CHECK', 'input', kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dt_ev, LATERAL (VALUES (1, 'text', ok_text), (2, 'bytes', ok_bytes),
                            (3, 'sqlstate', ok_state), (4, 'message', ok_msg),
                            (5, 'out', ok_out)) AS v(o, kind, ok)
WHERE ok IS NOT NULL
GROUP BY o, kind ORDER BY o;

-- Failures per category (empty when all pass)
SELECT 'INFO', 'failed-by-category', cat, count(*) FROM dt_ev
WHERE NOT (ok_text AND ok_bytes AND ok_state AND ok_msg AND coalesce(ok_out, true))
GROUP BY cat ORDER BY 4 DESC;

-- The first few mismatches of each kind, evaluated again for the details
SELECT 'BAD', b.kind, b.id, b.cat, b.tm, pg_temp.hx(i.t),
       pg_temp.hx(r.n_text), coalesce(encode(r.n_bytes, 'hex'), '~'), coalesce(r.n_state, '~'),
       pg_temp.hx(r.n_msg),
       pg_temp.hx(r.f_text), coalesce(encode(r.f_bytes, 'hex'), '~'), coalesce(r.f_state, '~'),
       pg_temp.hx(r.f_msg), pg_temp.hx(r.o_text)
FROM (SELECT e.id, e.tm, e.cat, v.kind,
             row_number() OVER (PARTITION BY v.kind ORDER BY e.id, e.tm) AS rn
      FROM dt_ev e, LATERAL (VALUES ('text', ok_text), ('bytes', ok_bytes),
                                    ('sqlstate', ok_state), ('message', ok_msg),
                                    ('out', ok_out)) AS v(kind, ok)
      WHERE NOT v.ok) b
     JOIN dt_in i USING (id)
     CROSS JOIN LATERAL pg_temp.dt_eval(i.t, b.tm) r
WHERE b.rn <= :maxbad
ORDER BY b.kind, b.id, b.tm;

-------------------------------------------------------------------------------------------
-- 3. comparisons over pairs of the accepted values
-------------------------------------------------------------------------------------------
SELECT 'PHASE', 'pairs';
-- every value numeric_in accepted (with and without typmods), in a fixed order
CREATE TEMP TABLE dt_val AS
    SELECT row_number() OVER (ORDER BY id, tm) AS k, n_val AS v FROM dt_ev WHERE n_val IS NOT NULL;
CREATE UNIQUE INDEX ON dt_val (k);
SELECT count(*) AS nv FROM dt_val \gset
SELECT 'INFO', 'values', :nv;

-- fastnumeric_out on stored datums (1-byte varlena headers, read in place; a few compressed)
-- against numeric_out: one check per value
SELECT 'CHECK', 'output', 'packed', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM (SELECT v::text = v::fastnumeric::text AS ok FROM dt_val) q;
SELECT 'OUTBAD', pg_temp.hx(v::text), pg_temp.hx(v::fastnumeric::text), encode(v::bytea, 'hex')
FROM dt_val WHERE v::text <> v::fastnumeric::text ORDER BY k LIMIT :maxbad;

-- random pairs (drawn by a seeded hash), and neighbours in numeric's own order (ties, values
-- equal in a different dscale, values one unit apart) at distance 1 and 2
CREATE TEMP TABLE dt_pair AS
    SELECT 'random' AS src, a.v AS a, b.v AS b
    FROM generate_series(1, :pairs) g
         JOIN dt_val a ON a.k = 1 + ((hashint8extended(g, :seed) % :nv) + :nv) % :nv
         JOIN dt_val b ON b.k = 1 + ((hashint8extended(g, :seed + 1) % :nv) + :nv) % :nv
    UNION ALL
    SELECT 'neighbour', a, x.b
    FROM (SELECT v AS a, lead(v, 1) OVER w AS b1, lead(v, 2) OVER w AS b2
          FROM dt_val WINDOW w AS (ORDER BY v, k)) s
         CROSS JOIN LATERAL (VALUES (b1), (b2)) AS x(b)
    WHERE x.b IS NOT NULL;

-- Each pair gives four checks:
--   cmp:        sign(fastnumeric_cmp(fastnumeric, fastnumeric)) = sign(numeric_cmp), both ways
--               round, and once with a 4-byte-header (freshly computed) operand
--   cmp_mixed:  fastnumeric_cmp(fastnumeric, numeric) and (numeric, fastnumeric)
--   ops:        = <> < <= > >= on (fastnumeric, fastnumeric) agree with numeric's
--   ops_mixed:  the same operators on (fastnumeric, numeric) and (numeric, fastnumeric)
CREATE TEMP TABLE dt_pres AS
    SELECT src, a, b, nc, fc, fcr, fcu, fm1, fm2, ops, opsm,
           (sign(fc) = nc AND sign(fcr) = -nc AND sign(fcu) = nc) AS ok_cmp,
           (sign(fm1) = nc AND sign(fm2) = nc) AS ok_cmp_mixed,
           ops = nops AS ok_ops,
           opsm = nops || nops AS ok_ops_mixed
    FROM (SELECT src, a, b,
                 sign(numeric_cmp(a, b))::int AS nc,
                 fastnumeric_cmp(a::fastnumeric, b::fastnumeric) AS fc,
                 fastnumeric_cmp(b::fastnumeric, a::fastnumeric) AS fcr,
                 fastnumeric_cmp((a + 0)::fastnumeric, b::fastnumeric) AS fcu,
                 fastnumeric_cmp(a::fastnumeric, b) AS fm1,
                 fastnumeric_cmp(a, b::fastnumeric) AS fm2,
                 ARRAY[a = b, a <> b, a < b, a <= b, a > b, a >= b] AS nops,
                 ARRAY[a::fastnumeric = b::fastnumeric, a::fastnumeric <> b::fastnumeric,
                       a::fastnumeric < b::fastnumeric, a::fastnumeric <= b::fastnumeric,
                       a::fastnumeric > b::fastnumeric, a::fastnumeric >= b::fastnumeric] AS ops,
                 ARRAY[a::fastnumeric = b, a::fastnumeric <> b, a::fastnumeric < b,
                       a::fastnumeric <= b, a::fastnumeric > b, a::fastnumeric >= b,
                       a = b::fastnumeric, a <> b::fastnumeric, a < b::fastnumeric,
                       a <= b::fastnumeric, a > b::fastnumeric, a >= b::fastnumeric] AS opsm
          FROM dt_pair) q;

SELECT 'INFO', 'pairs', src, count(*), count(*) FILTER (WHERE nc = 0), count(*) FILTER (WHERE nc < 0),
       count(*) FILTER (WHERE nc > 0)
FROM dt_pres GROUP BY src ORDER BY src;

SELECT 'CHECK', 'order', kind, count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)
FROM dt_pres, LATERAL (VALUES (1, 'cmp', ok_cmp), (2, 'cmp_mixed', ok_cmp_mixed),
                              (3, 'ops', ok_ops), (4, 'ops_mixed', ok_ops_mixed)) v(o, kind, ok)
GROUP BY o, kind ORDER BY o;

SELECT 'PAIRBAD', kind, src, pg_temp.hx(a::text), pg_temp.hx(b::text), nc, fc, fcr, fcu, fm1, fm2,
       ops::text, opsm::text, encode(a::bytea, 'hex'), encode(b::bytea, 'hex')
FROM (SELECT p.*, v.kind, row_number() OVER (PARTITION BY v.kind ORDER BY length(a::text) + length(b::text), a, b) AS rn
      FROM dt_pres p, LATERAL (VALUES ('cmp', ok_cmp), ('cmp_mixed', ok_cmp_mixed),
                                      ('ops', ok_ops), ('ops_mixed', ok_ops_mixed)) v(kind, ok)
      WHERE NOT v.ok) s
WHERE rn <= :maxbad ORDER BY kind, rn;
DROP TABLE dt_pres, dt_pair;

-------------------------------------------------------------------------------------------
-- 4. sorts: ORDER BY over fastnumeric must order rows as numeric does
-------------------------------------------------------------------------------------------
SELECT 'PHASE', 'sorts';
-- :sortrows rows drawn from a pool of :sortpool accepted values (many ties, and equal values
-- in different dscales), in a scrambled physical order.  rk = dense rank in numeric's order.
CREATE TEMP TABLE dt_sort AS
    SELECT g AS id, v AS n, v::fastnumeric AS f
    FROM generate_series(1, :sortrows) g
         JOIN dt_val ON k = 1 + ((hashint8extended(g % :sortpool, :seed + 2) % :nv) + :nv) % :nv
    ORDER BY hashint8extended(g, :seed + 3);
CREATE TEMP TABLE dt_rank AS
    SELECT id, n, f, dense_rank() OVER (ORDER BY n) AS rk FROM dt_sort;
DROP TABLE dt_sort;
ANALYZE dt_rank;
SELECT 'INFO', 'sortrows', count(*), count(DISTINCT rk), count(DISTINCT n::text) FROM dt_rank;

-- Each sort is one check.  "inversions" counts adjacent output rows whose numeric ranks go
-- the wrong way; the window check compares dense_rank over f with dense_rank over n per row
-- (so the sort and fastnumeric's = both count).

-- (a) in-memory quicksort (abbreviated keys), ORDER BY f / ORDER BY f DESC
SET work_mem = '256MB';
SELECT 'PLAN', 'quicksort', pg_temp.sort_methods('SELECT rk FROM dt_rank ORDER BY f');
SELECT 'SORT', 'quicksort ORDER BY f', count(*) FILTER (WHERE prev > rk) = 0,
       count(*) FILTER (WHERE prev > rk) || ' inversions in ' || count(*) || ' rows'
FROM (SELECT rk, lag(rk) OVER () AS prev FROM (SELECT rk FROM dt_rank ORDER BY f) s) q;
SELECT 'SORT', 'quicksort ORDER BY f DESC', count(*) FILTER (WHERE prev < rk) = 0,
       count(*) FILTER (WHERE prev < rk) || ' inversions in ' || count(*) || ' rows'
FROM (SELECT rk, lag(rk) OVER () AS prev FROM (SELECT rk FROM dt_rank ORDER BY f DESC) s) q;
SELECT 'SORT', 'window dense_rank() OVER (ORDER BY f)', count(*) FILTER (WHERE rk <> rkf) = 0,
       count(*) FILTER (WHERE rk <> rkf) || ' rows ranked differently of ' || count(*)
FROM (SELECT rk, dense_rank() OVER (ORDER BY f) AS rkf FROM dt_rank) q;
-- datum sort inside an aggregate (tuplesort_begin_datum): numeric = treats 1.0 and 1.00 alike
SELECT 'SORT', 'array_agg(f ORDER BY f) datum sort',
       (SELECT array_agg(f ORDER BY f)::numeric[] = array_agg(n ORDER BY n) FROM dt_rank),
       'whole array equal under numeric =';

-- (b) bounded (top-N heapsort: no abbreviation, full comparator), several LIMIT/OFFSET windows
--     placed relative to :sortrows, each bound (limit + offset) under half the rows
SELECT 'PLAN', 'bounded', pg_temp.sort_methods(format('SELECT rk FROM dt_rank ORDER BY f LIMIT %s OFFSET %s',
                                                      :sortrows / 100 + 1, :sortrows / 5));
SELECT 'SORT', format('bounded ORDER BY f LIMIT %s OFFSET %s', l, o),
       array(SELECT rk FROM dt_rank ORDER BY f LIMIT l OFFSET o)
           = array(SELECT rk FROM dt_rank ORDER BY n LIMIT l OFFSET o),
       'compared ' || l || ' ranks'
FROM (VALUES (10, 0), (:sortrows / 100 + 1, 0), (:sortrows / 100 + 1, :sortrows / 5),
             (:sortrows / 30 + 1, :sortrows * 2 / 5)) w(l, o);
SELECT 'SORT', format('bounded ORDER BY f DESC LIMIT %s OFFSET %s', l, o),
       array(SELECT rk FROM dt_rank ORDER BY f DESC LIMIT l OFFSET o)
           = array(SELECT rk FROM dt_rank ORDER BY n DESC LIMIT l OFFSET o),
       'compared ' || l || ' ranks'
FROM (VALUES (100, 0), (:sortrows / 50 + 1, :sortrows * 3 / 10)) w(l, o);

-- (c) external merge sort (work_mem too small: runs + merge, abbreviated keys in runs)
SET work_mem = '64kB';
SELECT 'PLAN', 'external', pg_temp.sort_methods('SELECT rk FROM dt_rank ORDER BY f');
SELECT 'SORT', 'external ORDER BY f', count(*) FILTER (WHERE prev > rk) = 0,
       count(*) FILTER (WHERE prev > rk) || ' inversions in ' || count(*) || ' rows'
FROM (SELECT rk, lag(rk) OVER () AS prev FROM (SELECT rk FROM dt_rank ORDER BY f) s) q;
SET work_mem = '256MB';

-- (d) btree: built by CREATE INDEX (sorted build), and grown by inserts (fastnumeric_cmp)
CREATE INDEX dt_rank_f ON dt_rank (f);
CREATE TEMP TABLE dt_ins (f fastnumeric, rk bigint);
CREATE INDEX dt_ins_f ON dt_ins (f);
INSERT INTO dt_ins SELECT f, rk FROM dt_rank ORDER BY id;
ANALYZE dt_ins;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_sort = off;
SELECT 'PLAN', 'btree-built', pg_temp.sort_methods('SELECT rk FROM dt_rank ORDER BY f');
SELECT 'SORT', 'btree built by CREATE INDEX, index scan', count(*) FILTER (WHERE prev > rk) = 0,
       count(*) FILTER (WHERE prev > rk) || ' inversions in ' || count(*) || ' rows'
FROM (SELECT rk, lag(rk) OVER () AS prev FROM (SELECT rk FROM dt_rank ORDER BY f) s) q;
SELECT 'PLAN', 'btree-inserted', pg_temp.sort_methods('SELECT rk FROM dt_ins ORDER BY f');
SELECT 'SORT', 'btree grown by INSERT, index scan', count(*) FILTER (WHERE prev > rk) = 0,
       count(*) FILTER (WHERE prev > rk) || ' inversions in ' || count(*) || ' rows'
FROM (SELECT rk, lag(rk) OVER () AS prev FROM (SELECT rk FROM dt_ins ORDER BY f) s) q;
-- point lookups through the inserted index: every value finds exactly its numeric peers
SELECT 'SORT', 'btree equality lookups (~500 values)',
       bool_and(found = expected), count(*) FILTER (WHERE found <> expected) || ' of ' || count(*) || ' lookups wrong'
FROM (SELECT (SELECT count(*) FROM dt_ins i WHERE i.f = s.f) AS found, s.expected
      FROM (SELECT min(f::text)::fastnumeric AS f, rk, count(*) AS expected FROM dt_rank
            GROUP BY rk) s
      WHERE s.rk % greatest(1, (SELECT max(rk) FROM dt_rank) / 500) = 0) q;
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET enable_sort;

SELECT 'PHASE', 'done';
