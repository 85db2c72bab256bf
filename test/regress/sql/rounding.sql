--
-- round, trunc, ceil/ceiling, floor, sign and mod on fastnumeric, and fastnumeric_round,
-- fastnumeric_trunc and fastnumeric_trim_scale (round and trunc with a scale, and trim_scale,
-- are not overloaded: see the install script): fastnumeric results with numeric's values,
-- bytes and errors
--
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;
CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;

CREATE TABLE rv (id int, t text);
INSERT INTO rv VALUES (1, '0'), (2, '0.000'), (3, '2.5'), (4, '-2.5'), (5, '1.005'), (6, '-0.4'),
    (7, '0.6'), (8, '9999.99995'), (9, '-9999.5'), (10, '12345.678'), (11, '0.0000001'),
    (12, '-123456789012345678901234567890.987654321'), (13, '5e131071'), (14, '1e-16383'),
    (15, 'NaN'), (16, 'Infinity'), (17, '-Infinity');
CREATE TABLE rn AS SELECT id, t::numeric AS x FROM rv;
CREATE TABLE rf AS SELECT id, t::fastnumeric AS x FROM rv;

-- each function at scales from -1000 to 1000 and beyond numeric's bounds: the very bytes of
-- numeric's result (and its error where there is one), the type fastnumeric
CREATE FUNCTION round_compare(f text, scales int[], fast text DEFAULT NULL) RETURNS TABLE (fn text, checked bigint, same_bytes bigint, same_errors bigint, fastnumeric_type bool)
LANGUAGE plpgsql AS $$
DECLARE
    r record;
    s int;
    a bytea;
    b bytea;
    ea text;
    eb text;
    typ regtype;
BEGIN
    fn := f; checked := 0; same_bytes := 0; same_errors := 0; fastnumeric_type := true;
    FOR r IN SELECT rf.x AS xf, rn.x AS xn FROM rf JOIN rn USING (id) LOOP
        FOREACH s IN ARRAY scales LOOP
            a := NULL; b := NULL; ea := NULL; eb := NULL;
            BEGIN
                EXECUTE format('SELECT (%s)::bytea, pg_typeof(%s) FROM (SELECT $1 AS x, $2 AS s) v',
                               coalesce(fast, f), coalesce(fast, f))
                    INTO a, typ USING r.xf, s;
                fastnumeric_type := fastnumeric_type AND typ = 'fastnumeric'::regtype;
            EXCEPTION WHEN others THEN
                ea := SQLSTATE || ' ' || SQLERRM;
            END;
            BEGIN
                EXECUTE format('SELECT (%s)::bytea FROM (SELECT $1 AS x, $2 AS s) v', f) INTO b USING r.xn, s;
            EXCEPTION WHEN others THEN
                eb := SQLSTATE || ' ' || SQLERRM;
            END;
            checked := checked + 1;
            IF ea IS NULL AND eb IS NULL AND a IS NOT DISTINCT FROM b THEN
                same_bytes := same_bytes + 1;
            ELSIF ea IS NOT NULL AND ea = eb THEN
                same_errors := same_errors + 1;
            ELSE
                RAISE NOTICE '% on %, scale %: % / %', f, r.xn, s, coalesce(ea, a::text), coalesce(eb, b::text);
            END IF;
        END LOOP;
    END LOOP;
    RETURN NEXT;
END
$$;
SELECT (round_compare(f, ARRAY[-2147483648, -1000000, -131073, -131072, -131071, -1000, -20, -5, -4, -3,
                               -1, 0, 1, 2, 3, 4, 5, 8, 63, 64, 1000, 16383, 16384, 2147483647],
       'fastnumeric_' || f)).*
FROM unnest(ARRAY['round(x, s)', 'trunc(x, s)']) f;
SELECT (round_compare(f, ARRAY[0], CASE f WHEN 'trim_scale(x)' THEN 'fastnumeric_trim_scale(x)' END)).*
FROM unnest(ARRAY['round(x)', 'trunc(x)', 'ceil(x)', 'ceiling(x)', 'floor(x)', 'sign(x)', 'trim_scale(x)',
                  'mod(x, 3)', 'mod(x, -0.7)', 'mod(x, 0)']) f;

-- values, as numeric prints them
SELECT t, fastnumeric_round(f.x, 2) AS round2, round(f.x) AS round0, fastnumeric_round(f.x, -2) AS round_2,
       fastnumeric_trunc(f.x, 1) AS trunc1, ceil(f.x), floor(f.x), sign(f.x), fastnumeric_trim_scale(f.x)
FROM rv JOIN rf f USING (id) WHERE id NOT IN (13, 14) ORDER BY id;
SELECT fastnumeric_round('1.5', 5), fastnumeric_trunc('-1.999', 5),
       fastnumeric_round('123.456', 1000)::text = round('123.456'::numeric, 1000)::text AS r1000;
SELECT scale(fastnumeric_round('1.5', 20000)) AS scale_bounded, scale(round('1.5'::numeric, 20000)) AS numeric_scale;
-- a carry out of numeric's largest weight: numeric's error
SELECT fastnumeric_round('5e131071', -131072);
SELECT round('5e131071'::numeric, -131072);
SELECT mod('1'::fastnumeric, 0);
SELECT fastnumeric_round(NULL, 2) IS NULL AS strict, fastnumeric_round('1', NULL) IS NULL AS strict_scale;
-- round(x, s), trunc(x, s), trim_scale(x) and div(x, y) of a fastnumeric are numeric's own
SELECT pg_typeof(round('1.5'::fastnumeric, 1)), pg_typeof(trunc('1.5'::fastnumeric, 1)),
       pg_typeof(trim_scale('1.50'::fastnumeric)), pg_typeof(div('7'::fastnumeric, 2));

-- rounding that keeps fastnumeric: sum(fastnumeric_round(price, 2)) is fastnumeric's sum, over
-- stored values
CREATE TABLE prices (price fastnumeric(12,4));
INSERT INTO prices SELECT (i * 1.2345)::numeric(12,4) FROM generate_series(1, 1000) i;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(fastnumeric_round(price, 2)) FROM prices;
SELECT sum(fastnumeric_round(price, 2)) AS fastnumeric_sum, sum(round(price::numeric, 2)) AS numeric_sum,
       pg_typeof(sum(fastnumeric_round(price, 2))) FROM prices;
SELECT sum(trunc(price)), sum(ceil(price)), sum(floor(price)), avg(fastnumeric_round(price, 1)) FROM prices;

DROP CAST (fastnumeric AS bytea);
DROP CAST (numeric AS bytea);
