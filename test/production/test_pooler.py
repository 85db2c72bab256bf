"""
Part 5, pgbouncer in transaction pooling: psycopg 3 and node-postgres connect through it with the
registration recipes of docs/clients.md (taken from there) and read, write and bind fastnumeric
values, text and binary, SQL prepared statements, binary COPY; everything equals what the same
code reads on a direct connection, also after a later transaction lands on another server
connection than the one the recipe ran on. fastnumeric.accelerate_numeric is set per role
(ALTER ROLE ... SET, over an ALTER DATABASE ... SET default) and each role's pooled sessions
plan with its own setting; SET LOCAL stays inside its transaction.
"""

import decimal
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess

import psycopg

from harness.cluster import free_port
from harness.db import rep
from nodes import REPO, own, run, wait_for

SUITE = "production"
PART = "pooler"
NPM_PREFIX = os.environ.get("FASTNUMERIC_NPM_PREFIX") or (
    "/var/cache/fastnumeric/npm" if os.geteuid() == 0 else os.path.expanduser("~/.cache/fastnumeric/npm"))

SETUP = """
CREATE EXTENSION fastnumeric;
CREATE TABLE vals (id int PRIMARY KEY, n numeric(12,2), f fastnumeric(12,2), nu numeric, fu fastnumeric);
INSERT INTO vals (id, n, nu) VALUES
    (1, 0, 0), (2, 1.5, 1.5), (3, -1234567890.12, -0.000001), (4, 0.01, 1e-30), (5, NULL, NULL),
    (6, 9999999999.99, '123456789012345678901234567890.123456789012345678901234567890'),
    (7, 'NaN', 'NaN'), (8, 100, 'Infinity'), (9, -0.5, '-Infinity'), (10, 42, 1e100), (11, 3.1, -7.250);
UPDATE vals SET f = n, fu = nu;
CREATE TABLE arrays (id int PRIMARY KEY, na numeric[], fa fastnumeric[]);
INSERT INTO arrays (id, na) VALUES (1, '{1.50,NULL,-2.25}'), (2, '{}'), (3, NULL), (4, '{{1,2},{3,4.5}}');
UPDATE arrays SET fa = na;
CREATE TABLE written (id int, who text, f fastnumeric(12,2), fu fastnumeric);
CREATE ROLE alice LOGIN;
CREATE ROLE bob LOGIN;
GRANT ALL ON vals, arrays, written TO alice, bob;
ALTER DATABASE shop SET session_preload_libraries = 'fastnumeric';
ALTER DATABASE shop SET fastnumeric.accelerate_numeric = off;
ALTER ROLE alice SET fastnumeric.accelerate_numeric = on;
"""

# the accelerated plan's row of sums: sum(n * nu) and avg(n) share one transition
FUSED = "fastnumeric_row_sum_1('$1 * $2; $1'::text, n, nu)"
ACCELERATED_QUERY = "SELECT sum(n * nu), avg(n), max(nu) FROM vals WHERE n IS NOT NULL AND nu <> 'NaN'"


def missing(pg):
    lacks = [] if shutil.which("pgbouncer") else ["no pgbouncer"]
    if not os.path.exists(os.path.join(NPM_PREFIX, "node_modules", "pg")):
        lacks.append("no node-postgres in %s" % NPM_PREFIX)
    return lacks


def recipe(name):
    """The code block after `<!-- recipe: NAME -->` in docs/clients.md."""
    doc = (REPO / "docs" / "clients.md").read_text()
    m = re.search(r"<!-- recipe: %s -->\n```\w+\n(.*?)```" % re.escape(name), doc, re.S)
    assert m, "docs/clients.md has no recipe %r" % name
    return m.group(1)


