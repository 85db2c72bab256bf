"""
A throwaway PostgreSQL cluster: initdb, start on a Unix socket in its own directory (no TCP
listener, so nothing clashes with other servers), stop, remove.  PostgreSQL refuses to run as
root, so as root the server runs as the `postgres` user.

From bash:
    eval "$(python3 test/harness/cluster.py start BINDIR DIR [--port N] [--set NAME=VALUE ...]
                                                     [--conf 'LINE' ...] [--locale C])"
        exports PGHOST PGPORT PGUSER PGDATABASE for a new cluster in DIR (made if missing);
        --set and --conf add postgresql.conf settings (--conf: a line as it is written)
    python3 test/harness/cluster.py stop DIR [--bindir BINDIR] [--keep]
"""

import argparse
import os
import shlex
import shutil
import socket
import subprocess
import sys


def as_server_user(cmd):
    """CMD as the server's user: postgres when we are root, ourselves otherwise."""
    return (["runuser", "-u", "postgres", "--"] + list(cmd)) if os.geteuid() == 0 else list(cmd)


def free_port():
    """A port number no server on this machine listens on now (used for the socket's name)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A cluster of the server in BINDIR, in DIR/data, its socket and log in DIR."""

    def __init__(self, bindir, directory, port=None, settings=(), locale="C.UTF-8"):
        self.bindir = bindir
        self.locale = locale
        self.dir = os.path.abspath(directory)
        self.data = os.path.join(self.dir, "data")
        self.log = os.path.join(self.dir, "server.log")
        self.port = port or free_port()
        self.settings = list(settings)

    @property
    def env(self):
        return {"PGHOST": self.dir, "PGPORT": str(self.port), "PGUSER": "postgres",
                "PGDATABASE": "postgres"}

    def _run(self, *cmd):
        out = subprocess.run(as_server_user(cmd), capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError("%s failed:\n%s%s" % (os.path.basename(cmd[0]), out.stdout, out.stderr))

    def start(self):
        """initdb and start; UTF8 whatever the caller's locale (expected outputs hold non-ASCII
        text), collation C.UTF-8 unless told.  Returns the PG* variables that reach it."""
        os.makedirs(self.dir, exist_ok=True)
        os.chmod(self.dir, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(os.path.join(self.bindir, "initdb"), "-D", self.data, "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8", "--locale=" + self.locale)
        conf = ["listen_addresses = ''", "unix_socket_directories = '%s'" % self.dir,
                "port = %d" % self.port, "fsync = off"] + self.settings
        with open(os.path.join(self.data, "postgresql.conf"), "a") as f:
            f.write("\n# throwaway test cluster\n" + "\n".join(conf) + "\n")
        try:
            self._run(os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-l", self.log, "-w", "-s", "start")
        except RuntimeError as e:
            raise RuntimeError("%s\n%s" % (e, open(self.log).read() if os.path.exists(self.log) else ""))
        return self.env

    def stop(self, keep=False):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            subprocess.run(as_server_user([os.path.join(self.bindir, "pg_ctl"), "-D", self.data,
                                           "-m", "immediate", "-w", "-s", "stop"]),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not keep:
            shutil.rmtree(self.dir, ignore_errors=True)


def stop_directory(directory, bindir=None, keep=False):
    """Stop whatever cluster runs in DIRECTORY/data with BINDIR's pg_ctl (by default the
    postmaster's own, from postmaster.pid), then remove DIRECTORY unless KEEP."""
    data = os.path.join(directory, "data")
    pidfile = os.path.join(data, "postmaster.pid")
    if os.path.exists(pidfile):
        try:
            if bindir is None:
                pid = int(open(pidfile).readline())
                bindir = os.path.dirname(os.readlink("/proc/%d/exe" % pid))
            Cluster(bindir, directory).stop(keep=True)
        except (OSError, ValueError):
            pass
    if not keep:
        shutil.rmtree(directory, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description="a throwaway PostgreSQL cluster")
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("start")
    s.add_argument("bindir")
    s.add_argument("dir")
    s.add_argument("--port", type=int)
    s.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    s.add_argument("--conf", action="append", default=[], metavar="LINE")
    s.add_argument("--locale", default="C.UTF-8")
    t = sub.add_parser("stop")
    t.add_argument("dir")
    t.add_argument("--bindir", help="its pg_ctl (default: the running postmaster's)")
    t.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    if args.what == "start":
        settings = ["%s = '%s'" % tuple(x.split("=", 1)) for x in args.set] + args.conf
        try:
            env = Cluster(args.bindir, args.dir, args.port, settings, args.locale).start()
        except RuntimeError as e:
            sys.exit("cluster: %s" % e)
        for k, v in env.items():
            print("export %s=%s" % (k, shlex.quote(v)))
    else:
        stop_directory(args.dir, args.bindir, args.keep)


if __name__ == "__main__":
    main()
