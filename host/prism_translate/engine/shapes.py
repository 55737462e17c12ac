"""PRISM*'s substitutes only among words the translator makes into what it makes of the original
(dictionary/features.py, `structure`: the categories of each word of its translation, and how many
words): a substitute made into another structure ("overlooked", three words, "pasado por alto", for
"signed", "firmado") has the translator build another phrase around it, which the decoder cannot
undo ("el contrato pasado por firmó")."""

from __future__ import annotations

import weakref
from functools import lru_cache

from ..dictionary.format import Dictionary, Entry
from ..dictionary.words import may_substitute
from . import word_classes

# Apertium's verb categories
_VERBS = frozenset({"vblex", "vbser", "vbhaver", "vbmod", "vaux"})

_kept: "weakref.WeakKeyDictionary[Dictionary, dict]" = weakref.WeakKeyDictionary()

# what the translator makes of one word it does not know: the word itself
UNKNOWN = "?/1"
# fewer unknown substitutes of the original's tag than this: any translated as one word
MIN_UNKNOWN = 8
# unknown words this short are mostly acronyms in lower case ("tv", "fbi", "ceo"): a word of the
# text would stand out among them, and the translator may spell them out
_SHORT = 4


def made(structure: str) -> str:
    """What the translator makes of a word, without how the source analyser reads it
    ("vblex>adv/3" -> "adv/3"); "" when the entry has no structure (a dictionary built before it)."""
    return structure.partition(">")[2]


def same_shape(dictionary: Dictionary, pool: list[tuple[Entry, str, str]],
               entry: Entry) -> list[tuple[Entry, str, str]]:
    """The entries of a lowered pool (pools.lowered_pool, pools.verb_pool) whose translation has the
    original's structure, in the pool's order: possibly none, and PRISM* then leaves the word as it
    is and hides others. A translation of several words around a word that is no verb is swapped
    only whole: both words need their unit (the decoder finds the substitute's as one piece and
    puts the original's back), else the decoder swaps one word of a phrase for one word of another
    ("va donar l'alta" for "va passar per alt"); a verb's other words are its auxiliaries ("a
    signé"), which the decoder keeps (verbs.py). An original without a structure keeps the pool
    whole. One the translator does not know ("?": it passes the word through as it is) takes a
    substitute it does not know either (passed_through), else any substitute translated as one
    word, which the decoder swaps back for the original: a rare word is the last one to leave
    unhidden."""
    shape = made(entry.structure)
    if not shape:
        return pool
    if shape == UNKNOWN:
        unknown = passed_through(dictionary, entry)
        if len(unknown) >= MIN_UNKNOWN:
            return unknown
    several = not shape.endswith("/1") and shape.split(".")[0].split("/")[0] not in _VERBS
    if several and not entry.unit:
        return []
    read = frozenset(entry.structure.partition(">")[0].split("."))
    cache = _kept.setdefault(dictionary, {})
    key = (id(pool), shape, read)
    if key not in cache:
        # the pool is kept beside its cut, so that its id is never another pool's
        cache[key] = (pool, [c for c in pool if _fits(c[0].structure, shape, read) and (c[0].unit or not several)])
    return cache[key][1]


# a pool's cut for a new original asks this of each of its hundreds of entries, whose structures
# are a few dozen: answered once per structure, not per entry
@lru_cache(maxsize=65_536)
def _fits(structure: str, shape: str, read: frozenset[str]) -> bool:
    """Whether a candidate of this structure is made into the original's shape, and the source
    analyser reads it in no way it does not read the original: "tomorrow" (an adverb to it, a noun
    to the tagger) by "word" or "home" (a noun to it) became "la palabra de página" -> "la mañana
    de receta" for "la receta mañana"."""
    source, _, candidate = structure.partition(">")
    if "?" not in read and not set(source.split(".")) <= read:
        return False
    return candidate == shape or shape.startswith("?") and candidate.endswith("/1")


def passed_through(dictionary: Dictionary, entry: Entry) -> list[tuple[Entry, str, str]]:
    """The lowered entries of the original's part of speech and fine tag that the translator
    passes through as written, as it does the original, most confident first; read by the source
    analyser in no way the original is not, and one it does not read at all only if it reads it
    in no case ("february" is unknown, "February" a month: a sentence's first word went out as
    "February" and came back "febrers"), no place's or person's name capitalised ("surrey") and
    no acronym ("nasa"); of the original's features (French elision) when there
    are enough. The translator builds the sentence around an unknown word as around any other
    unknown word, and around a known one otherwise: a known substitute for "hugged" had Spanish
    drop the subject ("Él hugged" -> "Hugged", "condujo") and Catalan add a reflexive ("Ell
    hugged" -> "es hugged", "es va apropar")."""
    read = frozenset(entry.structure.partition(">")[0].split("."))
    cache = _kept.setdefault(dictionary, {})
    key = ("unknown", entry.pos, entry.tag, read)
    if key not in cache:
        pool = [(e, e.word.lower(), e.top.lower()) for e in dictionary.by_pos.get(entry.pos, [])
                if e.tag == entry.tag and made(e.structure) == UNKNOWN and e.top.lower() == e.word.lower()
                and ("?" in read or set(e.structure.partition(">")[0].split(".")) <= read)
                and len(e.word) > _SHORT and e.word.isalpha() and may_substitute(e.word, dictionary.source)]
        unread = word_classes.unknown_words({c[1] for c in pool if c[0].structure.startswith("?>")}, dictionary.source)
        named = word_classes.proper_names({c[1] for c in pool}, dictionary.source)
        cache[key] = [c for c in pool if (not c[0].structure.startswith("?>") or c[1] in unread) and c[1] not in named]
    pool = cache[key]
    if (key, entry.features) not in cache:
        alike = [c for c in pool if c[0].features == entry.features]
        cache[key, entry.features] = alike if len(alike) >= MIN_UNKNOWN else pool
    return cache[key, entry.features]
