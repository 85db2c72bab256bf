"""
Counting checks.  A suite's checks are counted, not its test functions: one differential run
compares millions of values.  A Tally collects them by group and kind, shows the first
mismatches of each kind, and ends as the line test/run reads:  "SUITE: N passed, N failed".
"""


class Tally:
    def __init__(self, suite, max_bad=5):
        self.suite = suite
        self.max_bad = max_bad
        self.passed = 0
        self.failed = 0
        self.groups = set()
        self.problems = []          # what failed, as shown: for the pytest failure message
        self._shown = {}

    def add(self, group, kind, passed, failed):
        """PASSED and FAILED checks of one KIND in GROUP, counted elsewhere (by SQL)."""
        self.groups.add(group)
        self.passed += passed
        self.failed += failed
        print("  check %-10s %-24s %9d passed %6d failed" % (group, kind, passed, failed), flush=True)

    def check(self, group, kind, ok, detail=""):
        """One check; DETAIL is shown when it fails (the first max_bad of each kind)."""
        self.groups.add(group)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.mismatch(group, kind, detail)
        return ok

    def mismatch(self, group, kind, detail):
        """Show DETAIL of a failed check counted elsewhere, the first max_bad per kind."""
        n = self._shown.get((group, kind), 0)
        self._shown[(group, kind)] = n + 1
        if n < self.max_bad:
            text = "MISMATCH %s %s: %s" % (group, kind, detail)
            self.problems.append(text)
            print("  " + text, flush=True)

    def run_failed(self, why):
        """The run could not do all it should: one failure, whatever was counted."""
        self.failed += 1
        self.problems.append(why)
        print("  RUN FAILED: %s" % why, flush=True)

    def require(self, groups):
        """Every one of GROUPS produced checks, or the run was incomplete."""
        missing = sorted(set(groups) - self.groups)
        if missing:
            self.run_failed("incomplete run: no checks of %s" % ", ".join(missing))

    def line(self):
        return "%s: %d passed, %d failed" % (self.suite, self.passed, self.failed)
