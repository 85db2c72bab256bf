-- input_result(txt, typmod, fast): what one input function makes of one text under one typmod:
-- the output text and the datum's bytes, or the error's SQLSTATE and message.  fast picks
-- fastnumeric_in, else numeric_in.  Needs the numeric -> bytea binary cast.  Shared by the
-- regression tests that compare the two input functions (included with \i).
CREATE OR REPLACE FUNCTION input_result(txt text, typmod int, fast bool) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    n numeric;
BEGIN
    IF fast THEN
        n := fastnumeric_in(txt::cstring, 0, typmod)::fastnumeric::numeric;
    ELSE
        n := numeric_in(txt::cstring, 0, typmod);
    END IF;
    RETURN n::text || ' ' || encode(n::bytea, 'hex');
EXCEPTION WHEN others THEN
    RETURN 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
END
$$;
