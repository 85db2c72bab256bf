"""
The servers of the production suite: a Node is a throwaway cluster (test/harness/cluster.py)
that can also be started from a data directory made elsewhere (pg_basebackup, a restore),
killed with SIGKILL and restarted into crash recovery; plus what several parts share (values
drawn from harness/values.py, digests of datum bytes, amcheck, bounded waits).
"""

import os
import pathlib
import shutil
import signal
import subprocess
import time

import psycopg

from harness import cluster as cluster_mod
from harness import values

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]


def has_extension(pg, name):
    return os.path.exists(os.path.join(pg.sharedir, "extension", name + ".control"))


def has_library(pg, name):
    return os.path.exists(os.path.join(pg.pkglibdir, name + ".so"))


def own(path):
    """PATH (a file or a directory) belongs to the servers' user, who reads or writes it."""
    if os.geteuid() == 0:
        shutil.chown(path, "postgres", "postgres")
    return path


def run(cmd, timeout=300, env=None, check=True, input=None):
    """CMD as the servers' user; its CompletedProcess (stdout and stderr as text)."""
    out = subprocess.run(cluster_mod.as_server_user(cmd), capture_output=True, text=True,
                         timeout=timeout, env=dict(os.environ, **(env or {})), input=input)
    if check and out.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s%s" % (" ".join(cmd), out.returncode,
                                                      out.stdout[-3000:], out.stderr[-3000:]))
    return out


def wait_for(what, predicate, timeout=120, step=0.1):
    """Call PREDICATE until it returns a true value (returned), for at most TIMEOUT seconds."""
    end = time.monotonic() + timeout
    while True:
        got = predicate()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError("timed out after %d s waiting for %s" % (timeout, what))
        time.sleep(step)


