"""
ALTER COLUMN TYPE (suite lifecycle): between fastnumeric and numeric, with and without a typmod,
and widening a typmod, on a table with btree and hash indexes.

Counted per step: the table kept its relfilenode (where no rewrite is possible), the column has
the new type, its values kept their text and datum bytes, each btree index passes amcheck, and
after a step on x the hash index finds every row.  The count fixture (COUNT x --scale) is the
number of rows.
"""

import random

from lifecycle_lib import BYTEA_CASTS, COUNT, FIXED_VALUES, MIN_COUNT, SEED, SUITE, any_value, scratch, section  # noqa: F401

STEPS = [
    # column, new type, can the table stay as it is?
    ("x", "numeric", True),
    ("x", "fastnumeric", True),
    ("y", "numeric(12,2)", False),   # PostgreSQL 15: a free cast drops the typmod, numeric's
                                      # own length coercion then cannot be proven a no-op
    ("y", "fastnumeric(12,2)", True),
    ("z", "fastnumeric(14,2)", True),   # widening
    ("w", "fastnumeric(10,3)", True),   # numeric(10,3) -> fastnumeric(10,3)
    ("w", "fastnumeric(12,3)", True),
]

TABLE = "CREATE EXTENSION fastnumeric;\n" + BYTEA_CASTS + """
CREATE TABLE t (id int PRIMARY KEY, x fastnumeric, y fastnumeric(12,2), z fastnumeric(12,2), w numeric(10,3));
"""

INDEXES = """
CREATE INDEX t_x ON t (x);
CREATE INDEX t_x_hash ON t USING hash (x);
CREATE INDEX t_y ON t (y);
CREATE INDEX t_z_y ON t (z, y);
CREATE INDEX t_w ON t (w);
"""

# the column's type, and its row count and an md5 of every value's text and bytes
FINGERPRINT = ("SELECT format_type(atttypid, atttypmod), (SELECT count(*) || ' ' || md5(string_agg("
               "id || ':' || coalesce(%(c)s::text, '-') || ':' || coalesce(encode(%(c)s::bytea, 'hex'), '-'), "
               "',' ORDER BY id)) FROM t) FROM pg_attribute WHERE attrelid = 't'::regclass AND attname = '%(c)s';")

FILENODES = ("SELECT c.relname, c.relfilenode FROM pg_class c WHERE c.oid = 't'::regclass OR c.oid IN "
             "(SELECT indexrelid FROM pg_index WHERE indrelid = 't'::regclass) ORDER BY 1;")


def rows(seed, count):
    r = random.Random(seed + 1)
    data = []
    for i in range(1, count + 1):
        y = "%s%d.%02d" % ("-" if r.random() < 0.3 else "", r.randrange(10 ** r.randint(1, 10)), r.randrange(100))
        data.append((i, FIXED_VALUES[i - 1] if i <= len(FIXED_VALUES) else any_value(r), y,
                     y if r.random() < 0.5 else "NaN" if r.random() < 0.02 else "-1.5",
                     "%d.%03d" % (r.randrange(10 ** 7), r.randrange(1000))))
    return data


def test_alter_column_type(scratch, tally, seed, count, request):
    with section("alter", scratch, tally, request) as s:
        db = scratch.createdb("alter")
        scratch.load(db, TABLE, "t", rows(seed, count), INDEXES)
        for col, new_type, stays in STEPS:
            old_type, old_values = scratch.sql(db, FINGERPRINT % {"c": col})[0]
            before = dict(scratch.sql(db, FILENODES))
            scratch.sql(db, "ALTER TABLE t ALTER COLUMN %s TYPE %s;" % (col, new_type))
            new_type_seen, new_values = scratch.sql(db, FINGERPRINT % {"c": col})[0]
            after = dict(scratch.sql(db, FILENODES))
            step = "%s: %s -> %s" % (col, old_type, new_type)
            rebuilt = sorted(n for n in after if n != "t" and before.get(n) != after[n])
            if stays:
                s.check("%s keeps the table (no rewrite)" % step, before["t"] == after["t"],
                        "relfilenode %s -> %s" % (before["t"], after["t"]))
            else:
                s.info("%s: table %s (PostgreSQL 15 cannot relabel a typmod through a binary-coercible "
                       "cast into numeric)" % (step, "rewritten" if before["t"] != after["t"] else "kept"))
            s.info("%s: indexes rebuilt: %s" % (step, ", ".join(rebuilt) or "none"))
            s.check("%s: column is now %s" % (step, new_type_seen), new_type_seen == new_type, new_type_seen)
            s.check("%s: %s values, same text and bytes" % (step, old_values.split()[0]),
                    old_values == new_values, "%s vs %s" % (old_values, new_values))
            s.check_indexes(step, db, "t", hashed=("x", "t_x_hash") if col == "x" else None)
