"""
What the stress suite (test_stress_memory.py, test_stress_pgbench.py) shares: the server's
processes as /proc shows them, memory-context dumps read back from the server log, one
statement measured in a fresh backend while other threads watch it, and the `stress` fixture
(an admin connection, a scratch schema, a directory the server reads files from).

The server must run on this machine: its backends' /proc/<pid>/status and its log are read.
"""

import concurrent.futures
import os
import re
import shutil
import tempfile
import time

import pytest
from psycopg.types.string import TextLoader

from harness import db

APP = "fastnumeric-stress"
# synchronize_seqscans off: a scan of a table over shared_buffers/4 may otherwise start where
# an earlier one stopped, and the window frames (no ORDER BY) would differ between the types
SESSION = ["SET client_min_messages = warning", "SET jit = off", "SET synchronize_seqscans = off",
           "SET search_path = %s, public, pg_catalog"]
SERIAL = ["SET max_parallel_workers_per_gather = 0"]
PARALLEL = ["SET max_parallel_workers_per_gather = 2", "SET parallel_setup_cost = 0",
            "SET parallel_tuple_cost = 0", "SET min_parallel_table_scan_size = 0"]
# bytes in use in all memory contexts: the blocks the contexts hold (total_bytes) grow in
# steps of up to 8 MB, which would hide or fake growth
CONTEXT_USED = "(SELECT sum(used_bytes) FROM pg_catalog.pg_backend_memory_contexts)"
POLL_S = 0.001            # /proc polling period
WORKER_SCAN_S = 0.003     # how often /proc is listed for new parallel workers
SAMPLE_FIRST_S = 0.02     # first memory-context dump this long after a process is seen
SAMPLE_EVERY_S = 0.2      # then this often


def connect():
    """A connection whose numeric results are text, as fastnumeric's are (so rows compare)."""
    conn = db.connect(application_name=APP)
    conn.adapters.register_loader("numeric", TextLoader)
    return conn


def execute(conn, statements):
    for s in statements:
        conn.execute(s)


def fetch(conn, sql):
    cur = conn.execute(sql)
    return cur.fetchall() if cur.description else []


def check(tally, group, kind, ok, detail="", verbose=True):
    """One check; a pass is shown when VERBOSE (the tally shows failures)."""
    tally.check(group, kind, ok, detail)
    if verbose and ok:
        print("  check %-58s ok%s" % ("%s %s" % (group, kind), (" (" + detail + ")") if detail else ""),
              flush=True)


# ---------------------------------------------------------------------------------------------
# what the kernel and the server log say about a process

