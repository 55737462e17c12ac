"""A restored verb in the form its sentence needs (issue 28).

agreement.py gives a restored verb the form the translator gave its substitute. When the
translator read the substitute as another kind of verb form than the original's tag asks for
(verb_forms.py: "disarmed" as the participle "desarmado" where "asked" is the past "pidió"; a
finite past after "había"), that form is the substitute's, not the sentence's: the restored verb
is written in its own tag's form class by Apertium's generator, "El cliente pedido" -> "El
cliente pidió", "quién había dejó" -> "quién había dejado". A verb the decoder did not find by
its substitute's translations is looked for by their lemma (find_by_lemma).
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import replace

from .. import morphology
from .agreement import apply_edits
from .decode import Decoded, Restored
from .substitution import match_case
from .verb_forms import form_class

_VERBS = frozenset({"vblex", "vbser", "vbhaver", "vbmod"})
# The tags each form class is generated with after the verb's category (a participle in the
# masculine singular, as a participle after an auxiliary is).
_NON_FINITE = {"pp": ("pp", "m", "sg"), "inf": ("inf",), "ger": ("ger",)}


def repair(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with each restored verb whose form class is not its original's tag's
    written again in that class (the lemma of the dictionary's translation); unchanged without
    Apertium's generator for the target."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.form and not s.sub.in_phrase
             and " " not in decoded.text[s.start:s.end]]
    if not spans or not morphology.available(target, generator=True):
        return decoded
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s in spans]
                                        + [s.sub.restore for s in spans], target)
    plans: list[tuple[Restored, tuple[str, tuple[str, ...]] | None, str | None]] = []
    for k, span in enumerate(spans):
        now, own = analysed[k], analysed[len(spans) + k]
        if len(now) != 1:
            continue
        verbs = [r for r in now[0].readings if r.tags[:1] and r.tags[0] in _VERBS]
        if not verbs or any(form_class(".".join(r.tags)) == span.sub.form for r in verbs):
            continue
        # the dictionary's translation itself when it is of that class (its tense and person),
        # else the lemma in the class's plain form; a finite verb of unknown person is left alone
        if len(own) == 1 and any(form_class(".".join(r.tags)) == span.sub.form for r in own[0].readings):
            plans.append((span, None, span.sub.restore))
        elif span.sub.form in _NON_FINITE:
            plans.append((span, (verbs[0].lemma, verbs[0].tags[:1] + _NON_FINITE[span.sub.form]), None))
    generated = iter(morphology.generate([w for _, w, _ in plans if w], target))
    edits = []
    for span, wanted, word in plans:
        word = next(generated) if wanted else word
        if word:
            edits.append((span.start, span.end, match_case(decoded.text[span.start:span.end], word)))
    return apply_edits(decoded, edits)


def find_by_lemma(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with each verb not found by its substitute's translations looked for by
    their lemma instead, and put back: the translator conjugated the substitute in a form the
    prefix rule misses ("dudado" for "dudó": "dud" is too short a match). The word of that lemma
    nearest to where the substitute stood, outside what is restored already; repair() and
    agreement.py then inflect it like the word it replaces."""
    missing = [s for s in decoded.unrestored if s.kind == "word" and s.pos == "VERB"]
    if not missing or not morphology.available(target):
        return decoded
    text = decoded.text
    analysed = morphology.analyse_lines([text] + [" ".join(s.find) for s in missing], target)
    places, cursor = [], 0  # (start, end, verb lemmas) of every word of the text
    # a word overlaps a restored span when the furthest end of those starting before its end is
    # past its start (a scan of every span per word was quadratic: 3 s for 100,000 characters)
    restored = sorted((s.start, s.end) for s in decoded.spans)
    starts, reach = [a for a, _ in restored], list(itertools.accumulate((b for _, b in restored), max))
    for unit in analysed[0]:
        start = text.find(unit.surface, cursor)
        if start < 0:
            continue
        cursor = start + len(unit.surface)
        lemmas = {r.lemma.lower() for r in unit.readings if r.tags[:1] and r.tags[0] in _VERBS}
        k = bisect.bisect_left(starts, cursor)
        if lemmas and not (k and reach[k - 1] > start):
            places.append((start, cursor, lemmas))
    edits, spans, unrestored, taken = [], list(decoded.spans), [], set()
    for sub, candidates in zip(missing, analysed[1:]):
        wanted = {r.lemma.lower() for a in candidates for r in a.readings if r.tags[:1] and r.tags[0] in _VERBS}
        near = [(abs(start / max(1, len(text)) - sub.at), start, end) for start, end, lemmas in places
                if lemmas & wanted and start not in taken]
        if not near:
            unrestored.append(sub)
            continue
        _, start, end = min(near)
        taken.add(start)
        edits.append((start, end, match_case(text[start:end], sub.restore)))
        spans.append(Restored(start, end, sub, True, text[start:end]))
    if not edits:
        return decoded
    found = replace(decoded, unrestored=[s for s in decoded.unrestored if s not in missing] + unrestored,
                    restored=decoded.restored + len(edits), spans=sorted(spans, key=lambda s: s.start))
    return apply_edits(found, edits)
