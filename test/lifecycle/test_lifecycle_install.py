"""
Installing the extension is safe (suite lifecycle, group security).

Counted: a non-superuser with CREATE on the database can CREATE EXTENSION iff the version is
trusted (the default is, 0.1 as released is not: one check per available version); one
without cannot; every member belongs to the bootstrap superuser, not to the installer, who
cannot alter one but can use the type; with a hostile schema first on the search_path
(lifecycle_hostile.sql: lookalike format(), ||, =, <>, numeric_cmp, types named numeric, int4,
text ...) and temporary lookalike tables, the install calls none of them and makes the same
members as a clean install (one check per member); so does ALTER EXTENSION UPDATE from each
released version installed in that schema; control: the same schema does catch 0.1's
unqualified format() calls.
"""

import pathlib

from lifecycle_lib import SUITE, scratch, section, version_key  # noqa: F401
from lifecycle_released import RELEASED, released_versions

HOSTILE_SCHEMA = pathlib.Path(__file__).with_name("lifecycle_hostile.sql").read_text(encoding="utf-8")

# In the installing session: temporary lookalikes of our own type and of numeric.
TEMP_LOOKALIKES = "CREATE TEMP TABLE numeric (x int); CREATE TEMP TABLE fastnumeric (x int);\n"

OWNERS = """
SELECT CASE d.classid
         WHEN 'pg_proc'::regclass THEN (SELECT proowner FROM pg_proc WHERE oid = d.objid)
         WHEN 'pg_type'::regclass THEN (SELECT typowner FROM pg_type WHERE oid = d.objid)
         WHEN 'pg_operator'::regclass THEN (SELECT oprowner FROM pg_operator WHERE oid = d.objid)
         WHEN 'pg_opclass'::regclass THEN (SELECT opcowner FROM pg_opclass WHERE oid = d.objid)
         WHEN 'pg_opfamily'::regclass THEN (SELECT opfowner FROM pg_opfamily WHERE oid = d.objid)
       END::regrole::text AS o
FROM pg_depend d JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'fastnumeric' AND d.deptype = 'e' AND d.classid <> 'pg_cast'::regclass   -- casts have no owner
"""


def trust_and_released(s, db, user):
    """Who may install each version; each released version installed by a superuser among the
    lookalikes, to be updated there later.  Returns (trusted, current, [(version, db)])."""
    scratch = s.scratch
    hostile_from = []
    with released_versions(scratch, s):
        trusted = dict(scratch.sql(scratch.maintenance_db, "SELECT version, trusted FROM "
                                   "pg_available_extension_versions WHERE name = 'fastnumeric';"))
        current = scratch.value(scratch.maintenance_db,
                                "SELECT default_version FROM pg_available_extensions WHERE name = 'fastnumeric';")
        s.check("the default version %s is trusted, 0.1 as released is not (the control files)" % current,
                trusted.get(current) == "t" and trusted.get("0.1") == "f", str(trusted))
        for version in sorted(trusted, key=version_key):
            state = scratch.sqlstate(db, "CREATE EXTENSION fastnumeric VERSION '%s';" % version, user=user)
            expect = None if trusted[version] == "t" else "42501"
            s.check("a non-superuser with CREATE on the database %s install %s (trusted: %s)"
                    % ("can" if expect is None else "cannot", version, trusted[version]), state == expect, str(state))
            if state is None:
                scratch.sql(db, "DROP EXTENSION fastnumeric;", user=user)

        # Control: the trap is live (it catches 0.1's unqualified format()); the versions after
        # it call none.
        for version in sorted(RELEASED, key=version_key):
            if version == current or version not in trusted:
                continue
            hdb = scratch.createdb("hostile_from_" + version.replace(".", "_"))
            scratch.sql(hdb, HOSTILE_SCHEMA + "SET search_path = app; CREATE EXTENSION fastnumeric VERSION '%s';"
                        % version)
            calls = int(scratch.value(hdb, "SELECT count(*) FROM app.calls;"))
            if version == "0.1":
                s.check("control: the hostile schema catches 0.1's unqualified calls (%d)" % calls, calls > 0)
            else:
                s.check("hostile: installing %s (as released) calls no lookalike" % version,
                        calls == 0, "%d calls" % calls)
            hostile_from.append((version, hdb))
    return trusted, current, hostile_from


