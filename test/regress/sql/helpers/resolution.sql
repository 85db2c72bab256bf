-- resolution(query): the result type of a one-column query and every operator, function and
-- aggregate its parse tree calls, built-in ones included (read from the stored rule of a
-- temporary view over it: the parse tree names them by OID), or the error it raises.  For
-- the tests that compare resolutions across databases (included with \i; it may already exist).
CREATE OR REPLACE FUNCTION resolution(query text, OUT result_type regtype, OUT calls text)
LANGUAGE plpgsql AS $$
DECLARE
    tree text;
BEGIN
    EXECUTE 'CREATE TEMP VIEW resolution_probe AS ' || query;
    SELECT atttypid::regtype INTO result_type FROM pg_attribute
    WHERE attrelid = 'resolution_probe'::regclass AND attnum = 1;
    SELECT ev_action::text INTO tree FROM pg_rewrite WHERE ev_class = 'resolution_probe'::regclass;
    SELECT string_agg(DISTINCT o, ', ') INTO calls FROM (
        SELECT CASE m[1] WHEN 'opno' THEN m[2]::oid::regoperator::text
                         ELSE m[2]::oid::regprocedure::text END AS o
        FROM regexp_matches(tree, ':(opno|funcid|aggfnoid|winfnoid) ([0-9]+)', 'g') m) s;
    DROP VIEW resolution_probe;
EXCEPTION WHEN others THEN
    result_type := NULL;
    calls := 'ERROR: ' || SQLERRM;
END
$$;
