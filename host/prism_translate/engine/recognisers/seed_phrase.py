"""Wallet seed phrases (BIP-39): twelve words or more in a row from one of the standard word
lists (the lists of `mnemonic`, the reference implementation's package: every language it ships, since a
phrase is written in its wallet's language whatever the text's; accents optional, as wallets
accept them), numbered or not ("1. abandon 2. ability ..."), one of them perhaps
mistyped. Each word is an ordinary word; twelve of them in a row are a key to someone's money. Ordinary sentences never get there:
"the", "of", "and", "de", "la", "et" are in no list. After a phrase's label (Lexicon.phrase_labels:
"frase semilla", "phrase secrète"), twelve words or more are a phrase whatever list they come from,
if any: a wallet of its own, or words a user chose."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib import resources

from ...languages import stop_words
from ..lexicon import lexicon

MIN_WORDS = 12
_WORD = re.compile(r"[^\W\d_]+")
# what may stand between two words of a phrase: spaces, commas, a number ("3." "4)") or a dash
_GAP = re.compile(r"[\s,;·•\-–—]*(?:\d{1,2}[.):]?[\s,;]*)?")


def _bare(word: str) -> str:
    """A word without its accents, in lower case: the lists are stored decomposed ("a" and a
    combining accent), a text is mostly written composed, and a user may leave accents out."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


@cache
def _words() -> tuple[frozenset[str], tuple[frozenset[str], ...]]:
    """Every list's words, and all of them together (most texts hold no twelve of any list: one
    pass over the union says so)."""
    folder = resources.files("mnemonic").joinpath("wordlist")
    lists = tuple(frozenset(map(_bare, f.read_text(encoding="utf-8").split()))
                  for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".txt"))
    return frozenset().union(*lists), lists


def _runs(text: str, words: list[tuple[int, int, str]], listed: frozenset[str]) -> list[tuple[int, int]]:
    """Runs of MIN_WORDS or more of the text's words (start, end, lower case) joined by gaps, the
    first and last from one list and at most one between not in it (a word mistyped or
    misremembered leaves the other eleven a key to someone's money)."""
    found: list[tuple[int, int]] = []
    for segment in _joined(text, words):
        flags = [w[2] in listed for w in segment]
        left, outside = 0, 0
        for right, ok in enumerate(flags):
            outside += not ok
            while outside > 1:
                outside -= not flags[left]
                left += 1
            first = left if flags[left] else left + 1
            if ok and right - first + 1 >= MIN_WORDS:
                start, end = segment[first][0], segment[right][1]
                if found and start <= found[-1][1]:  # windows of one phrase overlap: one run
                    start = found.pop()[0]
                found.append((start, end))
    return found


def _joined(text: str, words: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    """The text's words in groups that only gaps a phrase may hold stand between."""
    segments: list[list[tuple[int, int, str]]] = []
    for word in words:
        if segments and _GAP.fullmatch(text, segments[-1][-1][1], word[0]):
            segments[-1].append(word)
        else:
            segments.append([word])
    return segments


def _may_hold(words: list[str], listed: frozenset[str]) -> bool:
    """MIN_WORDS words in a row of which all but one are in the list, whatever stands between them:
    what a run needs, and what most texts do not have (one set look-up a word, where _runs
    matches every gap)."""
    outside: list[int] = []  # positions of the last words not in the list
    for k, word in enumerate(words):
        if word not in listed:
            outside = outside[-1:] + [k]
        if k + 1 >= MIN_WORDS and (len(outside) < 2 or outside[-2] <= k - MIN_WORDS):
            return True
    return False


@cache
def _label(code: str) -> re.Pattern[str]:
    """A phrase's label in the language or in English, and what says its value follows: a colon,
    perhaps after a few words ("frase semilla de la cartera:"), or a line break (group "said"), or
    a link verb ("... es", "is"). Without one the words are about the phrase ("la frase semilla
    la guardo en...")."""
    langs = {lexicon(code), lexicon("en")}
    labels = "|".join(re.escape(w) for lang in langs for w in sorted(lang.phrase_labels, key=len, reverse=True))
    links = "|".join(re.escape(w) for lang in langs for w in lang.label_links)
    return re.compile(rf"(?<!\w)(?:{labels})(?!\w)(?:[^\n:.;]{{0,40}}?(?:(?P<said>[ \t]*:)|[ \t](?:{links})(?!\w)(?P<linked>[ \t]*:)?)|(?P<broken>[ \t]*\n))",
                      re.I)


def _labelled(text: str, lang: str) -> list[tuple[int, int, str]]:
    """The MIN_WORDS or more words after each phrase label, joined by gaps a phrase may hold."""
    found = []
    for label in _label(lang).finditer(text):
        words: list[re.Match[str]] = []
        on_line = 0  # the phrase's words on the current line
        for m in _WORD.finditer(text, label.end()):
            gap = (words[-1].end() if words else label.end(), m.start())
            if not _GAP.fullmatch(text, *gap) or words and "\n" in text[gap[0]:gap[1]] and not _goes_on(text, *gap, on_line):
                break
            on_line = 1 if "\n" in text[gap[0]:gap[1]] else on_line + 1
            words.append(m)
        # after a link verb alone, a clause may be about the phrase ("was written on a card
        # that I keep..."): its words are then no function words, as a password's
        if len(words) >= MIN_WORDS and (label.group("said", "linked", "broken") != (None,) * 3
                                        or not stop_words(lang).intersection(w.group().lower() for w in words)):
            found.append((words[0].start(), words[-1].end(), "CODE"))
    return found


def _goes_on(text: str, start: int, end: int, on_line: int) -> bool:
    """A phrase goes on over a line break to a numbered line ("3. wagon") or to a line of as many
    words as the one before (a grid, one word a line), not to a signature's name under it."""
    line_end = text.find("\n", end)
    return any(c.isdigit() for c in text[start:end]) or len(_WORD.findall(text, end, line_end if line_end >= 0 else len(text))) == on_line


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    listed = _listed(text)
    return listed + [(a, b, kind) for a, b, kind in _labelled(text, lang) if all(b <= c or a >= d for c, d, _ in listed)]


def _listed(text: str) -> list[tuple[int, int, str]]:
    held = [_bare(w) for w in _WORD.findall(text)]  # once for all lists
    union, each = _words()
    if len(held) < MIN_WORDS or not _may_hold(held, union):
        return []
    lists = [listed for listed in each if _may_hold(held, listed)]
    if not lists:
        return []
    words = [(m.start(), m.end(), _bare(m.group())) for m in _WORD.finditer(text)]  # where each stands
    return [(a, b, "CODE") for listed in lists for a, b in _runs(text, words, listed)]
