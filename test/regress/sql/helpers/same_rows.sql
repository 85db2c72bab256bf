-- same_rows(fast, slow): the rows of two queries compared as sets of texts (datum bytes too,
-- where the queries cast to bytea): 'same, N rows' or what differs; and plan_text(query), its
-- EXPLAIN (VERBOSE, COSTS OFF) as one text.  A suite that includes it drops both at its end.
CREATE FUNCTION same_rows(fast text, slow text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    a text[];
    b text[];
BEGIN
    EXECUTE format('SELECT array_agg(r::text ORDER BY r::text) FROM (%s) r', fast) INTO a;
    EXECUTE format('SELECT array_agg(r::text ORDER BY r::text) FROM (%s) r', slow) INTO b;
    RETURN format('%s, %s rows',
                  CASE WHEN a IS NOT DISTINCT FROM b THEN 'same' ELSE 'DIFFERENT: ' || a::text || ' vs ' || b::text END,
                  coalesce(cardinality(a), 0));
END
$$;
CREATE FUNCTION plan_text(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    plan text := '';
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    RETURN plan;
END
$$;
