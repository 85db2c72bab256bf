--
-- fastnumeric as a drop-in for numeric: the expressions applications write, over a numeric
-- table and the same over a fastnumeric one; which resolve, to what type, with what value
--
SET extra_float_digits = 0;
SET lc_monetary = 'C';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/resolution.sql

-- the same rows, one table per type (price, qty, rate); the other columns are the same types
CREATE TABLE dn (id int, price numeric, qty numeric, rate numeric, i int4, b int8, s int2,
                 f4 real, f8 float8, m money, j jsonb, r numrange);
INSERT INTO dn VALUES
    (1, 2.50, 3, 0.05, 1, 10, 2, 1.5, 2.5, '1.25', '{"p": 2.50}', '[1,5)'),
    (2, 10.00, 1.5, 0.10, 2, 20, 3, 0.1, 0.1, '10', '{"p": 1e3}', '[0,100)'),
    (3, 0.125, 8, 1.5, 3, 30, 4, 2.5, 0.125, '0.5', '{"p": -7}', '(0,1]'),
    (4, 99.99, 0.333, 0.0125, 4, 40, 5, 100, 99.99, '99.99', '{"p": 0.001}', '[50,)'),
    (5, NULL, 2, 0, 5, 50, 6, NULL, NULL, NULL, '{"p": 5}', NULL);
CREATE TABLE df (id int, price fastnumeric, qty fastnumeric, rate fastnumeric, i int4, b int8,
                 s int2, f4 real, f8 float8, m money, j jsonb, r numrange);
INSERT INTO df SELECT * FROM dn;

-- dropin_probe(query): its result type and its rows as one text, or its error
CREATE FUNCTION dropin_probe(query text, OUT result_type regtype, OUT value text, OUT error text)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE 'CREATE TEMP VIEW dropin_view AS ' || query;
    SELECT atttypid::regtype INTO result_type FROM pg_attribute
    WHERE attrelid = 'dropin_view'::regclass AND attnum = 1;
    EXECUTE 'SELECT string_agg(coalesce(v::text, ''NULL''), '', '') FROM dropin_view v' INTO value;
    DROP VIEW dropin_view;
EXCEPTION WHEN others THEN
    result_type := NULL;
    value := NULL;
    error := SQLERRM;
END
$$;

