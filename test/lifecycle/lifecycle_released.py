"""
The released versions' install files, from this repository's history, in the server's
extension directory while a `with released_versions(scratch, section)` block runs (see
lifecycle_lib.py): what it writes is removed at the end, files already there and equal to the
released ones are used and left in place, a file there that differs fails the run.
"""

import contextlib
import fcntl
import hashlib
import os
import subprocess
import tempfile

from lifecycle_lib import REPO, RunFailed, version_key

# Released versions before the current one: version -> (commit, [(path at that commit, file
# name in the extension directory)]), the commit being one at which the files are as that
# version shipped them.  When default_version moves on, add the version it leaves, with its
# last commit as the current version: its install script is then sql/fastnumeric.sql, to be
# installed as fastnumeric--<version>.sql.
RELEASED = {
    # the commit that made 0.2 current: 0.1's script as 0.1 shipped it, and the secondary
    # control file that keeps 0.1 superuser-only
    "0.1": ("11887c0e6a907afec82fcb550ffea87f1e013855",
            [("sql/fastnumeric--0.1.sql", "fastnumeric--0.1.sql"),
             ("fastnumeric--0.1.control", "fastnumeric--0.1.control")]),
    # its last commit as the current version
    "0.2": ("f46890250dac81c196167a519c983e7911285351",
            [("sql/fastnumeric--0.2.sql", "fastnumeric--0.2.sql")]),
    "0.3": ("dec1a71fa803e48cd679b59a5218794c295d1803",
            [("sql/fastnumeric.sql", "fastnumeric--0.3.sql")]),
}


def released_file(commit, path):
    p = subprocess.run(["git", "-C", str(REPO), "show", "%s:%s" % (commit, path)], capture_output=True)
    if p.returncode != 0:
        raise RunFailed("the released install files come from the repository's history, and git show "
                        "%s:%s failed: %s" % (commit, path, p.stderr.decode(errors="replace").strip()[:500]))
    return p.stdout


def write_file(path, data):
    try:
        with open(path, "xb") as f:
            f.write(data)
        os.chmod(path, 0o644)
        return
    except PermissionError:
        pass
    with tempfile.NamedTemporaryFile() as f:
        f.write(data)
        f.flush()
        p = subprocess.run(["sudo", "-n", "install", "-m", "644", f.name, path], capture_output=True, text=True)
    if p.returncode != 0:
        raise RunFailed("cannot write %s (not writable, and sudo -n install failed: %s)" % (path, p.stderr.strip()))


def remove_file(path):
    try:
        os.unlink(path)
    except PermissionError:
        subprocess.run(["sudo", "-n", "rm", "-f", path], capture_output=True)
    except FileNotFoundError:
        pass


@contextlib.contextmanager
def released_versions(scratch, section):
    """The files of every RELEASED version in the server's extension directory; yields the
    versions.  While they are there, an exclusive lock (per directory) keeps other runs of
    this suite from removing or adding them."""
    sharedir = scratch.value(scratch.maintenance_db, "SELECT setting FROM pg_config WHERE name = 'SHAREDIR';")
    extdir = os.path.join(sharedir, "extension")
    files = [(os.path.join(extdir, name), released_file(commit, path))
             for version, (commit, paths) in sorted(RELEASED.items()) for path, name in paths]
    lock_path = os.path.join(tempfile.gettempdir(), "fastnumeric-lifecycle-%s.lock"
                             % hashlib.sha1(extdir.encode()).hexdigest()[:16])
    try:
        lock = open(lock_path, "a")
    except PermissionError:
        lock = open(lock_path, "r")
    written = []
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for path, data in files:
            if os.path.exists(path):
                with open(path, "rb") as f:
                    if f.read() != data:
                        raise RunFailed("%s is not the released file (from git show %s)" % (path, " / ".join(
                            "%s:%s" % (c, p) for c, ps in RELEASED.values() for p, n in ps
                            if n == os.path.basename(path))))
                section.info("%s is already installed (by an earlier make install?): used, left in place"
                             % os.path.basename(path))
            else:
                write_file(path, data)
                written.append(path)
        yield sorted(RELEASED, key=version_key)
    finally:
        for path in reversed(written):
            remove_file(path)
        lock.close()
