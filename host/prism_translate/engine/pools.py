"""Which dictionary entries may stand in for a word: the substitute pools PRISM* and the
mixture draw from (encode.py), cut by part of speech, fine tag, the translation's grammatical
features and the structure the translator reads (dictionary/features.py), most confident first,
each built once per dictionary and kept with it."""

from __future__ import annotations

import weakref
from collections import Counter
from functools import cache

from .. import languages
from ..dictionary.features import AGREEING
from ..dictionary.format import Dictionary, Entry
from ..dictionary.words import may_substitute
from . import verb_forms
from .health_vocabulary import adjectives as health_adjectives, terms as health_terms

# PRISM* and the mixture draw substitutes among this many most confident entries of a POS/tag.
CONFIDENT_POOL = 40


_pools: "weakref.WeakKeyDictionary[Dictionary, dict]" = weakref.WeakKeyDictionary()


def health_pool(dictionary: Dictionary, pos: str, tag: str) -> list[Entry]:
    """The dictionary's health words of this part of speech, of the same fine tag when there
    are enough ("peanuts" gets a plural back), cached per dictionary."""
    cache = _pools.setdefault(dictionary, {})
    if ("health", pos) not in cache:
        # Not the short ones: mostly acronyms ("dm", "ms") that a translator may spell out.
        listed = health_terms(dictionary.source) | (health_adjectives() if dictionary.source == "en" else frozenset())
        cache["health", pos] = [e for e in dictionary.by_pos.get(pos, [])
                                if len(e.word) > 4 and e.word.lower() in listed and may_substitute(e.word, dictionary.source)]
    if ("health", pos, tag) not in cache:
        pool = cache["health", pos]
        same_tag = [e for e in pool if e.tag == tag] if tag else []
        cache["health", pos, tag] = same_tag if len(same_tag) >= 5 else pool
    return cache["health", pos, tag]


def _substitutes(dictionary: Dictionary, pos: str) -> list[Entry]:
    """Entries of this UPOS that may stand in for a word, most confident first (once per
    dictionary and UPOS: the pools of each fine tag are cut from it)."""
    cache = _pools.setdefault(dictionary, {})
    if ("any", pos) not in cache:
        # No function words (the decoder could restore the wrong occurrence of their
        # translation) and no offensive words (they would read as the user's own): words.py.
        pool = [e for e in dictionary.by_pos.get(pos, []) if may_substitute(e.word, dictionary.source)]
        if pos == "VERB":
            # A verb the translator returns unchanged is one it does not know: it cannot conjugate
            # it, so the tense it would carry is lost ("will co you" -> "co te", not "te enviará").
            pool = [e for e in pool if e.top.lower() != e.word.lower()]
        cache["any", pos] = pool
    return cache["any", pos]


def confident_pool(dictionary: Dictionary, pos: str, tag: str) -> list[Entry]:
    """Entries of this UPOS (and fine tag, when it has enough), most confident first."""
    cache = _pools.setdefault(dictionary, {})
    if (pos, tag) not in cache:
        pool = _substitutes(dictionary, pos)
        same_tag = [e for e in pool if e.tag == tag] if tag else []
        cache[pos, tag] = same_tag if len(same_tag) >= 5 else pool
    return cache[pos, tag]


# Fewer agreeing substitutes than this: the pool of the fine tag, as for dictionaries without features.
MIN_AGREEING = 8


