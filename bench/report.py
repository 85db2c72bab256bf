#!/usr/bin/python3
"""
bench/run's arithmetic and report (standard library only).

    report.py measure PSQL_OUTPUT
        prints "VALUE UNIT" for one psql session of a workload script: the ms of the statement
        after "@bench measure" minus that after "@bench baseline" (if any), or ns per value when
        the script printed "@bench rows N"; exits 1 when no measured timing is there
    report.py report TIMINGS HEADER MD CSV CHART_DATA [UNCHARTED]
        TIMINGS: one line per workload and type, "name<TAB>unit<TAB>type<TAB>value value ...",
        types in their @workload order (numeric, fastnumeric, ceiling, by-reference floor);
        HEADER: the report's "key: value" lines.  Writes the Markdown report, the CSV
        (bench/side_by_side reads its columns) and the chart's "workload ratio" lines, and
        prints the header and tables on stdout.  UNCHARTED: comma-separated workloads the chart
        leaves out (their script's "-- @uncharted" line: a figure that is the difference of two
        timings of about the same size, not a measurement of its own); the report names them.
    report.py tpch TIMINGS HEADER MD CSV CHART_DATA
        bench/tpch/run's report: TIMINGS as above, one workload per query, numeric's line first;
        per query each type's median and range, and numeric's time over each other type's
        paired by round (their median over the rounds), with the geometric means over the
        queries.  CHART_DATA: "query ratio ratio ..." lines of the paired ratios, in the types'
        order, the geometric means last.

Medians, ranges and ratios are computed from the values as printed (two decimals) and
formatted as C's printf does, so that every report rounds alike.
"""

import datetime
import math
import sys

SLOTS = 4   # numeric, fastnumeric, ceiling, by-reference floor
CSV_HEAD = ("workload,unit,numeric_median,numeric_min,numeric_max,fastnumeric_median,"
            "fastnumeric_min,fastnumeric_max,ratio_numeric_fastnumeric,ceiling_type,"
            "ceiling_median,ceiling_min,ceiling_max,ratio_fastnumeric_ceiling,floor_type,"
            "floor_median,floor_min,floor_max")
INTRO = """\
Per-value workloads are in ns per value (measured query minus its baseline query, divided by
the row count); the others in ms of wall clock (psql \\timing). Ceiling: the same work on int8
(values scaled to integers) or on text. Ratios above 1x in numeric/fastnumeric mean fastnumeric is faster.
By-ref floor (the _byref workloads): the same work on the cheapest by-reference built-in type
(bench/README.md); numeric/floor is the most any by-reference type gains over numeric there."""


def measure(path):
    rows, want, times = 0.0, "", {}
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("@bench rows "):
                rows = float(line.split()[2])
            elif line == "@bench baseline":
                want = "b"
            elif line == "@bench measure":
                want = "m"
            elif line.startswith("Time: ") and want:
                times[want] = float(line.split()[1])
                want = ""
    if "m" not in times:
        return 1
    v = times["m"] - times.get("b", 0.0)
    print("%.2f ns/value" % (v * 1e6 / rows) if rows > 0 else "%.2f ms" % v)
    return 0


