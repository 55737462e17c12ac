"""Decoding into English: the restored word takes the substitute's inflection, "a"/"an" follows it."""

from __future__ import annotations

import pytest

from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution
from prism_translate.engine.english import article_for, inflect_like


def _word(original, substitute, find, restore, at, pos="NOUN"):
    return Substitution(0, "word", original, substitute, find, restore, at, pos)


@pytest.mark.parametrize("restore, found, candidates, pos, expected", [
    ("send", "buying", ("buy",), "VERB", "sending"),
    ("send", "bought", ("buy",), "VERB", "sent"),
    ("child", "dogs", ("dog",), "NOUN", "children"),
    ("house", "dog", ("dog",), "NOUN", "house"),  # not inflected: left as the dictionary gives it
    ("take care", "buying", ("buy",), "VERB", "take care"),  # a phrase is not inflected
])
def test_restored_word_is_inflected_like_the_substitute(restore, found, candidates, pos, expected):
    assert inflect_like(restore, found, candidates, pos) == expected


@pytest.mark.parametrize("word, article", [("old", "an"), ("big", "a"), ("hour", "an"), ("university", "a"),
                                           ("European", "a"), ("umbrella", "an"), ("one", "a")])
def test_article_follows_the_first_sound(word, article):
    assert article_for(word) == article


def test_decoding_into_english_restores_form_case_and_article():
    subs = [_word("casa", "perro", ("dog",), "house", 0.1),
            _word("enviando", "comprando", ("buy",), "send", 0.4, "VERB"),
            _word("vieja", "grande", ("big",), "old", 0.8, "ADJ")]
    out = decode("I saw a dog. She was buying it. He has a big car.", subs, target="en")
    assert out.text == "I saw a house. She was sending it. He has an old car."
    assert not out.unrestored


def test_an_irregular_form_of_the_substitute_is_found_and_restored():
    subs = [_word("compró", "vendió", ("sell",), "buy", 0.5, "VERB")]
    out = decode("Yesterday she sold the car.", subs, target="en")
    assert out.text == "Yesterday she bought the car."


def test_sentence_start_capital_is_kept():
    subs = [_word("perros", "gatos", ("cats",), "dogs", 0.0)]
    assert decode("Cats sleep.", subs, target="en").text == "Dogs sleep."
