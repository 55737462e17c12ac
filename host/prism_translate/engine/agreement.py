"""A restored word inflected like the word it replaces (issue 28).

The decoder puts back the dictionary's translation of the original word, as the dictionary has
it ("sorprendido", "dijo"). The translator had inflected the substitute for the sentence it
stood in: feminine after "ella", plural after "ellos", a participle after "ha" ("cansada",
"cogían", "dicho"). Apertium's analyser reads both words; where they are of the same category
and differ in gender, number or verb form, the generator writes the original's lemma with the
substitute's features ("sorprendida"). A noun keeps its own gender: only its number follows.
"""

from __future__ import annotations

from dataclasses import replace

from .. import morphology
from .decode import Decoded, Restored
from .encode import match_case
from ..dictionary.features import AGREEMENT_TAGS

# categories whose form agrees with the sentence around them
_INFLECTING = frozenset({"n", "adj", "vblex", "vbser", "vbhaver", "vbmod", "det"})
_NUMBER = frozenset({"sg", "pl", "sp"})
# the analyser's categories that can be the original word's own, by its UPOS: "presupuesto" (a
# noun) also reads as a participle of "presuponer", and was once made "presupongo" after "cuadro"
# (a participle stands for an adjective and the reverse: "tired" -> "cansada")
_VERBAL = frozenset({"adj", "vblex", "vbser", "vbhaver", "vbmod"})
_OWN = {"NOUN": frozenset({"n"}), "ADJ": _VERBAL, "VERB": _VERBAL, "AUX": _VERBAL, "DET": frozenset({"det"})}


def _wanted(restored: morphology.Analysis, found: morphology.Analysis,
            singular: bool, pos: str) -> tuple[str, tuple[str, ...]] | None:
    """(lemma, tags) of the restored word with the found word's features, or None when they
    already agree or are not of one category. A noun the text has in the singular stays
    singular: a plural there was the stand-in's own ("obstetricias" for "pneumonia"). A found
    word that also reads as a word that never inflects says nothing of the sentence: "mal" (an
    adverb, or "malo" cut short before a masculine noun) made "she's pregnant" "es embarazado"."""
    if any(r.tags[:1] and r.tags[0] not in _INFLECTING for r in found.readings):
        return None
    for mine in restored.readings:
        category = mine.tags[:1]
        if not category or category[0] not in _INFLECTING or category[0] not in _OWN.get(pos, _INFLECTING) \
                or (singular and category[0] == "n"):
            continue
        theirs = next((r for r in found.readings if r.tags[:1] == category), None)
        if theirs is None:
            continue
        own = [t for t in mine.tags if t in AGREEMENT_TAGS]
        other = [t for t in theirs.tags if t in AGREEMENT_TAGS]
        if own == other:
            return None
        if category[0] == "n":  # a noun's gender is its own; its number is the sentence's
            number = [t for t in other if t in _NUMBER]
            tags = tuple(t if t not in _NUMBER or not number else number[0] for t in mine.tags)
            return (mine.lemma, tags) if tags != mine.tags else None
        # the found word's full tag list, for the original's lemma (it carries sub-tags like <def>)
        return mine.lemma, category + theirs.tags[1:]
    return None


def repair(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with every restored word that the analyser and generator can bring into
    agreement inflected like the word it replaced; unchanged without Apertium for the target."""
    # not a word of a health term of several: its wording is a guess already (verify.py marks it)
    words = [s for s in decoded.spans if s.sub.kind == "word" and not s.sub.in_phrase
             and s.found and " " not in s.found.strip()
             and " " not in decoded.text[s.start:s.end]]
    if not words or not morphology.available(target, generator=True):
        return decoded
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s in words] + [s.found for s in words], target)
    plans = []
    for k, span in enumerate(words):
        mine, theirs = analysed[k], analysed[len(words) + k]
        wanted = (_wanted(mine[0], theirs[0], span.sub.singular, span.sub.pos)
                  if len(mine) == 1 and len(theirs) == 1 else None)
        if wanted:
            plans.append((span, wanted))
    generated = morphology.generate([w for _, w in plans], target)
    changes = {id(span): match_case(decoded.text[span.start:span.end], word)
               for (span, _), word in zip(plans, generated) if word}
    if not changes:
        return decoded
    parts, spans, pos, shift = [], [], 0, 0
    for span in decoded.spans:
        new = changes.get(id(span))
        if new is None:
            spans.append(replace(span, start=span.start + shift, end=span.end + shift))
            continue
        parts.append(decoded.text[pos:span.start] + new)
        spans.append(Restored(span.start + shift, span.start + shift + len(new), span.sub, span.unsure, span.found))
        shift += len(new) - (span.end - span.start)
        pos = span.end
    parts.append(decoded.text[pos:])
    return replace(decoded, text="".join(parts), spans=spans)
