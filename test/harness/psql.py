"""
psql against the server in the PG* variables.

Differential suites compare in SQL: they generate one script (a template .sql file with the
data spliced in as COPY ... FROM stdin blocks, comparisons as queries) and read its output, one tagged row per line, fields separated by SEP:
    PHASE  name             a step begins ("done" ends the script)
    INFO   text...          shown
    CHECK  group kind passed failed
    anything else           handed to the suite's handler for that tag, or shown
"""

import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import time

SEP = "\x1f"
SESSION = pathlib.Path(__file__).with_name("session.sql")   # before every script


def rows(sql, sep="\t", check=True):
    """Run SQL with psql; the rows of its unaligned output, fields split on SEP."""
    out = subprocess.run(["psql", "-X", "-q", "-At", "-F", sep, "-v", "ON_ERROR_STOP=1", "-f", "-"],
                         input=sql, capture_output=True, text=True)
    if check and out.returncode != 0:
        raise RuntimeError("psql failed: %s" % out.stderr.strip())
    return [line.split(sep) for line in out.stdout.splitlines()]


def splice(sql, parts):
    """SQL with each line "-- @@NAME@@" replaced by PARTS[NAME] (every marker must have one)."""
    return re.sub(r"^-- @@(\w+)@@\n", lambda m: parts[m.group(1)], sql, flags=re.M)


def copy_data(table, lines):
    """A COPY ... FROM STDIN block of a script: TABLE's rows, one tab-separated line each."""
    return "COPY %s FROM STDIN;\n%s\\.\n" % (table, "".join(lines))


def unhex(h):
    """A hex-encoded text field of a tagged row ('~' or empty: NULL)."""
    return None if h in ("~", "") else bytes.fromhex(h).decode("utf-8", "replace")


def short(s, n=90):
    """S for a mismatch line: repr, middle elided when long."""
    if s is None:
        return "NULL"
    r = repr(s)
    return r if len(r) <= n else r[: n - 20] + "...(%d chars)..." % len(s) + r[-12:]


def run_tagged(script, tally, variables=None, handlers=None, appname="fastnumeric-test", keep=None):
    """Run session.sql and SCRIPT (text) with psql -v NAME=VALUE for VARIABLES; CHECK rows go to TALLY, other
    tags to HANDLERS[tag](fields).  A psql failure, or a script that never reached PHASE done,
    is a failed run.  KEEP: also copy the script to that file."""
    handlers = handlers or {}
    fd, path = tempfile.mkstemp(prefix="fastnumeric-", suffix=".sql")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(SESSION.read_text(encoding="utf-8"))
        f.write(script)
    if keep:
        shutil.copyfile(path, keep)
    cmd = ["psql", "-X", "-q", "-A", "-t", "-F", SEP, "-v", "ON_ERROR_STOP=1"]
    for k, v in (variables or {}).items():
        cmd += ["-v", "%s=%s" % (k, v)]
    env = dict(os.environ)
    env.setdefault("PGAPPNAME", appname)
    done = False
    phase, started = None, time.monotonic()
    errors = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace")
    try:
        # stderr to a file: a pipe read only at the end could fill and stall psql
        proc = subprocess.Popen(cmd + ["-f", path], stdout=subprocess.PIPE, stderr=errors,
                                env=env, text=True, encoding="utf-8", errors="replace")
        for line in proc.stdout:
            f = line.rstrip("\n").split(SEP)
            if f == [""]:
                continue
            tag = f[0]
            if tag == "PHASE":
                if phase:
                    print("  [%s: %.1fs]" % (phase, time.monotonic() - started), flush=True)
                phase, started = f[1], time.monotonic()
                done = f[1] == "done"
                if not done:
                    print("phase %s ..." % f[1], flush=True)
                else:
                    phase = None
            elif tag == "INFO":
                print("  info: %s" % " ".join(f[1:]), flush=True)
            elif tag == "CHECK":
                tally.add(f[1], f[2], int(f[3]), int(f[4]))
            elif tag in handlers:
                handlers[tag](f[1:])
            else:
                print("  " + " ".join(f), flush=True)
        rc = proc.wait()
        errors.seek(0)
        err = errors.read()
    finally:
        errors.close()
        os.unlink(path)
    if rc != 0:
        tally.run_failed("psql failed (exit %d): %s" % (rc, err.strip()[-2000:]))
    else:
        if err.strip():
            print(err, flush=True)
        if not done:
            tally.run_failed("the script stopped before PHASE done")