-- The forms: an expression (evaluated as SELECT <form> FROM {t}), or a whole query over {t}.
CREATE TABLE dropin_forms (n serial, form text);
INSERT INTO dropin_forms (form) VALUES
    -- comparisons
    ('price = 5'), ('price = 2.5'), ('price = ''2.50'''), ('price > 3'), ('price <> qty'),
    ('price = i'), ('price < b'), ('price >= s'), ('5 = price'), ('price = f8'), ('price = f4'),
    ('price = 2.5::float8'), ('price < f8'), ('f8 = price'), ('price <= 0.125::real'),
    ('price BETWEEN 1 AND 10'), ('price BETWEEN f8 AND 10'), ('price IN (2.5, 10, 3)'),
    ('price NOT IN (1, 2)'), ('price = ANY (ARRAY[2.5, 10])'), ('price = ANY (ARRAY[10, 20])'),
    ('price = ANY (ARRAY[2.5::float8])'), ('price IS DISTINCT FROM 2.5'), ('price = qty * 2'),
    ('price > ALL (SELECT 1.5)'), ('(price, qty) < (3, 3)'),
    -- arithmetic
    ('price + 1'), ('price - 1.5'), ('price * qty'), ('price / 3'), ('price % 2'), ('price ^ 2'),
    ('price + i'), ('price * b'), ('price - s'), ('price + f8'), ('price * 1.5::float8'),
    ('price / f4'), ('f8 - price'), ('i + price'), ('1.5 + price'), ('price + ''1'''),
    ('-price'), ('+price'), ('@ price'), ('price * qty + rate'), ('m * price'), ('price * m'),
    ('interval ''1 day'' * price'), ('price * interval ''1 hour'''),
    -- functions with a fastnumeric version
    ('round(price)'), ('round(price, 2)'), ('round(price, -1)'), ('round(price, i)'),
    ('round(price, 1000)::text = round(price::numeric, 1000)::text'), ('trunc(price)'),
    ('trunc(price, 1)'), ('ceil(price)'), ('ceiling(price)'), ('floor(price)'), ('sign(price - 3)'),
    ('trim_scale(price)'), ('abs(price - 50)'), ('mod(price, 2)'), ('mod(price, qty)'),
    ('mod(price, ''2'')'), ('mod(''7'', price)'), ('mod('' 7.50 '', qty)'), ('div(price, 3)'),
    ('div(price, qty)'), ('sqrt(price)'), ('exp(rate)'),
    ('ln(price)'), ('log(price)'), ('log10(price)'), ('power(price, 2)'), ('power(2, price)'),
    ('power(price, 0.5)'), ('pow(price, 2)'), ('power(price, ''2'')'), ('power(price, qty)'),
    ('width_bucket(price, 0, 100, 4)'), ('width_bucket(price, 0.0, 100.0, 4)'),
    ('to_char(price, ''FM999D00'')'), ('to_char(price, ''999.999'')'),
    ('float8(price)'), ('float4(price)'), ('int4(price)'), ('int8(price)'), ('int2(price)'),
    ('money(price)'),
    -- numeric's own, through the free cast or the implicit cast to float8
    ('scale(price)'), ('min_scale(price)'), ('log(2, price)'), ('gcd(price, 5)'),
    ('width_bucket(price, ARRAY[1.0, 5.0, 10.0])'), ('width_bucket(price, ARRAY[1, 5, 10])'),
    ('width_bucket(price, 0.5::float8, 100, 4)'), ('"numeric"(price)'),
    ('sin(price)'), ('degrees(rate)'), ('cbrt(price)'), ('atan2(price, qty)'),
    ('to_timestamp(price)'), ('make_interval(secs => price)'), ('price::text'), ('price::varchar'),
    ('price || ''x'''), ('concat(price, ''x'')'), ('format(''%s'', price)'), ('length(price::text)'),
    ('price::int4'), ('price::int8'), ('price::float8'), ('price::real'), ('price::money'),
    ('price::numeric(10,1)'), ('m::numeric = price'), ('(j->''p'')::numeric = price'),
    ('generate_series(price, price + 1)'), ('generate_series(1, price)'),
    -- conditional and set forms
    ('greatest(price, qty)'), ('greatest(price, 0)'), ('greatest(price, 0.0)'), ('least(price, f8)'),
    ('coalesce(price, 0)'), ('coalesce(price, 0.0)'), ('coalesce(price, qty)'),
    ('coalesce(price, ''0'')'), ('coalesce(price, f8)'), ('nullif(price, 10)'),
    ('CASE WHEN i > 2 THEN price ELSE 0 END'), ('CASE WHEN i > 2 THEN price ELSE 0.0 END'),
    ('CASE WHEN i > 2 THEN price ELSE qty END'), ('CASE WHEN i > 2 THEN price ELSE f8 END'),
    ('CASE price WHEN 2.5 THEN 1 ELSE 0 END'),
    ('SELECT price FROM {t} UNION ALL SELECT 0'), ('SELECT price FROM {t} UNION ALL SELECT 0.0'),
    ('SELECT price FROM {t} UNION ALL SELECT f8 FROM {t}'), ('SELECT qty FROM {t} UNION SELECT 2'),
    ('SELECT v FROM {t}, LATERAL (VALUES (price), (0)) x(v)'),
    ('SELECT v FROM {t}, LATERAL (VALUES (price), (1.5)) x(v)'),
    ('SELECT v FROM {t}, LATERAL (VALUES (price), (''1.5'')) x(v)'),
    ('SELECT ARRAY[price, 0] FROM {t}'), ('SELECT ARRAY[price, 0.5] FROM {t}'),
    ('SELECT price FROM {t} ORDER BY price DESC NULLS LAST'), ('SELECT DISTINCT price FROM {t} ORDER BY 1'),
    -- ranges
    ('numrange(1, 10) @> price'), ('price <@ numrange(1, 10)'), ('r @> price'),
    ('nummultirange(numrange(0, 3), numrange(9, 11)) @> price'), ('price <@ nummultirange(r)'),
    ('numrange(price, price + 1)'), ('numrange(1, 10) @> ''[2,3)'''), ('int4range(1, 10) @> price'),
    -- JSON
    ('to_json(price)'), ('to_jsonb(price)'), ('json_build_object(''p'', price)'),
    ('jsonb_build_object(''p'', price, ''q'', qty)'), ('json_build_array(price, qty)'),
    ('SELECT row_to_json(x) FROM (SELECT price, qty FROM {t}) x'),
    ('SELECT to_jsonb(x) FROM (SELECT price, qty FROM {t}) x'),
    ('(j->''p'')::fastnumeric'), ('SELECT jsonb_build_object(price, 1) FROM {t} WHERE price IS NOT NULL'),
    -- aggregates
    ('sum(price)'), ('avg(price)'), ('min(price)'), ('max(price)'), ('count(price)'),
    ('sum(price * qty)'), ('sum(round(price, 1))'), ('avg(round(price, 1))'), ('sum(price + 1)'),
    ('sum(coalesce(price, 0))'), ('sum(price) FILTER (WHERE i > 2)'), ('sum(f8 * price)'),
    ('stddev(price)'), ('stddev_pop(price)'), ('stddev_samp(price)'), ('variance(price)'),
    ('var_pop(price)'), ('var_samp(price)'), ('corr(price, qty)'), ('covar_pop(price, qty)'),
    ('covar_samp(price, f8)'), ('regr_slope(price, qty)'), ('regr_intercept(price, qty)'),
    ('regr_r2(price, qty)'), ('regr_count(price, qty)'), ('regr_avgx(price, i)'),
    ('percentile_cont(0.5) WITHIN GROUP (ORDER BY price)'),
    ('percentile_disc(0.5) WITHIN GROUP (ORDER BY price)'),
    ('mode() WITHIN GROUP (ORDER BY price)'), ('array_agg(price ORDER BY id)'),
    ('string_agg(price::text, '','' ORDER BY id)'), ('json_agg(price ORDER BY id)'),
    ('jsonb_agg(price ORDER BY id)'), ('json_object_agg(id, price)'), ('jsonb_object_agg(id, price)'),
    ('SELECT json_object_agg(price, id) FROM {t} WHERE price IS NOT NULL'), ('bool_and(price > 0)'), ('max(price * 2)'),
    -- window functions
    ('lag(price) OVER (ORDER BY id)'), ('lag(price, 1, 0) OVER (ORDER BY id)'),
    ('lag(price, 1, 0.0) OVER (ORDER BY id)'), ('lead(price, 1, qty) OVER (ORDER BY id)'),
    ('sum(price) OVER (ORDER BY id)'), ('avg(price) OVER (ORDER BY id ROWS 1 PRECEDING)'),
    ('first_value(price) OVER (ORDER BY id)'), ('rank() OVER (ORDER BY price)'),
    ('sum(qty) OVER (ORDER BY qty RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)');

