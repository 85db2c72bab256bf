-- resolved(expr, source): the type of expr evaluated over the table source, and the operators
-- and functions it resolved to (read from the dependencies of a view over it).  Shared by the
-- regression tests that check how expressions resolve (included with \i; it may already exist).
CREATE OR REPLACE FUNCTION resolved(expr text, source regclass)
RETURNS TABLE (result_type regtype, uses text)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('CREATE TEMP VIEW resolve_probe AS SELECT %s AS r FROM %s', expr, source);
    RETURN QUERY
        SELECT (SELECT atttypid::regtype FROM pg_attribute
                WHERE attrelid = 'resolve_probe'::regclass AND attname = 'r'),
               string_agg(pg_describe_object(d.refclassid, d.refobjid, 0), ', ' ORDER BY 1)
        FROM pg_depend d JOIN pg_rewrite rw ON d.classid = 'pg_rewrite'::regclass AND d.objid = rw.oid
        WHERE rw.ev_class = 'resolve_probe'::regclass
          AND d.refclassid IN ('pg_operator'::regclass, 'pg_proc'::regclass);
    DROP VIEW resolve_probe;
END
$$;
