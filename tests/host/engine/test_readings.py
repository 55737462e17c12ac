"""readings.words_before: the words before a restored word, as the repairs read them."""

from __future__ import annotations

import random
import re

from prism_translate.engine.edits import WORD_BEFORE
from prism_translate.engine.readings import words_before

ANY_WORD_BEFORE = re.compile(r"(\w+)(\s+|['’])\Z")  # agreement's: also a word cut by an elision


def test_words_before_reads_articles_elisions_and_stops_at_punctuation():
    text = "Vi a la nueva casa. L'aigua d’eau"
    assert words_before(text, text.index("casa"), 3) == [(8, "nueva", " "), (5, "la", " "), (3, "a", " ")]
    assert words_before(text, text.index("aigua"), 2) == [(20, "L", "'")]  # not across the full stop
    assert words_before(text, text.index("casa") - 1, 1) == []  # (a word, then no space: nothing)
    assert words_before(text, text.index("eau"), 1) == [(text.index("d’"), "d", "’")]


def _searched(text: str, start: int, count: int, pattern: re.Pattern) -> list[tuple[int, str, str]]:
    """The same, by a search of the whole 40-character window before each word."""
    out = []
    for _ in range(count):
        m = pattern.search(text, max(0, start - 40), start)
        if m is None:
            break
        out.append((m.start(), m.group(1), m.group(2)))
        start = m.start()
    return out


def test_words_before_finds_what_a_search_of_the_whole_window_finds():
    # every kind of character the patterns tell apart: Unicode letters, digits and spaces among them
    alphabet = "ab_1 \t\n'’.-éÉ٣²½\u00a0\u2028\x1c\u0301"
    rng = random.Random(0)
    for _ in range(800):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 70)))
        for start in range(len(text) + 1):
            for pattern in (WORD_BEFORE, ANY_WORD_BEFORE):
                assert words_before(text, start, 3, pattern) == _searched(text, start, 3, pattern), (text, start)
