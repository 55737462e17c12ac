"""Postcodes and the town after them. Alphanumeric postcodes are one value though written in two
parts: UK ("DE22 3TB", "SW1A 2AA"), Canada ("K1A 0B1"), Ireland's Eircode ("D02 X285"); digit-only
postcodes are numbers anyway (and "1012 AB", Dutch, reads like "1999 AD": its digits are hidden as
a number). After a code of the language's shape (Lexicon.postcode: "04002 Almería", "75011 Paris")
the words up to the line's punctuation name a place, whatever their case ("08012 barcelona")."""

from __future__ import annotations

import re
from functools import cache

from .. import word_classes
from .number import has_digit

POSTCODE_RE = re.compile(r"\b(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d|[A-Z]\d{2} [A-Z\d]{4})\b")
_MOST_WORDS = 4  # "Castellón de la Plana", "Saint-Martin-d'Hères" (one token)


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "CODE") for m in POSTCODE_RE.finditer(text)
            if any(c.isalpha() for c in m.group()) and any(c.isdecimal() for c in m.group())] if has_digit(text) else []


@cache
def _shape(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _run_after(tokens, i: int) -> list[int]:
    """The words after token i on its line, up to punctuation (at most _MOST_WORDS)."""
    run: list[int] = []
    for j in range(i + 1, len(tokens)):
        if "\n" in tokens[j - 1].ws or len(run) == _MOST_WORDS:
            break
        if tokens[j].pos == "SPACE":
            continue
        if not tokens[j].text[:1].isalpha() or not tokens[j].text.replace("-", "").replace("'", "").isalpha():
            break
        run.append(j)
    return run


def _town(tokens, run: list[int], lang, common) -> list[int]:
    """The words of the run that name the town: from its first, capitalised words and lower-case
    words the analysers do not know as common words (nor chat or office words: "lyon stp"), with
    the particles between them ("Castellón de la Plana"); "Berlin before Friday" is "Berlin"."""
    end = 0
    for k, j in enumerate(run):
        text = tokens[j].text
        if text[:1].isupper() or text not in common and text not in lang.chat_words and text not in lang.office_words:
            end = k + 1
        elif not (k and (text in lang.particles or text in lang.of_words)):
            break
    return run[:end]


def towns(passage) -> dict[int, str]:
    """The town after each postcode of the language's shape."""
    tokens, lang = passage.tokens, passage.lang
    if not lang.postcode or not any(t.pos == "NUM" for t in tokens):
        return {}
    shape = _shape(lang.postcode)
    runs = [_run_after(tokens, i) for i, t in enumerate(tokens) if t.pos == "NUM" and shape.fullmatch(t.text)]
    lower = {tokens[j].text for run in runs for j in run if tokens[j].text.islower()}
    common = word_classes.common_readings(lower, lang.code) if lower else {}
    return {j: "PLACE" for run in runs for j in _town(tokens, run, lang, common)}
