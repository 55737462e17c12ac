"""A language's word table (languages/<code>/__init__.py) read into its Lexicon."""

from __future__ import annotations

import pytest

from prism_translate.languages import LEXICONS
from prism_translate.languages.base import PARTICLES, Lexicon


def test_a_table_gives_words_phrases_and_continued_lines():
    lex = Lexicon.from_table("xx", """
months: one two three
    four
# a comment on the field below
weekdays: mon tue
greetings: good morning, hi
person_preposition: a
of_words: de d' d’
""", capital_months=True)
    assert lex.months == ("one", "two", "three", "four") and lex.weekdays == ("mon", "tue")
    assert lex.greetings == ("good morning", "hi") and lex.person_preposition == "a"
    assert lex.of_words == frozenset({"de", "d'", "d’"}) and lex.capital_months
    assert lex.particles == PARTICLES  # surname particles travel with names: every language has them


@pytest.mark.parametrize("line", ["mnths: enero", "capital_months: yes", "months: a\nmonths: b"])
def test_a_misspelt_repeated_or_non_word_field_stops_the_import(line):
    with pytest.raises(ValueError, match="xx"):
        Lexicon.from_table("xx", "weekdays: mon\n" + line)


def test_every_language_names_twelve_months_and_seven_weekdays():
    for code, lex in LEXICONS.items():
        assert len(lex.months) == 12 and len(lex.weekdays) == 7, code