def agreeing_pool(dictionary: Dictionary, pos: str, tag: str, features: str, structure: str = "") -> list[Entry]:
    """The substitutes of this UPOS whose translation has these grammatical features
    (dictionary/features.py: gender and number, verb form, elision) and that the translator reads
    in this structure (its categories in the source, its translation's in the target), most
    confident first, so that what the translator makes agree with the substitute still agrees
    with the original once it is back ("la mesa" for "la casa", never "la almacén") and the
    sentence it builds around it is the one it builds around the original ("abrió la puerta
    despacio", never "abrió el despacio de puerta"). With too few of both: those of the same
    features and categories, then (but for verbs) of the same features translated into the same
    categories ("_made"), then of the same features, then of any features translated into the same
    categories; without any of these, or with too few such entries: the confident pool of the
    fine tag."""
    cache = _pools.setdefault(dictionary, {})
    if ("features", pos) not in cache:
        groups: dict[tuple[str | None, str], list[Entry]] = {}
        for e in _substitutes(dictionary, pos):
            shapes = {e.structure, _categories(e.structure), _made(e.structure), _made(_categories(e.structure))}
            for shape in {"", *shapes}:
                groups.setdefault((e.features, shape), []).append(e)
            for shape in {_made(e.structure), _made(_categories(e.structure))}:
                groups.setdefault((None, shape), []).append(e)
        cache["features", pos] = groups
    if dictionary.target not in AGREEING:
        return confident_pool(dictionary, pos, tag)
    groups = cache["features", pos]
    # (a verb's pool is cut by its fine tag and form class next, verb_forms.py: not by what it is made)
    made = ("", "") if pos == "VERB" else (_made(structure), _made(_categories(structure)))
    for key in dict.fromkeys(((features, structure), (features, _categories(structure)), (features, made[0]),
                              (features, made[1]), (features, ""), (None, made[0]), (None, made[1]))):
        if key[0] or key[1]:
            agreeing = groups.get(key, [])
            if key == (features, "") and key[0]:
                agreeing = _numbers_alike(cache, groups, features, pos, structure)
            if len(agreeing) >= MIN_AGREEING:
                return agreeing
    return confident_pool(dictionary, pos, tag)


def _numbers_alike(cache: dict, groups: dict, features: str, pos: str, structure: str) -> list[Entry]:
    """The substitutes of these features alone that the translator makes a number word if and
    only if it makes the original one: "more" ("més", of both genders and numbers) drew "tretze",
    "noranta" in Catalan, and "ser més prudent" came back "ser tretze prudent"."""
    number = _number_word(structure)
    key = ("numbers", pos, features, number)
    if key not in cache:
        cache[key] = [e for e in groups.get((features, ""), []) if _number_word(e.structure) == number]
    return cache[key]


def _number_word(structure: str) -> bool:
    return _made(_categories(structure)) == ">num"


def _made(structure: str) -> str:
    """What the translator makes of a word, without how it reads it ("det.vblex>det/1" ->
    ">det/1"): the next best when too few substitutes are read as the original is. "last" (det.vblex
    in English, a determiner in Spanish) then stands among the words translated as determiners
    ("quinto"), which the translator puts before the noun as it does "último", not among the
    most confident adjectives of any translation ("non", "online")."""
    return structure[structure.find(">"):] if ">" in structure else ""


def _categories(structure: str) -> str:
    """A structure without its word count ("adv>adv/3" -> "adv>adv"): the next best when too
    few substitutes translate in as many words."""
    return structure.split("/")[0]


def prepare(dictionary: Dictionary) -> None:
    """Build the substitute pools of every UPOS and fine tag the dictionary holds, ahead of the
    first request (the host's warm-up): the first texts would otherwise wait for them."""
    verb_forms.source_reading(dictionary, "")  # the source analyser's reading of every verb
    for pos, entries in dictionary.by_pos.items():
        number_pool(dictionary, pos)
        agreeing_pool(dictionary, pos, "", "")
        for tag in {e.tag for e in entries}:
            health_pool(dictionary, pos, tag)
            lowered_pool(dictionary, pos, tag)


def lowered_pool(dictionary: Dictionary, pos: str, tag: str, features: str = "",
                  structure: str = "") -> list[tuple[Entry, str, str]]:
    """The agreeing pool with each entry's lower-case word and top translation, computed once
    per dictionary: PRISM* scans up to encode.STAR_CANDIDATES of them for every word it hides."""
    cache = _pools.setdefault(dictionary, {})
    key = ("lower", pos, tag, features, structure)
    if key not in cache:
        pool = agreeing_pool(dictionary, pos, tag, features, structure)
        # many (tag, features, structure) share one pool (the fine tag's, when too few agree): lowered once
        if ("lowered", id(pool)) not in cache:
            single = _single_translation(dictionary)
            cache["lowered", id(pool)] = [(e, e.word.lower(), e.top.lower()) for e in pool if e.word.lower() in single]
        cache[key] = cache["lowered", id(pool)]
    return cache[key]


