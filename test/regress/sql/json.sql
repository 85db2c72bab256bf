--
-- JSON: fastnumeric is rendered exactly as numeric is (numbers, and NaN/Infinity as strings),
-- in to_json, to_jsonb and everything built on them; jsonb -> fastnumeric as jsonb -> numeric
--
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/helpers/outcome.sql

-- the cast PostgreSQL's JSON code looks for: explicit, through our function
SELECT castsource::regtype, casttarget::regtype, castfunc::regprocedure, castcontext
FROM pg_cast WHERE castsource = 'fastnumeric'::regtype AND casttarget = 'json'::regtype;

CREATE TABLE jv (id int, t text);
INSERT INTO jv VALUES (1, '0'), (2, '0.00'), (3, '-0.5'), (4, '1.50'), (5, '12345678901234567890.1234567890'),
    (6, '0.000000000000000000000000000001'), (7, '-1e40'), (8, 'NaN'), (9, 'Infinity'), (10, '-Infinity'),
    (11, '99.99'), (12, '-0.000100');
CREATE TABLE jn AS SELECT id, t::numeric AS x FROM jv;
CREATE TABLE jf AS SELECT id, t::fastnumeric AS x FROM jv;

-- scalars: the same text, as numeric's; in jsonb the same value (numbers compare by value)
SELECT jv.t, to_json(f.x) AS to_json, to_jsonb(f.x) AS to_jsonb,
       to_json(f.x)::text = to_json(n.x)::text AS json_same,
       to_jsonb(f.x) = to_jsonb(n.x) AND to_jsonb(f.x)::text = to_jsonb(n.x)::text AS jsonb_same,
       jsonb_typeof(to_jsonb(f.x)) AS jsonb_type
FROM jv JOIN jf f USING (id) JOIN jn n USING (id) ORDER BY id;
SELECT (SELECT x FROM jf WHERE id = 4)::json AS cast_to_json;

-- everything built on them, against the same over numeric: the text of each result row
CREATE FUNCTION json_forms_compare(forms text[]) RETURNS TABLE (form text, fastnumeric text, same boolean)
LANGUAGE plpgsql AS $$
DECLARE
    f text;
    a text;
    b text;
BEGIN
    FOREACH f IN ARRAY forms LOOP
        BEGIN
            EXECUTE 'SELECT string_agg(r::text, '' | '') FROM (' || replace(f, '{t}', 'jf') || ') q(r)' INTO a;
        EXCEPTION WHEN others THEN
            a := 'ERROR: ' || SQLERRM;
        END;
        BEGIN
            EXECUTE 'SELECT string_agg(r::text, '' | '') FROM (' || replace(f, '{t}', 'jn') || ') q(r)' INTO b;
        EXCEPTION WHEN others THEN
            b := 'ERROR: ' || SQLERRM;
        END;
        form := f;
        fastnumeric := a;
        same := a IS NOT DISTINCT FROM b;
        RETURN NEXT;
    END LOOP;
