"""A noun of several words the translator reads as one ("ice cream" -> "helado") is hidden whole,
by one noun, and its own translation comes back (issue 28): through the real Apertium, on the
shipped dictionaries."""

from __future__ import annotations

import random

import pytest

from prism_translate import morphology
from prism_translate.api import unscramble
from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse

SEEDS = range(4)


@pytest.mark.parametrize("target", ["es", "ca"])
def test_a_noun_unit_comes_back_as_the_plain_translation_has_it(shipped_dictionary, apertium, target):
    # A substitute for "ice" alone sent "fact cream": "crema de hecho", restored "crema de hielo"
    # where the plain translation has "helado"; "summer camp" came back "verano que se apaga".
    text = "We ate ice cream at the summer camp."
    dictionary = shipped_dictionary(f"en-{target}")
    tokens = analyse(text)
    plain = apertium.translate([text], "en", target)[0]
    encoded = [encode(tokens, dictionary, "star", 1.0, rng=random.Random(seed)) for seed in SEEDS]
    received = apertium.translate([e.text for e in encoded], "en", target)
    for enc, y_pub in zip(encoded, received):
        hidden = {s.original for s in enc.substitutions}
        assert {"ice cream", "summer camp"} <= hidden
        # each unit went as one word: no word of it, nor a gap where it stood
        assert not {"ice", "cream", "summer", "camp"} & set(enc.text.lower().split())
        assert len(enc.text.split()) == len(text.split()) - 2 and "  " not in enc.text
        assert unscramble(y_pub, enc).text == plain, enc.text


def test_a_unit_at_the_start_of_a_sentence_sends_its_substitute_capitalised(shipped_es):
    encoded = encode(analyse("Ice cream is cold."), shipped_es, "star", 1.0, rng=random.Random(0))
    unit = next(s for s in encoded.substitutions if s.original == "Ice cream")
    assert encoded.text.startswith(unit.substitute + " ") and unit.substitute[0].isupper()
    assert unit.restore == "helado"


@pytest.mark.parametrize("target, lemma, tags, expected", [
    ("es", "ice cream", ("n", "sg"), morphology.Reading("helado", ("n", "m", "sg"))),
    ("ca", "summer camp", ("n", "sg"), morphology.Reading("campament# d'estiu", ("n", "m", "sg"))),
    # French is made through Spanish: both dictionaries, in turn
    ("fr", "ice cream", ("n", "sg"), morphology.Reading("glace", ("n", "f", "sg"))),
    # a unit the second step does not know, and a word no dictionary knows
    ("fr", "summer camp", ("n", "sg"), None),
    ("es", "zzqx", ("n", "sg"), None),
])
def test_the_bilingual_dictionaries_translate_a_units_lemma(target, lemma, tags, expected):
    assert morphology.translate_lemmas([(lemma, tags)], "en", target) == [expected]
