"""The words around a restored verb as the translator writes them around the original (issue 28).

PRISM* draws a verb's substitutes among verbs the translator treats alike (dictionary/frames.py,
engine/pools.py), but a pool of few such verbs still gives some of another frame, and the
translator builds the sentence around the substitute: it writes the substitute's preposition
before an infinitive or an object ("gustarían para tener", "pidió para el libro"), leaves out
the original's "que" ("Daniel piensa tendríamos"), and reads a substitute of the source's bare
form as a participle after a modal ("podría pegada"). Once the original is back, these follow
the original: its frame, filed in the dictionary, says what it takes (Substitution.frames), and
after a preposition or a modal a Romance verb is an infinitive.
"""

from __future__ import annotations

import itertools
import re

from .. import morphology
from .decode import Decoded
from .edits import NEXT_WORD, apply_edits
from .substitution import match_case
from .tokenize import Token
from .verb_forms import form_class
from .verbs import VERBS, after_words, finite

# the probes of a frame (dictionary/frames.py) whose complement the text after a verb shows: an
# infinitive ("to sleep."), a clause ("we are here."), an object after a preposition ("for the book.")
_INFINITIVE, _CLAUSE, _OBJECT = 0, 1, 2
_OBJECTS = frozenset({"det", "n", "np", "prn", "num", "adj", "predet"})


def _probe(frame: str, k: int) -> list[str]:
    probes = frame.split("|")
    return probes[k].split() if k < len(probes) else []


def _only(analysis: morphology.Analysis | None, categories: frozenset[str]) -> bool:
    if analysis is None or not analysis.readings:
        return False
    return all(r.tags[:1] and r.tags[0] in categories and not r.joined for r in analysis.readings)


def _reads_as(analysis: morphology.Analysis | None, category: str) -> str:
    """The word's lemma where it reads as a word of this category on its own ("para": a
    preposition, also a form of "parar"), else ""."""
    if analysis is None:
        return ""
    return next((r.lemma.lower() for r in analysis.readings if r.tags[:1] == (category,) and not r.joined), "")


def complements(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with the words between each restored verb and what follows it as the
    translator writes them after the original, where the substitute's frame (Substitution.frames)
    brought others: prepositions the substitute takes before an infinitive or an object and the
    original does not ("les gustarían para tener": "gustarían tener"; "pidió para el libro",
    Catalan "va preguntar per a la casa"), the original's own instead ("fue para comprar": "fue a
    comprar"); the conjunction the original writes before a clause and the substitute does not
    ("Daniel piensa tendríamos": "piensa que tendríamos")."""
    text = decoded.text
    places = []
    for span in decoded.spans:
        if span.sub.kind == "word" and span.sub.pos == "VERB" and all(span.sub.frames) and not span.sub.in_phrase:
            after: list[re.Match[str]] = []
            at = span.end
            while len(after) < 3 and (m := NEXT_WORD.match(text, at)):
                after.append(m)
                at = m.end()
            if after:
                places.append((span, after))
    if not places or not morphology.available(target):
        return decoded
    # the own frames' words, to tell their prepositions and conjunctions
    words = sorted({w for span, _ in places for k in (_INFINITIVE, _CLAUSE, _OBJECT) for w in _probe(span.sub.frames[0], k)})
    analysed = morphology.analyse_lines([m.group(1) for _, after in places for m in after] + words, target)
    one = iter(a[0] if len(a) == 1 else None for a in analysed)
    read = [[next(one) for _ in after] for _, after in places]
    kind = dict(zip(words, one))
    edits = []
    for (span, after), (this, *rest) in zip(places, read):
        mine, theirs = span.sub.frames
        lemmas = list(itertools.takewhile(bool, (_reads_as(a, "pr") for a in (this, *rest[:1]))))  # "per a"
        if lemmas:
            following = [this, *rest, None][len(lemmas)]
            probe = (_INFINITIVE if following and any("inf" in r.tags for r in following.readings)
                     else _OBJECT if _only(following, _OBJECTS) else None)
            if probe is None or any(w not in _probe(theirs, probe) or w in _probe(mine, probe) for w in lemmas):
                continue
            instead = " ".join(w for w in _probe(mine, probe) if _reads_as(kind.get(w), "pr") == w)
            edits.append((after[0].start(), after[len(lemmas) - 1].end(), (" " + instead) if instead else ""))
        elif _finite_verb(this) or (_only(this, frozenset({"prn"})) and rest and _finite_verb(rest[0])):
            wanted = [w for w in _probe(mine, _CLAUSE) if _reads_as(kind.get(w), "cnjsub") == w]
            if wanted and wanted[0] not in _probe(theirs, _CLAUSE):
                edits.append((after[0].start(1), after[0].start(1), wanted[0] + " "))
    return apply_edits(decoded, edits)


def _finite_verb(analysis: morphology.Analysis | None) -> bool:
    return _only(analysis, VERBS | {"vaux"}) and analysis is not None and finite(analysis) is not None


def infinitives(decoded: Decoded, target: str, tokens: list[Token]) -> Decoded:
    """The decoded text with each restored verb whose original is the source's bare form (its
    tag's "VB") and that stands right after a preposition or a modal written as an infinitive.
    The translator writes the original there as one ("podría pegar", "pour mettre"); the bare
    form has no form class of its own (verb_forms.py), and the restored verb took the
    substitute's, which the translator had read as a participle or a finite verb: "podría
    pegada", French "pourrait collée", "à offre"."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "VERB" and not s.sub.in_phrase
             and s.sub.index < len(tokens) and tokens[s.sub.index].tag == "VB"
             and " " not in decoded.text[s.start:s.end]]
    plans = []
    for span, _, verb, before in after_words(decoded, spans, target, generator=True):
        if len(verb) != 1 or len(before) != 1:
            continue
        readings = [r for r in verb[0].readings if r.tags[:1] and r.tags[0] in VERBS]
        after = _reads_as(before[0], "pr") or _only(before[0], frozenset({"vbmod"}))
        # (a gerund after a preposition is one: French "en essayant")
        if after and readings and not any(form_class(".".join(r.tags)) in ("inf", "ger") for r in readings):
            plans.append((span, (readings[0].lemma, (readings[0].tags[0], "inf"))))
    generated = morphology.generate([w for _, w in plans], target)
    return apply_edits(decoded, [(span.start, span.end, match_case(decoded.text[span.start:span.end], word))
                                 for (span, _), word in zip(plans, generated) if word])