-- numeric's outcome, fastnumeric's, and whether they agree: the same value, and the same
-- type, or fastnumeric where numeric gives numeric
CREATE TEMP TABLE dropin_outcomes AS
SELECT n, form, nr.result_type AS n_type, fr.result_type AS f_type, nr.value AS n_value,
       fr.value AS f_value, nr.error AS n_error, fr.error AS f_error
FROM dropin_forms,
     LATERAL (SELECT CASE WHEN form LIKE 'SELECT %' THEN form ELSE 'SELECT ' || form || ' FROM {t}' END AS q) q,
     LATERAL dropin_probe(replace(q.q, '{t}', 'dn')) nr,
     LATERAL dropin_probe(replace(q.q, '{t}', 'df')) fr;

SELECT form, coalesce(n_type::text, 'error') AS numeric, coalesce(f_type::text, 'error') AS fastnumeric,
       CASE WHEN n_error IS NULL AND f_error IS NULL THEN
                 CASE WHEN n_value IS DISTINCT FROM f_value THEN 'VALUES DIFFER: ' || n_value || ' / ' || f_value
                      WHEN n_type = f_type OR (n_type, f_type) IN (('numeric'::regtype, 'fastnumeric'::regtype),
                                                                ('numeric[]'::regtype, 'fastnumeric[]'::regtype)) THEN 'same'
                      ELSE 'TYPES DIFFER' END
            WHEN n_error IS NOT NULL AND f_error IS NOT NULL THEN
                 CASE WHEN replace(f_error, 'fastnumeric', 'numeric') = n_error THEN 'both fail alike'
                      ELSE 'both fail: ' || n_error || ' / ' || f_error END
            WHEN f_error IS NOT NULL THEN 'fastnumeric fails: ' || f_error
            ELSE 'numeric fails: ' || n_error END AS outcome