END
$$;
SELECT * FROM json_forms_compare(ARRAY[
    'SELECT row_to_json(t) FROM {t} t WHERE id IN (4, 8, 12) ORDER BY id',
    'SELECT to_jsonb(t) FROM {t} t WHERE id IN (4, 9) ORDER BY id',
    'SELECT json_agg(x ORDER BY id) FROM {t}',
    'SELECT jsonb_agg(x ORDER BY id) FROM {t}',
    'SELECT json_agg(t ORDER BY id) FROM {t} t WHERE id < 4',
    'SELECT json_build_object(''x'', x, ''neg'', -x) FROM {t} WHERE id IN (3, 10) ORDER BY id',
    'SELECT jsonb_build_object(''x'', x) FROM {t} WHERE id IN (5, 8) ORDER BY id',
    'SELECT json_build_array(x, NULL, x) FROM {t} WHERE id = 11',
    'SELECT jsonb_build_array(x) FROM {t} WHERE id = 6',
    'SELECT json_object_agg(id, x ORDER BY id) FROM {t} WHERE id > 6',
    'SELECT jsonb_object_agg(id, x) FROM {t} WHERE id > 6',
    'SELECT to_json(array_agg(x ORDER BY id)) FROM {t}',
    'SELECT to_jsonb(array_agg(x ORDER BY id)) FROM {t} WHERE id < 5',
    'SELECT array_to_json(array_agg(x ORDER BY id)) FROM {t} WHERE id > 8',
    'SELECT jsonb_set(''{"a": 0, "b": 1}'', ''{a}'', to_jsonb(x)) FROM {t} WHERE id = 4',
    'SELECT jsonb_build_object(''x'', x) @> ''{"x": 1.5}'' FROM {t} ORDER BY id',
    'SELECT jsonb_build_object(''x'', x) -> ''x'' = ''99.990''::jsonb FROM {t} WHERE id = 11',
    'SELECT jsonb_path_query_first(jsonb_build_object(''x'', x), ''$.x * 2'') FROM {t} WHERE id = 4',
    'SELECT jsonb_pretty(jsonb_build_object(''x'', x)) FROM {t} WHERE id = 2',
    'SELECT json_strip_nulls(json_build_object(''x'', x, ''y'', NULL)) FROM {t} WHERE id = 1',
    -- as a key, numeric prints as text; PostgreSQL refuses a type rendered through a cast
    -- (json_categorize_type's JSONTYPE_CAST): write x::numeric or x::text there
    'SELECT json_build_object(x, 1) FROM {t} WHERE id = 4',
    'SELECT jsonb_object_agg(x, id) FROM {t} WHERE id = 4',
    'SELECT json_build_object(x::numeric, 1) FROM {t} WHERE id = 4',
    'SELECT jsonb_object_agg(x::text, id) FROM {t} WHERE id = 4'
]) ORDER BY form;

-- the SQL/JSON constructors (PostgreSQL 16 and later; before, these forms are not run and
-- count as the same)
SELECT current_setting('server_version_num')::int >= 160000 AS sqljson \gset
SELECT form, same FROM json_forms_compare(CASE WHEN :'sqljson'::bool THEN ARRAY[
    'SELECT JSON_OBJECT(''x'' VALUE x) FROM {t} ORDER BY id',
    'SELECT JSON_ARRAY(x, x) FROM {t} ORDER BY id',
    'SELECT JSON_ARRAYAGG(x ORDER BY id) FROM {t}',
    'SELECT JSON_OBJECTAGG(id : x) FROM {t}'
] ELSE '{}' END)
UNION ALL
SELECT form, true FROM unnest(CASE WHEN :'sqljson'::bool THEN '{}' ELSE ARRAY[
    'SELECT JSON_OBJECT(''x'' VALUE x) FROM {t} ORDER BY id',
    'SELECT JSON_ARRAY(x, x) FROM {t} ORDER BY id',
    'SELECT JSON_ARRAYAGG(x ORDER BY id) FROM {t}',
    'SELECT JSON_OBJECTAGG(id : x) FROM {t}'
] END) form
ORDER BY 1;

-- jsonb -> fastnumeric: numeric's function, so numeric's values and errors (the messages
-- name numeric, as numeric's do), the typmod applied after
SELECT j, (j::jsonb)::fastnumeric AS fastnumeric, pg_typeof((j::jsonb)::fastnumeric),
       ((j::jsonb)::fastnumeric)::text = ((j::jsonb)::numeric)::text AS same
FROM unnest(ARRAY['1.50', '-0', '1e3', '-1.5e-20', '"NaN"']) j WHERE j <> '"NaN"';
SELECT j, outcome(format('SELECT (%L::jsonb)::fastnumeric', j)) AS fastnumeric,
       outcome(format('SELECT (%L::jsonb)::fastnumeric', j)) = outcome(format('SELECT (%L::jsonb)::numeric', j)) AS same
FROM unnest(ARRAY['"NaN"', '"1.5"', 'true', '[1]', '{"a": 1}']) j;
-- jsonb null: an error before PostgreSQL 17, NULL from 17 on; either way numeric's
SELECT outcome('SELECT (''null''::jsonb)::fastnumeric') = outcome('SELECT (''null''::jsonb)::numeric') AS null_same,
       outcome('SELECT 1 WHERE (''null''::jsonb)::fastnumeric IS NULL')
         = outcome('SELECT 1 WHERE (''null''::jsonb)::numeric IS NULL') AS null_value_same;
SELECT ('{"p": 1.25}'::jsonb -> 'p')::fastnumeric(3,1) AS typmod, ('{"p": 1.25}'::jsonb -> 'p')::numeric(3,1);
SELECT ('{"p": 123.4}'::jsonb -> 'p')::fastnumeric(3,1);
SELECT ('{"p": 123.4}'::jsonb -> 'p')::numeric(3,1);
-- json has no cast to numeric, nor to fastnumeric (->> gives text, which casts)
SELECT outcome('SELECT ''1.5''::json::fastnumeric') AS json_cast, outcome('SELECT ''1.5''::json::numeric') AS numeric_json_cast;
SELECT ('{"p": 1.50}'::json ->> 'p')::fastnumeric;

-- records from JSON into fastnumeric columns: the input function, typmods applied
CREATE TYPE jrow AS (a fastnumeric, b fastnumeric(5,2));
SELECT * FROM jsonb_to_record('{"a": 1.50, "b": 2.345}') AS x(a fastnumeric, b fastnumeric(5,2));
SELECT * FROM json_populate_record(NULL::jrow, '{"a": "NaN", "b": -0.004}');
SELECT * FROM jsonb_populate_recordset(NULL::jrow, '[{"a": 1e3}, {"b": "12"}]');
SELECT * FROM jsonb_to_record('{"b": 12345.6}') AS x(b fastnumeric(5,2));
SELECT * FROM jsonb_to_record('{"b": 12345.6}') AS x(b numeric(5,2));
