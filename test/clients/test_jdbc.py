"""pgjdbc (Debian's libpostgresql-jdbc-java), through ClientsJdbc.java compiled with javac beside
the recipe: getObject, getBigDecimal, getString, ResultSetMetaData, arrays, setBigDecimal and
setDouble parameters, in text transfer and with binaryTransferEnable; CopyManager text."""

import subprocess

import pytest

from conftest import HERE, assert_written, kinds, recipe, run_program, same_outcomes, written_table

JAR = "/usr/share/java/postgresql.jar"
SCALARS = [("n", "f"), ("nu", "fu")]
NUMERIC = 2  # java.sql.Types.NUMERIC


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("jdbc")
    (tmp / "FastnumericJdbc.java").write_text(recipe("pgjdbc"))
    javac = subprocess.run(["javac", "-cp", JAR, "-d", str(tmp), str(tmp / "FastnumericJdbc.java"),
                            str(HERE / "ClientsJdbc.java")], capture_output=True, text=True)
    assert javac.returncode == 0, javac.stderr
    for t in ("w_jdbc_text", "w_jdbc_binary", "c_jdbc"):
        written_table(t)
    return run_program(["java", "-cp", "%s:%s" % (tmp, JAR), "ClientsJdbc"])


def getter(observed, k):
    """One getter's values down a column: k = 0 getObject, 1 getBigDecimal, 2 getString."""
    return [row[k] for row in observed["rows"]]


def test_without_registration(seen, texts):
    """the hazard: getObject gives a PGobject, the metadata says OTHER; getBigDecimal and
    getString still work on the text"""
    for n, f in SCALARS:
        got = seen["without"][f]
        assert (got["type"], got["type_name"], got["class_name"]) == (1111, "fastnumeric", "java.lang.String")
        assert kinds(getter(got, 0)) == {"PGobject"}
        assert getter(got, 2) == [t and ["String", t] for t in texts[n]]
        assert getter(got, 1) == getter(seen["without"][n], 1)


@pytest.mark.parametrize("mode", ["text", "binary"])
def test_values(seen, texts, mode):
    """getObject, getBigDecimal, getString give for fastnumeric what they give for numeric (NaN:
    a Double, and getBigDecimal raises; +-Infinity raise, in binary transfer even getString)"""
    for n, f in SCALARS:
        got = seen[mode]
        assert {"BigDecimal", "Double"} <= kinds(getter(got[n], 0))
        assert (got[n]["format"], got[f]["format"]) == ((1, 1) if mode == "binary" else (0, 0))
        for k in range(3):
            same_outcomes(getter(got[n], k), getter(got[f], k))
        strings = getter(got[f], 2)
        if mode == "text":
            assert strings == [t and ["String", t] for t in texts[n]]
        else:  # BigDecimal.toString: 1E-30
            assert [s is not None for s in strings] == [t is not None for t in texts[n]]


@pytest.mark.parametrize("mode", ["text", "binary"])
def test_metadata(seen, mode):
    """ResultSetMetaData: NUMERIC and BigDecimal, the type's own name; precision and scale are
    computed from the typmod for numeric only: fastnumeric's are 2147483647 and 0"""
    for n, f in SCALARS:
        got, numeric = seen[mode][f], seen[mode][n]
        assert (got["type"], got["type_name"], got["class_name"]) == (NUMERIC, "fastnumeric", "java.math.BigDecimal")
        assert (numeric["type"], numeric["type_name"]) == (NUMERIC, "numeric")
        assert (got["precision"], got["scale"]) == (2147483647, 0)
    assert (seen[mode]["n"]["precision"], seen[mode]["n"]["scale"]) == (12, 2)


@pytest.mark.parametrize("mode", ["without", "text", "binary"])
def test_arrays_pgobject(seen, mode):
    """getArray: numeric[] gives BigDecimal elements (and raises for a NaN one), fastnumeric[] with
    or without the recipe PGobject elements, whose text is the numeric element's"""
    got = seen[mode]
    assert kinds(got["na"]) == {"BigDecimal", "raised"}
    assert kinds(got["fa"]) == {"PGobject"}
    for numeric, fast in zip(got["na"], got["fa"]):
        if numeric is None or numeric[:1] != ["raised"]:
            assert strip(fast) == strip(numeric)


def strip(v):
    """An array's reps without their classes: the elements' texts."""
    if v is None:
        return None
    if len(v) == 2 and isinstance(v[0], str):
        return v[1]
    return [strip(x) for x in v]


def raised_alike(reps):
    """REPS with each raised exception as just "raised": for the +-Infinity results pgjdbc cannot
    read, it raises IllegalArgumentException where the column is binary, PSQLException where text"""
    if reps is None:
        return None
    if len(reps) == 2 and reps[0] == "raised":
        return "raised"
    if len(reps) == 2 and isinstance(reps[0], str):
        return reps
    return [raised_alike(r) for r in reps]


@pytest.mark.parametrize("mode", ["text", "binary"])
def test_params(seen, mode):
    """setBigDecimal, setDouble, setNull in col = ? and col * ?"""
    got = seen["params_" + mode]
    for n, f in SCALARS:
        same_outcomes(raised_alike(got[n]), raised_alike(got[f]))
    assert any(ids != [None] for ids, _ in got["f"])


@pytest.mark.parametrize("mode", ["text", "binary"])
def test_write_params(seen, mode):
    assert_written("clients.w_jdbc_" + mode, seen["written_" + mode])


def test_copy_text(seen):
    copy = seen["copy"]
    assert copy["fastnumeric"] == copy["numeric"] != ""
    assert_written("clients.c_jdbc", copy["in"])
