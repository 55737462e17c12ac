"""Months and weekdays used as dates ("in April", "3 June", "los sábados"), not "May" the verb,
"Jan" the person or "his wife April". The names and the words around a date are the language's
(languages/<code>: months, weekdays, temporal_words, date_glue, plural_articles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import capitalised, first_names, following, previous

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token

# Words that may stand between a month and its day or year, in any language ("3/04", "3.4.").
_DATE_MARKS = frozenset({",", "/", "-", "."})


def plural_weekday(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A weekday in the plural: "Tuesdays", "mardis", or one that is its own plural after a plural
    article ("los lunes", "els dimarts")."""
    word = tokens[i].text.lower()
    if word.endswith("s") and word[:-1] in lang.weekdays:
        return True
    before = prev.text.lower() if (prev := previous(tokens, i)) else ""
    return word in lang.weekdays and before in lang.plural_articles


def _next_to_number(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A number right beside the word, or one glue word away ("his wife April on 16 June" is not a
    date of April's: "on" does not join them)."""
    def number(j: int) -> bool:
        return 0 <= j < len(tokens) and any(c.isdecimal() for c in tokens[j].text)

    def glue(j: int) -> bool:
        return tokens[j].text.lower() in lang.date_glue or tokens[j].text in _DATE_MARKS

    return (number(i - 1) or number(i + 1) or number(i - 2) and glue(i - 1)
            or number(i + 2) and glue(i + 1))


def _before_surname(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A first name before a surname ("April Rosalind Fairweather")."""
    nxt = following(tokens, i)
    return (tokens[i].text.lower() in first_names() and nxt is not None and nxt.is_word and capitalised(nxt.text)
            and not lang.month_or_weekday(nxt.text) and not any(c.isdecimal() for c in nxt.text))


def _plainly_a_date(tokens: list[Token], i: int, lang: Lexicon, full: bool, before: str) -> bool:
    """A name that is no other word: in languages that write months in lower case ("marzo",
    "mardi", "dilluns"), lower case or capitalised at the start of a sentence ("Marzo fue frío");
    in English, a capitalised full name that is neither a verb ("May", "March") nor a first name
    ("April", "June")."""
    tok = tokens[i]
    if not full:
        # "los sábados", "les mardis", "els dissabtes": every such day
        return not lang.capital_months and before in lang.plural_articles and not capitalised(tok.text)
    if not lang.capital_months:
        starts = tok.sent_start or i == 0 or "\n" in tokens[i - 1].ws
        return not capitalised(tok.text) or starts
    ambiguous = tok.text.lower() in lang.ambiguous_months or tok.text.lower() in first_names()
    return capitalised(tok.text) and not ambiguous


def is_date(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    tok = tokens[i]
    found = lang.month_or_weekday(tok.text)
    if not found or tok.pos in ("VERB", "AUX") or tok.ner in ("PERSON", "PER"):
        return False
    full = tok.text.lower().rstrip(".") in found[0]
    before = prev.text.lower() if (prev := previous(tokens, i)) else ""
    if _plainly_a_date(tokens, i, lang, full, before):
        return True
    if _before_surname(tokens, i, lang):
        return False
    return (tok.ner in ("DATE", "TIME") and (before in lang.temporal_words or tok.text.lower() not in first_names())
            or before in lang.temporal_words or _next_to_number(tokens, i, lang))


def token_kinds(passage) -> dict[int, str]:
    dates = passage.lang.date_words  # is_date's first test, on each word read once
    return {i: "CALENDAR" for i, word in enumerate(passage.lower)
            if word.rstrip(".") in dates and is_date(passage.tokens, i, passage.lang)}
