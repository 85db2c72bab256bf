"""
Text input, output and ordering of fastnumeric against PostgreSQL's own numeric, in one server.

What is compared (input.sql holds the SQL, harness/inputs.py generates the texts):
  input   every generated text x {no typmod, two typmods}: numeric_in vs fastnumeric_in
          -> output text, datum bytes, SQLSTATE, error message (+detail, hint), and
          fastnumeric_out on numeric_in's datum vs numeric_out.
  output  every accepted value as stored in a table (packed 1-byte header, read in place):
          fastnumeric_out vs numeric_out.
  order   pairs of accepted values: fastnumeric_cmp (all three signatures, both argument
          orders, packed and unpacked datums) and the six operators vs numeric_cmp / numeric's.
  sort    ORDER BY / window / aggregate / btree order over a fastnumeric column vs numeric's.
Counted: input one check per evaluation (input x typmod) per kind (text, bytes, sqlstate,
message, and out where numeric_in accepted the text); output one per stored value; order one
per pair per kind (cmp, cmp_mixed, ops, ops_mixed); sort one per variant (each compares a whole
ordered result).  The count fixture (COUNT x --scale) is the number of input texts and of random
pairs (beside every pair of neighbours in numeric's order); the sort checks order SORT_ROWS x
--scale rows drawn from a fifth as many values (many ties).
"""

import pathlib
import time

from harness import inputs
from harness.psql import copy_data, run_tagged, short, splice, unhex

SUITE = "differential"
SEED = 20240601
# Input texts at scale 1.  inputs.generate puts every category under every typmod in first (its
# cover), at any count; the random inputs beyond it add variety within the categories.
COUNT = 20000
MIN_COUNT = inputs.cover_size()
SORT_ROWS = 20000      # at scale 1; the sort windows are placed relative to it
MIN_SORT_ROWS = 5000   # still far beyond work_mem's 64kB: the external sort stays external
SQL = pathlib.Path(__file__).with_name("input.sql")


def script(texts):
    rows = ("%d\t%s\t%s\t{%s}\n" % (i, cat, text.encode("utf-8").hex(), ",".join(map(str, tms)))
            for i, (cat, text, tms) in enumerate(texts, 1))
    return splice(SQL.read_text(encoding="utf-8"), {"DATA": copy_data("dt_input (id, cat, h, tms)", rows)})


def input_mismatch(tally, f):
    kind, id_, cat, tm, t, nt, nb, ns, nm, ft, fb, fs, fm, ot = f
    detail = ("input #%s (%s) %s typmod %s\n      numeric:     text=%s bytes=%s state=%s msg=%s"
              "\n      fastnumeric: text=%s bytes=%s state=%s msg=%s"
              % (id_, cat, short(unhex(t)), inputs.typmod_name(int(tm)), short(unhex(nt), 60), nb[:60], ns,
                 short(unhex(nm), 160), short(unhex(ft), 60), fb[:60], fs, short(unhex(fm), 160)))
    if kind == "out":
        detail += "\n      fastnumeric_out(numeric datum) = %s" % short(unhex(ot), 60)
    tally.mismatch("input", kind, detail)


def output_mismatch(tally, f):
    nt, ft, b = f
    tally.mismatch("output", "stored", "numeric_out=%s fastnumeric_out=%s bytes=%s"
                   % (short(unhex(nt), 70), short(unhex(ft), 70), b[:60]))


def order_mismatch(tally, f):
    kind, src, a, b, nc, fc, fcr, fcu, fm1, fm2, ops, opsm, ab, bb = f
    tally.mismatch("order", kind, "%s pair a=%s b=%s\n      sign(numeric_cmp)=%s fastnumeric_cmp(a,b)=%s"
                   " (b,a)=%s unpacked=%s mixed=%s,%s\n      ops(= <> < <= > >=)=%s mixed=%s\n"
                   "      bytes a=%s b=%s" % (src, short(unhex(a), 70), short(unhex(b), 70), nc, fc, fcr,
                                              fcu, fm1, fm2, ops, opsm, ab[:60], bb[:60]))


def test_input_output_order(tally, casts, seed, count, scaled, keep, request):
    t0 = time.monotonic()
    texts = inputs.generate(seed, count)
    pairs = count
    sort_rows = scaled(SORT_ROWS, MIN_SORT_ROWS)
    print("differential: seed %d, %d inputs, %d evaluations, %d random pairs, %d sort rows "
          "(generated in %.1fs)" % (seed, len(texts), sum(len(x[2]) for x in texts), pairs,
                                    sort_rows, time.monotonic() - t0), flush=True)
    sorts = []

    def sort_row(f):
        sorts.append(f[0])
        tally.check("sort", f[0], f[1] == "t", f[2])
        print("  sort  %-4s %-48s %s" % ("ok" if f[1] == "t" else "FAIL", f[0], f[2]), flush=True)

    run_tagged(script(texts), tally, appname="fastnumeric-differential", keep=keep("input.sql"),
               variables={"seed": seed, "pairs": pairs, "sortrows": sort_rows,
                          "sortpool": max(1, sort_rows // 5), "maxbad": request.config.getoption("max_bad")},
               handlers={"BAD": lambda f: input_mismatch(tally, f),
                         "OUTBAD": lambda f: output_mismatch(tally, f),
                         "PAIRBAD": lambda f: order_mismatch(tally, f),
                         "SORT": sort_row,
                         "PLAN": lambda f: print("  plan %-15s %s" % (f[0], f[1]), flush=True)})
    tally.require({"input", "output", "order"})
    if len(sorts) < 10:
        tally.run_failed("only %d sort checks ran" % len(sorts))
