"""Numbers: digit groups joined by separators (account numbers, numeric dates, door codes), numbers
in the source languages' formats ("4.870,50", "3 870,20"), and any token with a digit, which is a
number (with its unit or ordinal ending: "3rd", "25km") or else a code."""

from __future__ import annotations

import re

# Digit groups joined by single separators: card, account and phone numbers, numeric dates; not
# the digit part of a code that starts with letters ("EB-2025-01-77413" is one code).
GROUPED_DIGITS_RE = re.compile(r"(?<![\w+])(?<![A-Za-z0-9][-/#_.:])\+?\(?\d[\d()]*(?:[ ./-]{1,2}\(?\d[\d()]*)+(?![\w])")
# Suffixes that keep a number a number: ordinals and units ("3rd", "9am", "5km", "2º").
NUMBER_SUFFIX_RE = re.compile(
    r"\d{1,2}[hH]\d\d|[+-]?\d+(?:[.,:/]\d+)*(?:st|nd|rd|th|am|pm|h|hrs?|min|s|ms|k|m|km|kg|g|mg|ml|l|cm|mm|gb|mb|kb|tb|x|º|ª|"
    r"e|er|re|ème|è|a|o|r|n|°c?|°f?|%)?\.?", re.IGNORECASE)
# A number in the source languages' formats: 4.870,50 / 3 870,20 / 12,500.00
LOCAL_NUMBER_RE = re.compile(r"(?<![\w.,])\d+(?:[.,\u00a0\u202f ]\d+)*(?!\w)")
NUMBER_RE = re.compile(r"[+-]?\(?\d+(?:[\s.,:/'’()-]*\d+)*\)?")
_DIGIT = re.compile(r"\d")  # a decimal digit, as str.isdecimal says, in one search per token


def has_digit(text: str) -> bool:
    """Whether the text holds a digit, which each pattern of digits needs: most texts are scanned
    for one once, not by each pattern (a page's blocks rarely hold one)."""
    return _DIGIT.search(text) is not None


def digit_count(s: str) -> int:
    return sum(c.isdecimal() for c in s)


def grouped_spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    """Account numbers and the like, one value in several groups; and short groups chained without
    spaces ("4-7-1-9-2", a door code), which the tagger would split digit by digit."""
    if not has_digit(text):
        return []
    return [(m.start(), m.end(), "NUMBER") for m in GROUPED_DIGITS_RE.finditer(text)
            if digit_count(m.group()) >= 7 or re.fullmatch(r"\d+(?:[-/.]\d+){2,}", m.group())]


def local_spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    """Numbers written with spaces or dots between groups ("3 870,20", "4.870,50"): one value; the
    Spanish and French pipelines and Apertium split them."""
    return [(m.start(), m.end(), "NUMBER") for m in LOCAL_NUMBER_RE.finditer(text)] if has_digit(text) else []


def quantity(word: str) -> bool:
    """A number with an ordinal's or a unit's ending ("3rd", "25km", "100k"); with more digits
    than a quantity has, the letter is part of an ID ("45678123K", a Spanish DNI)."""
    return bool(NUMBER_SUFFIX_RE.fullmatch(word)) and digit_count(word) <= 6


def number_kind(text: str) -> str:
    return "NUMBER" if NUMBER_RE.fullmatch(text) or quantity(text) else "CODE"


def token_kinds(sentence) -> dict[int, str]:
    """Every token with a digit is a number or a code."""
    return {i: number_kind(t.text) for i, t in enumerate(sentence.tokens) if _DIGIT.search(t.text)}
