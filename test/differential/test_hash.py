"""
fastnumeric's hash support functions against numeric's, in one server (hash.sql holds the SQL).

Values: the count fixture's texts (COUNT x --scale, every shape four times first) of every
operand shape of harness/values.py (money, quantities, integers, long integers and fractions,
tiny values, zeros with scales, digit-group and machine-integer boundaries, nines, huge values,
high dscales, NaN and the infinities), made
into datums by numeric_in (under a typmod for a quarter of them), the same values with three
more decimals of dscale (equal values in other bytes), and long values stored out of line and
compressed.  Scratch schema hash_check, dropped at the end.
Checks:
  computed   fastnumeric_hash of a fresh datum = hash_numeric, each value
  stored     the same read in place from a table, and fastnumeric_hash_extended =
             hash_numeric_extended for eight seeds (each value and seed)
  rescaled   the rescaled twin hashes as the value (both functions) and is = to it
  toast      out-of-line and compressed long values
  opclass    the hash operator class's support functions are ours
  partition  rows hash-partitioned on a fastnumeric column land in the partition of the same
             remainder as on numeric (values and twins), and pruning finds them
  plans      a hash join numeric = fastnumeric and fastnumeric = fastnumeric give the merge
             join's rows; hashed GROUP BY over fastnumeric the groups of a sorted one over numeric
  ties       count(DISTINCT), sorted DISTINCT, ORDER BY (full and bounded) and PARTITION BY over
             many equal values in different bytes (rescaled, typmod-scaled, 1.0/1.00/1,
             -0/0.000, NaN, +-Infinity) agree with numeric's
"""

import pathlib

from harness.psql import run_tagged, splice
from harness.values import SHAPE_FUNCS, cover, operand, typmod

SUITE = "hash"
SEED = 20261202
COUNT = 20000
COVER = 4 * len(SHAPE_FUNCS)   # the first values: every shape four times, whatever the count
MIN_COUNT = COVER
SQL = pathlib.Path(__file__).with_name("hash.sql")
SPECIALS = ["NaN", "Infinity", "-Infinity", "0", "-0", "0.000", "1.0", "1.00", "-1.000", "0.0001",
            "1e-100", "1e100", "99999999.99", "10000", "9999", "0.9999"]


def value_rows(r, count):
    rows = [(t, -1) for t in SPECIALS]
    for i in range(count):
        _, t = operand(r, cover(i) if i < COVER else None)
        tm = -1
        if r.random() < 0.25 and "e" not in t and t not in ("NaN", "Infinity", "-Infinity"):
            # a typmod the value fits after rounding (one more digit for a carry): numeric(p,s)
            # rounds it, which changes its bytes, never fails
            whole = len(t.lstrip("-").split(".")[0].lstrip("0"))
            scale = r.randint(0, 30)
            if whole + scale + 1 <= 1000:
                tm = typmod(r.randint(whole + scale + 1, min(1000, whole + scale + 20)), scale)
        rows.append((t, tm))
    return rows


def test_hash(tally, casts, conn, rng, seed, count, keep, request):
    rows = value_rows(rng, count)
    print("hash: %d values, fastnumeric_hash(_extended) against hash_numeric(_extended)" % len(rows), flush=True)
    data = "".join("%d\t%s\t%d\n" % (i, t, tm) for i, (t, tm) in enumerate(rows, 1))

    def bad(f):
        tally.mismatch(f[0].split()[0], " ".join(f[0].split()[1:]) or "-", " | ".join(f[1:]))

    try:
        run_tagged(splice(SQL.read_text(encoding="utf-8"), {"DATA": data}), tally,
                   appname="fastnumeric-differential-hash", keep=keep("hash.sql"), handlers={"BAD": bad},
                   variables={"maxbad": request.config.getoption("max_bad"), "bigcount": max(10, count // 2000)})
    finally:   # a failed run leaves no scratch schema behind
        conn.execute("DROP SCHEMA IF EXISTS hash_check CASCADE")
    tally.require({"computed", "stored", "rescaled", "toast", "opclass", "partition", "plans", "ties"})