class Slot:
    """One type's timings of a workload: median, min and max as two-decimal texts."""

    def __init__(self, type_, values):
        a = sorted(float(v) for v in values)
        n = len(a)
        median = a[n // 2] if n % 2 else (a[n // 2 - 1] + a[n // 2]) / 2
        self.type = type_
        self.runs = [float(v) for v in values]   # in run order: round k is runs[k] of every type
        self.median, self.min, self.max = ("%.2f" % x for x in (median, a[0], a[-1]))


def read_timings(path):
    """[(name, unit, [Slot or None] * SLOTS)]: a workload's lines follow each other."""
    result = []
    with open(path) as f:
        for line in f:
            name, unit, type_, values = line.rstrip("\n").split("\t")
            if not result or result[-1][0] != name:
                result.append((name, unit, []))
            result[-1][2].append(Slot(type_, values.split()))
    return [(name, unit, (slots + [None] * SLOTS)[:SLOTS]) for name, unit, slots in result]


def num(x):
    if x is None:
        return "-"
    v = float(x)
    if v >= 100:
        return "%.0f" % v
    if v >= 10:
        return "%.1f" % v
    return "%.2f" % v if v >= 1 or v <= -1 else "%.3f" % v


def ratio(a, b, fmt="%.2fx", none="-"):
    """a/b of two slots' medians; NONE when either slot is missing or b is not positive."""
    if a is None or b is None or float(b.median) <= 0:
        return none
    return fmt % (float(a.median) / float(b.median))


def typed(s):
    return "-" if s is None else "%s (%s)" % (num(s.median), s.type)


def named(s, name):
    """A first or second type other than numeric / fastnumeric (a variant a script reads from
    T, like numeric_accelerated) is named in its cell."""
    return num(s.median) if s.type == name else typed(s)


def span(s):
    return "-" if s is None else "%s-%s" % (num(s.min), num(s.max))


def table(workloads):
    """The results table as rows of cells; the floor columns only when some workload has one."""
    floors = any(slots[3] is not None for _, _, slots in workloads)
    head = ["workload", "unit", "numeric", "fastnumeric", "numeric/fastnumeric", "ceiling",
            "fastnumeric/ceiling"]
    if floors:
        head += ["by-ref floor", "numeric/floor", "floor/ceiling"]
    head.append("min-max: numeric / fastnumeric / ceiling" + (" / floor" if floors else ""))
    rows = [head]
    for name, unit, (n, f, c, b) in workloads:
        row = [name, unit, named(n, "numeric"), "-" if f is None else named(f, "fastnumeric"),
               ratio(n, f), typed(c), ratio(f, c)]
        if floors:
            row += [typed(b), ratio(n, b), ratio(b, c)]
        row.append(" / ".join(span(s) for s in ((n, f, c, b) if floors else (n, f, c))))
        rows.append(row)
    return rows


def markdown(rows, left=2):
    """An aligned Markdown table: the first LEFT columns left-aligned, the others right (widths
    in bytes, as under LC_ALL=C)."""
    widths = [max(len(r[i].encode()) for r in rows) for i in range(len(rows[0]))]

    def pad(cell, i):
        fill = " " * (widths[i] - len(cell.encode()))
        return cell + fill if i < left else fill + cell

    lines = []
    for k, row in enumerate(rows):
        lines.append("|" + "".join(" %s |" % pad(c, i) for i, c in enumerate(row)))
        if k == 0:
            lines.append("|" + "".join(" %s |" % ("-" * w if i < left else "-" * (w - 1) + ":")
                                       for i, w in enumerate(widths)))
    return lines


def parallel(workloads):
    """Each NAME_parallel (2 workers) against NAME (serial), per type."""
    by_name = {name: slots for name, _, slots in workloads}
    ms = lambda s: "-" if s is None else "%.0f" % float(s.median)
    lines = []
    for name, _, (pn, pf, pc, _) in workloads:
        serial = name[:-len("_parallel")] if name.endswith("_parallel") else None
        if serial not in by_name:
            continue
        sn, sf, sc, _ = by_name[serial]
        if not lines:
            lines += ["| workload | numeric 0 / 2 workers | speedup | fastnumeric 0 / 2 workers"
                      " | speedup | ceiling speedup |",
                      "| --- | --: | --: | --: | --: | --: |"]
        ceiling = "-" if sc is None else "%s (%s)" % (ratio(sc, pc), sc.type)
        lines.append("| %s | %s / %s ms | %s | %s / %s ms | %s | %s |"
                     % (serial, ms(sn), ms(pn), ratio(sn, pn), ms(sf), ms(pf), ratio(sf, pf), ceiling))
    return lines


def quantile(a, q):
    """The q-quantile of sorted a, interpolated between its neighbours."""
    x = q * (len(a) - 1)
    i = int(x)
    return a[i] if i + 1 == len(a) else a[i] + (x - i) * (a[i + 1] - a[i])


def paired(a, b):
    """The ratios a/b of the rounds' own timings (a round runs the types back to back, so the
    machine's drift between rounds cancels), sorted; None when a round is missing one."""
    if a is None or b is None or len(a.runs) != len(b.runs) or min(b.runs) <= 0:
        return None
    return sorted(x / y for x, y in zip(a.runs, b.runs))


def paired_table(workloads):
    """Each workload's paired ratios: fastnumeric over the ceiling and numeric over fastnumeric,
    their medians over the rounds and the middle half of them."""
    lines = []
    for name, _, (n, f, c, _) in workloads:
        fc, nf = paired(f, c), paired(n, f)
        if fc is None and nf is None:
            continue
        if not lines:
            lines += ["| workload | numeric/fastnumeric, paired | middle half | fastnumeric/ceiling, paired"
                      " | middle half |", "| --- | --: | --: | --: | --: |"]
        cells = []
        for r in (nf, fc):
            cells += (["-", "-"] if r is None else
                      ["%.2fx" % quantile(r, 0.5), "%.2f-%.2f" % (quantile(r, 0.25), quantile(r, 0.75))])
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    return lines


def csv_rows(workloads):
    def cells(s):
        return ["", "", ""] if s is None else [s.median, s.min, s.max]

    for name, unit, (n, f, c, b) in workloads:
        yield ",".join([name, unit] + cells(n) + cells(f) + [ratio(n, f, "%.3f", "")]
                       + ["" if c is None else c.type] + cells(c) + [ratio(f, c, "%.3f", "")]
                       + ["" if b is None else b.type] + cells(b))


def report(timings, header_file, md_file, csv_file, chart_file, uncharted=""):
    workloads = read_timings(timings)
    left_out = set(filter(None, uncharted.split(",")))
    with open(header_file) as f:
        header = f.read().splitlines()
    tab = markdown(table(workloads))
    par = parallel(workloads)
    pairs = paired_table(workloads)
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    md = (["# fastnumeric benchmark, " + today, ""] + ["- " + h for h in header] + [""]
          + INTRO.splitlines() + [""] + tab)
    if par:
        md += ["", "Parallel speedup (time with 0 workers / time with 2 workers, medians):", ""] + par
    if pairs:
        md += ["", "Paired ratios (each round times the types back to back; the median over the rounds "
               "of one type's time over another's in the same round, and the middle half of those "
               "ratios):", ""] + pairs
    shown = [name for name, _, _ in workloads if name in left_out]
    if shown:
        md += ["", "Not in the chart (a difference of two timings of about the same size, not a "
               "measurement of its own): " + ", ".join(shown) + "."]
    csv = ["# " + h for h in header] + [CSV_HEAD] + list(csv_rows(workloads))
    # the chart's bars: numeric/fastnumeric where both were measured, but for the uncharted
    chart = ["%s %s" % (name, ratio(n, f, "%.3f")) for name, _, (n, f, _, _) in workloads
             if ratio(n, f, "%.3f", "") and name not in left_out]
    for path, lines in ((md_file, md), (csv_file, csv), (chart_file, chart)):
        with open(path, "w") as f:
            f.write("".join(line + "\n" for line in lines))
    out = [""] + header + [""] + tab + [""]
    if par:
        out += ["Parallel speedup (0 workers / 2 workers):"] + par + [""]
    sys.stdout.write("".join(line + "\n" for line in out))
    return 0


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def tpch(timings, header_file, md_file, csv_file, chart_file):
    """numeric's time over each other type's, per query (paired by round) and their geometric
    mean over the queries."""
    queries = [(name, [s for s in slots if s is not None]) for name, _, slots in read_timings(timings)]
    types = [s.type for s in queries[0][1]]
    others = types[1:]
    with open(header_file) as f:
        header = f.read().splitlines()
    head = (["query"] + ["%s ms" % t for t in types] + ["numeric/%s" % t for t in others]
            + ["min-max: " + " / ".join(types)])
    rows, csv, chart = [head], [], []
    ratios = {t: [] for t in others}
    for name, slots in queries:
        paired_medians = []
        for s in slots[1:]:
            r = paired(slots[0], s)
            paired_medians.append(None if r is None else quantile(r, 0.5))
            if r is not None:
                ratios[s.type].append(paired_medians[-1])
        cells = ["-" if r is None else "%.2fx" % r for r in paired_medians]
        rows.append([name] + [num(s.median) for s in slots] + cells
                    + [" / ".join(span(s) for s in slots)])
        csv.append(",".join([name] + [x for s in slots for x in (s.median, s.min, s.max)]
                            + ["" if r is None else "%.3f" % r for r in paired_medians]))
        chart.append(" ".join([name] + ["0" if r is None else "%.3f" % r for r in paired_medians]))
    means = [geomean(ratios[t]) for t in others]
    rows.append(["geometric mean", "", ""] + [""] * (len(types) - 2)
                + ["-" if m is None else "%.2fx" % m for m in means] + [""])
    csv.append(",".join(["geometric_mean"] + [""] * (3 * len(types))
                        + ["" if m is None else "%.3f" % m for m in means]))
    chart.append(" ".join(["geomean"] + ["0" if m is None else "%.3f" % m for m in means]))
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    intro = ("Milliseconds of wall clock per query (psql \\timing, medians over the runs). numeric/X: "
             "numeric's time over X's in the same round (the types run back to back), the median over "
             "the rounds; above 1x X is faster. The geometric mean is over the queries' paired ratios.")
    md = ["# fastnumeric TPC-H benchmark, " + today, ""] + ["- " + h for h in header] + ["", intro, ""]
    md += markdown(rows, 1)
    csv_head = ",".join(["query"] + ["%s_%s" % (t, k) for t in types for k in ("median", "min", "max")]
                        + ["ratio_numeric_%s" % t for t in others])
    for path, lines in ((md_file, md), (csv_file, ["# " + h for h in header] + [csv_head] + csv),
                        (chart_file, chart)):
        with open(path, "w") as f:
            f.write("".join(line + "\n" for line in lines))
    sys.stdout.write("".join(line + "\n" for line in [""] + header + [""] + markdown(rows, 1) + [""]))
    return 0


def main(argv):
    if len(argv) == 2 and argv[0] == "measure":
        return measure(argv[1])
    if len(argv) in (6, 7) and argv[0] == "report":
        return report(*argv[1:])
    if len(argv) == 6 and argv[0] == "tpch":
        return tpch(*argv[1:])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
