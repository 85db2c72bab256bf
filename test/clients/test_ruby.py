"""ruby-pg (Debian's ruby-pg), through ruby_client.rb: text results decoded by the recipe's type
maps, binary results (raw: ruby-pg decodes no binary numeric), BigDecimal and Float parameters,
COPY text with the type maps' row coders."""

import pytest

from conftest import HERE, assert_written, kinds, recipe, run_program, same_outcomes, written_table

PAIRS = [("n", "f"), ("nu", "fu"), ("na", "fa")]


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    path = tmp_path_factory.mktemp("ruby") / "recipe.rb"
    path.write_text(recipe("ruby-pg"))
    written_table("w_ruby")
    written_table("c_ruby")
    return run_program(["ruby", str(HERE / "ruby_client.rb"), str(path)])


def test_without_registration(seen, texts):
    """the hazard: BasicTypeMapForResults decodes numeric as BigDecimal, fastnumeric not at all
    (String, numeric's text, and a warning)"""
    for n, f in PAIRS:
        assert seen["without"][f] == [t and ["String", t] for t in texts[n]]
        assert kinds(seen["without"][n]) == {"BigDecimal"}


def test_values(seen):
    for n, f in PAIRS:
        assert kinds(seen["with"][n]) == {"BigDecimal"}
        same_outcomes(seen["with"][n], seen["with"][f])


def test_binary_results_raw(seen, sends):
    """binary results: numeric_send's bytes as a binary String, for both types"""
    for n, f in PAIRS[:2]:
        assert seen["binary"][n] == [b and ["binary", b.hex()] for b in sends[n]]
        same_outcomes(seen["binary"][n], seen["binary"][f])


def test_params(seen):
    for n, f in PAIRS[:2]:
        same_outcomes(seen["params"][n], seen["params"][f])
    assert any(ids for ids, _ in seen["params"]["f"])


def test_write_params(seen):
    assert_written("clients.w_ruby", seen["written"])


def test_copy_text(seen):
    assert_written("clients.c_ruby", seen["written"])
    for n, f in PAIRS[:2]:
        assert kinds(seen["copy_out"][n]) == {"BigDecimal"}
        same_outcomes(seen["copy_out"][n], seen["copy_out"][f])
