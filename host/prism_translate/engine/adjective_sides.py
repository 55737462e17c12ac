"""A restored adjective on its own side of the noun (issue 28).

Into French and Catalan (and Spanish) some adjectives go before the noun and most after it:
Apertium writes "un grand chien" but "une voiture rouge". The dictionary's build probed where
the translator puts each adjective (dictionary/agreement_probes.py, Substitution.sides); where
PRISM* had no substitute of the original's side, the restored adjective stood on the
substitute's: "un rouge chien", "une voiture grande". It changes places with the noun beside it
("un chien rouge", "une grande voiture"), as the translator writes the original; the agreement
and article passes after it (agreement.py) then read the phrase in that order.
"""

from __future__ import annotations

import bisect
from dataclasses import replace

from .. import morphology
from .decode import Decoded
from .edits import NEXT_WORD, Spans, moved, word_before
from .readings import of

_NOUN = frozenset({"n"})


def _swaps(decoded: Decoded, target: str) -> list[tuple[int, int, int, int]]:
    """(start, end) of the two words that change places, the first then the second, for each
    restored adjective found on the substitute's side of a noun."""
    places = []
    for span in decoded.spans:
        mine, theirs = span.sub.sides
        if span.sub.kind != "word" or span.sub.pos != "ADJ" or not mine or not theirs or mine == theirs \
                or " " in decoded.text[span.start:span.end]:
            continue
        if theirs == "pre":  # the noun after it
            m = NEXT_WORD.match(decoded.text, span.end)
            noun = m.span(1) if m else None
        else:  # the noun before it, a space between them
            m = word_before(decoded.text, span.start)
            noun = m.span(1) if m and m.group(2).isspace() else None
        if noun is not None:
            places.append((span, noun))
    if not places:
        return []
    taken = Spans([(s.start, s.end) for s in decoded.spans])
    analysed = morphology.analyse_lines([decoded.text[a:b] for _, (a, b) in places], target)
    swaps = []
    for (span, (a, b)), words in zip(places, analysed):
        # a noun of the analyser's, not a restored word of its own, nor a word that is also an adjective
        if len(words) != 1 or of(words[0], _NOUN) is None or any(r.tags[:1] == ("adj",) for r in words[0].readings) \
                or not taken.outside(a, b):
            continue
        swaps.append((span.start, span.end, a, b) if a > span.start else (a, b, span.start, span.end))
    return swaps


def on_own_side(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with each restored adjective found on its substitute's side of a noun put
    on its own; the restored spans move with their words."""
    swaps = _swaps(decoded, target)
    if not swaps:
        return decoded
    text = decoded.text
    parts, pos = [], 0
    done = []  # the swaps made, in order
    for a, b, c, d in sorted(swaps):
        if a < pos:  # overlapping another swap: left as it is
            continue
        parts += [text[pos:a], text[c:d], text[b:c], text[a:b]]
        pos = d
        done.append((a, b, c, d))
    parts.append(text[pos:])
    # each span moves with its word, looked up by bisection (not every span rebuilt per swap):
    # the first word goes by the second's length and the gap, the second by the first's
    firsts = [a for a, *_ in done]
    spans = list(decoded.spans)
    for i, s in enumerate(spans):
        k = bisect.bisect_right(firsts, s.start) - 1
        if k < 0:
            continue
        a, b, c, d = done[k]
        if s.end <= b:
            spans[i] = moved(s, d - b, d - b)
        elif c <= s.start and s.end <= d:
            spans[i] = moved(s, a - c, a - c)
    return replace(decoded, text="".join(parts), spans=spans)
