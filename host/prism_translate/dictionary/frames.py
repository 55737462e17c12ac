"""What the translator writes between a verb and what follows it, filed in the dictionary when it
is built (issue 28).

A translator writes some verbs with words of their own and takes others into the verb: Apertium
makes "thinks we should" "piensa que tendríamos", "wanted to go" "quiso ir", "asked for the book"
"pidió el libro", "went back" "volvió", where another verb gets none ("abraza tendríamos") or
keeps the English word ("cooperó para ir", "acortó atrás"). A substitute of the other kind
leaves, once the original is back, "Daniel piensa tendríamos", "quiso para ir", "pidió para el
libro". PRISM* therefore draws a verb's substitutes among verbs the translator treats alike
(engine/pools.py).

Each verb entry is probed once, when the dictionary is built: the translator translates the
word, in its fine tag's place in a short sentence, before each of a few complements (an
infinitive, a clause, an object after a preposition, an adverbial particle), and Apertium's
analyser of the target reads the translations. A probe's signature is what is in the translation
besides verbs of their own meaning: the lemma of each preposition, conjunction or auxiliary, the
category of any other word ("que ser adv" for "Pensaron que somos aquí", "ser adv" for
"Abrazaron somos aquí"; "prn être pour" for "Ils sont venus pour dormir", where "took" is "prn
avoir pour": a substitute of the other auxiliary left "Lion a venu"). The frame is the probes'
signatures, most telling first, joined by "|": a property of the entry and the translator,
never of the user's text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .. import morphology
from .format import Dictionary, Entry

# Per source language: where a verb of each fine tag stands (its subject and auxiliary before it),
# and the complements probed, most telling first (an infinitive, a clause, an object after a
# preposition, a particle). A source without a row gets no frames: its pools are as before.
PROBES: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "en": ({"VB": "They will {}", "VBG": "They are {}", "VBN": "They have {}", "VBZ": "She {}"},
           ("to sleep.", "we are here.", "for the book.", "back.")),
    "es": ({"VB": "Van a {}", "VBG": "Están {}", "VBN": "Han {}"},
           ("dormir.", "estamos aquí.", "por el libro.", "atrás.")),
    "fr": ({"VB": "Ils vont {}", "VBG": "Ils sont en train de {}", "VBN": "Ils ont {}"},
           ("dormir.", "nous sommes ici.", "pour le livre.", "derrière.")),
    "ca": ({"VB": "Van a {}", "VBG": "Estan {}", "VBN": "Han {}"},
           ("dormir.", "som aquí.", "pel llibre.", "enrere.")),
}
# the subject of a verb of any other tag (a past, a present)
_SUBJECT = {"en": "They {}", "es": "Ellos {}", "fr": "Ils {}", "ca": "Ells {}"}
_VERBS = frozenset({"vblex", "vbser", "vbhaver", "vbmod", "vaux"})
_AUXILIARIES = frozenset({"vbser", "vbhaver", "vaux"})
_FUNCTION = frozenset({"pr", "cnjsub", "cnjcoo", "cnjadv", "rel"})


def sentences(entry: Entry, source: str) -> list[str]:
    """The probe sentences of a verb entry, one per complement ([] for a source without probes)."""
    if source not in PROBES:
        return []
    places, complements = PROBES[source]
    where = places.get(entry.tag, _SUBJECT[source])
    return [where.format(entry.word) + " " + c for c in complements]


def signature(translation: list[morphology.Analysis]) -> str:
    """What a probe's translation has besides verbs of their own meaning: each preposition,
    conjunction or auxiliary by its lemma (also those a contraction joins: Catalan "al" is "a" +
    "el"), any other word by its category, "?" for one the analyser does not know."""
    parts = []
    for word in translation:
        if not any(ch.isalnum() for ch in word.surface):
            continue
        if not word.readings:
            parts.append("?")
            continue
        categories = {r.tags[0] for r in word.readings if r.tags}
        joined = [j.split("<", 1)[0].lower() for r in word.readings[:1] for j in r.joined]
        function = [r.lemma.lower() for r in word.readings if r.tags[:1] and r.tags[0] in _FUNCTION]
        auxiliary = [r.lemma.lower() for r in word.readings if r.tags[:1] and r.tags[0] in _AUXILIARIES]
        if auxiliary and not function:  # French "sont venus", "ont pris": the verb's auxiliary
            parts.append(auxiliary[0])
            continue
        if categories & _VERBS and not function:
            continue
        parts.extend(joined + (function[:1] or [word.readings[0].tags[0] if word.readings[0].tags else "?"]))
    return " ".join(parts)


def annotate(dictionary: Dictionary, translate: Callable[[list[str]], list[str]]) -> Dictionary:
    """The dictionary with every verb entry's frame filed (one translator call and one lt-proc run
    for all of them); unchanged without probes for its source or the target's analyser."""
    source, target = dictionary.source, dictionary.target
    verbs = [e for e in dictionary.entries if e.pos == "VERB"]
    if source not in PROBES or not verbs or not morphology.available(target):
        return dictionary
    probes = [sentences(e, source) for e in verbs]
    analysed = iter(morphology.analyse_lines(translate([s for p in probes for s in p]), target))
    frames = {id(e): "|".join(signature(next(analysed)) for _ in p) for e, p in zip(verbs, probes)}
    entries = [replace(e, frame=frames[id(e)]) if id(e) in frames else e for e in dictionary.entries]
    return Dictionary(dictionary.meta, entries, dictionary.path)
