-- outcome(stmt): what running one statement comes to: 'ok, N rows' (the rows it returned or
-- wrote), or 'ERROR <SQLSTATE>: <message>' with the error's DETAIL when it has one.  For tests
-- that compare how numeric and fastnumeric fail in INSERT, COPY and expressions (included
-- with \i; it may already exist).
CREATE OR REPLACE FUNCTION outcome(stmt text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    n bigint;
    state text;
    message text;
    detail text;
BEGIN
    EXECUTE stmt;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN 'ok, ' || n || ' rows';
EXCEPTION WHEN others THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL;
    RETURN 'ERROR ' || state || ': ' || message
           || CASE WHEN detail <> '' THEN ' DETAIL: ' || detail ELSE '' END;
END
$$;
