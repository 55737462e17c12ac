"""Restored names among the decoded text's spans: where a name of several words runs (its
parts' gender is not the whole's), and the order the translator gives a place or brand name."""

from __future__ import annotations

import bisect
import itertools
from collections import defaultdict
from dataclasses import replace

from .. import morphology
from .decode import Decoded, Restored
from .edits import moved, NEXT_WORD, word_before

def in_longer_name(text: str, span, ends: dict[int, list[int]], starts: dict[int, list[int]]) -> bool:
    """A part of a name of several ("Sally Smith"): the gender of the whole is not the part's.
    Another name ends in the spaces right before it or starts in those right after it (`ends`:
    each name's start by its end, `starts` its end by its start; looked up there, not by a scan
    of every name per name)."""
    first, last = span.start, span.end
    while first and text[first - 1].isspace():
        first -= 1
    while last < len(text) and text[last].isspace():
        last += 1
    return (any((a, b) != (span.start, span.end) for b in range(first, span.start + 1) for a in ends.get(b, ()))
            or any((a, b) != (span.start, span.end) for a in range(span.end, last + 1) for b in starts.get(a, ())))


def name_edges(decoded: Decoded) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """The restored names' starts by their ends, and their ends by their starts."""
    ends: dict[int, list[int]] = defaultdict(list)
    starts: dict[int, list[int]] = defaultdict(list)
    for s in decoded.spans:
        if s.sub.kind == "name":
            ends[s.end].append(s.start)
            starts[s.start].append(s.end)
    return ends, starts


_Move = tuple[int, tuple[int, int], str, int, list[Restored]]


# kinds of name the translator writes after the noun they qualify ("nuestra oficina de Chicago",
# "oficina de Google"); a person's name it leaves where it was ("nuestra Martha oficina")
_NAMED_AFTER = frozenset({"loc", "al"})


def _named_after(analyses: list[morphology.Analysis]) -> bool:
    return bool(analyses) and all(any(r.tags[:1] == ("np",) and _NAMED_AFTER & set(r.tags) for r in a.readings)
                                  for a in analyses)


def name_order(decoded: Decoded, target: str, source: str) -> Decoded:
    """A place or brand name between a determiner and a noun moved after the noun, as the
    translator writes it: "de nuestra Martha oficina" -> "de nuestra oficina de Chicago". The
    stand-in was a person's name, which the translator leaves before the noun; the source's
    analyser tells which names it moves. (Every stand-in is drawn from the same lists whatever
    the original: a place's stand-in must not say it stands for a place.)"""
    if not source or not morphology.available(source):
        return decoded
    names = sorted((s for s in decoded.spans if s.sub.kind == "name"), key=lambda s: s.start)
    groups: list[list] = []
    for span in names:
        if groups and not decoded.text[groups[-1][-1].end:span.start].strip(" "):
            groups[-1].append(span)
        else:
            groups.append([span])
    places = []
    for group in groups:
        after = NEXT_WORD.match(decoded.text, group[-1].end)
        before = word_before(decoded.text, group[0].start)
        if after and before and before.group(2).isspace():
            places.append((group, after.span(1), before.group(1)))
    if not places:
        return decoded
    own = morphology.analyse_lines([" ".join(s.sub.original for s in g) for g, _, _ in places]
                                   + [" ".join(s.sub.substitute for s in g) for g, _, _ in places], source)
    around = morphology.analyse_lines([decoded.text[a:b] for _, (a, b), _ in places] + [w for *_, w in places], target)
    moves = []
    for k, (group, noun, _) in enumerate(places):
        noun_read, det_read = around[k], around[len(places) + k]
        if (_named_after(own[k]) and not _named_after(own[len(places) + k]) and len(noun_read) == 1
                and any(r.tags[:1] == ("n",) for r in noun_read[0].readings)
                and not any(r.tags[:1] == ("np",) for r in noun_read[0].readings)
                # a determiner or a possessive (Catalan's "nostre" is an adjective)
                and len(det_read) == 1 and any(r.tags[:1] == ("det",) or r.tags[:2] == ("adj", "pos")
                                               for r in det_read[0].readings)):
            moves.append((group, noun))
    # "de" + the name, elided by the post-generator where the target does ("d'Amsterdam")
    written = morphology.generate_phrases([[("de", ("pr",)), decoded.text[g[0].start:g[-1].end]] for g, _ in moves],
                                          target)
    text = decoded.text
    # (where the name starts, the noun, the new text, how far the name moves, its spans)
    done: list[_Move] = []
    for (group, (a, b)), phrase in sorted(zip(moves, written), key=lambda m: -m[0][0][0].start):
        name = text[group[0].start:group[-1].end]
        # (a move reaching into the one after it is left out: their spans could not be told apart)
        if not phrase or not phrase.endswith(name) or (done and b > done[-1][0]):
            continue
        new = text[a:b] + " " + phrase
        done.append((group[0].start, (a, b), new, len(new) - len(name), group))
    if not done:
        return decoded
    done.reverse()  # leftmost first
    parts, pos = [], 0
    for start, (_, b), new, *_ in done:
        parts += [text[pos:start], new]
        pos = b
    parts.append(text[pos:])
    return replace(decoded, text="".join(parts), spans=_moved_spans(decoded.spans, done))


def _moved_spans(spans: list[Restored], done: list[_Move]) -> list[Restored]:
    """The spans where name_order's moves put them, each found by bisection (not every span
    rebuilt per move): a name's spans after its noun, a restored noun's where the name began, and
    every span after a move shifted by the moves before it."""
    starts, ends = [d[0] for d in done], [b for _, (_, b), *_ in done]
    # the change in length of the first k moves
    grown = [0, *itertools.accumulate(len(new) - (b - start) for start, (_, b), new, *_ in done)]
    out = []
    for s in spans:
        shift = grown[bisect.bisect_right(ends, s.start)]
        k = bisect.bisect_right(starts, s.start) - 1
        start, (a, b), _, offset, group = done[k] if k >= 0 else done[0]
        if k >= 0 and s in group:
            out.append(moved(s, shift + offset, shift + offset))
        elif k >= 0 and s.start == a:
            out.append(replace(s, start=start + shift, end=start + shift + b - a))
        else:
            out.append(moved(s, shift, shift) if shift else s)
    return out
