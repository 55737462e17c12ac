"""Codes, IDs, user names and passwords by their shape: letters and digits together, words joined
by underscores or by dots without a space ("mserra_bcn", "jdoe.finance"), capitals inside a word
twice or more ("LaVieEnRose")."""

from __future__ import annotations

import re

from ..lexicon import lexicon
from .number import quantity

# letters (of any script: "limón_dulce" went out whole) and digits, possibly in parts joined by
# - / # _ . : +
CODE_RE = re.compile(r"(?<![\w@#])[^\W_]+(?:[-/#_.:+][^\W_]+)*#?(?![\w@])")
# "jdoe.finance", "ophelie.dupont": parts of two letters or more ("e.g." and "Ph.D" are not it),
# lower case after each dot (a missing space after a full stop is "end.Then")
DOTTED_NAME_RE = re.compile(r"[A-Za-z]{2,}(?:\.[a-z]{2,})+")
# Capitals after small letters inside one word, twice or more ("LaVieEnRose", "myDogRex"): a
# password or user name, not a word ("iPhone", "McDonald" have one).
_INNER_CAPITALS = re.compile(r"[a-z][A-Z]")


# Every span below has a digit, an underscore or a dotted name: CODE_RE alone matches every word.
_CUE = re.compile(r"\d|_|[A-Za-z]{2}\.[a-z]{2}")


# A code's letter prefix written apart from its digits ("booking QWXT 58213", "dossier KTRM 88-120"):
# two to five capitals after a word or a label's colon on the same line, before three digits or
# more. At a line's or a field's start an acronym is the field's label ("MRN 40-778-1932", "NHC:
# 4458812"; office_words.acronym_labels). Only the prefix's span: the digits are CODE_RE's match.
_PREFIX = re.compile(r"(?:(?<=[^\W\d_][ \t])|(?<=:[ \t]))(?P<prefix>[A-Z]{2,5})[ \t](?=\d(?:[-/.]?\d){2})")


def _prefixed(text: str, lang: str) -> dict[int, int]:
    """Where a code's digits start -> where its letter prefix starts; not a label's acronym
    ("PIN", "REF", "TEL"), nor a month's or a weekday's ("JAN 2025")."""
    words = lexicon(lang)
    labels = {*words.secret_labels, *words.account_labels, *words.number_signs, *words.header_labels}
    return {m.end(): m.start() for m in _PREFIX.finditer(text)
            if m.group("prefix").lower() not in labels and not words.month_or_weekday(m.group("prefix"))}


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    if not _CUE.search(text):
        return []
    found = []
    prefixed = _prefixed(text, lang)
    for m in CODE_RE.finditer(text):
        word = m.group()
        letters, digits = any(c.isalpha() for c in word), any(c.isdecimal() for c in word)
        # never words of running text
        if m.start() in prefixed and (word.isdecimal() or not quantity(word)):  # not "ML 500mg"
            found.append((prefixed[m.start()], m.end(), "CODE"))
        elif letters and digits and not quantity(word) or "_" in word or DOTTED_NAME_RE.fullmatch(word):
            found.append((m.start(), m.end(), "CODE"))
        elif letters and quantity(word):
            # one value with its unit ("500mg", "9:30am"): the tagger splits off the unit, which
            # then went out as a word of its own and came back in another place
            found.append((m.start(), m.end(), "NUMBER"))
    return found


def secret_shaped(text: str) -> bool:
    return text.isalpha() and len(_INNER_CAPITALS.findall(text)) >= 2


def token_kinds(sentence) -> dict[int, str]:
    return {i: "CODE" for i, t in enumerate(sentence.tokens) if secret_shaped(t.text)}
