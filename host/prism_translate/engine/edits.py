"""Edits of a decoded text around its restored words: the word right before one, edits that
keep every restored span where its words went (agreement.py and verbs.py make them), and whether
a range overlaps a restored word."""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import replace

from .decode import Decoded, Restored

_new = object.__new__

# the word right before a restored word: "la ", "del ", "va ", or an elided "l'" / "d'"
WORD_BEFORE = re.compile(r"(?<![\w'’])(\w+)(\s+|['’])\Z")
# the word right after a restored word, on its line
NEXT_WORD = re.compile(r"[ \t]+(\w+)")
# ... or on the next line of a wrapped paragraph (a story's "Luna était\ntrès heureux"), not past a blank line
NEXT_IN_PARAGRAPH = re.compile(r"(?:[ \t]+|[ \t]*\n[ \t]*)(\w+)")


def word_before(text: str, start: int, pattern: re.Pattern = WORD_BEFORE) -> re.Match | None:
    """WORD_BEFORE's match (or another pattern's of its shape: a word, then spaces or an
    apostrophe, at the end) in the 40 characters before `start`. Searched from where that word
    can begin: a search of the whole window tried every place in it (a tenth of a page's decoding
    CPU), and no match starts earlier."""
    lo = max(0, start - 40)
    at = start
    while at > lo and text[at - 1].isspace():  # (\s and \w as the re module reads them)
        at -= 1
    if at == start and at > lo and text[at - 1] in "'’":
        at -= 1
    while at > lo and (text[at - 1].isalnum() or text[at - 1] == "_"):
        at -= 1
    return pattern.search(text, at, start)


def apply_edits(decoded: Decoded, edits: list[tuple[int, int, str]]) -> Decoded:
    """The text with each (start, end, new) edit made, the restored spans moved along (a span at
    an edit's end is the edit's last word)."""
    if not edits:  # most passes on a short text: nothing to look up
        return replace(decoded, spans=list(decoded.spans))
    parts, pos = [], 0
    shifts = []  # (end in the old text, change in length)
    for start, end, new in sorted(edits):
        parts.append(decoded.text[pos:start] + new)
        shifts.append((start, end, len(new) - (end - start)))
        pos = end
    parts.append(decoded.text[pos:])
    # looked up by bisection, not a scan of every edit per span (quadratic in a long text): the
    # change in length of the edits ending by a place, and the first edit (in order) around it
    by_end = sorted((b, d) for _, b, d in shifts)
    ends, grown = [b for b, _ in by_end], [0, *itertools.accumulate(d for _, d in by_end)]
    starts, reach = [a for a, _, _ in shifts], list(itertools.accumulate((b for _, b, _ in shifts), max))
    spans = []
    first_start, last_reach, total = starts[0], reach[-1], grown[-1]
    for span in decoded.spans:
        start, end = span.start, span.end
        if start < first_start:  # before every edit: where it was
            spans.append(span)
        elif start >= last_reach and end > last_reach:  # after every edit: moved by all of them
            spans.append(moved(span, total, total) if total else span)
        else:
            before = grown[bisect.bisect_right(ends, start)]
            first = bisect.bisect_left(reach, end)  # the first edit reaching the span's end ...
            inside = shifts[first] if first < bisect.bisect_right(starts, start) else None  # ... from before it
            if inside and inside[0] == start:  # the span's own word, re-inflected
                spans.append(moved(span, before, before + inside[2]))
            elif inside:  # a determiner + this noun: the noun ends the edit and keeps its length
                spans.append(moved(span, before + inside[2], before + inside[2]))
            else:  # moved along, or where it was
                spans.append(moved(span, before, before) if before else span)
    return replace(decoded, text="".join(parts), spans=spans)


def moved(span: Restored, by_start: int, by_end: int) -> Restored:
    """A copy of the span with its ends moved: a pass's edits move most spans of a long text, and
    dataclasses.replace, which checks and passes every field by name, cost about twice as much."""
    fields = span.__dict__.copy()  # (a copy and two stores cost less than a {**...} literal)
    fields["start"] += by_start
    fields["end"] += by_end
    copy = _new(Restored)
    copy.__dict__ = fields
    return copy


class Spans:
    """Spans of the text (the restored words'), asked whether a range overlaps any of them in log
    time: a scan of all of them per number or word made checking and repairing a long text
    quadratic."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self.starts = [a for a, _ in ordered]
        self.reach = list(itertools.accumulate((b for _, b in ordered), max))  # furthest end so far

    def outside(self, start: int, end: int) -> bool:
        before = bisect.bisect_left(self.starts, end)  # the spans that start before `end`
        return before == 0 or self.reach[before - 1] <= start
