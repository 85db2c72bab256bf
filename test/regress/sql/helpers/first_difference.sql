-- first_difference(plain, accelerated): where two runs' rows (text each, in their order)
-- first differ, 'DIFFERENT at row N: numeric ..., accelerated ...', or NULL when they are the
-- same (included with \i; it may already exist).
CREATE OR REPLACE FUNCTION first_difference(plain text[], accelerated text[]) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    IF plain IS DISTINCT FROM accelerated THEN
        FOR i IN 1 .. greatest(cardinality(plain), cardinality(accelerated)) LOOP
            IF plain[i] IS DISTINCT FROM accelerated[i] THEN
                RETURN 'DIFFERENT at row ' || i || ': numeric ' || coalesce(plain[i], '(none)')
                       || ', accelerated ' || coalesce(accelerated[i], '(none)');
            END IF;
        END LOOP;
    END IF;
    RETURN NULL;
END
$$;
