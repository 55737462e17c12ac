"""Check a decoded translation before the user reads it: nothing wrong may be shown unmarked.

After decoding, every place where the translation may hold something other than the user's own
value is reported as a mark with its span:
- "not-restored": an invented stand-in (a surrogate name, number, code, address, or a substitute
  word the translator left as it was) is still in the text;
- "unexpected": a number or code, or (when a date could not be put back) a month or weekday name,
  that is neither one of the user's values nor what the translator made of them;
- "unsure": a word the decoder restored from an inflection guess rather than an exact match,
  one word of a term of several ("breast cancer"), whose wording the translator chose around
  the stand-ins, or the parts of a name the translator moved apart or swapped.
The values that could not be put back at all are listed by the decoder (Decoded.unrestored).
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass

from . import entities as ent
from .decode import Decoded
from .edits import Spans
from .translation_index import SIMPLE, Index, code_pattern, phrase_hits, phrase_pattern
from .lexicon import lexicon

_DIGITS = re.compile(r"(?<![\dA-Za-z])\d(?:[^\w\n]{0,3}\d)*(?!\d)")
# A value holding digits, in any grouping ("3.871,20", "+1 555 0199"), with the letters and
# separators glued to it ("QX7R-22KD", "7th", "B-55120"). Letter runs are split only at a
# separator, and a value starts where a letter run does (a match from inside a run would have
# matched from its start): `(?:[^\W\d_]+[-#/]?)*` could split a word in 2^(n-1) ways and took
# 3 s to find no digit in a 22-letter word, doubling with every extra letter.
_DIGIT_TOKEN = re.compile(r"(?<![^\W\d_])(?:[^\W\d_]+(?:[-#/][^\W\d_]+)*[-#/]?)?\d(?:[^\w\n]{0,3}\d)*[^\W_]*(?:[-#/][^\W_]+)*")


_SEPARATOR = re.compile(r"[^\w\n]{1,3}")
# The parts of an invented address that are not invented: they may stand in the text on their own.
_ADDRESS_WORDS = {"http", "https", "www", "org"}


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    reason: str  # "not-restored", "unexpected", "unsure"
    text: str


# Characters that re.IGNORECASE matches otherwise than their lower case does (re._casefix: "ſ"
# matches "s", "ϐ" "β"; "İ" is "i" to re and "i̇" to str.lower): a text or form holding one is
# scanned with the pattern, any other from the index of its words, which finds the same spans.
_ODD_CASE = frozenset("\xb5\u0131\u017f\u0345\u0390\u03b0\u03b2\u03b5\u03b8\u03b9\u03ba\u03bc\u03c0\u03c1"
                      "\u03c2\u03c3\u03c6\u03d0\u03d1\u03d5\u03d6\u03f0\u03f1\u03f5\u0432\u0434\u043e\u0441"
                      "\u0442\u044a\u0463\u1c80\u1c81\u1c82\u1c83\u1c84\u1c85\u1c86\u1c87\u1c88\u1e61\u1e9b"
                      "\u1fbe\u1fd3\u1fe3\ua64b\ufb05\ufb06\u0130")


# Forms and parts looked up by a scan of the text before its words are indexed: a long text's
# index costs as much as a few dozen scans, and most texts leave a stand-in or two unrestored.
_SCANS = 16


class _Words:
    """The words of the decoded text, indexed once more than a few stand-ins' forms are looked
    up: a scan of the whole text per form made checking a long text quadratic (the unrestored
    stand-ins grow with it)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lowered = text.lower()
        self.plain = _ODD_CASE.isdisjoint(self.lowered)
        self.index: Index | None = None
        self._runs: dict[str, list[tuple[int, int]]] | None = None
        self._scans = 0  # forms and parts looked up so far by a scan

    def _scan(self) -> bool:
        """Whether to look the next form up by a scan of the text (the index finds the same spans)."""
        self._scans += 1
        return self._scans <= _SCANS

    def hits(self, form: str) -> list[tuple[int, int]]:
        """Where phrase_pattern(form) matches, leftmost first, not overlapping."""
        words = form.lower().split()
        if not (self.plain and all(SIMPLE.fullmatch(w) for w in words) and _ODD_CASE.isdisjoint(form.lower())):
            return [m.span() for m in phrase_pattern(form).finditer(self.text)]
        if self.index is None and self._scan():
            # the pattern matches what is the form in lower case: most stand-ins are not in the text
            return [m.span() for m in phrase_pattern(form).finditer(self.text)] if words[0] in self.lowered else []
        if self.index is None:
            self.index = Index(self.text)
        return phrase_hits(self.index, words)

    def runs(self, part: str) -> list[tuple[int, int]]:
        """Where `part` stands as a whole run of letters and digits, hyphens and apostrophes
        around it or not (looked up or indexed, like `hits`)."""
        if self._runs is None and self._scan():
            # a run whose lower case is the part's matches it ignoring case, and is checked
            low = part.lower()
            return [] if low not in self.lowered else [m.span() for m in re.finditer(rf"(?<![^\W_]){re.escape(part)}(?![^\W_])", self.text, re.I)
                    if m.group().lower() == low]
        if self._runs is None:
            self._runs = {}
            for m in re.finditer(r"[^\W_]+", self.text):
                self._runs.setdefault(m.group().lower(), []).append(m.span())
        return self._runs.get(part.lower(), [])


