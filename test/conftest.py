"""
pytest's view of fastnumeric's server tests (test/differential, test/lifecycle, test/stress,
test/clients, test/production): options, the shared fixtures, and the summary test/run reads.

    /usr/bin/python3 -m pytest -s test/differential [--pg-config PATH] [--seed N] [--scale X]

Server: with --pg-config, a throwaway cluster of that PostgreSQL for the session (its bindir
first on PATH, the PG* variables pointing at it); otherwise the server the PG* variables name.
Connect as a superuser: suites create the extension if missing and work in scratch schemas.

Volume: --scale X multiplies every suite's volume (a module's COUNT, through the `count`
fixture, and any other size it reads through `scaled`); 1 is the default run, 0.1 test/run
--quick.  A module's MIN_COUNT is the floor below which it would no longer reach every shape
or case it generates.

Counting: a module's tests belong to the suite named by its SUITE attribute (else its
directory's name).  A test that takes the `tally` fixture counts its checks (it fails when any
failed); any other test counts as one check.  A failed test whose tally shows no failure, a
skipped test, or a module that cannot be collected counts one failure.  The session ends with
one line per suite, "SUITE: N passed, N failed in S s" (S: the seconds its tests took, fixtures
included), which test/run copies into its summary.
"""

import os
import pathlib
import random
import sys
import tempfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from harness import cluster as cluster_mod  # noqa: E402
from harness import db  # noqa: E402
from harness.tally import Tally  # noqa: E402


def pytest_addoption(parser):
    g = parser.getgroup("fastnumeric")
    g.addoption("--pg-config", help="start a throwaway cluster of this PostgreSQL for the session")
    g.addoption("--seed", type=int, help="seed of the generated inputs (each suite has a default)")
    g.addoption("--scale", type=float, default=1.0,
                help="every suite's volume (inputs, pairs, rows, trees): its default x SCALE (0.1: a tenth)")
    g.addoption("--max-bad", type=int, default=5, help="mismatches shown per kind of check")
    g.addoption("--keep", metavar="DIR", help="keep generated scripts and data in DIR")


@pytest.fixture(scope="session", autouse=True)
def server(request, tmp_path_factory):
    """The server under test: a throwaway cluster with --pg-config, else the PG* one."""
    pg_config = request.config.getoption("pg_config")
    if not pg_config:
        yield os.environ.get("PGHOST")
        return
    import subprocess
    bindir = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=True).stdout.strip()
    c = cluster_mod.Cluster(bindir, tempfile.mkdtemp(prefix="fastnumeric-pytest-"),
                            settings=["max_parallel_workers_per_gather = 2"])
    saved = dict(os.environ)
    os.environ.update(c.start())
    os.environ["PATH"] = bindir + os.pathsep + os.environ["PATH"]
    try:
        yield c.dir
    finally:
        c.stop()
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(scope="session")
def conn(server):
    """A psycopg connection (autocommit) with the extension created."""
    with db.connect() as c:
        db.ensure_extension(c)
        yield c


@pytest.fixture(scope="session")
def casts(conn):
    """The numeric/fastnumeric -> bytea binary casts that let SQL show datum bytes."""
    with db.bytea_casts(conn):
        yield


def _module_default(request, name, fallback):
    return getattr(request.module, name, fallback)


@pytest.fixture
def seed(request):
    s = request.config.getoption("seed")
    return _module_default(request, "SEED", 1) if s is None else s


def _scaled(config, n, floor=1):
    """N (a suite's volume at scale 1) times --scale, and never below FLOOR."""
    return max(floor, int(round(n * config.getoption("scale"))))


@pytest.fixture
def scale(request):
    """--scale: the factor of every suite's volume (1: the defaults)."""
    return request.config.getoption("scale")


@pytest.fixture
def count(request):
    """The module's volume: its COUNT (at scale 1) times --scale, at least its MIN_COUNT (the
    least that still reaches every shape and case it generates)."""
    return _scaled(request.config, _module_default(request, "COUNT", 1000),
                   _module_default(request, "MIN_COUNT", 1))


@pytest.fixture
def scaled(request):
    """scaled(N, FLOOR=1): another size of the module's (N at scale 1) times --scale, at least FLOOR."""
    return lambda n, floor=1: _scaled(request.config, n, floor)


@pytest.fixture
def rng(seed):
    """random.Random(seed): the suite's inputs are the same for the same --seed."""
    return random.Random(seed)


@pytest.fixture
def keep(request):
    """Where to keep a generated file NAME (None: nowhere): keep("arith.sql")."""
    d = request.config.getoption("keep")
    return (lambda name: os.path.join(d, name)) if d else (lambda name: None)


def suite_of(node):
    module = getattr(node, "module", None)
    if module is not None and getattr(module, "SUITE", None):
        return module.SUITE
    return pathlib.Path(str(node.fspath)).parent.name


_tallies = {}      # nodeid -> Tally
_outcomes = {}     # nodeid -> (suite, failed?)
_broken = {}       # suite -> failures outside any test (collection)
_seconds = {}      # suite -> seconds spent in its tests (setup, call and teardown)


@pytest.fixture
def tally(request):
    """The test's Tally; the test fails if any of its checks failed."""
    t = Tally(suite_of(request.node), request.config.getoption("max_bad"))
    _tallies[request.node.nodeid] = t
    return t


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Call the test, then fail it (not its teardown) if its tally counted a failed check."""
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    pyfuncitem.obj(**args)
    t = _tallies.get(pyfuncitem.nodeid)
    if t is not None and t.failed:
        pytest.fail("%d checks failed:\n%s" % (t.failed, "\n".join(t.problems[:40])), pytrace=False)
    return True


def pytest_runtest_logreport(report):
    suite = _outcomes.get(report.nodeid, (None, False))[0]
    if suite is None:
        suite = getattr(report, "fastnumeric_suite", None)
    _seconds[suite] = _seconds.get(suite, 0.0) + (report.duration or 0.0)
    bad = report.failed or report.skipped   # nothing may be skipped
    prev = _outcomes.get(report.nodeid, (suite, False))
    _outcomes[report.nodeid] = (prev[0] or suite, prev[1] or bad)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    outcome.get_result().fastnumeric_suite = suite_of(item)


def pytest_collectreport(report):
    if report.failed:
        name = pathlib.Path(str(report.fspath)).stem
        _broken[name[5:] if name.startswith("test_") else name] = 1


def pytest_terminal_summary(terminalreporter):
    lines = {}
    for nodeid, (suite, bad) in _outcomes.items():
        p, f = lines.get(suite, (0, 0))
        t = _tallies.get(nodeid)
        if t is None:
            p, f = p + (not bad), f + bad
        else:
            p, f = p + t.passed, f + t.failed + (bad and not t.failed)
        lines[suite] = (p, f)
    for suite, n in _broken.items():
        p, f = lines.get(suite, (0, 0))
        lines[suite] = (p, f + n)
    terminalreporter.write_line("")
    for suite in sorted(lines):
        terminalreporter.write_line("%s: %d passed, %d failed in %.1f s"
                                    % (suite, *lines[suite], _seconds.get(suite, 0.0)))