FROM dropin_outcomes ORDER BY n;

SELECT count(*) AS forms,
       count(*) FILTER (WHERE n_error IS NULL AND f_error IS NULL AND n_value IS NOT DISTINCT FROM f_value
                        AND n_type = f_type) AS same_type_and_value,
       count(*) FILTER (WHERE n_error IS NULL AND f_error IS NULL AND n_value IS NOT DISTINCT FROM f_value
                        AND (n_type, f_type) IN (('numeric'::regtype, 'fastnumeric'::regtype),
                                                 ('numeric[]'::regtype, 'fastnumeric[]'::regtype))) AS fastnumeric_for_numeric,
       count(*) FILTER (WHERE n_error IS NOT NULL AND f_error IS NOT NULL) AS both_fail,
       count(*) FILTER (WHERE n_error IS NULL AND f_error IS NOT NULL) AS only_fastnumeric_fails,
       count(*) FILTER (WHERE n_error IS NOT NULL AND f_error IS NULL) AS only_numeric_fails
FROM dropin_outcomes;

--
-- Every built-in function, aggregate and operator taking numeric, called with a fastnumeric
-- column where the numeric one was (the other arguments typed NULLs): it must resolve to a
-- function or operator of the same name and result type (fastnumeric for numeric allowed).
-- Those with a float8 twin are why fastnumeric has its own versions: without them the
-- implicit cast to float8 would win.  Listed: every call that resolves otherwise.
--
CREATE TEMP TABLE catalog_calls AS
WITH calls AS (
    SELECT p.oid::regprocedure::text AS target, p.proname::text AS name, p.prorettype::regtype AS rettype,
           format('SELECT %s(%s)%s FROM {t}', quote_ident(p.proname),
                  (SELECT string_agg(CASE WHEN k = pos THEN 'price' ELSE format('NULL::%s', format_type(a, NULL)) END,
                                     ', ' ORDER BY k)
                   FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY x(a, k)),
                  CASE p.prokind WHEN 'w' THEN ' OVER ()' ELSE '' END) AS q
    FROM pg_proc p,
         LATERAL generate_subscripts(p.proargtypes::oid[], 1) s(i),
         LATERAL (SELECT s.i + 1 AS pos) pos
    WHERE p.pronamespace = 'pg_catalog'::regnamespace
      AND p.proargtypes[s.i] = 'numeric'::regtype
      AND p.prokind IN ('f', 'a', 'w') AND p.provariadic = 0
      AND NOT EXISTS (SELECT 1 FROM pg_aggregate WHERE aggfnoid = p.oid AND aggkind <> 'n')
      AND NOT EXISTS (SELECT 1 FROM unnest(p.proargtypes::oid[] || p.prorettype) a JOIN pg_type t ON t.oid = a
                      WHERE t.typtype = 'p')
    UNION ALL
    SELECT o.oid::regoperator::text, o.oprname::text, o.oprresult::regtype,
           CASE WHEN o.oprleft = 0 THEN format('SELECT %s price FROM {t}', o.oprname)
                WHEN side = 'left' THEN format('SELECT price %s NULL::%s FROM {t}', o.oprname, format_type(o.oprright, NULL))
                ELSE format('SELECT NULL::%s %s price FROM {t}', format_type(o.oprleft, NULL), o.oprname) END
    FROM pg_operator o, unnest(ARRAY['left', 'right']) side
    WHERE o.oprnamespace = 'pg_catalog'::regnamespace
      AND ((side = 'left' AND o.oprleft = 'numeric'::regtype) OR (side = 'right' AND o.oprright = 'numeric'::regtype))
)
SELECT target, name, rettype, q, (resolution(replace(q, '{t}', 'df'))).*
FROM calls;

