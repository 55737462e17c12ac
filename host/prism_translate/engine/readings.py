"""Apertium's readings of the target's words as the decoder's repairs ask them (issue 28): a
word's reading of some categories, a reading as generator units, the gender and number a noun
shows, the reading by which a word agrees with a noun, the words before a place."""

from __future__ import annotations

import re

from .. import morphology
from .edits import WORD_BEFORE, word_before

NUMBER = frozenset({"sg", "pl", "sp"})
GENDER = frozenset({"m", "f", "mf"})
# the analyser's categories that can be the original word's own, by its UPOS: the noun "presupuesto" once became
# "presupongo" after "cuadro", the adverb "dur" the gerund "duent"; a participle stands for an adjective ("cansada")
VERBAL = frozenset({"adj", "vblex", "vbser", "vbhaver", "vbmod"})


def words_before(text: str, start: int, count: int, pattern: re.Pattern = WORD_BEFORE) -> list[tuple[int, str, str]]:
    """Up to `count` words before `start`, nearest first: (start, word, what follows it up to the
    next word: spaces, or the apostrophe of an elision). `pattern` is of WORD_BEFORE's shape."""
    out = []
    for _ in range(count):
        m = word_before(text, start, pattern)
        if m is None:
            break
        out.append((m.start(), m.group(1), m.group(2)))
        start = m.start()
    return out


def unit(reading: morphology.Reading, tags: tuple[str, ...] | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """A reading as generator units: the parts a contraction joins, then its own lemma and tags."""
    return [(j.split("<", 1)[0], tuple(re.findall(r"<([^>]+)>", j))) for j in reading.joined] + [
        (reading.lemma, reading.tags if tags is None else tags)]


def of(analysis: morphology.Analysis, categories: frozenset[str]) -> morphology.Reading | None:
    return next((r for r in analysis.readings if r.tags[:1] and r.tags[0] in categories), None)


def gender_number(analysis: morphology.Analysis, name: bool) -> set[tuple[str, str]]:
    """The (gender, number) pairs a noun's or name's readings give it ("orden" has two). A name
    or noun the analyser does not know (one the translator left untranslated: "raccoon") is
    masculine singular, as Apertium's transfer takes it: "el raccoon", "un dorado puppy", "su
    paws", in es, fr and ca alike."""
    categories = ("np", "n") if name else ("n",)
    pairs = {(g, n) for r in analysis.readings if r.tags[:1] and r.tags[0] in categories
             for g in r.tags if g in ("m", "f") for n in r.tags if n in ("sg", "pl")}
    return pairs or ({("m", "sg")} if analysis.surface and not analysis.known else set())


def agreeing(analysis: morphology.Analysis) -> morphology.Reading | None:
    """The reading by which a word agrees with a noun: an adjective or a participle."""
    return next((r for r in analysis.readings if r.tags[:1] == ("adj",)
                 or (r.tags[:1] and r.tags[0] in VERBAL and "pp" in r.tags)), None)
