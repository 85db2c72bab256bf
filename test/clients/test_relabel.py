"""What a relabelled column changes beyond the drivers, as docs/clients.md says: functions of the
application overloaded on numeric and float8 take float8 for a fastnumeric argument, and
information_schema shows the column as USER-DEFINED."""

from conftest import psql


def test_overload_picks_float8():
    rows = psql("""
        CREATE FUNCTION clients.describe(numeric) RETURNS text LANGUAGE sql AS $$ SELECT 'numeric ' || $1 $$;
        CREATE FUNCTION clients.describe(float8) RETURNS text LANGUAGE sql AS $$ SELECT 'float8 ' || $1 $$;
        SELECT clients.describe(n), clients.describe(f) FROM clients.vals WHERE id = 11;
        SELECT clients.describe(f::numeric) FROM clients.vals WHERE id = 11;
        DROP FUNCTION clients.describe(numeric), clients.describe(float8);""")
    assert rows == [["numeric 3.10", "float8 3.1"], ["numeric 3.10"]]


def test_information_schema():
    rows = psql("SELECT column_name, data_type, udt_name, numeric_precision, numeric_scale"
                " FROM information_schema.columns WHERE table_schema = 'clients' AND table_name = 'vals'"
                " AND column_name IN ('n', 'f') ORDER BY column_name DESC")
    assert rows == [["n", "numeric", "numeric", "12", "2"], ["f", "USER-DEFINED", "fastnumeric", "", ""]]
