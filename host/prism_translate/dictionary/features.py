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

The structure is how the translator reads the entry and what it makes of it, for substitutes
around which it builds the same sentence: the Apertium categories the source analyser can read
the word as (a substitute that can also be a noun, "forward", may be read as one: "abrió el
despacio de puerta"), then, after ">", each word of the translation by its category as the
target's analyser reads it (an adverb translated as an adjective, "near" -> "cercano"; a
pronominal verb, "acercarse"), then, after "/", how many words (1, 2, 3 or more) the translator
makes of the word alone: the dictionary keeps one word of a translation of several ("veces" of
"dos veces" for "twice", "poc" of "a poc a poc"), which the translator then builds in. "adv>adv/1"
for "slowly", "adj.adv.n>adj/1" for "fast", "n.vblex>n/1" for "house", "vblex>vblex.pron/1" for
"approach", "adv>n/2" for "twice".

The unit is that translation of several words (or of one hyphenated word) itself, when it holds
the entry's top translation and the entry is a noun, adjective or adverb ("ordre del dia" for
"agenda", "de prop" for "closely", "marca d'aigua" for "watermark", "peut-être" for "maybe",
"quatre-vingt-dix" for "ninety"): the decoder looks for a substitute's unit as one piece
and puts the original's back whole, where restoring the one word kept left "la porta poc prop" or
"una nit d'aigua". (Verbs are built into their phrase by verbs.py.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .. import morphology
from . import agreement_probes, frames
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
# Categories of the source analyser that change how a word is read; the rest (its
# inflection, "sint", proper-noun subclasses) do not.
SOURCE_CATEGORIES = frozenset({"n", "np", "adj", "adv", "preadv", "pr", "vblex", "vbser", "vbhaver", "vbmod",
                               "vaux", "det", "prn", "num", "cnjcoo", "cnjsub", "cnjadv", "ij", "rel"})
_TAGS = re.compile(r"<([^>]+)>")
# Parts of speech whose translation of several words comes back as one piece (the unit).
UNIT_POS = frozenset({"NOUN", "ADJ", "ADV"})
_WORD = re.compile(r"\w+")


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
        found = ("v:" if translation[0].lower() in agreement_probes.VOWELS else "c:") + found
    return found


def _category(analysis: morphology.Analysis, upos: str) -> str:
    """One translated word's category: of its readings, the one of the entry's part of speech
    when there is one; "pron" marks a pronominal verb ("se acerca", "acercarse")."""
    readings = []
    for r in analysis.readings:
        # an enclitic ("acercar<vblex><pron><inf>+se<prn>") is read by its verb, the first part
        tags = tuple(_TAGS.findall(r.joined[0])) if r.joined and r.tags[:1] == ("prn",) else r.tags
        readings.append(tags)
    if not readings:
        return "?"
    tags = next((t for c in CATEGORIES.get(upos, ()) for t in readings if t[:1] == (c,)), readings[0])
    return tags[0] + (".pron" if "pron" in tags else "") if tags else "?"


def structure(word: list[morphology.Analysis] | None, translation: list[morphology.Analysis], upos: str,
              alone: str | None = None) -> str:
    """The structure string of an entry (module docstring) from the source analyser's reading
    of its word (None: no analyser for the source), the target's of its top translation and the
    translator's translation of the word alone (None: not asked)."""
    source = "" if word is None else ".".join(sorted({r.tags[0] for a in word for r in a.readings
                                                       if r.tags and r.tags[0] in SOURCE_CATEGORIES})) or "?"
    words = [a for a in translation if any(ch.isalnum() for ch in a.surface)]
    shape = source + ">" + "+".join(_category(a, upos) for a in words)
    return shape if alone is None else f"{shape}/{min(3, len(alone.split()))}"


def unit(alone: str | None, top: str, upos: str) -> str:
    """The entry's unit (module docstring) from the translator's translation of its word alone
    (None: not asked); "" when that is one word, does not hold the top translation, or the entry is
    of another part of speech."""
    if alone is None or upos not in UNIT_POS:
        return ""
    text = alone.strip().strip(".,;:!?¡¿\"'«»").strip().lower()
    words = _WORD.findall(text)
    # a hyphenated word is a unit too: the dictionary keeps one of its parts ("peut" of "peut-être")
    joined = len(text.split()) > 1 or (len(words) > 1 and "-" in text)
    if not joined or top.lower() not in words or any(w.isdigit() for w in words):
        return ""
    return " ".join(text.split())


def units(entries: list[Entry], alone: list[str | None], target: str) -> list[str]:
    """Every entry's unit, but for translations with a subject pronoun or ending with a preposition
    (the target's analyser reads them in one run): the translator read the word as a verb there
    ("pounds" -> "tu livres", "ago" -> "il fait"), not as the noun, adjective or adverb the entry
    is, or built in the noun it expects after it ("beaucoup de" for "much", "a través de")."""
    found = [unit(t, e.top, e.pos) for e, t in zip(entries, alone)]
    asked = [u for u in found if u]
    # the last word alone too: the analyser reads "beaucoup de" as one word
    read = morphology.analyse_lines(asked + [_WORD.findall(u)[-1] for u in asked], target) if asked else []
    whole = iter(not any(_subject(a) for a in unit) and not _preposition(last)
                 for unit, last in zip(read, read[len(asked):]))
    return [u if u and next(whole) else "" for u in found]


def _preposition(analyses: list[morphology.Analysis]) -> bool:
    return any(a.readings and all(r.tags[:1] == ("pr",) for r in a.readings) for a in analyses)


def _subject(analysis: morphology.Analysis) -> bool:
    return any(r.tags[:2] == ("prn", "tn") and {"p1", "p2", "p3"} & set(r.tags) for r in analysis.readings)


def annotate(dictionary: Dictionary, translate: Callable[[list[str]], list[str]] | None = None) -> Dictionary:
    """The dictionary with every entry's features and structure filled in by the target's Apertium
    analyser (and the source's, for the structure; one lt-proc run each for all entries);
    unchanged when the target's analyser is not installed. `translate` (one call for every
    entry's word; None: not asked) is the dictionary's translator, for the structure's word count
    and, into a target whose words agree, the agreement its output shows for nouns and adjectives
    (agreement_probes.py), which replaces the analyser's reading of the translation for them, and
    the verbs' frames (frames.py)."""
    target = dictionary.target
    analyser = morphology.analyser_path(target)
    if analyser is None or not morphology.available(target):
        return dictionary
    tops = [e.top for e in dictionary.entries]
    analysed = morphology.analyse_lines(tops, target)
    source = dictionary.source
    words = (morphology.analyse_lines([e.word for e in dictionary.entries], source) if morphology.available(source)
             else [None] * len(tops))
    alone: list[str | None] = (list(translate([e.word for e in dictionary.entries])) if translate is not None
                               else [None] * len(tops))
    # where the translator can be asked, the agreement its output shows wins over the analyser's reading
    shown: list[str | None] = (agreement_probes.probe(dictionary.entries, translate, source, target,
                                                              target in ELIDING)
                               if translate is not None and target in AGREEING else [None] * len(tops))
    entries: list[Entry] = [replace(e, features=of_translation(e.top, e.pos, a, target) if p is None else p,
                                    structure=structure(w, a, e.pos, t), unit=u)
                            for e, a, w, t, p, u in zip(dictionary.entries, analysed, words, alone, shown,
                                                        units(dictionary.entries, alone, target))]
    meta = {**dictionary.meta, "features": "apertium " + analyser.name}
    if any(p is not None for p in shown):
        meta["agreement"] = "probed: " + agreement_probes.describe(source)
    annotated = Dictionary(meta, entries, dictionary.path)
    # what the translator writes after each verb, for verb substitutes it treats alike (frames.py)
    return frames.annotate(annotated, translate) if translate is not None and target in AGREEING else annotated