def _single_translation(dictionary: Dictionary) -> frozenset[str]:
    """The forms the dictionary translates the same way whatever their part of speech. PRISM*
    draws only those: the translator may read "stop" (parada, parar) or "guy" (tipo, and the
    name Guy) as the other one, and the translation the decoder looks for never comes back."""
    cache = _pools.setdefault(dictionary, {})
    if "single" not in cache:
        tops: dict[str, set[str]] = {}
        for e in dictionary.entries:
            tops.setdefault(e.word.lower(), set()).add(e.top.lower())
        cache["single"] = frozenset(w for w, t in tops.items() if len(t) == 1)
    return cache["single"]


def verb_pool(dictionary: Dictionary, tag: str, features: str, structure: str,
               reading: str = "", frame: tuple[str, str] = ("", "")) -> list[tuple[Entry, str, str]]:
    """The verbs of the agreeing pool that have this fine tag, when there are enough to draw from:
    the same features gather other tags ("wrote", a Catalan "va escriure", for "wait"), and the
    translator builds another verb phrase around them. Of those, the ones the source analyser
    reads as `reading` (verb_forms.source_reading: the original's), when there are enough, and of
    those, the ones the translator writes as it writes the original before what follows it
    (`frame`: the original entry's fine tag and frame, dictionary/frames.py), when there are enough."""
    cache = _pools.setdefault(dictionary, {})
    key = ("verb", tag, features, structure, reading, frame)
    if key not in cache:
        # the fine tag matters more than the structure: without enough verbs of both, those of
        # the tag and features (a past for a past), then the structure's of any tag
        pools = [lowered_pool(dictionary, "VERB", tag, features, s) for s in dict.fromkeys((structure, ""))]
        indexed = [_indexed(cache, dictionary, pool) for pool in pools]

        def of_tag(index: dict, alike: bool) -> list:
            return index.get((tag, reading) if alike else tag, _NONE)

        def narrowed(pool: list, unusual: bool = False) -> list:
            # keys of other features or structures narrow the same pool by the same frame: once
            # each (every pool here is kept in the cache or is _NONE, so its id stays its own)
            at = ("framed", id(pool), *frame, unusual)
            if at not in cache:
                cache[at] = _same_frame(cache, pool, *frame, unusual=unusual)
            return cache[at]

        # read alike, of the tag, then of any tag (a bare "edit" for the present "renew", not the
        # past "swam": English tags few words VBP); then of the tag, read otherwise
        tried = [(of_tag(index, True), least) for index, least in zip(indexed, (CONFIDENT_POOL, MIN_AGREEING))] + [
            (indexed[0].get((None, reading), _NONE), MIN_AGREEING)
        ] if reading else []
        tried += [(of_tag(index, False), least) for index, least in zip(indexed, (CONFIDENT_POOL, MIN_AGREEING))]
        # where the original's frame is unusual ("thinks" takes "que", most verbs do not), the
        # first of these of its fine tag, read alike then not, with enough verbs unusual alike
        # (another tag's probes stand elsewhere: "They have issued"); else the pool, each narrowed
        # to as many probes alike as leave enough
        framed = [narrowed(same, unusual=True) for same in (
            of_tag(index, alike) for alike in (True, False) for index in indexed)] if frame[1] and frame[0] == tag else []
        # else the verbs of the tag, when there is one to stand in: another tag's verb of these
        # features is read in its own tag's form there ("smoothing" for "looked" came back "que
        # suaviza", not "miraba"); without one, the pool of any tag
        own = of_tag(indexed[-1], False)
        cache[key] = next((same for same in framed if same), None) or narrowed(
            next((same for same, least in tried if len(same) >= least), own if len(own) > 1 else pools[0]))
    return cache[key]


# What an index has no entries for.
_NONE: list = []


