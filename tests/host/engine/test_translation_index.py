"""Decoding finds a phrase of several words from its word index exactly where a scan of the
whole translation with the phrase's pattern finds it (the scan per phrase made long texts slow)."""

from __future__ import annotations

import random

from prism_translate.engine import translation_index

WORDS = ["el", "la", "casa", "Casa", "roja", "nueva", "york", "new", "3", "4", "año"]
GAPS = [" ", "  ", "\n", "-", ", ", ". ", "_", "'", " (", ""]


def scanned(index: translation_index.Index, phrase: str) -> list[tuple[int, int]]:
    return [m.span() for m in translation_index.phrase_pattern(phrase).finditer(index.y)
            if not index.claimed.intersection(index.covered(*m.span()))]


def test_phrases_are_found_from_the_index_where_the_pattern_finds_them():
    rng = random.Random(7)
    for _ in range(3000):
        y = "".join(rng.choice(WORDS) + rng.choice(GAPS) for _ in range(rng.randint(1, 14)))
        index = translation_index.Index(y)
        phrase = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 3))).lower()
        for _ in range(2):  # the decoder claims more words between two lookups of a phrase
            index.claimed |= {i for i in range(len(index.spans)) if rng.random() < 0.15}
            assert translation_index.phrase_hits(index, phrase.split()) == scanned(index, phrase), (y, phrase)
