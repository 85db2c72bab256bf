-- A schema of lookalikes (test_lifecycle_install.py), made by the installer: each records its
-- call in app.calls and then does what the real one would, so an install that calls it still
-- succeeds and can be compared with a clean one.
CREATE SCHEMA app;
CREATE TABLE app.calls (who name, what text);
GRANT INSERT ON app.calls TO PUBLIC;
CREATE FUNCTION app.called(what text) RETURNS void LANGUAGE sql
    AS $$ INSERT INTO app.calls VALUES (current_user, what) $$;
CREATE FUNCTION app.format(pg_catalog.text, VARIADIC pg_catalog.text[]) RETURNS pg_catalog.text
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('format(text, VARIADIC text[])');
                              RETURN pg_catalog.format($1, VARIADIC $2); END $$;
CREATE FUNCTION app.format(pg_catalog.text, pg_catalog.text, pg_catalog.text, pg_catalog.text, pg_catalog.text)
    RETURNS pg_catalog.text
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('format(text, text, text, text, text)');
                              RETURN pg_catalog.format($1, $2, $3, $4, $5); END $$;
CREATE FUNCTION app.textcat(pg_catalog.text, pg_catalog.text) RETURNS pg_catalog.text
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('||(text, text)'); RETURN pg_catalog.textcat($1, $2); END $$;
CREATE OPERATOR app.|| (LEFTARG = pg_catalog.text, RIGHTARG = pg_catalog.text, FUNCTION = app.textcat);
CREATE FUNCTION app.texteq(pg_catalog.text, pg_catalog.text) RETURNS pg_catalog.bool
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('=(text, text)'); RETURN pg_catalog.texteq($1, $2); END $$;
CREATE OPERATOR app.= (LEFTARG = pg_catalog.text, RIGHTARG = pg_catalog.text, FUNCTION = app.texteq);
CREATE FUNCTION app.textne(pg_catalog.text, pg_catalog.text) RETURNS pg_catalog.bool
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('<>(text, text)'); RETURN pg_catalog.textne($1, $2); END $$;
CREATE OPERATOR app.<> (LEFTARG = pg_catalog.text, RIGHTARG = pg_catalog.text, FUNCTION = app.textne);
CREATE FUNCTION app.numeric_eq(pg_catalog.numeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('=(numeric, numeric)'); RETURN pg_catalog.numeric_eq($1, $2); END $$;
CREATE OPERATOR app.= (LEFTARG = pg_catalog.numeric, RIGHTARG = pg_catalog.numeric, FUNCTION = app.numeric_eq);
CREATE FUNCTION app.numeric_lt(pg_catalog.numeric, pg_catalog.numeric) RETURNS pg_catalog.bool
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('<(numeric, numeric)'); RETURN pg_catalog.numeric_lt($1, $2); END $$;
CREATE OPERATOR app.< (LEFTARG = pg_catalog.numeric, RIGHTARG = pg_catalog.numeric, FUNCTION = app.numeric_lt);
CREATE FUNCTION app.int4eq(pg_catalog.int4, pg_catalog.int4) RETURNS pg_catalog.bool
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('=(int4, int4)'); RETURN pg_catalog.int4eq($1, $2); END $$;
CREATE OPERATOR app.= (LEFTARG = pg_catalog.int4, RIGHTARG = pg_catalog.int4, FUNCTION = app.int4eq);
CREATE FUNCTION app.numeric_cmp(pg_catalog.numeric, pg_catalog.numeric) RETURNS pg_catalog.int4
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('numeric_cmp'); RETURN pg_catalog.numeric_cmp($1, $2); END $$;
CREATE FUNCTION app.hash_numeric(pg_catalog.numeric) RETURNS pg_catalog.int4
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('hash_numeric'); RETURN pg_catalog.hash_numeric($1); END $$;
CREATE FUNCTION app.fastnumeric_cmp(pg_catalog.numeric, pg_catalog.numeric) RETURNS pg_catalog.int4
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('fastnumeric_cmp(numeric, numeric)'); RETURN 0; END $$;
CREATE FUNCTION app.fastnumeric_smaller(pg_catalog.numeric, pg_catalog.numeric) RETURNS pg_catalog.numeric
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('fastnumeric_smaller(numeric, numeric)'); RETURN $1; END $$;
CREATE FUNCTION app.abs(pg_catalog.numeric) RETURNS pg_catalog.numeric
    LANGUAGE plpgsql AS $$ BEGIN PERFORM app.called('abs(numeric)'); RETURN pg_catalog.abs($1); END $$;
CREATE DOMAIN app.numeric AS pg_catalog.int8;
CREATE DOMAIN app.int4 AS pg_catalog.int8;
CREATE DOMAIN app.int8 AS pg_catalog.int4;
CREATE DOMAIN app.text AS pg_catalog.varchar;
CREATE DOMAIN app.bool AS pg_catalog.int4;
CREATE DOMAIN app.cstring AS pg_catalog.text;
CREATE DOMAIN app.internal AS pg_catalog.int4;
CREATE DOMAIN app.float8 AS pg_catalog.int4;
CREATE DOMAIN app.bytea AS pg_catalog.text;