def _indexed(cache: dict, dictionary: Dictionary, pool: list[tuple[Entry, str, str]]) -> dict:
    """A verb pool's entries by fine tag, by (fine tag, source reading) and by (None, source
    reading), each in the pool's order, built once per pool: verb_pool's every new key had scanned
    the pool's thousands of verbs several times (a fifth of PRISM*'s time on a page)."""
    key = ("verbs indexed", id(pool))  # the pool itself is kept in the cache: its id stays its own
    if key not in cache:
        readings = verb_forms.source_readings(dictionary)  # f[1], the entry's word, is lower case
        index: dict = {}
        for f in pool:
            reading = readings.get(f[1], "")
            for group in (f[0].tag, (f[0].tag, reading), (None, reading)):
                index.setdefault(group, []).append(f)
        cache[key] = index
    return cache[key]


def _same_frame(cache: dict, pool: list[tuple[Entry, str, str]], tag: str, frame: str,
                unusual: bool = False) -> list[tuple[Entry, str, str]]:
    """The verbs of the pool the translator treats as the original before each probed complement:
    probe by probe, the original's rarest behaviour in the pool first ("piensa que", where most
    verbs take no "que"), each only while enough are left. Only verbs of the original entry's fine
    tag compare: another tag's probes stand elsewhere. With `unusual`, [] unless enough verbs
    behave as the original on every probe where most of the pool's do not."""
    if not frame:
        return [] if unusual else pool
    fields = frame.split("|")
    frames, groups = _frames(cache, pool, tag)
    counts = [sum(c for g, c in groups.items() if len(g) > k and g[k] == fields[k]) for k in range(len(fields))]
    probed = sum(c for g, c in groups.items() if g)
    chosen = set(groups)
    for k in sorted(range(len(fields)), key=lambda k: counts[k]):  # the rarest first
        same = {g for g in chosen if len(g) > k and g[k] == fields[k]}
        if sum(groups[g] for g in same) >= MIN_AGREEING:
            chosen = same
        elif unusual and 2 * counts[k] < probed:
            return []
    if unusual and not any(2 * counts[k] < probed for k in range(len(fields))):
        return []
    kept = [f for f, g in zip(pool, frames) if g in chosen]
    return kept if len(kept) < len(pool) else pool


def _frames(cache: dict, pool: list[tuple[Entry, str, str]], tag: str) -> tuple[list[tuple[str, ...]], Counter]:
    """Each verb's probes in the pool (none for another fine tag) and their counts: a pool's
    thousands of verbs have a few hundred frames, each compared once, with its count. Once per pool
    and tag, not per original's frame (every pool here is kept in the cache: its id stays its own)."""
    key = ("frames", id(pool), tag)
    if key not in cache:
        frames = [_probes(f[0].frame) if f[0].tag == tag else () for f in pool]
        cache[key] = frames, Counter(frames)
    return cache[key]


@cache
def _probes(frame: str) -> tuple[str, ...]:
    """An entry's frame, probe by probe."""
    return tuple(frame.split("|"))


_ORDINALS = frozenset({"first", "second", "third"})


def number_pool(dictionary: Dictionary, pos: str) -> list[tuple[Entry, str, str]]:
    """Number words ("two" ... "hundred") of this UPOS, most confident first, lowered as in
    lowered_pool: a number word is replaced by another cardinal, so the sentence stays a
    sentence and the decoder looks for a numeral's translation ("siete"), which turns up
    nowhere else. "one" is left out as a substitute: its translation is also the indefinite
    article ("un")."""
    cache = _pools.setdefault(dictionary, {})
    if ("NUM", pos) not in cache:
        with languages.SPACY_LOCK:
            from spacy.lang.en.lex_attrs import like_num  # a word test: no model is loaded

        cache["NUM", pos] = [(e, e.word.lower(), e.top.lower()) for e in dictionary.by_pos.get(pos, [])
                             if e.word.isalpha() and like_num(e.word) and e.word.lower() != "one"
                             and not e.word.lower().endswith("th") and e.word.lower() not in _ORDINALS]
    return cache["NUM", pos]
