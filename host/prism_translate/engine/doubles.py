"""A function word the translator writes twice in a row around a substitute (issue 28).

Apertium's French, made from English through Spanish, writes a subject pronoun or a preposition
a second time around a substitute verb ("et ils ils ont acclamé", "il il est"), where the
plain translation writes it once. A word the target's analyser reads only as a pronoun,
preposition or determiner is never doubled in good text, except a subject or tonic pronoun
followed by the clitic of the same spelling: French reflexives "nous nous", "vous vous"."""

from __future__ import annotations

import bisect
import itertools
import re

from .. import morphology
from .decode import Decoded
from .edits import apply_edits

_DOUBLE = re.compile(r"(?<![\w'’-])(\w+)[ \t]+(\1)(?![\w'’-])", re.IGNORECASE)
_FUNCTION = frozenset({"prn", "pr", "det"})


def _function_only(analysis: morphology.Analysis) -> bool:
    return bool(analysis.readings) and all(r.tags[:1] and r.tags[0] in _FUNCTION and not r.joined
                                           for r in analysis.readings)


def _reflexive_pair(analysis: morphology.Analysis) -> bool:
    """The word reads both as a tonic (subject) pronoun and as a clitic: "nous nous" is a
    subject and its reflexive."""
    return {"tn", "pro"} <= {r.tags[1] for r in analysis.readings if r.tags[:1] == ("prn",) and len(r.tags) > 1}


def function_doubles(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with one of each function word written twice in a row, unless the pair
    reads as a pronoun and its reflexive. The copy that is not a restored word goes."""
    text = decoded.text
    found = list(_DOUBLE.finditer(text))
    if not found or not morphology.available(target):
        return decoded
    words = sorted({m.group(1).lower() for m in found})
    kinds = {w: a[0] for w, a in zip(words, morphology.analyse_lines(words, target)) if len(a) == 1}
    # a place is inside a restored word if one starting by it reaches past it: by bisection, not a scan of
    # every span per double (quadratic in a long text)
    restored = sorted((s.start, s.end) for s in decoded.spans)
    starts, reach = [a for a, _ in restored], list(itertools.accumulate((b for _, b in restored), max))

    def inside(at: int) -> bool:
        k = bisect.bisect_right(starts, at)
        return k > 0 and reach[k - 1] > at

    edits = []
    for m in found:
        kind = kinds.get(m.group(1).lower())
        if kind is None or not _function_only(kind) or _reflexive_pair(kind):
            continue
        if not inside(m.start(2)):
            edits.append((m.end(1), m.end(2), ""))
        elif not inside(m.start(1)):
            edits.append((m.start(1), m.start(2), ""))
    return apply_edits(decoded, edits)
