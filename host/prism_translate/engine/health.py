"""Health terms (illnesses, injuries, symptoms, medicines, treatments): private whatever r is.

"She has asthma" tells the translator more than any name in the text, so such words are always
replaced, like names and numbers, and not only when PRISM's word budget reaches them. The list
(health_terms.txt, built by tools/build_health_terms.py from WordNet) holds nouns and noun
phrases; a token counts when it is a noun and it, its singular, or the phrase it starts is listed.
Spanish, Catalan and French have their own lists (health_terms.<lang>.txt: the English one
rendered by Apertium, same tool); there a phrase's head noun comes first ("insuffisance cardiaque").
Apertium knows few drugs, so a word of those languages also counts when it is spelt as an English
single-word term is, up to the usual cognate changes ("amoxicil·lina", "amoxicilline" and
"amoxicillin"; `_cognate_key`).
"""

from __future__ import annotations

import re
import unicodedata
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


def _cognate_key(word: str) -> str:
    """A spelling that international medical words share across English, Spanish, Catalan and
    French: no accents or middle dot, ph -> f, th -> t, y -> i, k -> c, no double letters, no
    final a/e/o ("amoxicil·lina", "amoxicilline", "amoxicillin" -> "amoxicilin")."""
    w = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))
    w = w.replace("·", "").replace("ph", "f").replace("th", "t").replace("y", "i").replace("k", "c")
    w = re.sub(r"(.)\1", r"\1", w)
    return w[:-1] if w[-1:] in ("a", "e", "o") else w


@lru_cache(maxsize=1)
def _cognates() -> frozenset[str]:
    return frozenset(_cognate_key(t) for t in terms("en") if " " not in t and len(t) >= 6)


def _listed(word: str, pos: str, lang: str = "en") -> bool:
    low = word.lower()
    if len(low) <= 4 and pos != "NOUN" and not word.isupper() and (lang == "en" or not word.islower()):
        # Short entries are often acronyms ("ms", "ed"): names "Ms", "Ed" are not them. Outside
        # English a lower-case one is the word whatever its tag ("asma", which spaCy calls ADJ).
        return False
    listed = terms(lang)
    if low in listed or (low.endswith("s") and low[:-1] in listed) or (low.endswith("es") and low[:-2] in listed):
        return True
    return lang != "en" and len(low) >= 6 and low.replace("·", "").isalpha() and _cognate_key(low) in _cognates()


def health_tokens(tokens: list[Token], lang: str = "en") -> set[int]:
    """Indices of the word tokens of every health term in the text."""
    head, heads = (-1, NOUNS) if lang == "en" else (0, UNSURE)
    found: set[int] = set()
    # Apertium's Catalan tagger calls a word it does not know X, as it does symbols: letters make it a word.
    words = [i for i, t in enumerate(tokens) if t.is_word or (lang != "en" and t.pos == "X" and t.text[:1].isalpha())]
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