def test_install_safety(scratch, tally, request):
    with section("security", scratch, tally, request) as s:
        bootstrap = scratch.value(scratch.maintenance_db, "SELECT rolname FROM pg_roles WHERE oid = 10;")
        user = scratch.createrole("user")
        outsider = scratch.createrole("outsider")
        db = scratch.createdb("trust")
        scratch.sql(db, "GRANT CREATE ON DATABASE %s TO %s;" % (db, user))
        trusted, current, hostile_from = trust_and_released(s, db, user)

        state = scratch.sqlstate(db, "CREATE EXTENSION fastnumeric;", user=outsider)
        s.check("a non-superuser without CREATE on the database cannot install it", state == "42501", str(state))

        installer = user if trusted.get(current) == "t" else None
        scratch.sql(db, "CREATE EXTENSION fastnumeric;", user=installer)
        owners = scratch.sql(db, "SELECT DISTINCT o FROM (" + OWNERS + ") x ORDER BY 1;")
        s.check("every member belongs to the bootstrap superuser %s" % bootstrap, owners == [[bootstrap]], str(owners))
        if installer:
            state = scratch.sqlstate(db, "ALTER FUNCTION fastnumeric_hash(fastnumeric) VOLATILE;", user=user)
            s.check("the installer cannot alter a member", state == "42501", str(state))
            total = scratch.value(db, "CREATE SCHEMA mine; CREATE TABLE mine.t (x fastnumeric(10,2)); INSERT INTO "
                                  "mine.t SELECT i / 4.0 FROM generate_series(1, 1000) i; SELECT sum(x) FROM mine.t;",
                                  user=user)
            s.check("the installer uses the type", total == "125125.00", str(total))

        # The same install into a schema holding lookalikes, and into a clean one.
        members = {}
        for label in ("clean", "hostile"):
            db = scratch.createdb(label)
            scratch.sql(db, "GRANT CREATE ON DATABASE %s TO %s;" % (db, user))
            scratch.sql(db, HOSTILE_SCHEMA if label == "hostile" else "CREATE SCHEMA app;", user=installer)
            schema = scratch.value(db, TEMP_LOOKALIKES + "SET search_path = app; CREATE EXTENSION fastnumeric;\n"
                                   "SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'fastnumeric';",
                                   user=installer)
            s.check("%s: installed by %s into schema %s" % (label, installer or "the superuser", schema),
                    schema == "app")
            members[label] = scratch.members(db)
            if label == "hostile":
                calls = scratch.sql(db, "SELECT who || ' ' || what FROM app.calls;")
                s.check("hostile: no lookalike was called", calls == [], str(calls[:5]))
        s.check_each("hostile install member", members["clean"], members["hostile"])

        # The updates from the released versions, run by a superuser among the lookalikes (with
        # only the installed files), call none of them and end as a clean install by a superuser.
        if hostile_from:
            ref = scratch.createdb("clean_superuser")
            scratch.sql(ref, "CREATE SCHEMA app; SET search_path = app; CREATE EXTENSION fastnumeric;")
            reference = scratch.members(ref)
        for version, hdb in hostile_from:
            scratch.sql(hdb, TEMP_LOOKALIKES + "TRUNCATE app.calls; SET search_path = app; "
                        "ALTER EXTENSION fastnumeric UPDATE;")
            calls = scratch.sql(hdb, "SELECT who || ' ' || what FROM app.calls;")
            s.check("update %s -> %s in the hostile schema calls no lookalike" % (version, current),
                    calls == [], str(calls[:5]))
            s.check_each("%s->%s in the hostile schema: member" % (version, current), reference, scratch.members(hdb))
