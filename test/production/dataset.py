"""
The fastnumeric tables the replication and backup parts carry: plain values with numeric's beside
them, a typmod column with a unique index, arrays, and one table per index kind whose scans the
parts force (btree, hash, BRIN); the queries whose answers must be the same on every node.
"""

import io

from nodes import array_text, digest_sql, money_text, value_text

SCHEMA = """
CREATE EXTENSION IF NOT EXISTS fastnumeric;
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE TABLE plain (id int PRIMARY KEY, v fastnumeric, n numeric);
CREATE INDEX plain_v ON plain (v);
CREATE TABLE money (id int PRIMARY KEY, v fastnumeric(12,2) NOT NULL, code fastnumeric(12,2) UNIQUE);
CREATE INDEX money_v ON money (v);
CREATE TABLE arrays (id int PRIMARY KEY, a fastnumeric[]);
CREATE TABLE hashed (id int, v fastnumeric);
CREATE INDEX hashed_v ON hashed USING hash (v);
CREATE TABLE ranged (id int, v fastnumeric);
CREATE INDEX ranged_v ON ranged USING brin (v) WITH (pages_per_range = 4);
CREATE SEQUENCE ids START 10000000;
"""

# table -> its columns, for digests
TABLES = {"plain": ["v", "n"], "money": ["v", "code"], "arrays": ["a[]"], "hashed": ["v"], "ranged": ["v"]}


def _copy(conn, table, columns, rows):
    buf = io.StringIO()
    for row in rows:
        buf.write("\t".join("\\N" if x is None else str(x) for x in row) + "\n")
    with conn.cursor() as cur:
        with cur.copy("COPY %s (%s) FROM STDIN" % (table, ", ".join(columns))) as cp:
            cp.write(buf.getvalue())


def load(conn, r, first, count):
    """COPY COUNT rows with ids from FIRST into every table (one transaction each)."""
    ids = range(first, first + count)
    plain = []
    for i in ids:
        t = value_text(r) if r.random() > 0.02 else None
        plain.append((i, t, t))
    _copy(conn, "plain", ["id", "v", "n"], plain)
    _copy(conn, "money", ["id", "v", "code"], [(i, money_text(r), "%d.%02d" % divmod(i, 100)) for i in ids])
    _copy(conn, "arrays", ["id", "a"], [(i, array_text(r) if r.random() > 0.05 else None) for i in ids])
    _copy(conn, "hashed", ["id", "v"], [(i, money_text(r, 3)) for i in ids])
    # increasing values, so BRIN ranges are narrow and a range scan skips most of the table
    _copy(conn, "ranged", ["id", "v"], [(i, "%d.%04d" % (i, r.randrange(10000))) for i in ids])


# pgbench's write load: updates and inserts of fastnumeric values, deletes
PGBENCH = r"""
\set id random(1, :rows)
UPDATE plain SET v = v + 1.5, n = n + 1.5 WHERE id = :id;
UPDATE money SET v = round(v * 1.01, 2) WHERE id = :id AND abs(v) < 1e9;
INSERT INTO plain (id, v, n) SELECT i, x, x FROM (SELECT nextval('ids') i, round((random() * 1e8)::numeric, 3) x) s;
INSERT INTO arrays (id, a) VALUES (nextval('ids'), ARRAY[(random() * 100)::numeric(8,3), NULL]::fastnumeric[]);
DELETE FROM hashed WHERE id = :id + 1;
"""

# (name, settings, query, index that must be used or None): each is run on every node, and the
# forced ones also with sequential scans only, which must give the same rows
QUERIES = [
    ("aggregates", "", "SELECT count(v), sum(v), avg(v), min(v), max(v), sum(n) FROM plain", None),
    ("sum of products", "", "SELECT sum(v * code), sum(v * code * v), count(*) FROM money", None),
    ("array elements", "", "SELECT count(*), sum(e) FROM arrays, unnest(a) e", None),
    ("btree range", "SET enable_seqscan = off; SET enable_bitmapscan = off;",
     "SELECT id, v FROM plain WHERE v BETWEEN -1000 AND 1000 ORDER BY v, id", "plain_v"),
    ("btree order", "SET enable_seqscan = off; SET enable_bitmapscan = off;",
     "SELECT v FROM money ORDER BY v DESC LIMIT 200", "money_v"),
    ("unique lookup", "SET enable_seqscan = off; SET enable_bitmapscan = off;",
     "SELECT id, v FROM money WHERE code IN (1.00, 5.55, 12.34, 49.99) ORDER BY id", "money_code_key"),
    ("hash lookup", "SET enable_seqscan = off; SET enable_bitmapscan = off;",
     "SELECT h.id FROM hashed h WHERE h.v = 1.5 OR h.v = -12.25 ORDER BY 1", "hashed_v"),
    ("brin range", "SET enable_seqscan = off;",
     "SELECT count(*), sum(v) FROM ranged WHERE v BETWEEN 1000 AND 1400", "ranged_v"),
]

SEQSCAN = "SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;"


def answers(node, tally, group, dbname="postgres"):
    """{name: rows} for every table's digest and every query of QUERIES. A forced query counts two
    checks of its own in TALLY: its plan uses the index, and a sequential scan gives its rows."""
    got = {}
    with node.connect(dbname) as c:
        for table, columns in TABLES.items():
            got["digest " + table] = c.execute(digest_sql(table, columns)).fetchall()
        for name, settings, query, index in QUERIES:
            _settings(c, settings)
            if index:
                plan = "\n".join(r[0] for r in c.execute("EXPLAIN " + query).fetchall())
                tally.check(group, "plan uses its index", index in plan, "%s: %s" % (name, plan))
            got[name] = [tuple(str(x) for x in row) for row in c.execute(query).fetchall()]
            if index:
                _settings(c, SEQSCAN)
                seq = [tuple(str(x) for x in row) for row in c.execute(query).fetchall()]
                tally.check(group, "index scan = seq scan", seq == got[name],
                            "%s on %s: %r != %r" % (name, node.dir, got[name][:5], seq[:5]))
        c.execute("RESET ALL")
    return got


def _settings(conn, settings):
    conn.execute("RESET ALL")
    for s in filter(None, (x.strip() for x in settings.split(";"))):
        conn.execute(s)


def compare(tally, group, expected, got, what):
    for name in expected:
        tally.check(group, name, got.get(name) == expected[name],
                    "%s: %r != %r" % (what, str(got.get(name))[:300], str(expected[name])[:300]))
