"""Inflected forms the dictionary does not list ("casas" for "casa", "trabajaron" for "trabajar"),
matched by the longest common prefix (the official code's rule: >= 5 characters, or 4 when both
words have at most 5, or the whole candidate when the word is longer), a letter with and without
its accent alike."""

from __future__ import annotations

from .substitution import Substitution
from .translation_index import Index, MIN_PREFIX, SIMPLE, bare_letter, nearest_free, stem_key


def common_prefix(a: str, b: str) -> int:
    """How many first letters two words share, a letter with and without its accent alike: an
    accent of the stressed last syllable goes in the inflected forms ("camión" -> "camiones",
    "llatí" -> "llatina", "anglès" -> "anglesa")."""
    n = 0
    for x, y in zip(a, b):
        if x != y and bare_letter(x) != bare_letter(y):
            break
        n += 1
    return n


def _shared(c: str, word: str) -> int:
    """The letters the lower-case candidate `c` shares with `word`, 0 when too few for the rule."""
    d = common_prefix(c, word)
    return d if d >= 5 or (d == 4 and max(len(c), len(word)) <= 5) or (d == len(c) < len(word)) else 0


def inflected(candidate: str, word: str) -> bool:
    """The word is an inflection of the candidate by the rule of common prefixes."""
    c = candidate.lower()
    return bool(SIMPLE.fullmatch(c) and len(c) >= MIN_PREFIX and _shared(c, word))


def fuzzy(index: Index, sub: Substitution) -> tuple[int, int] | None:
    """The free word of y_pub that is an inflection of one of the substitute's candidate
    translations: the longest common prefix wins, then the nearest to where the substitute stood,
    then the first candidate, then the first in the text."""
    best = None  # (common prefix, nearness, the first candidate, the first in the text of equals)
    for k, cand in enumerate(sub.find):
        c = cand.lower()
        if not SIMPLE.fullmatch(c) or len(c) < MIN_PREFIX:
            continue
        # each distinct word judged once, among those sharing the letters the rule asks for (a
        # candidate of more than MIN_PREFIX letters shares one more with any word it may match);
        # of a word's occurrences only its free one nearest to sub.at can win
        words = index.by_prefix.get(c, ()) if len(c) == MIN_PREFIX else index.by_stem.get(stem_key(c), ())
        for word, _ in words:
            d = _shared(c, word)
            if not d or best is not None and d < best[0]:  # a shorter prefix never wins
                continue
            i = nearest_free(index, word, sub.at)
            key = (d, -abs(index.where(index.spans[i][0]) - sub.at), -k, -i) if i is not None else None
            if key is not None and (best is None or key > best):
                best = key
    return index.spans[-best[3]] if best else None
