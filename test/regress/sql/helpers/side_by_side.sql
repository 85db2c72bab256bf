-- The side-by-side machinery of the bad-input suites: each statement template runs with
-- {T} = numeric and with {T} = fastnumeric, and shows the outcome (value and bytes, or SQLSTATE,
-- message and DETAIL) and, for statements on bad_{T}, how many rows the table kept.
-- A suite that includes it ends with helpers/side_by_side_drop.sql.

-- superuser-only binary casts that show a datum's bytes (input_result needs them)
CREATE CAST (numeric AS bytea) WITHOUT FUNCTION;
CREATE CAST (fastnumeric AS bytea) WITHOUT FUNCTION;

-- Results longer than a line are shown by their start, length and md5, so equal lines still
-- mean equal results.
CREATE FUNCTION brief(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN length(t) <= 160 THEN t
                ELSE left(t, 60) || '... (' || length(t) || ' chars, md5 ' || left(md5(t), 12) || ')'
           END
$$;

-- Tables the statements load; a statement that names bad_{T} also reports how many rows
-- the table kept afterwards (then it is emptied for the next case).
CREATE TABLE bad_numeric (v numeric, v42 numeric(4,2));
CREATE TABLE bad_fastnumeric (v fastnumeric, v42 fastnumeric(4,2));

CREATE FUNCTION attempt(template text, type text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    result text := outcome(replace(template, '{T}', type));
    kept bigint;
BEGIN
    IF position('bad_{T}' IN template) > 0 THEN
        EXECUTE format('SELECT count(*) FROM bad_%s', type) INTO kept;
        EXECUTE format('TRUNCATE bad_%s', type);
        result := result || '; kept ' || kept;
    END IF;
    RETURN brief(result);
END
$$;

-- side_by_side(template): the statement with {T} = numeric and with {T} = fastnumeric
CREATE FUNCTION side_by_side(template text, OUT "numeric" text, OUT fastnumeric text)
LANGUAGE sql AS $$ SELECT attempt(template, 'numeric'), attempt(template, 'fastnumeric') $$;

-- copy_from(lines, options, col): the lines written to a server-side file by COPY ... TO
-- with the options, then COPY bad_{T} (col) FROM that file with the same options, both types
CREATE FUNCTION copy_from(lines anyarray, options text, col text DEFAULT 'v',
                          OUT "numeric" text, OUT fastnumeric text)
LANGUAGE plpgsql AS $$
DECLARE
    file text := current_setting('data_directory') || '/fastnumeric_bad_input.data';
BEGIN
    EXECUTE format('COPY (SELECT l FROM unnest(%L::%s) WITH ORDINALITY u(l, i) ORDER BY i) TO %L (%s)',
                   lines, pg_typeof(lines), file, options);
    SELECT * INTO "numeric", fastnumeric
    FROM side_by_side(format('COPY bad_{T} (%I) FROM %L (%s)', col, file, options));
END
$$;
