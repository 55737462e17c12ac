"""A restored word inflected like the word it replaces (issue 28).

The decoder puts back the dictionary's translation of the original word, as the dictionary has
it ("sorprendido", "dijo"). The translator had inflected the substitute for the sentence it
stood in: feminine after "ella", plural after "ellos", a participle after "ha" ("cansada",
"cogían", "dicho"). Apertium's analyser reads both words; where they are of the same category
and differ in gender, number or verb form, the generator writes the original's lemma with the
substitute's features ("sorprendida"). A noun keeps its own gender: only its number follows.
The article or determiner right before a restored noun follows the noun: "una problema" ->
"un problema", "l'banc" -> "el banc", "del mesa" -> "de la mesa" (generator and post-generator).
"""

from __future__ import annotations

import re
from dataclasses import replace

from .. import morphology
from .decode import Decoded
from .encode import match_case
from ..dictionary.features import AGREEMENT_TAGS, ELIDING

# categories whose form agrees with the sentence around them
_INFLECTING = frozenset({"n", "adj", "vblex", "vbser", "vbhaver", "vbmod", "det"})
_NUMBER = frozenset({"sg", "pl", "sp"})
# the analyser's categories that can be the original word's own, by its UPOS: "presupuesto" (a
# noun) also reads as a participle of "presuponer", and was once made "presupongo" after "cuadro"
# (a participle stands for an adjective and the reverse: "tired" -> "cansada")
_VERBAL = frozenset({"adj", "vblex", "vbser", "vbhaver", "vbmod"})
_GENDER = frozenset({"m", "f", "mf"})
# the word right before a restored noun: "la ", "del ", or an elided "l'" / "d'"
_BEFORE = re.compile(r"(?<![\w'’])(\w+)(\s+|['’])\Z")
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


def _article_tags(article: morphology.Analysis,
                  noun: morphology.Analysis) -> tuple[morphology.Reading, tuple[str, ...]] | None:
    """The determiner's reading and its tags with the noun's gender and number, or None when the
    word before is not a determiner or the noun's gender is not known."""
    det = next((r for r in article.readings if r.tags[:1] == ("det",)), None)
    # the noun's readings (it was restored as a noun), all of one gender and number ("orden" is both)
    own = {(g, n) for r in noun.readings if r.tags[:1] == ("n",)
           for g in r.tags if g in ("m", "f") for n in r.tags if n in ("sg", "pl")}
    if det is None or len(own) != 1:
        return None
    (gender, number), = own
    return det, tuple(gender if t in _GENDER else number if t in _NUMBER else t for t in det.tags)


def _articles(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) of each determiner + restored noun the determiner did not agree with."""
    taken = [(s.start, s.end) for s in decoded.spans]
    places = []
    for span in decoded.spans:
        if span.sub.kind != "word" or span.sub.pos != "NOUN" or span.sub.in_phrase:
            continue
        m = _BEFORE.search(decoded.text, max(0, span.start - 40), span.start)
        if m is None or any(a < span.start and b > m.start() for a, b in taken if (a, b) != (span.start, span.end)):
            continue
        places.append((m.start(), span, m.group(1), m.group(2)))
    if not places:
        return []
    analysed = morphology.analyse_lines([p[2] + p[3].strip() for p in places]
                                        + [decoded.text[p[1].start:p[1].end] for p in places], target)
    phrases: list[list[tuple[str, tuple[str, ...]] | str]] = []
    where = []
    for k, (start, span, _, gap) in enumerate(places):
        article, noun = analysed[k], analysed[len(places) + k]
        found = _article_tags(article[0], noun[0]) if len(article) == 1 and len(noun) == 1 else None
        if found is None:
            continue
        det, tags = found
        elided = not gap.isspace()
        if tags == det.tags and not elided and target not in ELIDING:
            continue
        units: list[tuple[str, tuple[str, ...]] | str] = [
            (j.split("<", 1)[0], tuple(re.findall(r"<([^>]+)>", j))) for j in det.joined]
        phrases.append(units + [(det.lemma, tags), decoded.text[span.start:span.end]])
        where.append((start, span.end, decoded.text[start:span.end]))
    edits = []
    for (start, end, old), new in zip(where, morphology.generate_phrases(phrases, target)):
        if new and new.lower() != old.lower():
            edits.append((start, end, match_case(old.split()[0].split("'")[0], new[:1]) + new[1:]))
    return edits


def apply_edits(decoded: Decoded, edits: list[tuple[int, int, str]]) -> Decoded:
    """The text with each (start, end, new) edit made, the restored spans moved along (a span at
    an edit's end is the edit's last word)."""
    parts, pos = [], 0
    shifts = []  # (end in the old text, change in length)
    for start, end, new in sorted(edits):
        parts.append(decoded.text[pos:start] + new)
        shifts.append((start, end, len(new) - (end - start)))
        pos = end
    parts.append(decoded.text[pos:])
    spans = []
    for span in decoded.spans:
        before = sum(d for a, b, d in shifts if b <= span.start)
        inside = next(((a, b, d) for a, b, d in shifts if a <= span.start and span.end <= b), None)
        if inside and inside[0] == span.start:  # the span's own word, re-inflected
            spans.append(replace(span, start=span.start + before, end=span.end + before + inside[2]))
        elif inside:  # a determiner + this noun: the noun ends the edit and keeps its length
            spans.append(replace(span, start=span.start + before + inside[2], end=span.end + before + inside[2]))
        else:
            spans.append(replace(span, start=span.start + before, end=span.end + before))
    return replace(decoded, text="".join(parts), spans=spans)


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
    decoded = apply_edits(decoded, [(span.start, span.end, match_case(decoded.text[span.start:span.end], word))
                               for (span, _), word in zip(plans, generated) if word])
    return apply_edits(decoded, _articles(decoded, target))
