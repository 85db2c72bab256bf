-- session.sql -- what run_tagged (psql.py) puts before every suite's script: stop at the first
-- error, no notices among the tagged rows, no JIT compiling the comparisons, and hx(), the
-- hex encoding texts travel in (NULL as '~'; psql.unhex reads it back).
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
SET jit = off;
CREATE FUNCTION pg_temp.hx(s text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN s IS NULL THEN '~' ELSE encode(convert_to(s, 'UTF8'), 'hex') END $$;
