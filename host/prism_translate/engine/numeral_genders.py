"""A restored number word takes the gender of the noun after it (issue 28): Catalan writes "dues
setmanes", "una noia", Spanish "doscientas personas". The stand-in is a number the target writes
alike in both genders ("vuit", "tres"), so the dictionary's form of the original ("dos", "u"),
masculine, was left before a feminine noun: "dos setmanes" -> "dues setmanes". The target's
analyser reads the noun's gender and its generator writes the number in it."""

from __future__ import annotations

from .. import morphology
from .decode import Decoded
from .edits import NEXT_IN_PARAGRAPH
from .encode import match_case
from .readings import GENDER, gender_number


def numeral_genders(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new word) of each restored number word of one gender before a noun of the
    other (a noun the analyser knows, of one gender)."""
    places = []
    for span in decoded.spans:
        # the dictionary files number words as nouns ("two" -> "dos")
        if span.sub.kind != "word" or span.sub.pos not in ("NOUN", "NUM") or " " in decoded.text[span.start:span.end]:
            continue
        m = NEXT_IN_PARAGRAPH.match(decoded.text, span.end)
        if m is not None:
            places.append((span, m.group(1)))
    if not places:
        return []
    lines = morphology.analyse_lines([decoded.text[s.start:s.end] for s, _ in places] + [w for _, w in places],
                                     target)
    analysed = [a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in lines]
    plans = []
    for k, (span, _) in enumerate(places):
        number = next((r for r in analysed[k].readings if r.tags[:1] == ("num",) and {"m", "f"} & set(r.tags)), None)
        genders = {g for g, _ in gender_number(analysed[len(places) + k], False)}
        if number is None or len(genders) != 1 or not analysed[len(places) + k].known or genders <= set(number.tags):
            continue
        gender = next(iter(genders))
        plans.append((span, (number.lemma, tuple(gender if t in GENDER else t for t in number.tags))))
    written = morphology.generate([w for _, w in plans], target)
    return [(s.start, s.end, match_case(decoded.text[s.start:s.end], word)) for (s, _), word in zip(plans, written)
            if word]