def _surrogate_hits(words: _Words, sub) -> list[tuple[int, int]]:
    text = words.text
    if sub.kind == "number":
        return [m.span() for m in ent.digits_pattern(sub.substitute).finditer(text)]
    if sub.kind == "code":
        # Whole, or its parts alone where the translator took the code apart ("#G-914177" back as
        # "G de ... día-914177", "RQ2 0FF" as "RQ2 0Ss", "LP-8073-02-15736" as "elepé ...-8073-02-15736").
        hits = [m.span() for m in code_pattern(sub.substitute).finditer(text)]
        own = {run.lower() for run in re.findall(r"[^\W_]+", sub.original)}
        for run in re.findall(r"[^\W_]{3,}|(?<![^\W_])\d{2}(?![^\W_])", sub.substitute):
            if run.lower() not in own:  # drawn anew: not a word or number of the user's
                hits += [m.span() for m in re.finditer(rf"(?<![^\W_]){re.escape(run)}(?![^\W_])", text, re.I)]
        return hits
    forms = {sub.substitute, *sub.find} if sub.kind != "word" else {sub.substitute}
    hits = []
    if sub.kind == "name":
        # an invented name taken apart ("G'Uusitalo" back as "obra'Uusitalo"; "Ferreira-Martinez"
        # over a title line as "Ferreira-Gerente de Proyecto del Martinez"): a part is found glued
        # to another word by a hyphen too
        for part in re.findall(r"[^\W\d_]{3,}", sub.substitute):
            if part.lower() not in sub.original.lower():
                hits += words.runs(part)
    if sub.kind in ("email", "url"):  # an invented address taken apart ("https de visita://lisdra.org/fitor32")
        forms |= {part for part in re.findall(r"[^\W_]{3,}", sub.substitute)
                  if part.lower() not in _ADDRESS_WORDS and part.lower() not in sub.original.lower()}
    for form in forms:
        if form.strip():
            hits += words.hits(form)
    return hits


