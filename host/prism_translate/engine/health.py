"""Health terms (illnesses, injuries, symptoms, medicines, treatments): private whatever r is.

"She has asthma" tells the translator more than any name in the text, so such words are always
replaced, like names and numbers, and not only when PRISM's word budget reaches them. The list
(health_terms.txt, built by tools/build_health_terms.py from WordNet) holds nouns and noun
phrases; a token counts when it is a noun and it, its singular, or the phrase it starts is listed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .tokenize import Token

TERMS_FILE = Path(__file__).with_name("health_terms.txt")
LONGEST = 3  # words in the longest phrase matched ("acute myeloid leukemia")
NOUNS = frozenset({"NOUN", "PROPN"})


@lru_cache(maxsize=1)
def terms() -> frozenset[str]:
    lines = TERMS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _listed(word: str, pos: str) -> bool:
    low = word.lower()
    if len(low) <= 4 and pos != "NOUN" and not word.isupper():
        return False  # short entries are often acronyms ("ms", "ed"): names "Ms", "Ed" are not them
    listed = terms()
    return low in listed or (low.endswith("s") and low[:-1] in listed) or (low.endswith("es") and low[:-2] in listed)


def health_tokens(tokens: list[Token]) -> set[int]:
    """Indices of the word tokens of every health term in the text."""
    found: set[int] = set()
    words = [i for i, t in enumerate(tokens) if t.is_word]
    for n in range(len(words)):
        for size in range(LONGEST, 0, -1):
            span = words[n:n + size]
            if len(span) < size or any(tokens[j].ws.count("\n") for j in span[:-1]):
                continue
            phrase = " ".join(tokens[j].text for j in span)
            if tokens[span[-1]].pos in NOUNS and _listed(phrase, tokens[span[-1]].pos):
                found.update(span)
                break
    return found
