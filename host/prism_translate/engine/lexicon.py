"""The words the engine needs of a language (month and weekday names, titles, labels, number
words...): each language's Lexicon, kept in its folder prism_translate/languages/<code>/ (spaCy
keeps its language data in `spacy/lang/xx` the same way). A language without one falls back to
English for recognition and to the English month/weekday names for rendering.
"""

from __future__ import annotations

from functools import lru_cache

from ..languages import LEXICONS, Lexicon, unaccented

__all__ = ["LEXICONS", "Lexicon", "calendar_name", "lexicon", "unaccented"]


@lru_cache(maxsize=None)
def lexicon(code: str) -> Lexicon:
    """The table for a language code; English for languages without one."""
    return LEXICONS.get(code, LEXICONS["en"])


def calendar_name(code: str, kind: str, index: int) -> str:
    """How a month ("month") or weekday ("weekday") is written in a language's running text."""
    lang = lexicon(code)
    name = (lang.months if kind == "month" else lang.weekdays)[index]
    return name.capitalize() if lang.capital_months else name