SELECT count(*) > 140 AS many_calls_checked FROM catalog_calls;
SELECT target, q, result_type, calls
FROM catalog_calls
WHERE calls LIKE 'ERROR%'
   OR NOT (result_type = rettype OR (rettype = 'numeric'::regtype AND result_type = 'fastnumeric'::regtype))
   OR NOT EXISTS (SELECT 1 FROM unnest(string_to_array(calls, ', ')) c
                  WHERE c LIKE name || '(%' OR c LIKE 'pg_catalog.' || name || '(%'
                     OR c LIKE '"' || name || '"(%')
ORDER BY 1, 2;

--
-- Installing the extension leaves the expressions without fastnumeric as they were: every
-- form above over the numeric table, and each function name the extension overloads called
-- with every mix of untyped, numeric, integer and NULL literals, resolved here and in a
-- database without the extension.  Listed: every one that resolves differently.
--
CREATE TEMP TABLE unchanged_forms AS
SELECT replace(CASE WHEN form LIKE 'SELECT %' THEN form ELSE 'SELECT ' || form || ' FROM {t}' END, '{t}', 'dn') AS q
FROM dropin_forms WHERE form NOT LIKE '%fastnumeric%'
UNION
SELECT format('SELECT %s(%s)', quote_ident(p.proname), string_agg(a.arg, ', ' ORDER BY k))
FROM (SELECT DISTINCT proname, pronargs FROM pg_proc
      WHERE pronamespace = (SELECT extnamespace FROM pg_extension WHERE extname = 'fastnumeric')
        AND prokind IN ('f', 'a') AND proname IN (SELECT proname FROM pg_proc WHERE pronamespace = 'pg_catalog'::regnamespace)) p,
     -- every mix of the four kinds of literal over the arguments: c numbers one mix
     LATERAL generate_series(0, (4 ^ p.pronargs)::int - 1) c,
     LATERAL generate_series(1, p.pronargs) k,
     LATERAL (SELECT CASE WHEN p.proname IN ('to_char') AND k = 2 THEN '''999'''
                          ELSE (ARRAY['''2.5''', '2.5', '2', 'NULL'])[(c / (4 ^ (k - 1))::int) % 4 + 1] END AS arg) a
GROUP BY p.proname, p.pronargs, c;
SELECT count(*) > 300 AS many_forms FROM unchanged_forms;
SELECT array_agg(q ORDER BY q)::text AS unchanged_queries FROM unchanged_forms \gset
SELECT current_database() AS regress_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS dropin_base;   -- left by an interrupted run
RESET client_min_messages;
CREATE DATABASE dropin_base;
\c dropin_base
SET extra_float_digits = 0;
SET lc_monetary = 'C';
CREATE TABLE dn (id int, price numeric, qty numeric, rate numeric, i int4, b int8, s int2,
                 f4 real, f8 float8, m money, j jsonb, r numrange);
\i :abs_srcdir/sql/helpers/resolution.sql
SELECT json_object_agg(q, json_build_array(r.result_type::text, r.calls))::text AS baseline
FROM unnest(:'unchanged_queries'::text[]) q, LATERAL resolution(q) r \gset
\c :regress_db
DROP DATABASE dropin_base;
SELECT b.key AS query, b.value->>0 AS before_type, b.value->>1 AS before, r.result_type AS now_type, r.calls AS now
FROM json_each(:'baseline'::json) b, LATERAL resolution(b.key) r
WHERE (b.value->>0) IS DISTINCT FROM r.result_type::text OR (b.value->>1) IS DISTINCT FROM r.calls
ORDER BY 1;
