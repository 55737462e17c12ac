"""A restored adjective in the form nothing around it asks for (issue 28).

The dictionary keeps an adjective's translation as the corpus had it most often, which may be
inflected: "good" is "buena" and "bonne", "next" "prochaines", "late" "tardíos". Where the
translator made the stand-in agree, agreement.py inflects the restored word like it. Where the
stand-in's translation tells no gender or number (an adverb too, "sûr"; a verb, "asombraba"; a
word left untranslated, "lunatic"; several words, "del norte"), the dictionary's form stayed, and
agreed with nothing in the sentence: "temps prochaines", "un bastante buena sunburn". It takes
the masculine singular instead, the form the translator writes where nothing agrees; an adjective
of a noun phrase then takes that noun's (agreement._noun_phrases).
"""

from __future__ import annotations

from .. import morphology
from .decode import Decoded
from .encode import match_case
from .readings import agreeing

# the categories whose readings tell a gender and number the translator gave the stand-in
_AGREEING = frozenset({"adj", "vblex", "det"})


def _tells(found: list[morphology.Analysis]) -> bool:
    """Whether the stand-in's translation as it came back is one word that agrees, and nothing
    that does not inflect."""
    if len(found) != 1 or not found[0].readings:
        return False
    readings = found[0].readings
    return all(r.tags[:1] and r.tags[0] in _AGREEING | {"n"} for r in readings) and any(
        {"m", "f", "mf"} & set(r.tags) for r in readings if r.tags[:1] and r.tags[0] in _AGREEING)


def base_forms(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new word) of each restored adjective in a feminine or plural form whose
    stand-in came back telling no gender or number: its masculine singular."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "ADJ" and not s.sub.in_phrase
             and " " not in decoded.text[s.start:s.end]]
    if not spans:
        return []
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s in spans] + [s.found for s in spans], target)
    plans = []
    for span, mine, found in zip(spans, analysed, analysed[len(spans):]):
        reading = agreeing(mine[0]) if len(mine) == 1 else None
        if reading is None or reading.tags[:1] != ("adj",) or _tells(found):
            continue
        if {"m", "mf"} & set(reading.tags) and {"sg", "sp"} & set(reading.tags):
            continue
        tags = tuple("m" if t == "f" else "sg" if t == "pl" else t for t in reading.tags)
        plans.append((span, (reading.lemma, tags)))
    generated = morphology.generate([w for _, w in plans], target)
    return [(s.start, s.end, match_case(decoded.text[s.start:s.end], word))
            for (s, _), word in zip(plans, generated) if word]
