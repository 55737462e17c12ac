"""The words of a translation, indexed once, so that decoding and the checks stay linear in its
length: where each word (and each part of a hyphenated word, each number) stands, which are
claimed by a restored substitution, and the phrases and codes the decoder looks for."""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import defaultdict
from functools import cached_property

from . import entities as ent

# Words as the decoder sees them: hyphenated compounds are one word, elisions are split
# ("l'oficina" holds "oficina"); numbers joined by a hyphen are two ("10-12", a range of two
# values, each restored on its own).
WORD = re.compile(r"\w+(?:(?<!\d)-\w+|-(?!\d)\w+)*")
SIMPLE = re.compile(r"\w+")
# Not the digits that open a code ("8" of "KJ7 8WT"): an ordinal or a unit after a number is lower-case.
NUMBER = re.compile(r"(?<![\dA-Za-z])\d(?:[^\w\n]{0,3}\d)*(?!\d)(?![A-Z])")
MIN_PREFIX = 3


class Index:
    """The words of y_pub, indexed once, so decoding stays linear in the text's length."""

    def __init__(self, y: str) -> None:
        self.y = y
        self.spans = [(m.start(), m.end()) for m in WORD.finditer(y)]
        self.starts = [a for a, _ in self.spans]
        self.by_word: dict[str, list[int]] = defaultdict(list)
        for i, (a, b) in enumerate(self.spans):
            self.by_word[y[a:b].lower()].append(i)
        self.claimed: set[int] = set()
        self.jumps: dict[tuple[str, int], dict[int, int]] = {}  # see free
        self.taken_parts: set[tuple[int, int]] = set()  # see decode._hyphen_part
        self.parted: set[int] = set()
        self.phrases: dict[tuple[str, ...], list[tuple[int, int, int]]] = {}  # see phrase_hits

    # built when first asked for: the checks index a decoded text for its words only
    @cached_property
    def by_prefix(self) -> dict[str, list[tuple[str, list[int]]]]:
        """The distinct lower-case words without a digit by their first letters, each with its
        occurrences: the words an inflection may be ("día-914177", a word glued to a stand-in
        code, is not an inflection of "día")."""
        out: dict[str, list[tuple[str, list[int]]]] = defaultdict(list)
        for word, occurrences in self.by_word.items():
            if not any(ch.isdigit() for ch in word):
                out[word[:MIN_PREFIX]].append((word, occurrences))
        return out

    @cached_property
    def by_stem(self) -> dict[str, list[tuple[str, list[int]]]]:
        """by_prefix's words of more than MIN_PREFIX letters by stem_key: those an inflection of a
        longer candidate may be (its first MIN_PREFIX + 1 letters, the last with or without its
        accent). A long text holds hundreds of words sharing three first letters, and each was
        compared with every candidate looked for by its inflection."""
        out: dict[str, list[tuple[str, list[int]]]] = defaultdict(list)
        for group in self.by_prefix.values():
            for word, occurrences in group:
                if len(word) > MIN_PREFIX:
                    out[stem_key(word)].append((word, occurrences))
        return out

    @cached_property
    def numbers(self) -> dict[str, list[tuple[int, int]]]:
        out: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for m in NUMBER.finditer(self.y):
            out[ent.digits(m.group())].append(m.span())
        return out

    @cached_property
    def parts(self) -> dict[str, list[tuple[int, int]]]:
        """The parts of the hyphenated words by their lower-case form, in text order."""
        out: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for a, b in self.spans:
            if "-" in self.y[a:b]:
                for m in SIMPLE.finditer(self.y, a, b):
                    out[m.group().lower()].append(m.span())
        return out

    def covered(self, start: int, end: int) -> range:
        first = bisect.bisect_right(self.starts, start) - 1
        if first < 0 or self.spans[first][1] <= start:
            first += 1
        return range(first, bisect.bisect_left(self.starts, end))

    def where(self, start: int) -> float:
        return start / max(1, len(self.y))


def bare_letter(letter: str) -> str:
    """A letter without its accent ("ó" -> "o")."""
    return unicodedata.normalize("NFD", letter)[0]