class _Marks:
    """The marks made so far on a decoded text. They never overlap (an overlapping one widens
    them into one), so in order of their starts their ends are in order too: the marks a new one
    overlaps are a run found by bisection, not by a scan of every mark per mark (quadratic in a
    long text)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.marks: dict[tuple[int, int], Mark] = {}
        self._made: dict[tuple[int, int], int] = {}  # when each mark was made: a widened one keeps the earliest's reason
        self._count = itertools.count()
        self._spans: list[tuple[int, int]] = []  # the marks' spans in order
        self._ends: list[int] = []

    def add(self, start: int, end: int, reason: str) -> None:
        # A span overlapping marks already made widens them into one: "LS6 2elepé" holds the marked
        # stand-in part "LS6" and a digit of it the translator glued to a word.
        first, last = bisect.bisect_right(self._ends, start), bisect.bisect_left(self._spans, (end,))
        over = self._spans[first:last]
        if over and all(a <= start and end <= b for a, b in over):
            return
        if over:
            reason = self.marks[min(over, key=self._made.__getitem__)].reason
            start, end = min(start, *(a for a, _ in over)), max(end, *(b for _, b in over))
            for k in over:
                del self.marks[k], self._made[k]
            del self._spans[first:last], self._ends[first:last]
        if (start, end) not in self.marks:
            at = bisect.bisect_left(self._spans, (start, end))
            self._spans.insert(at, (start, end))
            self._ends.insert(at, end)
            self._made[start, end] = next(self._count)
        self.marks[start, end] = Mark(start, end, reason, self.text[start:end])


def check(decoded: Decoded, sent: str, target: str) -> list[Mark]:
    """Marks for the decoded text `decoded.text`; `sent` is x_pub (what the translator got)."""
    marks = _Marks(decoded.text)
    restored = Spans([(r.start, r.end) for r in decoded.spans])
    _mark_unsure(decoded, marks)
    words = _Words(decoded.text)
    for sub in decoded.unrestored:
        for start, end in _surrogate_hits(words, sub):
            if restored.outside(start, end):
                marks.add(start, end, "not-restored")
    _mark_digits(decoded, sent, restored, marks)
    if any(s.kind == "calendar" for s in decoded.unrestored):
        _mark_calendar(decoded.text, target, restored, marks)
    return _joined(sorted(marks.marks.values(), key=lambda k: k.start), decoded.text)


def _mark_unsure(decoded: Decoded, marks: _Marks) -> None:
    text = decoded.text
    for r in decoded.spans:
        if r.unsure or r.sub.in_phrase:
            marks.add(r.start, r.end, "unsure")
    # Parts of one name that the translator moved apart or swapped ("Rose Kavanagh" back as
    # "Kavanagh de la Rose"): each part is the user's, the name as shown is not.
    names = sorted((r for r in decoded.spans if r.sub.kind == "name"), key=lambda r: r.sub.index)
    for a, b in zip(names, names[1:]):
        if b.sub.index == a.sub.index + 1 and (b.start < a.end or re.search(r"[^\W\d_]", text[a.end:b.start])):
            marks.add(a.start, a.end, "unsure")
            marks.add(b.start, b.end, "unsure")


def _mark_digits(decoded: Decoded, sent: str, restored: Spans, marks: _Marks) -> None:
    """Every digit the translator got belonged to a surrogate, unless protection was off; digits
    outside the restored values are then a stand-in left over or something the translator made."""
    surrogates = [s.substitute for s in (*(r.sub for r in decoded.spans), *decoded.unrestored)
                  if s.kind in ("number", "code")]
    protected = {ent.digits(s) for s in surrogates}
    # What the translator got outside the stand-ins: a digit group of a stand-in ("2" of "LS6 2LP",
    # back as "2elepé") is not a number the user wrote.
    rest = sent
    for s in sorted(surrogates, key=len, reverse=True):
        rest = rest.replace(s, " ")
    passed_through = {ent.digits(m.group()) for m in _DIGITS.finditer(rest)} - protected
    for m in _DIGIT_TOKEN.finditer(decoded.text):
        start, end = m.span()
        if not restored.outside(start, end):
            continue
        found = ent.digits(m.group())
        if found in protected:
            marks.add(start, end, "not-restored")
        elif found not in passed_through:
            marks.add(start, end, "unexpected")


def _mark_calendar(text: str, target: str, restored: Spans, marks: _Marks) -> None:
    lang, english = lexicon(target), lexicon("en")
    names = {n for table in (lang.months, lang.weekdays, english.months, english.weekdays) for n in table}
    for m in re.finditer(r"\w+", text):
        if m.group().lower() in names and restored.outside(*m.span()):
            marks.add(*m.span(), "unexpected")


def _joined(marks: list[Mark], text: str) -> list[Mark]:
    """One mark for one value: marks of the same reason with only a separator between them
    ("4-1-8-3-2", each digit a stand-in of its own) become one span."""
    out: list[Mark] = []
    for m in marks:
        last = out[-1] if out else None
        if last and last.reason == m.reason and _SEPARATOR.fullmatch(text[last.end:m.start]):
            out[-1] = Mark(last.start, m.end, m.reason, text[last.start:m.end])
        else:
            out.append(m)
    return out


def warnings(marks: list[Mark], unrestored: list[str]) -> list[str]:
    """Plain-language lines for the user, one per problem kind."""
    out = []
    if unrestored:
        shown = ", ".join(unrestored[:5]) + (f" and {len(unrestored) - 5} more" if len(unrestored) > 5 else "")
        out.append(f"{len(unrestored)} of your words or values could not be put back: {shown}.")
    counts = {reason: sum(m.reason == reason for m in marks) for reason in ("not-restored", "unexpected", "unsure")}
    if counts["not-restored"]:
        out.append(f"{counts['not-restored']} invented stand-in value(s) are still in the translation "
                   "(highlighted): they are not your values.")
    if counts["unexpected"]:
        out.append(f"{counts['unexpected']} number(s), code(s) or date(s) in the translation do not match "
                   "your text (highlighted): check them against the original.")
    if counts["unsure"]:
        out.append(f"{counts['unsure']} word(s) were put back by a guess or moved by the translator "
                   "(highlighted): check their form and order.")
    return out
