"""Digits said as words, four or more in a row: a phone number, PIN or account number read out
("oh seven seven zero nine, one two three", "cinco cinco cinco, ocho seis"); three or fewer are
counting. Groups may be set apart by commas or hyphens, not by a full stop. The words are the
language's (languages/<code>: digit_words, repeaters)."""

from __future__ import annotations

import re
from functools import cache

from ..lexicon import lexicon
from .number import digit_count

SPELT_MIN_DIGITS = 4


def alternation(words) -> str:
    """A regex group matching any of the words, longest first ("trente-quatre" before "trente")."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


_RUN = re.compile(r"\w+")


def may_say(text: str, words: frozenset[str]) -> bool:
    """Whether the text may hold one of the number words: `words` are their first parts ("trente"
    of "trente-quatre"), lower case. A number pattern's first word stands alone or before a
    hyphen or a space, so its first part is one of the text's runs of word characters. Cheaper than the
    patterns' long alternations over every position; a run that is not ASCII answers yes (the
    patterns match case-insensitively, and lower() is not quite their case-folding there)."""
    if text.isascii():  # most texts: their runs lowered at once, one set operation
        return not words.isdisjoint(_RUN.findall(text.lower()))
    return any(not run.isascii() or run.lower() in words for run in set(_RUN.findall(text)))


def first_parts(words) -> frozenset[str]:
    """Each word's first run of word characters, lower case ("trente" of "trente-quatre")."""
    return frozenset(_RUN.match(w.lower()).group() for w in words)  # type: ignore[union-attr]


@cache
def _cue(lang_code: str) -> frozenset[str]:
    lang = lexicon(lang_code)
    return first_parts(w for w, _ in lang.digit_words + lang.repeaters)


@cache
def _spelt_re(lang_code: str) -> re.Pattern | None:
    lang = lexicon(lang_code)
    if not lang.digit_words:
        return None
    digit = alternation(w for w, _ in lang.digit_words)
    if lang.repeaters:
        digit = "(?:" + alternation(w for w, _ in lang.repeaters) + r"\s+)?" + digit
    return re.compile(rf"(?<![\w-]){digit}(?:(?:[ \t]*[,\u2013-][ \t]*|[ \t]+){digit})+(?![\w-])", re.IGNORECASE)


@cache
def _spelt_words(lang_code: str) -> tuple[re.Pattern, dict[str, str], dict[str, int]]:
    """The language's number words as one pattern, with their digits and the repeaters' counts,
    lower case."""
    lang = lexicon(lang_code)
    words = alternation(w for w, _ in lang.digit_words + lang.repeaters)
    pattern = re.compile(rf"(?<![\w-]){words}(?![\w-])", re.IGNORECASE)
    return pattern, {w.lower(): v for w, v in lang.digit_words}, {w.lower(): n for w, n in lang.repeaters}


def spelt_digits(text: str, lang_code: str) -> str:
    """The digits of a number said as words; where punctuation set groups apart, a space does:
    "five five five, eight six seven" -> "555 867", "double four two" -> "442", "zéro six,
    douze, trente-quatre" -> "06 12 34"."""
    pattern, table, repeat = _spelt_words(lang_code)
    out, times, end = [], 1, 0
    for m in pattern.finditer(text):
        if text[end:m.start()].strip():
            out.append(" ")
        end = m.end()
        word = m.group().lower()
        if word in repeat:
            times = repeat[word]
        else:
            out.append(table[word] * times)
            times = 1
    return " ".join("".join(out).split())


def _read_out(words: str, lang_code: str) -> bool:
    """Enough digits to be a number read out; said in pairs, at least three numbers: two are a
    time or a year ("ten twenty", "twenty twenty-four")."""
    pattern, table, _ = _spelt_words(lang_code)
    said = [table.get(w.lower(), "") for w in pattern.findall(words)]
    return (digit_count(spelt_digits(words, lang_code)) >= SPELT_MIN_DIGITS
            and (all(len(d) < 2 for d in said) or len(said) >= 3))


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    pattern = _spelt_re(lang)
    if pattern is None or not may_say(text, _cue(lang)):
        return []
    return [(*m.span(), "NUMBER") for m in pattern.finditer(text) if _read_out(m.group(), lang)]
