"""Cut texts into pieces and pack pieces into batches: the one splitter of the project.

Two users, one cutting rule (paragraph breaks, then sentence ends, then spaces, then a hard cut
inside an over-long word; never dropping text):

* `split_text` cuts a long text into chunks of whole paragraphs where possible; the host
  (`api.Session.translate_batches`) encodes, translates and streams it chunk by chunk.
* `segment` makes every line of every text one piece (long lines cut at sentence boundaries) for
  translation APIs. Line breaks, blank lines and the spaces around each piece stay here and are
  put back verbatim, so the service never has to keep line structure and the output always has
  the input's layout.

`pack` groups pieces into requests (or batches) within item and size limits.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..errors import TranslatorBadReply
from .base import Translator

Measure = Callable[[str], int]

# End of a sentence: terminal punctuation, optional closing quotes/brackets, then whitespace.
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)\]]*(\s+)")
_SPACE = re.compile(r"\s+")
# A paragraph break: a line holding only spaces, with the whitespace around it.
_PARAGRAPH = re.compile(r"\s*\n[ \t]*\n\s*")


@dataclass
class Layout:
    """One input text as a sequence of literal strings (kept here) and piece numbers (sent)."""

    parts: list[str | int] = field(default_factory=list)


@dataclass
class Segmented:
    pieces: list[str]
    layouts: list[Layout]

    def join(self, translated: Sequence[str]) -> list[str]:
        """Rebuild each text with its pieces replaced by their translations."""
        if len(translated) != len(self.pieces):
            raise ValueError("one translation per piece is required")
        return ["".join(p if isinstance(p, str) else translated[p] for p in lay.parts) for lay in self.layouts]


def _split_at(pattern: re.Pattern[str], text: str) -> list[tuple[str, str]]:
    """`text` cut at each match of `pattern`: (what comes before, the whitespace matched), the last
    with none. A pattern with a group matches more than the whitespace (the closing quotes after a
    sentence end): the group is the whitespace, and what precedes it stays with the text."""
    group = 1 if pattern.groups else 0
    units: list[tuple[str, str]] = []
    pos = 0
    for m in pattern.finditer(text):
        units.append((text[pos : m.start(group)], m.group(group)))
        pos = m.end()
    units.append((text[pos:], ""))
    return units


def _cut(content: str, limit: int, measure: Measure) -> list[tuple[str, str]]:
    """Cut one stripped line into (piece, following whitespace) pairs, each piece within limit.
    Prefer sentence boundaries; fall back to word boundaries, then to a hard cut for a single
    over-long word (never silently drop text)."""
    if measure(content) <= limit:
        return [(content, "")]
    out: list[tuple[str, str]] = []
    for text, gap in _split_at(_SENTENCE_END, content):
        if measure(text) <= limit:
            out.append((text, gap))
            continue
        out.extend(_cut_words(text, limit, measure))
        out[-1] = (out[-1][0], gap)
    return _regroup(out, limit, measure)


def _cut_words(text: str, limit: int, measure: Measure) -> list[tuple[str, str]]:
    hard: list[tuple[str, str]] = []
    for word, gap in _split_at(_SPACE, text):
        while measure(word) > limit:
            lo, hi = 1, len(word)  # longest prefix that fits (at least one character)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if measure(word[:mid]) <= limit else (lo, mid - 1)
            hard.append((word[:lo], ""))
            word = word[lo:]
        hard.append((word, gap))
    return _regroup(hard, limit, measure)


def _regroup(units: list[tuple[str, str]], limit: int, measure: Measure) -> list[tuple[str, str]]:
    """Merge neighbouring units back together while they fit: fewer, more natural pieces."""
    out: list[tuple[str, str]] = []
    for text, gap in units:
        if out and not text:
            out[-1] = (out[-1][0], out[-1][1] + gap)
            continue
        if out and out[-1][1] and measure(out[-1][0] + out[-1][1] + text) <= limit:
            prev, prev_gap = out[-1]
            out[-1] = (prev + prev_gap + text, gap)
        else:
            out.append((text, gap))
    return out


def split_text(text: str, limit: int, measure: Measure = len) -> list[tuple[str, str, str]]:
    """Cut text into (leading space, body, trailing space) chunks with bodies within `limit`,
    preferring paragraph breaks, then sentence ends, then any space; neighbouring paragraphs share
    a chunk while they fit. Joining lead + body + trail over all chunks gives back the text
    exactly; a blank text is one chunk with an empty body."""
    content = text.strip()
    if not content:
        return [(text, "", "")]
    lead = text[: text.index(content)]
    trail = text[len(lead) + len(content):]
    cut: list[tuple[str, str]] = []
    for paragraph, gap in _split_at(_PARAGRAPH, content):
        pieces = _cut(paragraph, limit, measure)
        pieces[-1] = (pieces[-1][0], pieces[-1][1] + gap)
        cut.extend(pieces)
    chunks = _regroup(cut, limit, measure)
    out = [("", body, gap) for body, gap in chunks]
    out[0] = (lead, *out[0][1:])
    out[-1] = (out[-1][0], out[-1][1], out[-1][2] + trail)
    return out


def segment(texts: Sequence[str], limit: int, measure: Measure = len) -> Segmented:
    """Split texts into translatable pieces of at most `limit` (by `measure`)."""
    pieces: list[str] = []
    layouts: list[Layout] = []
    for text in texts:
        lay = Layout()
        for line in text.splitlines(keepends=True):
            body = line.rstrip("\r\n")
            ending = line[len(body) :]
            content = body.strip()
            if not content:
                lay.parts.append(line)
                continue
            start = body.index(content)
            lay.parts.append(body[:start])
            for piece, gap in _cut(content, limit, measure):
                if any(c.isalnum() for c in piece):
                    lay.parts.append(len(pieces))
                    pieces.append(piece)
                else:  # nothing to translate ("*", "---", "> >"): services answer such a line with nothing
                    lay.parts.append(piece)
                if gap:
                    lay.parts.append(gap)
            lay.parts.append(body[start + len(content) :] + ending)
        layouts.append(lay)
    return Segmented(pieces, layouts)


def pack(pieces: Sequence[str], max_items: int, max_size: int, measure: Measure = len) -> list[list[int]]:
    """Group piece numbers into requests of at most max_items pieces and max_size in total."""
    batches: list[list[int]] = []
    size = 0
    for i, piece in enumerate(pieces):
        m = measure(piece)
        if batches and len(batches[-1]) < max_items and size + m <= max_size:
            batches[-1].append(i)
            size += m
        else:
            batches.append([i])
            size = m
    return batches


def check_reply(name: str, sent: Sequence[str], got: object) -> list[str]:
    """A reply maps onto what was sent: a list of strings, one per piece, none of them empty for a
    non-empty piece, none adding a line break (each piece is a single line)."""
    if not isinstance(got, list) or not all(isinstance(g, str) for g in got):
        raise TranslatorBadReply(name=name, detail="the translations are not a list of strings")
    if len(got) != len(sent):
        raise TranslatorBadReply(name=name, detail=f"{len(got)} translations came back for {len(sent)} texts sent")
    out = []
    for i, g in enumerate(got):
        g = g.strip()
        if not g:
            raise TranslatorBadReply(name=name, detail=f"translation {i + 1} of {len(sent)} is empty")
        if "\n" in g or "\r" in g:
            raise TranslatorBadReply(name=name, detail=f"translation {i + 1} of {len(sent)} spans several lines "
                                     "but one line was sent")
        out.append(g)
    return out


class PieceTranslator(Translator):
    """A backend that translates single-line pieces, many per request: segment, pack within the
    service's limits, send, check each reply maps onto what was sent, rebuild the layout."""

    max_items: int = 50  # pieces per request
    max_piece: int = 5000  # size of one piece, by measure()
    max_request: int = 5000  # size of one request, by measure()

    @staticmethod
    def measure(piece: str) -> int:
        return len(piece)

    def check_pair(self, source: str, target: str) -> None:
        """Raise E036 before anything is sent when the pair cannot work."""

    @abstractmethod
    def send(self, pieces: list[str], source: str, target: str) -> object:
        """One request; returns what should be one translation per piece (checked by the caller)."""

    def pieces(self, texts: Sequence[str]) -> Segmented:
        """The texts cut into the pieces one request carries, with their layouts."""
        return segment(texts, self.max_piece, self.measure)

    def request(self, pieces: list[str], source: str, target: str) -> list[str]:
        """One request of pieces within the limits: their translations, checked."""
        self.check_pair(source, target)
        return check_reply(self.name, pieces, self.send(pieces, source, target))

    def translate(self, texts: Sequence[str], source: str, target: str) -> list[str]:
        self.check_pair(source, target)
        seg = self.pieces(texts)
        out = [""] * len(seg.pieces)
        for batch in pack(seg.pieces, self.max_items, self.max_request, self.measure):
            for i, text in zip(batch, self.request([seg.pieces[i] for i in batch], source, target)):
                out[i] = text
        return seg.join(out)
