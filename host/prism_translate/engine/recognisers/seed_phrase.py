"""Wallet seed phrases (BIP-39): twelve words or more in a row from one of the standard word
lists (the lists of `mnemonic`, the reference implementation's package; English, Spanish, French
and the others it ships), numbered or not ("1. abandon 2. ability ..."). Each word is an ordinary
word; twelve of them in a row are a key to someone's money. Ordinary sentences never get there:
"the", "of", "and", "de", "la", "et" are in no list."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

MIN_WORDS = 12
# the lists of the languages we read; a phrase is usually written in English whatever the text
LISTS = ("english", "spanish", "french")
_WORD = re.compile(r"[^\W\d_]+")
# what may stand between two words of a phrase: spaces, commas, a number ("3." "4)") or a dash
_GAP = re.compile(r"[\s,;·•\-–—]*(?:\d{1,2}[.):]?[\s,;]*)?")


@cache
def _words() -> tuple[frozenset[str], ...]:
    folder = resources.files("mnemonic").joinpath("wordlist")
    return tuple(frozenset(folder.joinpath(f"{name}.txt").read_text(encoding="utf-8").split()) for name in LISTS)


def _runs(text: str, words: list[tuple[int, int, str]], listed: frozenset[str]) -> list[tuple[int, int]]:
    """Runs of MIN_WORDS or more of the text's words (start, end, lower case) from one list."""
    found: list[tuple[int, int]] = []
    run: list[tuple[int, int, str]] = []
    end = 0
    for word in words:
        joined = run and _GAP.fullmatch(text, end, word[0])
        if word[2] in listed and (joined or not run):
            run.append(word)
        else:
            if len(run) >= MIN_WORDS:
                found.append((run[0][0], run[-1][1]))
            run = [word] if word[2] in listed else []
        end = word[1]
    if len(run) >= MIN_WORDS:
        found.append((run[0][0], run[-1][1]))
    return found


def _may_hold(words: list[str], listed: frozenset[str]) -> bool:
    """MIN_WORDS words of the list in a row, whatever stands between them: what a run needs, and
    what most texts do not have (one set look-up a word, where _runs matches every gap)."""
    streak = 0
    for word in words:
        streak = streak + 1 if word in listed else 0
        if streak == MIN_WORDS:
            return True
    return False


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    held = [w.lower() for w in _WORD.findall(text)]  # once for all lists
    lists = [listed for listed in _words() if _may_hold(held, listed)] if len(held) >= MIN_WORDS else []
    if not lists:
        return []
    words = [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]  # where each stands
    return [(a, b, "CODE") for listed in lists for a, b in _runs(text, words, listed)]
