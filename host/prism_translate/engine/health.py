"""Health terms (illnesses, injuries, symptoms, medicines, treatments): private whatever r is.

"She has asthma" tells the translator more than any name in the text, so such words are always
replaced, like names and numbers, and not only when PRISM's word budget reaches them. The list
(health_terms.txt, built by tools/build_health_terms.py from WordNet) holds nouns and noun
phrases; a token counts when it is a noun and it, its singular, or the phrase it starts is listed.
Spanish, Catalan and French have their own lists (health_terms.<lang>.txt: the English one
rendered by Apertium, same tool); there a phrase's head noun comes first ("insuffisance cardiaque").
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .tokenize import Token

TERMS_FILE = Path(__file__).with_name("health_terms.txt")
LONGEST = 4  # words in the longest phrase matched ("acute myeloid leukemia", "neumonía de aspiración")
NOUNS = frozenset({"NOUN", "PROPN"})
# The Spanish and French models tag a word they do not know, such as a drug's name, as they can
# ("amoxicilina" ADJ): in those languages a listed word counts under these tags too.
UNSURE = NOUNS | {"ADJ", "X"}


@lru_cache(maxsize=None)
def terms(lang: str = "en") -> frozenset[str]:
    path = TERMS_FILE if lang == "en" else TERMS_FILE.with_name(f"health_terms.{lang}.txt")
    if not path.exists():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _listed(word: str, pos: str, lang: str = "en") -> bool:
    low = word.lower()
    if len(low) <= 4 and pos != "NOUN" and not word.isupper() and (lang == "en" or not word.islower()):
        # Short entries are often acronyms ("ms", "ed"): names "Ms", "Ed" are not them. Outside
        # English a lower-case one is the word whatever its tag ("asma", which spaCy calls ADJ).
        return False
    listed = terms(lang)
    return low in listed or (low.endswith("s") and low[:-1] in listed) or (low.endswith("es") and low[:-2] in listed)


def health_tokens(tokens: list[Token], lang: str = "en") -> set[int]:
    """Indices of the word tokens of every health term in the text."""
    head, heads = (-1, NOUNS) if lang == "en" else (0, UNSURE)
    found: set[int] = set()
    words = [i for i, t in enumerate(tokens) if t.is_word]
    for n in range(len(words)):
        for size in range(LONGEST, 0, -1):
            span = words[n:n + size]
            if len(span) < size or any(tokens[j].ws.count("\n") for j in span[:-1]):
                continue
            phrase = " ".join(tokens[j].text for j in span)
            if tokens[span[head]].pos in heads and _listed(phrase, tokens[span[head]].pos, lang):
                found.update(span)
                break
    return found
