"""A hidden verb's substitute reads as a verb of the original's form (issue 28): the shipped
dictionaries' form classes per fine tag, real spaCy."""

from __future__ import annotations

import random

import pytest

from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse
from prism_translate.engine.verb_forms import expected_form, form_class, tag_form


def test_form_class_reads_features_and_tags():
    assert form_class("ifi.p3.sg") == "fin"
    assert form_class("c:pp.m.sg") == "pp"
    assert form_class("v:inf") == "inf"
    assert form_class("ger") == "ger"
    assert form_class("f.sg") == "" and form_class("") == ""


@pytest.mark.parametrize(("target", "past"), [("es", "fin"), ("fr", "pp"), ("ca", "inf")])
def test_each_target_translates_an_english_past_in_its_own_form(shipped_dictionary, target, past):
    # "cumplió"; "a accompli"; "va complir"
    dictionary = shipped_dictionary(f"en-{target}")
    assert tag_form(dictionary, "VBD") == past
    assert tag_form(dictionary, "VBN") == "pp" and tag_form(dictionary, "VBZ") == "fin"
    # a bare verb is an infinitive, a present or an imperative by its context: no class of its own
    assert tag_form(dictionary, "VB") == ""


def test_into_english_no_verb_form_is_imposed(shipped_dictionary):
    # english.py inflects what comes back into English
    assert tag_form(shipped_dictionary("es-en"), "VERB:Fin:Ind:Past:3:Sing") == ""


@pytest.mark.parametrize("target", ["es", "fr", "ca"])
def test_a_past_is_hidden_by_a_past_of_that_form(shipped_dictionary, target):
    # "disarmed" for "asked" came back as the participle "desarmado"
    dictionary = shipped_dictionary(f"en-{target}")
    tokens = analyse("The customer asked for a call and the manager agreed.", "en")
    for seed in range(6):
        encoded = encode(tokens, dictionary, "star", 1.0, rng=random.Random(seed))
        verbs = [s for s in encoded.substitutions if s.original in ("asked", "agreed")]
        assert len(verbs) == 2, encoded.text
        for sub in verbs:
            entry = dictionary.lookup(sub.substitute, "VERB")
            assert sub.form == expected_form(dictionary, dictionary.lookup(sub.original, "VERB"), "VBD") != ""
            assert entry.tag == "VBD" and form_class(entry.features) == sub.form, (sub, entry)
