"""Offensive words: never sent as substitutes.

A substitute drawn from the dictionary may be a slur or a sexual word ("bitch", "sex"): it shows
in "What was sent", reads as if the user wrote it, and can trip an LLM backend's moderation. The
list is better-profanity's curated word list (PyPI, MIT), read as data: importing the package
would build its leetspeak variants, which we do not need.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

from ..errors import EngineError

PACKAGE = "better_profanity"


@lru_cache(maxsize=1)
def words() -> frozenset[str]:
    """The list's single words, lower case (its phrases cannot be one substitute)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise EngineError("E026", package="better-profanity")
    path = Path(next(iter(spec.submodule_search_locations))) / "profanity_wordlist.txt"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        raise EngineError("E026", package="better-profanity") from None
    return frozenset(w.strip().lower() for w in lines if w.strip() and " " not in w.strip())


def is_offensive(word: str) -> bool:
    return word.lower() in words()
