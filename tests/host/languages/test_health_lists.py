"""The shipped health lists are what tools/build_health_terms.py makes from its sources (Debian's
wordnet-base, the `build` extra): rebuilding them changes nothing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from prism_translate.engine.health_vocabulary import word_list

TOOL = Path(__file__).resolve().parents[3] / "tools" / "build_health_terms.py"


def _tool():
    spec = importlib.util.spec_from_file_location("build_health_terms", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_rebuilding_the_english_lists_reproduces_the_shipped_ones():
    lists = _tool().word_lists()
    assert frozenset(lists["nouns"]) == word_list("health_terms.txt")
    assert frozenset(lists["adjectives"]) == word_list("health_adjectives.txt")
    # what patients report that WordNet files outside its symptoms: the nouns, not their adjectives
    assert {"dialysis", "haemodialysis", "tingling", "pins and needles", "stiffness"} <= set(lists["nouns"])
    assert "rigid" not in lists["adjectives"]
    # a body part by a later sense or a "<word> bone", after an injury word; not an everyday word
    assert frozenset(lists["injured_parts"]) == word_list("injured_parts.txt")
    assert {"rib", "cuboid", "scaphoid"} <= set(lists["injured_parts"]) and "plate" not in lists["injured_parts"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "fr", "ca"])
def test_rebuilding_a_dictionary_list_reproduces_the_shipped_one(lang):
    tool = _tool()
    # each build sense-checks its list: mostly ordinary words go to health_context_terms.txt
    kept, _ = tool.sense_check(tool.from_dictionary(lang, tool.first_sense_health()), lang)
    assert frozenset(kept) == word_list("health_dictionary_terms.txt", lang)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "fr", "ca"])
def test_rebuilding_a_bilingual_list_reproduces_the_shipped_one(lang):
    tool = _tool()
    kept, _ = tool.sense_check(tool.from_bilingual(lang), lang)
    assert frozenset(kept) == word_list("health_bilingual_terms.txt", lang)
