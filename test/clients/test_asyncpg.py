"""asyncpg (Debian's python3-asyncpg): binary results and parameters, copy_records_to_table
(binary COPY) and copy_from_table."""

import asyncio
import decimal
import io

import asyncpg

from conftest import assert_written, kinds, python_recipe, rep, same_outcomes, written_table

PAIRS = [("n", "f"), ("nu", "fu")]


def run(body, registered=True):
    """asyncio.run(body(conn)) on a new connection, with the recipe applied if REGISTERED."""
    async def main():
        conn = await asyncpg.connect()
        try:
            if registered:
                await python_recipe("asyncpg")["register_fastnumeric"](conn)
            return await body(conn)
        finally:
            await conn.close()
    return asyncio.run(main())


async def column(conn, col, table="vals"):
    return [r[0] for r in await conn.fetch("SELECT %s FROM clients.%s ORDER BY id" % (col, table))]


async def outcome(coro):
    """What an awaitable gives: its value, or the class of what it raised."""
    try:
        return rep(await coro)
    except Exception as e:  # the class of the error is the observation
        return ("raised", type(e).__name__)


def test_without_registration(texts):
    """the hazard: values arrive as str, arrays as lists of str; a Decimal parameter or record
    for the type is refused"""
    async def body(conn):
        for n, f in PAIRS:
            assert await column(conn, f) == texts[n]
        # fastnumeric[]: lists of str, numeric's text of each element
        assert await column(conn, "fa", "arrays") == await column(conn, "na::text[]", "arrays")
        assert await outcome(conn.fetchval("SELECT count(*) FROM clients.vals WHERE f = $1",
                                           decimal.Decimal("1.5"))) == ("raised", "DataError")
        records = [(1, decimal.Decimal("1.5"), decimal.Decimal("1.5"))]
        table = written_table("u_asyncpg")
        assert await outcome(conn.copy_records_to_table(
            table.split(".")[1], schema_name="clients", columns=["id", "n", "f"], records=records)) \
            == ("raised", "InternalClientError")  # no binary format encoder for type fastnumeric
    run(body, registered=False)


def test_values():
    async def body(conn):
        for n, f in PAIRS:
            numeric = rep(await column(conn, n))
            assert kinds(numeric) == {"Decimal"}
            same_outcomes(numeric, rep(await column(conn, f)))
    run(body)


def test_infinity_misread(texts):
    """asyncpg 0.27 reads numeric's binary +-Infinity as Decimal('0E-32'), and so fastnumeric's"""
    async def body(conn):
        return rep(await column(conn, "nu")), rep(await column(conn, "fu"))
    numeric, fast = run(body)
    infinite = [i for i, t in enumerate(texts["nu"]) if t in ("Infinity", "-Infinity")]
    assert infinite and {numeric[i] for i in infinite} == {fast[i] for i in infinite} == {("Decimal", "0E-32")}


def test_arrays():
    async def body(conn):
        numeric = rep(await column(conn, "na", "arrays"))
        assert kinds(numeric) == {"Decimal"} and None in numeric[0]
        same_outcomes(numeric, rep(await column(conn, "fa", "arrays")))
    run(body)


def test_params():
    """Decimal, float and None parameters in col = $1 and col * $1 (typed as the column's type)"""
    async def body(conn):
        for v in await column(conn, "nu") + [1.5, 0.1, 42.0]:
            for n, f in PAIRS:
                got = {c: (await outcome(conn.fetchval(
                               "SELECT array_agg(id ORDER BY id) FROM clients.vals WHERE %s = $1" % c, v)),
                           await outcome(conn.fetch("SELECT %s * $1 AS p FROM clients.vals ORDER BY id" % c, v)))
                       for c in (n, f)}
                assert got[f] == got[n], "parameter %r" % (v,)
    run(body)


def test_write_params():
    table = written_table("w_asyncpg")

    async def body(conn):
        rows = await conn.fetch("SELECT id, n, nu FROM clients.vals ORDER BY id")
        await conn.executemany("INSERT INTO %s VALUES ($1, $2, $3, $4, $5)" % table,
                               [(r["id"], r["n"], r["n"], r["nu"], r["nu"]) for r in rows])
        return len(rows)
    assert_written(table, run(body))


def test_copy_records_binary():
    table = written_table("c_asyncpg")

    async def body(conn):
        rows = await conn.fetch("SELECT id, n, nu FROM clients.vals ORDER BY id")
        await conn.copy_records_to_table(table.split(".")[1], schema_name="clients",
                                         records=[(r["id"], r["n"], r["n"], r["nu"], r["nu"]) for r in rows])
        return len(rows)
    assert_written(table, run(body))


def test_copy_from_table_text():
    """copy_from_table of the fastnumeric columns writes what numeric's write"""
    async def body(conn):
        out = {}
        for cols in (["id", "n", "nu"], ["id", "f", "fu"]):
            buf = io.BytesIO()
            await conn.copy_from_table("vals", schema_name="clients", columns=cols, output=buf)
            out[cols[1]] = sorted(buf.getvalue().splitlines())
        assert out["f"] == out["n"] != []
    run(body)