def stem_key(word: str) -> str:
    """A word's first MIN_PREFIX letters as written and the next without its accent."""
    return word[:MIN_PREFIX] + bare_letter(word[MIN_PREFIX])


def phrase_pattern(phrase: str) -> re.Pattern:
    words = [re.escape(w) for w in phrase.split()]
    # A hyphenated word is one word: "on" must not match inside "on-line".
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])", re.IGNORECASE)


def code_pattern(code: str) -> re.Pattern:
    """A code as the translator may give it back: the same letters and digits in the same order,
    with its separators spaced out or a stray mark between the parts ("QX7R - 22KD", "63DR.-0NPV");
    an underscore is a separator too ("Xdlftstq_31")."""
    parts = re.findall(r"[^\W_]+", code)
    body = r"(?:[^\w\n]|_){0,3}".join(re.escape(p) for p in parts)
    return re.compile(r"(?<![^\W_])" + body + r"(?![^\W_])", re.IGNORECASE)


def phrase_hits(index: Index, words: list[str]) -> list[tuple[int, int]]:
    """What phrase_pattern finds, from the index instead of a scan of the whole translation: a
    run of indexed words equal to `words`, only spaces between them, no hyphen or word character
    on either side; leftmost first, not overlapping (as finditer); unclaimed ones only. The runs
    are found once per phrase (the text does not change), the claims are read on every call."""
    runs = index.phrases.get(tuple(words))
    if runs is None:
        runs = index.phrases[tuple(words)] = _runs(index, words)
    return [(start, end) for i, start, end in runs if index.claimed.isdisjoint(range(i, i + len(words)))]


def _runs(index: Index, words: list[str]) -> list[tuple[int, int, int]]:
    """Every run of the phrase, claimed or not, as (its first word, start, end). Looked for where
    its rarest word stands: going through every "de" of a long text for each phrase that opens
    with it was quadratic."""
    y, spans, runs = index.y, index.spans, []
    n, taken = len(words), 0
    rare = min(range(n), key=lambda k: len(index.by_word.get(words[k], ())))
    for i in (j - rare for j in index.by_word.get(words[rare], ())):
        if i < taken or i < 0 or i + n > len(spans):
            continue
        start, end = spans[i][0], spans[i + n - 1][1]
        if (start and (y[start - 1].isalnum() or y[start - 1] in "_-")) or (end < len(y) and (y[end].isalnum() or y[end] in "_-")):
            continue
        if all(y[spans[i + k][0]:spans[i + k][1]].lower() == words[k] and (not k or y[spans[i + k - 1][1]:spans[i + k][0]].isspace())
               for k in range(n)):
            taken = i + n
            runs.append((i, start, end))
    return runs


def first_free(index: Index, word: str, occurrences: list[int], n: int, step: int) -> int:
    """From the n-th of a word's occurrences on, in the direction `step`, the first one not
    claimed. Claims are never taken back, so each walk over claimed ones is kept as a jump
    (path compression): a stand-in word used throughout a long text was walked over once per
    substitution before, quadratic in its occurrences."""
    jumps = index.jumps.setdefault((word, step), {})
    passed = []
    while 0 <= n < len(occurrences) and occurrences[n] in index.claimed:
        passed.append(n)
        n = jumps.get(n, n + step)
    for p in passed:
        jumps[p] = n
    return n


def nearest_free(index: Index, word: str, at: float) -> int | None:
    """Of a word's occurrences, the free one whose place is closest to `at`; the earlier one on
    a tie."""
    occurrences = index.by_word.get(word, [])
    k = bisect.bisect_left(occurrences, at, key=lambda i: index.where(index.spans[i][0]))
    left, right = first_free(index, word, occurrences, k - 1, -1), first_free(index, word, occurrences, k, 1)
    free = [occurrences[n] for n in (left, right) if 0 <= n < len(occurrences)]
    return min(free, key=lambda i: abs(index.where(index.spans[i][0]) - at)) if free else None
