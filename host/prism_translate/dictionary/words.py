"""Words no substitute may be: English function words and offensive words.

Function words (spaCy's English stop words) are public like punctuation: never hidden, never
sent in place of another word; their translations ("en", "por", "no") turn up all over any
translation, so a substitute among them could not be found again.

Offensive words: a substitute drawn from the dictionary may be a slur or a sexual word ("bitch",
"sex"): it shows in "What was sent", reads as if the user wrote it, and can trip an LLM backend's
moderation. The list is better-profanity's curated word list (PyPI, MIT), read as data:
importing the package would build its leetspeak variants, which we do not need.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from ..errors import DictionaryError

PROFANITY_PACKAGE = "better_profanity"


@cache
def stop_words() -> frozenset[str]:
    """spaCy's English function words (imported on first use: importing spaCy is slow)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


@cache
def offensive_words() -> frozenset[str]:
    """The list's single words, lower case (its phrases cannot be one substitute)."""
    spec = importlib.util.find_spec(PROFANITY_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise DictionaryError("E026", package="better-profanity")
    path = Path(next(iter(spec.submodule_search_locations))) / "profanity_wordlist.txt"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        raise DictionaryError("E026", package="better-profanity") from None
    return frozenset(w.strip().lower() for w in lines if w.strip() and " " not in w.strip())


def is_offensive(word: str) -> bool:
    return word.lower() in offensive_words()


def may_substitute(word: str) -> bool:
    """Whether a dictionary word may be sent in place of another: epsilon's V is the forms that may."""
    return word.lower() not in stop_words() and not is_offensive(word)