class Node(cluster_mod.Cluster):
    """A server of BINDIR in DIRECTORY (data in DIRECTORY/data, socket and log beside it)."""

    def __init__(self, bindir, directory, settings=()):
        super().__init__(bindir, directory, settings=list(settings))

    def tool(self, name):
        return os.path.join(self.bindir, name)

    def conninfo(self, dbname="postgres", user="postgres"):
        return "host=%s port=%d dbname=%s user=%s" % (self.dir, self.port, dbname, user)

    def connect(self, dbname="postgres", autocommit=True, **kwargs):
        return psycopg.connect(self.conninfo(dbname, kwargs.pop("user", "postgres")),
                               autocommit=autocommit, **kwargs)

    def sql(self, query, params=None, dbname="postgres"):
        """The rows of QUERY (none for a statement without any), in a connection of its own."""
        with self.connect(dbname) as c:
            cur = c.execute(query, params)
            return cur.fetchall() if cur.description else []

    def one(self, query, params=None, dbname="postgres"):
        return self.sql(query, params, dbname)[0][0]

    def psql(self, script, dbname="postgres"):
        """SCRIPT through psql (stops at the first error); its output."""
        return run([self.tool("psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", self.dir,
                    "-p", str(self.port), "-U", "postgres", "-d", dbname, "-f", "-"], input=script).stdout

    def configure(self, lines):
        """Append LINES to postgresql.conf (later lines win)."""
        with open(os.path.join(self.data, "postgresql.conf"), "a") as f:
            f.write("\n" + "\n".join(lines) + "\n")

    def own_settings(self):
        """This node's socket, port and log lines: for a data directory copied from another."""
        return ["listen_addresses = ''", "unix_socket_directories = '%s'" % self.dir,
                "port = %d" % self.port]

    def start_existing(self, extra=()):
        """Start the data directory already in DATA (made by pg_basebackup or a restore)."""
        os.makedirs(self.dir, exist_ok=True)
        own(self.dir)
        self.configure(self.own_settings() + list(extra))
        self.pg_ctl_start()

    def pg_ctl_start(self, timeout=300):
        out = run([self.tool("pg_ctl"), "-D", self.data, "-l", self.log, "-w", "-s", "-t", str(timeout),
                   "start"], check=False, timeout=timeout + 30)
        if out.returncode != 0:
            raise RuntimeError("pg_ctl start failed:\n%s%s\n%s" % (out.stdout, out.stderr, self.log_text()[-4000:]))

    def restart(self):
        run([self.tool("pg_ctl"), "-D", self.data, "-w", "-s", "-m", "fast", "restart", "-l", self.log])

    def stop_fast(self):
        run([self.tool("pg_ctl"), "-D", self.data, "-w", "-s", "-m", "fast", "stop"])

    def postmaster_pid(self):
        with open(os.path.join(self.data, "postmaster.pid")) as f:
            return int(f.readline())

    def processes(self, pid=None):
        """The postmaster's pid and its children's."""
        pid = pid or self.postmaster_pid()
        found = [pid]
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open("/proc/%s/stat" % entry) as f:
                        stat = f.read()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
        return found

    def kill9(self):
        """SIGKILL the postmaster, then every process it had started: the whole server dies at
        once, as in a power cut (the kernel's page cache survives, as it would not there)."""
        pid = self.postmaster_pid()
        children = self.processes(pid)[1:]
        os.kill(pid, signal.SIGKILL)
        for child in children:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        wait_for("the killed server's processes to go",
                 lambda: not any(os.path.exists("/proc/%d" % p) for p in [pid] + children),
                 timeout=60)

    def log_text(self):
        try:
            with open(self.log, errors="replace") as f:
                return f.read()
        except OSError:
            return ""


def rss_anon_kb(pid):
    """A process's private anonymous memory (malloc and palloc; not shared buffers), in kB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    raise AssertionError("no RssAnon for %d" % pid)


def bytea_casts(conn):
    """The numeric/fastnumeric -> bytea binary casts, kept (the clusters are throwaway): `x::bytea`
    shows a datum's bytes."""
    for t in ("numeric", "fastnumeric"):
        conn.execute("DO $$ BEGIN CREATE CAST (%s AS bytea) WITHOUT FUNCTION;"
                     " EXCEPTION WHEN duplicate_object THEN NULL; END $$" % t)


# ------------------------------------------------------------------ values

# every shape of harness/values.py but the 100k-digit ones, which part 8 uses on purpose
_ROW_SHAPES = [(f, w) for f, w in values.SHAPES if f not in (values.s_huge, values.s_high_dscale)]


def value_text(r, specials=True):
    """A numeric text of any shape (money values most often; NaN and +-Infinity if SPECIALS)."""
    while True:
        f = r.choices([f for f, _ in _ROW_SHAPES], [w for _, w in _ROW_SHAPES])[0]
        if specials or f is not values.s_special:
            return f(r)


def money_text(r, int_digits=10):
    """A value that fits numeric(12,2) (typmod columns round it to 2 places)."""
    return values.signed(r, values.decimal_text(r, r.randint(0, int_digits), r.randint(0, 4)))


def array_text(r):
    """A fastnumeric[] / numeric[] literal: NULL elements, empty and two-dimensional arrays too."""
    k = r.random()
    if k < 0.1:
        return "{}"
    if k < 0.2:
        return "{{%s,%s},{%s,NULL}}" % tuple(value_text(r) for _ in range(3))
    return "{%s}" % ",".join("NULL" if r.random() < 0.1 else value_text(r) for _ in range(r.randint(1, 6)))


def digest_sql(table, columns, key="id"):
    """A query of one md5 over every row's KEY and the datum bytes of COLUMNS (arrays element by
    element): two tables with equal digests hold the same bytes."""
    parts = []
    for c in columns:
        if c.endswith("[]"):
            c = c[:-2]
            parts.append("coalesce((SELECT string_agg(coalesce(encode(e::bytea, 'hex'), 'N'), '.' ORDER BY o)"
                         " FROM unnest(%s) WITH ORDINALITY u(e, o)) || array_dims(%s), 'A')" % (c, c))
        else:
            parts.append("coalesce(encode(%s::bytea, 'hex'), 'N')" % c)
    return ("SELECT count(*), md5(coalesce(string_agg(%s::text || ':' || %s, ',' ORDER BY %s), ''))"
            " FROM %s" % (key, " || '|' || ".join(parts), key, table))


def btree_check(node, tally, group, dbname="postgres"):
    """bt_index_check(heapallindexed) on every btree index of the public schema, one check each."""
    conn = node.connect(dbname)
    with conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
        idx = [r[0] for r in conn.execute(
            "SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE a.amname = 'btree' AND n.nspname = 'public' ORDER BY 1").fetchall()]
        tally.check(group, "btree indexes", len(idx) > 0, "no btree index to check")
        for name in idx:
            try:
                conn.execute("SELECT bt_index_check(%s::regclass, true)", (name,))
                tally.check(group, "bt_index_check", True)
            except psycopg.Error as e:
                tally.check(group, "bt_index_check", False, "%s: %s" % (name, e))
    return idx
