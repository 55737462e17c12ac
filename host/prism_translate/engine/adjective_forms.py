"""A restored adjective in the form nothing around it asks for (issue 28).

The dictionary keeps an adjective's translation as the corpus had it most often, which may be
inflected: "good" is "buena" and "bonne", "next" "prochaines", "late" "tardíos". Where the
translator made the stand-in agree, agreement.py inflects the restored word like it. Where the
stand-in's translation tells no gender or number (an adverb too, "sûr"; a verb, "asombraba"; a
word left untranslated, "lunatic"; several words, "del norte"), the dictionary's form stayed, and
agreed with nothing in the sentence: "temps prochaines", "un bastante buena sunburn". It takes
the masculine singular instead, the form the translator writes where nothing agrees; an adjective
of a noun phrase then takes that noun's (agreement._noun_phrases). Not after a copula, where it
says something of a subject the text may not show ("me dijo que es embarazada").

A comparative restored as two words ("más tardío" for "latest") whose stand-in came back as two
words ending in an adjective ("más mudas") takes that adjective's gender and number on its last
word ("más tardías"), as a one-word adjective takes its stand-in's (agreement.py).
"""

from __future__ import annotations

from .. import morphology
from .decode import Decoded
from .encode import match_case
from .readings import agreeing, words_before

# how many words before a restored adjective a copula is looked for: "era muy", "était très"
_REACH = 3
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


def _after_copula(before: list[morphology.Analysis]) -> bool:
    """Whether the words before a place (nearest first) are a copula, adverbs between: "es", "était très"."""
    for analysis in before:
        categories = {r.tags[0] for r in analysis.readings if r.tags}
        if "vbser" in categories or any(r.lemma in ("estar", "être") for r in analysis.readings):
            return True
        if not categories or not categories <= {"adv", "preadv"}:
            return False
    return False


def base_forms(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new word) of each restored adjective in a feminine or plural form whose
    stand-in came back telling no gender or number: its masculine singular."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "ADJ" and not s.sub.in_phrase
             and " " not in decoded.text[s.start:s.end]]
    if not spans:
        return []
    before = [[w for _, w, _ in words_before(decoded.text, s.start, _REACH)] for s in spans]
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s in spans] + [s.found for s in spans]
                                        + [w for words in before for w in words], target)
    rest = iter(a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in analysed[2 * len(spans):])
    plans = []
    for span, mine, found, words in zip(spans, analysed, analysed[len(spans):], before):
        reading = agreeing(mine[0]) if len(mine) == 1 else None
        read = [next(rest) for _ in words]
        if reading is None or reading.tags[:1] != ("adj",) or _tells(found) or _after_copula(read):
            continue
        if {"m", "mf"} & set(reading.tags) and {"sg", "sp"} & set(reading.tags):
            continue
        tags = tuple("m" if t == "f" else "sg" if t == "pl" else t for t in reading.tags)
        plans.append((span, (reading.lemma, tags)))
    generated = morphology.generate([w for _, w in plans], target)
    return [(s.start, s.end, match_case(decoded.text[s.start:s.end], word))
            for (s, _), word in zip(plans, generated) if word]


def comparatives(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new word) of the last word of each restored adjective of two words whose
    stand-in came back as two words with the same first word and an adjective last: that word with
    the stand-in's gender and number."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "ADJ" and not s.sub.in_phrase
             and len(words := decoded.text[s.start:s.end].split()) == 2 and len(found := s.found.split()) == 2
             and words[0].lower() == found[0].lower()]
    if not spans:
        return []
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end].split()[1] for s in spans]
                                        + [s.found.split()[1] for s in spans], target)
    plans = []
    for span, mine, theirs in zip(spans, analysed, analysed[len(spans):]):
        reading = agreeing(mine[0]) if len(mine) == 1 else None
        shown = agreeing(theirs[0]) if len(theirs) == 1 and _tells(theirs) else None
        if reading is None or shown is None or reading.tags[:1] != ("adj",):
            continue
        gender = next((t for t in shown.tags if t in ("m", "f")), None)
        number = next((t for t in shown.tags if t in ("sg", "pl")), None)
        tags = tuple(gender if t in ("m", "f") and gender else number if t in ("sg", "pl") and number else t
                     for t in reading.tags)
        if tags != reading.tags:
            plans.append((span, (reading.lemma, tags)))
    generated = morphology.generate([w for _, w in plans], target)
    out = []
    for (span, _), word in zip(plans, generated):
        # the whole span as one edit, so that it stays the restored word's (edits.apply_edits)
        first, last = decoded.text[span.start:span.end].rsplit(" ", 1)
        if word:
            out.append((span.start, span.end, first + " " + match_case(last, word)))
    return out
