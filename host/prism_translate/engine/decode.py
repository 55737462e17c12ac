"""Decoder (Algorithms 1/2, lines 11-15): put the originals' translations back into y_pub.

For each substitution, in text order, find one of the substitute's candidate translations
L(u,s) in the translation as a whole word, case-insensitively, not already claimed by an earlier
substitution; replace it by L(w,s,1) with the found word's capitalisation. Inflected forms the
dictionary does not list ("casas" for "casa", "trabajaron" for "trabajar") are matched by the
longest common prefix (the official code's rule: >= 5 characters, or 4 when both words have at
most 5), and a plural ending is carried over. Substitutions that cannot be found are reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import entities as ent
from .encode import Substitution, match_case

_WORD = re.compile(r"\w+(?:[-'’]\w+)*")
_PLURALS = ("es", "s")


@dataclass
class Decoded:
    text: str
    unrestored: list[Substitution]
    restored: int


def _phrase_pattern(phrase: str) -> re.Pattern:
    words = [re.escape(w) for w in phrase.split()]
    # A hyphenated word is one word: "on" must not match inside "on-line".
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])", re.IGNORECASE)


def _free(span: tuple[int, int], claimed: list[tuple[int, int]]) -> bool:
    return all(span[1] <= a or span[0] >= b for a, b in claimed)


def _exact(y: str, sub: Substitution, claimed) -> tuple[int, int, str] | None:
    """The free occurrence of a candidate closest to where the substitute stood in x_pub
    (translators keep rough word order), better-ranked candidates winning near-ties."""
    best = None
    for rank, cand in enumerate(sub.find):
        if not cand.strip():
            continue
        pattern = ent.digits_pattern(cand) if sub.kind == "number" else _phrase_pattern(cand)
        for m in pattern.finditer(y):
            if _free(m.span(), claimed):
                score = abs(m.start() / max(1, len(y)) - sub.at) + 0.05 * rank
                if best is None or score < best[0]:
                    best = (score, (m.start(), m.end(), m.group()))
    return best[1] if best else None


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _fuzzy(y: str, sub: Substitution, claimed) -> tuple[int, int, str] | None:
    """Longest-common-prefix match for inflected single-word forms."""
    best = None
    for m in _WORD.finditer(y):
        if not _free(m.span(), claimed):
            continue
        word = m.group().lower()
        for cand in sub.find:
            c = cand.lower()
            if " " in c:
                continue
            d = _common_prefix(c, word)
            if d >= 5 or (d == 4 and max(len(c), len(word)) <= 5) or (d >= 3 and d == len(c) < len(word)):
                score = (d, -abs(m.start() / max(1, len(y)) - sub.at))
                if best is None or score > best[0]:
                    best = (score, (m.start(), m.end(), m.group()))
    return best[1] if best else None


def _replacement(sub: Substitution, found: str) -> str:
    if sub.kind == "number":
        return ent.restore_digits(found, sub.original)
    if sub.kind in ("email", "url", "name"):
        return sub.original
    restore = match_case(found, sub.restore)
    # Carry a plural ending over when the translator inflected the substitute's translation.
    low = found.lower()
    for cand in sub.find:
        c = cand.lower()
        for suffix in _PLURALS:
            if low == c + suffix and not restore.lower().endswith("s"):
                return restore + (suffix if restore[-1:].lower() not in "aeiouáéíóú" else "s")
    return restore


def decode(y_pub: str, substitutions: list[Substitution], words: bool = True) -> Decoded:
    """Restore every substitution; with words=False only entities (NoDecode keeps the
    translated substitute words but must not show the user invented names and numbers)."""
    if not words:
        substitutions = [s for s in substitutions if s.kind != "word"]
    claimed: list[tuple[int, int]] = []
    edits: list[tuple[int, int, str]] = []
    unrestored: list[Substitution] = []
    for sub in substitutions:
        hit = _exact(y_pub, sub, claimed)
        if hit is None and sub.kind == "word":
            hit = _fuzzy(y_pub, sub, claimed)
        if hit is None:
            unrestored.append(sub)
            continue
        start, end, found = hit
        claimed.append((start, end))
        edits.append((start, end, _replacement(sub, found)))
    text = y_pub
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return Decoded(text, unrestored, len(edits))