def status_kb(pid, field=b"RssAnon:"):
    try:
        with open("/proc/%d/status" % pid, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    at = data.find(field)
    if at < 0:
        return None   # exiting (zombie)
    return int(data[at + len(field):data.index(b"kB", at)])


def cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as fh:
            return fh.read()
    except OSError:
        return None


def proc_pids():
    return {int(p) for p in os.listdir("/proc") if p.isdigit()}


def server_parent(pid):
    """The postmaster's pid (the backend's parent)."""
    try:
        with open("/proc/%d/status" % pid) as fh:
            for line in fh:
                if line.startswith("PPid:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


class ServerLog:
    """Requests memory-context dumps through a second connection, in its own thread so that
    the watcher never waits for it, and reads them back from the log."""

    LINE = re.compile(rb"\[(\d+)\][^\n]*?(logging memory contexts of PID (\d+)|"
                      rb"Grand total: [^\n]*?(\d+) used)")

    def __init__(self, path):
        self.path = path
        self.monitor = connect()
        self.monitor.execute("SET client_min_messages = error")
        self.pool = concurrent.futures.ThreadPoolExecutor(1)
        self.pending = None

    def offset(self):
        return os.path.getsize(self.path)

    def request(self, pids):
        """Ask these processes to dump their contexts, unless a request is still running."""
        if self.pending is not None:
            if not self.pending.done():
                return False
            self.pending.result()
        self.pending = self.pool.submit(
            fetch, self.monitor, "SELECT pg_catalog.pg_log_backend_memory_contexts(p) FROM "
            "unnest('{%s}'::int[]) p" % ",".join(map(str, pids)))
        return True

    def drain(self):
        if self.pending is not None:
            self.pending.result()
            self.pending = None

    def totals(self, since, pids):
        """{pid: (largest grand total of bytes used, number of dumps)} written since `since`."""
        with open(self.path, "rb") as fh:
            fh.seek(since)
            data = fh.read()
        out, dumping = {}, {}
        for m in self.LINE.finditer(data):
            writer = int(m.group(1))
            if m.group(3):
                dumping[writer] = int(m.group(3))
                continue
            pid = dumping.get(writer, writer)
            if pid in pids:
                top, n = out.get(pid, (0, 0))
                out[pid] = (max(top, int(m.group(4))), n + 1)
        return out

    def close(self):
        self.pool.shutdown()
        self.monitor.close()


def find_server_log(conn, backend_pid):
    """A readable file the server writes its log to, or None: the logging collector's file,
    else where the postmaster's stderr goes (pg_ctl -l: the throwaway cluster's server.log)."""
    path = conn.execute("SELECT pg_catalog.pg_current_logfile('stderr')").fetchone()[0]
    if path:
        path = os.path.join(conn.execute("SHOW data_directory").fetchone()[0], path)
    else:
        try:
            path = os.readlink("/proc/%d/fd/2" % server_parent(backend_pid))
        except (OSError, TypeError):
            return None
    prefix = conn.execute("SHOW log_line_prefix").fetchone()[0]
    if "[%p]" not in prefix or not os.path.isfile(path) or not os.access(path, os.R_OK):
        return None
    return path


# ---------------------------------------------------------------------------------------------
# the suite's environment

class Stress:
    """admin: a connection with search_path at the scratch schema; work: a directory the
    server can read; files: one it can write; log: a ServerLog or None; bindir: the server's."""

    def __init__(self):
        self.schema = "fastnumeric_stress_%d" % os.getpid()
        self.admin = connect()
        self.log = None
        self.work = None
        pid = self.admin.info.backend_pid
        if not (cmdline(pid) or b"").startswith(b"postgres"):
            self.admin.close()
            pytest.fail("the server's backends are not visible in /proc: run this on the "
                        "server's machine", pytrace=False)
        postmaster = server_parent(pid)
        self.postmaster_cmdline = cmdline(postmaster)
        try:
            self.bindir = os.path.dirname(os.readlink("/proc/%d/exe" % postmaster))
        except OSError:
            self.bindir = None
        execute(self.admin, ["SET client_min_messages = warning",
                             "DROP SCHEMA IF EXISTS %s CASCADE" % self.schema,
                             "CREATE SCHEMA %s" % self.schema,
                             "SET search_path = %s, public, pg_catalog" % self.schema])
        # the server writes and reads the data files here (it may run as another user)
        self.work = tempfile.mkdtemp(prefix="fastnumeric-stress-")
        self.files = os.path.join(self.work, "files")
        os.mkdir(self.files)
        os.chmod(self.work, 0o755)
        os.chmod(self.files, 0o777)

    def open_log(self):
        path = find_server_log(self.admin, self.admin.info.backend_pid)
        self.log = ServerLog(path) if path else None

    def session(self):
        return [s % self.schema if "%s" in s else s for s in SESSION]

    def program(self, name):
        """NAME from the server's own bindir, else from PATH."""
        path = os.path.join(self.bindir, name) if self.bindir else None
        return path if path and os.access(path, os.X_OK) else shutil.which(name)

    def close(self):
        try:
            execute(self.admin, ["RESET search_path", "DROP SCHEMA IF EXISTS %s CASCADE" % self.schema])
        finally:
            if self.log:
                self.log.close()
            self.admin.close()
            if self.work:
                shutil.rmtree(self.work, ignore_errors=True)


@pytest.fixture(scope="module")
def stress(casts):
    s = Stress()
    try:
        yield s
    finally:
        s.close()


# ---------------------------------------------------------------------------------------------
# one measured statement

class Measure:
    """The figures of one statement in one fresh backend (kB; None where not measured)."""

    def __init__(self):
        self.ctx_end = self.ctx_after = self.ctx_sampled = None
        self.anon_peak = None
        self.wk_seen = 0
        self.wk_anon_peak = self.wk_ctx_sampled = None
        self.samples = self.wk_samples = self.wk_min_samples = 0
        self.rows = []
        self.seconds = 0.0


def measure(env, setup, warmup, statement, parallel, ctx_end_column=False):
    """STATEMENT in a fresh backend after SETUP (statements) and WARMUP, run in a thread while
    this one polls the backend's (and its workers') RssAnon and has env.log sample their
    memory contexts.  ctx_end_column: the last column of the one result row is CONTEXT_USED."""
    m = Measure()
    workers = {}       # pid -> peak RssAnon
    log = env.log
    with connect() as conn, concurrent.futures.ThreadPoolExecutor(1) as pool:
        execute(conn, env.session() + setup)
        conn.execute(warmup)
        leader = conn.info.backend_pid
        m.anon_peak = status_kb(leader)
        known = proc_pids() if parallel else set()
        tag = b"parallel worker for PID %d\x00" % leader
        tag_padded = b"parallel worker for PID %d " % leader
        due = {leader: time.monotonic() + SAMPLE_FIRST_S}
        log_from = log.offset() if log else None
        t0 = time.monotonic()
        next_scan = t0
        running = pool.submit(fetch, conn, statement)
        while True:
            try:
                m.rows = running.result(timeout=POLL_S)
                break
            except concurrent.futures.TimeoutError:
                pass
            now = time.monotonic()
            kb = status_kb(leader)
            if kb is not None and kb > m.anon_peak:
                m.anon_peak = kb
            if parallel and now >= next_scan:
                next_scan = now + WORKER_SCAN_S
                for pid in proc_pids() - known - set(workers):
                    cmd = cmdline(pid)
                    if cmd is None or cmd == env.postmaster_cmdline:
                        continue   # gone, or forked and not yet named: look again later
                    if tag in cmd or tag_padded in cmd:
                        workers[pid] = 0
                        due[pid] = now + SAMPLE_FIRST_S
                    else:
                        known.add(pid)
            for pid in workers:
                kb = status_kb(pid)
                if kb is not None and kb > workers[pid]:
                    workers[pid] = kb
            if log:
                ask = [p for p, t in due.items() if t <= now and (p == leader or
                                                                   status_kb(p) is not None)]
                if ask and log.request(ask):
                    for p in ask:
                        due[p] = now + SAMPLE_EVERY_S
        m.seconds = time.monotonic() - t0
        m.anon_peak = max(m.anon_peak, status_kb(leader) or 0)
        if ctx_end_column:
            m.ctx_end = int(m.rows[0][-1]) // 1024
            m.rows = [r[:-1] for r in m.rows]
        m.ctx_after = int(fetch(conn, "SELECT " + CONTEXT_USED)[0][0]) // 1024
    m.wk_seen = len(workers)
    if workers:
        m.wk_anon_peak = max(workers.values())
    if log:
        log.drain()
        time.sleep(0.02)
        dumps = log.totals(log_from, set(workers) | {leader})
        if leader in dumps:
            m.ctx_sampled, m.samples = dumps[leader][0] // 1024, dumps[leader][1]
        wk = [v for p, v in dumps.items() if p != leader]
        if wk:
            m.wk_ctx_sampled = max(v[0] for v in wk) // 1024
            m.wk_samples = sum(v[1] for v in wk)
            m.wk_min_samples = min(v[1] for v in wk)
    return m
