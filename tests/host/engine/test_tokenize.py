"""Exact detokenization and entity marking on tricky text, with the real spaCy model."""

from __future__ import annotations

import pytest

import random

from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse, detokenize

TRICKY = [
    "",
    "   ",
    "\n\n\n",
    "He said \"don't\" and 'won't' — then left…",
    "Smart “quotes” and ‘single’ ones; can’t, shouldn’t've.",
    "Emoji 😀👍🏽 in the middle 🇪🇸 and at the end 🎉",
    "Visit https://example.com/path?a=1&b=2#frag, or www.example.org.",
    "Mail me at first.last+tag@mail.example.co.uk!",
    "Two  spaces,\tatab,   three spaces.\n\n\nThree newlines.\r\nCRLF line.",
    "  leading and trailing  \n",
    "Non-ASCII: naïve café, Zürich, Ærøskøbing, 東京, Ελληνικά.",
    "Amounts: $1,250.00, €3.5m, 15% and 10:30am on 2024-03-05.",
    "Dear John,\n\n  Indented line\n\t\tTabbed line\n\nBest,\nMary",
]


@pytest.mark.parametrize("text", TRICKY)
def test_detokenization_gives_back_the_text_exactly(text):
    assert detokenize(analyse(text)) == text


@pytest.mark.parametrize("text", TRICKY)
def test_only_substituted_words_change(text, mini_dictionary):
    # Encoding keeps every character outside the substituted tokens.
    tokens = analyse(text)
    enc = encode(tokens, mini_dictionary, "star", 1.0, rng=random.Random(1))
    changed = {s.index: s.substitute for s in enc.substitutions}
    assert enc.text == detokenize(tokens, [changed.get(i, t.text) for i, t in enumerate(tokens)])
    assert enc.text == text or changed


def test_entities_are_marked():
    tokens = analyse("John Smith of Acme Corp in Boston wrote to j.smith@acme.com, "
                     "see https://acme.com/x, call +1 (555) 123-4567 by Friday, 3 March 2025.")
    kinds = {t.text: t.entity for t in tokens}
    assert kinds["John"] == kinds["Smith"] == "PERSON"
    assert kinds["j.smith@acme.com"] == "EMAIL"
    assert kinds["https://acme.com/x"] == "URL"
    # One value, restored digit by digit (555 numbers are not valid phone numbers for phonenumbers).
    assert kinds["+1 (555) 123-4567"] in ("PHONE", "NUMBER")
    assert kinds["Boston"] == "PLACE" and kinds["Acme Corp"] == "ORG"  # a firm and its legal form: one value
    assert kinds["2025"] == kinds["3"] == "NUMBER" and kinds["March"] == kinds["Friday"] == "CALENDAR"


def test_upos_tags_come_from_spacy():
    tags = {t.text: t.pos for t in analyse("The old dog quickly ate the red apple.")}
    assert tags["dog"] == "NOUN" and tags["ate"] == "VERB" and tags["red"] == "ADJ" and tags["quickly"] == "ADV"