class Bouncer:
    """pgbouncer on a Unix socket of its own, in front of NODE's database shop."""

    def __init__(self, node, directory):
        self.dir = directory
        self.port = free_port()
        os.makedirs(directory)
        own(directory)
        self.ini = os.path.join(directory, "pgbouncer.ini")
        users = os.path.join(directory, "users.txt")
        with open(users, "w") as f:
            f.write('"alice" ""\n"bob" ""\n"postgres" ""\n')
        with open(self.ini, "w") as f:
            f.write("\n".join([
                "[databases]",
                "shop = host=%s port=%d dbname=shop" % (node.dir, node.port),
                "[pgbouncer]",
                "unix_socket_dir = %s" % directory, "listen_port = %d" % self.port,
                "auth_type = trust", "auth_file = %s" % users,
                "pool_mode = transaction", "default_pool_size = 4", "max_client_conn = 50",
                "logfile = %s/pgbouncer.log" % directory, "pidfile = %s/pgbouncer.pid" % directory,
                "admin_users = postgres"]) + "\n")
        own(users)
        own(self.ini)
        run(["pgbouncer", "-d", self.ini])
        wait_for("pgbouncer's socket", lambda: os.path.exists(os.path.join(directory, ".s.PGSQL.%d" % self.port)),
                 timeout=30)

    def env(self, user):
        return {"PGHOST": self.dir, "PGPORT": str(self.port), "PGUSER": user, "PGDATABASE": "shop"}

    def conninfo(self, user):
        return "host=%s port=%d dbname=shop user=%s" % (self.dir, self.port, user)

    def stop(self):
        try:
            pid = int(open(os.path.join(self.dir, "pgbouncer.pid")).read())
            os.kill(pid, signal.SIGINT)
            wait_for("pgbouncer to stop", lambda: not os.path.exists("/proc/%d" % pid), timeout=30)
        except (OSError, ValueError):
            pass


def psycopg_reads(conninfo, register, label):
    """What psycopg 3 reads on one connection (no automatic server-side prepare: with transaction
    pooling its named statements would be looked for on other server connections), each step
    its own transaction; with the pids of the server connections they ran on."""
    out = {"pids": {}}
    with psycopg.connect(conninfo, prepare_threshold=None) as conn, \
            psycopg.connect(conninfo, autocommit=True, prepare_threshold=None) as other:
        with conn.transaction():
            register(conn)
            out["pids"]["recipe"] = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        conn.commit()
        other.execute("BEGIN")   # holds the recipe's server connection, if the pool gives it that one
        out["pids"]["held"] = other.execute("SELECT pg_backend_pid()").fetchone()[0]
        with conn.transaction():
            out["pids"]["later"] = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
            for binary in (False, True):
                with conn.cursor(binary=binary) as cur:
                    cur.execute("SELECT id, n, f, nu, fu FROM vals ORDER BY id")
                    out["binary" if binary else "text"] = [rep(list(r)) for r in cur]
            out["arrays"] = [rep(list(r)) for r in conn.execute("SELECT na, fa FROM arrays ORDER BY id")]
        with conn.transaction():
            out["params"] = []
            for v in (decimal.Decimal("1.50"), decimal.Decimal("-1234567890.12"), 1.5, decimal.Decimal("NaN")):
                for mark in ("%s", "%b"):
                    r = conn.execute("SELECT array_agg(id ORDER BY id), sum(fu * %s) FROM vals WHERE f <> %s"
                                     .replace("%s", mark), (v, v)).fetchone()
                    out["params"].append(rep(list(r)))
        with conn.transaction():
            conn.execute("PREPARE p(fastnumeric) AS SELECT id, f * $1 FROM vals WHERE f > $1 ORDER BY id")
            out["prepared"] = [rep(list(r)) for r in conn.execute("EXECUTE p(1.25)")]
            conn.execute("DEALLOCATE p")
        with conn.transaction():
            with conn.cursor() as cur:
                with cur.copy("COPY (SELECT id, f, fu FROM vals ORDER BY id) TO STDOUT (FORMAT BINARY)") as cp:
                    cp.set_types(["int4", "fastnumeric", "fastnumeric"])
                    out["copy"] = [rep(list(r)) for r in cp.rows()]
                with cur.copy("COPY written (id, who, f, fu) FROM STDIN (FORMAT BINARY)") as cp:
                    cp.set_types(["int4", "text", "fastnumeric", "fastnumeric"])
                    for r in out["copy"]:
                        cp.write_row((r[0] and int(r[0][1]), label,
                                      r[1] and decimal.Decimal(r[1][1]), r[2] and decimal.Decimal(r[2][1])))
        other.execute("COMMIT")
    return out


def plan_of(conn, query):
    return "\n".join(r[0] for r in conn.execute("EXPLAIN (VERBOSE, COSTS OFF) " + query).fetchall())


def test_pgbouncer_transaction_pooling(pg, nodes, tally):
    node = nodes("server", ["max_connections = 40"])
    node.start()
    node.sql("CREATE DATABASE shop")
    node.psql(SETUP, dbname="shop")
    bouncer = Bouncer(node, os.path.join(nodes.base, "pgbouncer"))
    try:
        check_psycopg(node, bouncer, tally)
        check_node(node, bouncer, tally)
        check_roles(node, bouncer, tally)
    finally:
        bouncer.stop()
    tally.require(["psycopg", "node-postgres", "roles"])


