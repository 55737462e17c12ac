"""The units of several words the translator's analyser of the source reads as one ("instead of",
"thanks for", "ice cream"): what PRISM* may not break apart (encode.py)."""

from __future__ import annotations

import bisect

from .. import morphology
from .tokenize import Token


# Units of several words that are read as function words or adverbs: what they say is the
# sentence's frame, not its content. Nouns ("ice cream": whole) stay hideable, what a text is
# about; not a verb's idiom ("look forward to", "thanks for"), which a substitute breaks.
_FUNCTION_UNITS = frozenset({"pr", "adv", "preadv", "cnjadv", "cnjsub", "cnjcoo", "det", "prn", "ij"})
_VERB_UNITS = frozenset({"vblex", "vbmod", "vbser", "vbhaver", "vbdo"})


def in_units(tokens: list[Token], lang: str) -> tuple[set[int], set[int], list[tuple[int, int, morphology.Reading]]]:
    """The tokens the translator's analyser of the source reads as part of a unit of several words
    that is a function word, an adverb or a verb's idiom ("instead of", "as well", "keep in
    touch"): it translates the unit as one ("en vez de"), and a substitute for one of its words
    breaks it ("tres cambios de"); then those of every unit of several words; then the units read
    only as nouns ("ice cream"), as (first token, last token, reading). Empty without an Apertium
    analyser for the language."""
    if not morphology.available(lang):
        return set(), set(), []
    text = "".join(t.text + t.ws for t in tokens)
    starts, at = [], 0
    for t in tokens:
        starts.append(at)
        at += len(t.text) + len(t.ws)
    clean = morphology.as_read(text)  # lt-proc reads each character it cannot take as a space
    inside: set[int] = set()
    other: set[int] = set()
    nouns = []
    at = 0
    for unit in morphology.analyse_text(text, lang):
        found = clean.find(unit.surface, at)
        if found < 0:
            continue
        at = found + len(unit.surface)
        if unit.known and " " in unit.surface:
            function = all(r.tags[:1] and r.tags[0] in _FUNCTION_UNITS for r in unit.readings)
            # the tokens that start within the unit (not every token after it: quadratic on a long text)
            span = range(bisect.bisect_left(starts, found), bisect.bisect_left(starts, at))
            (inside if function else other).update(span)
            if all(r.tags[:1] and r.tags[0] in _VERB_UNITS for r in unit.readings):
                # a verb's idiom ("keep in touch", "look forward to", "took part"): a substitute for
                # any of its words, the verb too, has the translator build another phrase ("mantener
                # en tacto"), so it stays whole, like a function unit (fidelity, tune set)
                inside.update(span)
            if all(r.tags[:1] == ("n",) for r in unit.readings) and len(span) > 1:
                nouns.append((span[0], span[-1], unit.readings[0]))
    return inside, other, nouns
