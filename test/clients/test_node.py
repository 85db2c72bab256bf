"""node-postgres (npm's pg, with pg-copy-streams), through node_client.js: text and binary
results with the recipe's parsers, untyped text parameters, COPY text."""

import os

import pytest

from conftest import HERE, NPM_PREFIX, assert_written, kinds, recipe, run_program, same_outcomes, written_table

SCALARS = [("n", "f"), ("nu", "fu")]


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    path = tmp_path_factory.mktemp("node") / "recipe.js"
    path.write_text(recipe("node-postgres"))
    written_table("w_node")
    written_table("c_node")
    return run_program(["node", str(HERE / "node_client.js"), str(path)],
                       env={"NODE_PATH": os.path.join(NPM_PREFIX, "node_modules")})


def test_without_registration(seen, texts):
    """the hazard: numeric[] arrives as an array of numbers, fastnumeric[] as one string; binary
    numeric as a number, binary fastnumeric as the bytes decoded as UTF-8. Text scalars are
    strings for both: node-postgres leaves numeric's text as it is."""
    text, binary = seen["without"]["text"], seen["without"]["binary"]
    for n, f in SCALARS:
        same_outcomes(text[n], text[f])
        assert kinds(text[f]) == {"string"}
        assert (kinds(binary[n]), kinds(binary[f])) == ({"number"}, {"string"})
    assert text["fa"] == [t and ["string", t] for t in texts["na"]]
    assert kinds(text["na"]) == {"number"}


@pytest.mark.parametrize("fmt", ["text", "binary"])
def test_values(seen, fmt):
    got = seen["with"][fmt]
    for n, f in SCALARS:
        assert kinds(got[n]) == {"string" if fmt == "text" else "number"}
        same_outcomes(got[n], got[f])


def test_binary_numbers_wrong(seen, texts):
    """pg-types' binary numeric parser gets long values wrong and +-Infinity as NaN, for numeric
    as for fastnumeric"""
    got = seen["with"]["binary"]
    for n, f in SCALARS:
        for i, t in enumerate(texts[n]):
            if t in ("Infinity", "-Infinity"):
                assert got[n][i] == got[f][i] == ["number", "NaN"]
    long = texts["nu"].index(max((t for t in texts["nu"] if t and "." in t), key=len))  # 60 digits
    assert got["nu"][long] == got["fu"][long] and float(got["nu"][long][1]) != float(texts["nu"][long])


def test_arrays(seen):
    """text: arrays of numbers, as numeric[]; binary: neither type has a binary array parser"""
    got = seen["with"]["text"]
    assert kinds(got["na"]) == {"number"} and None in got["na"][0]
    same_outcomes(got["na"], got["fa"])
    binary = seen["with"]["binary"]
    assert kinds(binary["na"]) == kinds(binary["fa"]) == {"string"}


def test_params(seen):
    for n, f in SCALARS:
        same_outcomes(seen["params"][n], seen["params"][f])
    assert any(ids for ids, _ in seen["params"]["f"])


def test_write_params(seen):
    assert_written("clients.w_node", seen["written"])


def test_copy_text(seen):
    assert seen["copy_out"]["fastnumeric"] == seen["copy_out"]["numeric"] != ""
    assert_written("clients.c_node", seen["written"])