def check_psycopg(node, bouncer, tally):
    space = {}
    exec(compile(recipe("psycopg"), "docs/clients.md (recipe psycopg)", "exec"), space)
    register = space["register_fastnumeric"]
    direct = psycopg_reads(node.conninfo("shop", "alice"), register, "direct")
    pooled = psycopg_reads(bouncer.conninfo("alice"), register, "pooled")
    p = pooled["pids"]
    tally.check("psycopg", "later transaction on another server connection",
                p["held"] == p["recipe"] and p["later"] != p["recipe"], repr(p))
    for k in ("text", "binary", "arrays", "params", "prepared", "copy"):
        tally.check("psycopg", k, pooled[k] == direct[k], "%s: %r != %r" % (k, pooled[k][:4], direct[k][:4]))
    tally.check("psycopg", "decimals", {"Decimal"} == {v[0] for row in pooled["binary"] for v in row[1:] if v},
                repr(pooled["binary"][:3]))
    bad = node.one("SELECT count(*) FROM written a JOIN written b ON a.id = b.id AND a.who < b.who"
                   " WHERE a.f::bytea IS DISTINCT FROM b.f::bytea OR a.fu::bytea IS DISTINCT FROM b.fu::bytea",
                   dbname="shop") if _casts(node) else None
    rows = node.one("SELECT count(*) FROM written", dbname="shop")
    tally.check("psycopg", "binary COPY in", rows == 2 * len(direct["copy"]) and bad == 0, "%r rows, %r differ" % (rows, bad))


def _casts(node):
    with node.connect("shop") as c:
        for t in ("numeric", "fastnumeric"):
            c.execute("DO $$ BEGIN CREATE CAST (%s AS bytea) WITHOUT FUNCTION;"
                      " EXCEPTION WHEN duplicate_object THEN NULL; END $$" % t)
    return True


def node_reads(script, env):
    out = subprocess.run(["node", str(pathlib.Path(__file__).with_name("pooler_client.js")), script],
                         capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, NODE_PATH=os.path.join(NPM_PREFIX, "node_modules"), **env))
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def check_node(node, bouncer, tally):
    script = os.path.join(bouncer.dir, "recipe.js")
    with open(script, "w") as f:
        f.write(recipe("node-postgres"))
    direct = node_reads(script, {"PGHOST": node.dir, "PGPORT": str(node.port), "PGUSER": "bob", "PGDATABASE": "shop"})
    pooled = node_reads(script, bouncer.env("bob"))
    p = pooled["pids"]
    tally.check("node-postgres", "later query on another server connection",
                p["held"] == p["first"] and p["later"] != p["first"], repr(p))
    for k in ("text", "arrays", "params", "binary"):
        tally.check("node-postgres", k, pooled[k] == direct[k], "%s: %r != %r" % (k, pooled[k][:4], direct[k][:4]))
    tally.check("node-postgres", "arrays parsed", pooled["arrays"][0][1] == pooled["arrays"][0][0]
                and isinstance(pooled["arrays"][0][1], list), repr(pooled["arrays"][:2]))


def check_roles(node, bouncer, tally):
    with node.connect("shop") as c:
        expected = c.execute(ACCELERATED_QUERY).fetchall()
    for user, on in (("alice", True), ("bob", False)):
        for _ in range(3):   # several transactions, over the pool's server connections
            with psycopg.connect(bouncer.conninfo(user), autocommit=True, prepare_threshold=None) as c:
                setting = c.execute("SHOW fastnumeric.accelerate_numeric").fetchone()[0]
                plan = plan_of(c, ACCELERATED_QUERY)
                got = c.execute(ACCELERATED_QUERY).fetchall()
            tally.check("roles", "setting per role", setting == ("on" if on else "off"), "%s: %s" % (user, setting))
            tally.check("roles", "plan per role", (FUSED in plan) == on, "%s:\n%s" % (user, plan))
            tally.check("roles", "same results", got == expected, "%s: %r != %r" % (user, got, expected))
    with psycopg.connect(bouncer.conninfo("bob"), prepare_threshold=None) as c:
        with c.transaction():
            c.execute("SET LOCAL fastnumeric.accelerate_numeric = on")
            inside = plan_of(c, ACCELERATED_QUERY)
        with c.transaction():
            after = plan_of(c, ACCELERATED_QUERY)
    tally.check("roles", "SET LOCAL inside its transaction", FUSED in inside and FUSED not in after,
                "inside:\n%s\nafter:\n%s" % (inside, after))
