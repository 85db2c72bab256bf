"""
ALTER EXTENSION UPDATE (suite lifecycle): the installed files offer the current version; for
every released earlier version V (RELEASED in lifecycle_released.py): CREATE EXTENSION VERSION
V and a table with a btree and a hash index; then, with V's install files removed again, ALTER
EXTENSION UPDATE along V's update path (one script per release: 0.1--0.2--...).

Counted: the installed files offer the default version; a fresh install has the member kinds
expected; the released versions are installable; per V: the update path, the version reached,
one check per member object (members.sql: every member described in full, comments included)
against the fresh install, the table's values (text and bytes), amcheck on its btree index and
the hash index probe; at 0.3, the aggregates the update drops (called with the current
library) give numeric's results.  The count fixture (COUNT x --scale) is the number of rows of each V's
table.
"""

from lifecycle_lib import BYTEA_CASTS, COUNT, MIN_COUNT, SEED, SUITE, scratch, section, version_key  # noqa: F401
from lifecycle_released import RELEASED, released_versions

TABLE = r"""
CREATE TABLE t AS SELECT i AS id, (i * 7.31 - 5000)::fastnumeric(12,2) AS v,
                         ('0.' || repeat('0', i %% 40) || i)::fastnumeric AS w
    FROM generate_series(1, %d) i;
CREATE INDEX t_v ON t (v);
CREATE INDEX t_w_hash ON t USING hash (w);
"""

VALUES = ("SELECT md5(string_agg(v::text || encode(v::bytea, 'hex') || w::text || encode(w::bytea, 'hex'), "
          "',' ORDER BY id)) FROM t;")

# 0.3's aggregates that the update to 0.4 drops, called in a database still at 0.3 with the
# current library: numeric's results
DROPPED = ("SELECT fastnumeric_sum_expr('$1 * $2 - $1', v, w)::text = sum(v::numeric * w::numeric - v::numeric)::text "
           "AND fastnumeric_avg_expr('$1 - $2', v, w)::text = avg(v::numeric - w::numeric)::text "
           "AND fastnumeric_sum_product(v, w, v)::text = sum(v::numeric * w::numeric * v::numeric)::text "
           "AND fastnumeric_sum_product(v, NULLIF(w, w), v) IS NULL FROM t;")


def test_update_from_released(scratch, tally, count, request):
    with section("update", scratch, tally, request) as s:
        shipped, current = scratch.versions()
        s.info("installed files: versions %s, default %s" % (", ".join(shipped), current))
        s.check("the installed files offer the default version %s" % current, current in shipped)
        leftover = [v for v in shipped if v != current]
        if leftover:
            s.info("install scripts of %s are installed too (by an earlier make install?)" % ", ".join(leftover))
        fresh = scratch.createdb("fresh")
        scratch.sql(fresh, "CREATE EXTENSION fastnumeric;")
        reference = scratch.members(fresh)
        kinds = set(line.split(" ")[0] for line in reference)
        s.check("fresh install: %d member lines of kinds %s" % (len(reference), ", ".join(sorted(kinds))),
                len(reference) > 100 and {"function", "operator", "type", "cast", "extension"} <= kinds)
        made = []
        with released_versions(scratch, s) as released:
            versions, _ = scratch.versions()
            s.info("with the released files: versions %s" % ", ".join(versions))
            older = [v for v in released if v != current]
            s.check("released versions to update from (%s), each installable" % ", ".join(older),
                    len(older) > 0 and set(older) <= set(versions), "installable: %s" % ", ".join(versions))
            for version in older:
                if version not in versions:
                    continue
                db = scratch.createdb("from_" + version.replace(".", "_"))
                scratch.sql(db, "CREATE EXTENSION fastnumeric VERSION '%s';\n" % version + BYTEA_CASTS
                            + TABLE % count)
                if scratch.value(db, "SELECT count(*) FROM pg_proc WHERE proname = 'fastnumeric_sum_expr';") != "0":
                    s.check("%s: its aggregates of programs and of three factors give numeric's results" % version,
                            scratch.value(db, DROPPED) == "t")
                made.append((version, db, scratch.value(db, VALUES)))
        # The released install files are gone again: from here on only the installed ones.
        paths = dict(scratch.sql(scratch.maintenance_db, "SELECT source, path FROM pg_extension_update_paths("
                                 "'fastnumeric') WHERE target = '%s' AND path IS NOT NULL;" % current))
        for version, db, before in made:
            steps = [v for v in sorted(RELEASED, key=version_key)
                     if version_key(version) <= version_key(v) and v != current] + [current]
            expected_path = "--".join(steps)
            s.check("%s->%s goes by the update scripts %s" % (version, current, expected_path),
                    paths.get(version) == expected_path, str(paths.get(version)))
            scratch.sql(db, "ALTER EXTENSION fastnumeric UPDATE;")
            got = scratch.value(db, "SELECT extversion FROM pg_extension WHERE extname = 'fastnumeric';")
            s.check("%s updated to %s" % (version, current), got == current, got)
            s.check_each("%s->%s member" % (version, current), reference, scratch.members(db))
            s.check("%s->%s: table made at %s, same text and bytes" % (version, current, version),
                    scratch.value(db, VALUES) == before)
            s.check_indexes("%s->%s" % (version, current), db, "t", hashed=("w", "t_w_hash"))
