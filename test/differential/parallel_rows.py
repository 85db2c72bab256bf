"""
The rows of test/shard (region, id, price, qty), for test_parallel.py.

They come from test/shard/lib.sh's shard_generate_rows itself, run by bash, so the two suites
load the same rows from one generator: it draws with awk's rand(), whose sequence for a seed
belongs to the awk that runs it (mawk and gawk differ), so a copy in Python could not follow it.
"""

import os
import pathlib
import subprocess

LIB = pathlib.Path(__file__).resolve().parent.parent / "shard" / "lib.sh"


def generate_rows(count, seed):
    """COUNT tab-separated rows for COPY, each ending in a newline (the same for the same SEED)."""
    env = dict(os.environ, LC_ALL="C")
    proc = subprocess.Popen(["bash", "-c", 'source "$1" && shard_generate_rows "$2" "$3"', "bash",
                             str(LIB), str(count), str(seed)],
                            stdout=subprocess.PIPE, env=env, text=True)
    try:
        yield from proc.stdout
    finally:
        proc.stdout.close()
        rc = proc.wait()
    if rc != 0:
        raise RuntimeError("shard_generate_rows %d %d failed (exit %d)" % (count, seed, rc))
