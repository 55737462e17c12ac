"""Words no substitute may be: function words of the source language and offensive words.

Function words (spaCy's stop words of the language) are public like punctuation: never hidden, never
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

from .. import languages
from ..errors import DictionaryError

PROFANITY_PACKAGE = "better_profanity"


def stop_words(lang: str = "en") -> frozenset[str]:
    """spaCy's function words of the language (imported on first use: importing spaCy is slow)."""
    return languages.stop_words(lang)


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


def may_substitute(word: str, lang: str = "en") -> bool:
    """Whether a dictionary word of language `lang` may be sent in place of another: epsilon's V
    is the forms that may."""
    return word.lower() not in stop_words(lang) and not is_offensive(word)
