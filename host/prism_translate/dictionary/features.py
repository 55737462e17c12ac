"""The grammatical features of each entry's translation, filed in the dictionary when it is built.

The translator makes articles, adjectives, participles and verbs agree with the word it was
sent. When a substitute's translation has other features than the original's ("mesa", f. sg.,
for "almacén", m. sg.), what agreed with it no longer agrees once the original is put back ("la
almacén"). PRISM* therefore picks substitutes whose translation has the original's features.
They are a property of the dictionary entry (Apertium's analyser of the target language reading
the entry's top translation), never of the user's text.

A feature string is the analyser's tags that agreement depends on, for the reading of the
entry's part of speech: gender and number for nouns, adjectives and determiners ("f.sg"), the
verb form for verbs ("pri.p3.sg", "inf", "pp.m.sg"). Where the target elides articles and
prepositions before a vowel (French, Catalan: "l'", "d'"), the string starts with "v:" or "c:".
"""

from __future__ import annotations

from dataclasses import replace

from .. import morphology
from .format import Dictionary, Entry

# Apertium categories that can stand for each UPOS, in order of preference.
CATEGORIES = {
    "NOUN": ("n",),
    "PROPN": ("np", "n"),
    "ADJ": ("adj", "vblex"),
    "VERB": ("vblex", "vbser", "vbhaver", "vbmod", "vaux"),
    "ADV": ("adv", "preadv"),
    "NUM": ("num", "adj", "det"),
    "DET": ("det",),
}
# The tags agreement depends on: gender, number, and the verb's form (mood/tense, person).
AGREEMENT_TAGS = frozenset({
    "m", "f", "mf", "nt", "sg", "pl", "sp",
    "inf", "ger", "pp", "pprs", "pri", "pii", "ifi", "fti", "cni", "prs", "pis", "imp", "pres", "past", "subs",
    "p1", "p2", "p3",
})
# Targets whose articles, adjectives and participles agree with a noun's gender and number:
# there substitutes are drawn by features. Into English the source's fine tag already keeps
# number and verb form, and the narrower pools cost chrF on the tune texts (es -> en 85.6 -> 83.2).
AGREEING = frozenset({"es", "fr", "ca"})
# Targets whose articles and prepositions elide before a vowel or mute h.
ELIDING = frozenset({"fr", "ca"})
_VOWELS = frozenset("aeiouhàáâèéêëíîïòóôöúûüœæ")


def feature(reading_tags: tuple[str, ...]) -> str:
    return ".".join(t for t in reading_tags if t in AGREEMENT_TAGS)


def of_translation(translation: str, upos: str, analyses: list[morphology.Analysis], target: str) -> str:
    """The feature string of one translation, from its words' analyses ("" when the analyser
    does not read any of its words as that part of speech)."""
    found = ""
    for category in CATEGORIES.get(upos, ()):
        tags = next((r.tags for a in analyses for r in a.readings if r.tags[:1] == (category,)), None)
        if tags is not None:
            found = feature(tags)
            break
    if target in ELIDING and translation:
        found = ("v:" if translation[0].lower() in _VOWELS else "c:") + found
    return found


def annotate(dictionary: Dictionary) -> Dictionary:
    """The dictionary with every entry's features filled in by the target's Apertium analyser
    (one lt-proc run for all entries); unchanged when that analyser is not installed."""
    target = dictionary.target
    analyser = morphology.analyser_path(target)
    if analyser is None or not morphology.available(target):
        return dictionary
    tops = [e.top for e in dictionary.entries]
    analysed = morphology.analyse_lines(tops, target)
    entries: list[Entry] = [replace(e, features=of_translation(e.top, e.pos, a, target))
                            for e, a in zip(dictionary.entries, analysed)]
    meta = {**dictionary.meta, "features": "apertium " + analyser.name}
    return Dictionary(meta, entries, dictionary.path)
