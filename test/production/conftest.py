"""
The production suite's pieces: which server, where its nodes live, which parts can run on it.

Server: --pg-config, else the PG_CONFIG variable (test/run sets it), else pg_config on PATH.
Every part starts its own servers of that PostgreSQL (nodes.py) and stops them.

Parts: each module names its part (PART) and may say what it lacks on a server (`missing(pg)`:
a list of reasons). On Debian's packaged servers every part must run (test/prereqs.sh installs
every tool), so a lack there fails the part; on a server built from source a part whose tool
does not exist for it is left out, and the session says which parts ran and why others did not
("production parts: ..."), a line test/run copies into its summary.

FASTNUMERIC_FULL=1 (test/run --full) runs the long versions of the load and crash parts.
"""

import os
import re
import shutil
import subprocess
import tempfile
import types

import pytest

from nodes import Node  # noqa: E402  (test/production is on sys.path through rootdir conftest)

_ran = {}      # part -> its tests selected
_left = {}     # part -> why it did not run
_notes = {}    # part -> what of it did not run


def _pg_config(config):
    return (config.getoption("pg_config") or os.environ.get("PG_CONFIG") or shutil.which("pg_config"))


def server_info(config):
    pg_config = _pg_config(config)
    if not pg_config:
        raise pytest.UsageError("the production suite needs --pg-config, PG_CONFIG or pg_config on PATH")
    q = lambda opt: subprocess.run([pg_config, opt], capture_output=True, text=True, check=True).stdout.strip()
    bindir = q("--bindir")
    version = q("--version").split()[1]
    return types.SimpleNamespace(
        pg_config=pg_config, bindir=bindir, version=version, major=int(re.match(r"\d+", version).group()),   # 18.6, 19rc1, 19beta1
        sharedir=q("--sharedir"), pkglibdir=q("--pkglibdir"),
        debian=bindir.startswith("/usr/lib/postgresql/"),
        full=os.environ.get("FASTNUMERIC_FULL") == "1")


def pytest_collection_modifyitems(session, config, items):
    pg = None
    keep, drop = [], []
    for item in items:
        module = getattr(item, "module", None)
        part = getattr(module, "PART", None)
        if part is None:
            keep.append(item)
            continue
        pg = pg or server_info(config)
        lacks = module.missing(pg) if hasattr(module, "missing") else []
        if lacks and not pg.debian:
            _left[part] = "; ".join(lacks)
            drop.append(item)
        else:
            _ran[part] = _ran.get(part, 0) + 1
            if hasattr(module, "note") and module.note(pg):
                _notes[part] = module.note(pg)
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_terminal_summary(terminalreporter):
    if not _ran and not _left:
        return
    line = "production parts: " + (" ".join(p + (" (%s)" % _notes[p] if p in _notes else "")
                                             for p in sorted(_ran)) or "none")
    if _left:
        line += "; not run: " + "; ".join("%s (%s)" % kv for kv in sorted(_left.items()))
    terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def pg(request):
    """The server under test: bindir, version, major, debian (packaged), full (long run)."""
    return server_info(request.config)


@pytest.fixture
def nodes(pg):
    """make(name, settings=()) -> a Node of the server under test in a directory of its own,
    not started; every node made is stopped (immediately) and removed at the end of the test."""
    base = tempfile.mkdtemp(prefix="fastnumeric-prod-")
    os.chmod(base, 0o755)
    made = []

    def make(name, settings=()):
        n = Node(pg.bindir, os.path.join(base, name), settings)
        made.append(n)
        return n

    make.base = base
    try:
        yield make
    finally:
        for n in made:
            n.stop()
        shutil.rmtree(base, ignore_errors=True)
