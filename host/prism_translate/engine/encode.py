"""Encoders: private text x_pri -> public text x_pub plus the substitution history.

The history (which word stood where) exists only in memory, in the returned Encoded object;
nothing here logs or stores it.

Methods (paper section 3):
- "r"    PRISM-R, Algorithm 1: every token whose lower-cased form is in V is replaced with
         probability r by a form drawn uniformly from V. epsilon = ln((r + |V|(1-r)) / r).
         V and the rules that make the theorem hold for the code are in dp.py.
- "star" PRISM*, Algorithm 2: dictionary words are taken in decreasing confidence c(w,s) and all
         occurrences of a taken word are replaced by fresh same-UPOS substitutes whose
         translation has the same grammatical features and that the translator reads in the same
         structure (features.py; else of the same features, else of the same fine tag when possible)
         drawn from the most confident ones (a verb by one of its fine tag whose translation is
         of the form class the original's takes and that the source analyser reads as it reads
         the original, verb_forms.py), until ceil(r*n) tokens are replaced. Verbs read only as a
         copula, an auxiliary or a modal are not taken.
         Words of a unit the translator reads as one function word ("instead of") are not taken. A
         substitute is never reused and never shares its top translation with another substitute
         or with an original word of the text, so decoding stays unambiguous. No DP guarantee.
- "mix"  per-token mixture (section 3.5): every token of V is replaced with probability r;
         the substitute is drawn uniformly from V with probability 1-beta, otherwise from the
         confident pool of the form's own most used reading (its UPOS, tag, translation's
         features and structure in the dictionary, never the context's). Each token's output still has probability >= r(1-beta)/|V| for
         every word of V, hence epsilon = ln((|V|(1 - r(1-beta)) + r(1-beta)) / (r(1-beta)))
         (docs/privacy.md derives it); beta = 0 gives PRISM-R.
- "nodecode" the paper's baseline: PRISM* encoding, translation returned without decoding.

n, the token count in ceil(r*n), counts word tokens that are not protected entities.
"""

from __future__ import annotations

import bisect
import math
import random
import weakref
from collections.abc import Sequence
from dataclasses import replace

from ..dictionary.features import AGREEING
from ..dictionary.format import Dictionary, Entry
from ..dictionary.words import may_substitute
from .. import languages, morphology
from ..errors import EngineError
from ..methods import METHODS
from . import clitics, dp, stand_ins, verb_forms
from . import entities as ent
from .dp import epsilon
from .health import adjectives as health_adjectives, health_tokens, phrases, terms as health_terms
from .substitution import Encoded, Substitution, dictionary_entry, match_case
from .tokenize import Token, detokenize, singular_noun

__all__ = ["Encoded", "Substitution", "dictionary_entry", "encode", "epsilon", "match_case", "prepare",
           "read_units_ahead"]

# PRISM* and the mixture draw substitutes among this many most confident entries of a POS/tag.
CONFIDENT_POOL = 40
# PRISM* looks for substitutes among this many of the most confident free entries.
STAR_CANDIDATES = 200


def _protect_health(tokens: list[Token], dictionary: Dictionary, rng: random.Random, out: list[str],
                    subs: list[Substitution], handled: set[int]) -> set[int]:
    """Replace every word of a health term (health.py), whatever r is. A word the dictionary
    knows gets another health word of its part of speech (or, for "multiple" in "multiple
    sclerosis", a confident word of its part of speech) and its own translation back; a word the
    translator does not know either ("sertraline") gets an invented word and comes back as it is.
    The words of a term of several are flagged: the translator may word the term differently
    around the stand-ins ("seno cáncer"), so verify.py marks what comes back."""
    taken = {t.text.lower() for t in tokens}
    health = health_tokens(tokens, dictionary.source)
    found = health - handled
    # a term's number is hidden as a number, but still one of its words ("type 1 diabetes")
    grouped = phrases(tokens, health, dictionary.source)
    done: set[int] = set()
    for i in sorted(found):
        tok = tokens[i]
        # Health terms are nouns, whatever the tagger made of them ("asma" ADJ in Spanish).
        entry = dictionary_entry(dictionary, tok) or dictionary.lookup(tok.text.lower(), "NOUN")
        if entry is None:
            sub = match_case(tok.text, ent.pseudo_word(rng))
            subs.append(Substitution(i, "name", tok.text, sub, (sub,), tok.text))
        else:
            pool = [e for e in _health_pool(dictionary, entry.pos, tok.tag) if e.word.lower() not in taken]
            pool = pool or [e for e in _confident_pool(dictionary, entry.pos, tok.tag)[:CONFIDENT_POOL]
                            if e.word.lower() not in taken]
            if not pool:
                continue
            substitute = rng.choice(pool)
            taken.add(substitute.word.lower())
            subs.append(_word_sub(i, tok, entry, substitute, dictionary))
        subs[-1] = replace(subs[-1], in_phrase=i in grouped)
        out[i] = subs[-1].substitute
        done.add(i)
    return done


def _health_pool(dictionary: Dictionary, pos: str, tag: str) -> list[Entry]:
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


# -- word substitution ------------------------------------------------------------------------


_pools: "weakref.WeakKeyDictionary[Dictionary, dict]" = weakref.WeakKeyDictionary()


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


def _confident_pool(dictionary: Dictionary, pos: str, tag: str) -> list[Entry]:
    """Entries of this UPOS (and fine tag, when it has enough), most confident first."""
    cache = _pools.setdefault(dictionary, {})
    if (pos, tag) not in cache:
        pool = _substitutes(dictionary, pos)
        same_tag = [e for e in pool if e.tag == tag] if tag else []
        cache[pos, tag] = same_tag if len(same_tag) >= 5 else pool
    return cache[pos, tag]


# Fewer agreeing substitutes than this: the pool of the fine tag, as for dictionaries without features.
MIN_AGREEING = 8


def _agreeing_pool(dictionary: Dictionary, pos: str, tag: str, features: str, structure: str = "") -> list[Entry]:
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
        return _confident_pool(dictionary, pos, tag)
    groups = cache["features", pos]
    # (a verb's pool is cut by its fine tag and form class next, verb_forms.py: not by what it is made)
    made = ("", "") if pos == "VERB" else (_made(structure), _made(_categories(structure)))
    for key in dict.fromkeys(((features, structure), (features, _categories(structure)), (features, made[0]),
                              (features, made[1]), (features, ""), (None, made[0]), (None, made[1]))):
        if key[0] or key[1]:
            agreeing = groups.get(key, [])
            if len(agreeing) >= MIN_AGREEING:
                return agreeing
    return _confident_pool(dictionary, pos, tag)


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
        _number_pool(dictionary, pos)
        _agreeing_pool(dictionary, pos, "", "")
        for tag in {e.tag for e in entries}:
            _health_pool(dictionary, pos, tag)
            _lowered_pool(dictionary, pos, tag)


def _lowered_pool(dictionary: Dictionary, pos: str, tag: str, features: str = "",
                  structure: str = "") -> list[tuple[Entry, str, str]]:
    """The agreeing pool with each entry's lower-case word and top translation, computed once
    per dictionary: PRISM* scans up to STAR_CANDIDATES of them for every word it hides."""
    cache = _pools.setdefault(dictionary, {})
    key = ("lower", pos, tag, features, structure)
    if key not in cache:
        pool = _agreeing_pool(dictionary, pos, tag, features, structure)
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


def _verb_pool(dictionary: Dictionary, tag: str, features: str, structure: str,
               reading: str = "") -> list[tuple[Entry, str, str]]:
    """The verbs of the agreeing pool that have this fine tag, when there are enough to draw from:
    the same features gather other tags ("wrote", a Catalan "va escriure", for "wait"), and the
    translator builds another verb phrase around them. Of those, the ones the source analyser
    reads as `reading` (verb_forms.source_reading: the original's), when there are enough."""
    cache = _pools.setdefault(dictionary, {})
    key = ("verb", tag, features, structure, reading)
    if key not in cache:
        # the fine tag matters more than the structure: without enough verbs of both, those of
        # the tag and features (a past for a past), then the structure's of any tag
        pools = [_lowered_pool(dictionary, "VERB", tag, features, s) for s in dict.fromkeys((structure, ""))]

        def of_tag(pool: list, alike: bool) -> list:
            return [f for f in pool if f[0].tag == tag
                    and (not alike or verb_forms.source_reading(dictionary, f[1]) == reading)]

        # read alike, of the tag, then of any tag (a bare "edit" for the present "renew", not the
        # past "swam": English tags few words VBP); then of the tag, read otherwise
        tried = [(of_tag(pool, True), least) for pool, least in zip(pools, (CONFIDENT_POOL, MIN_AGREEING))] + [
            ([f for f in pools[0] if verb_forms.source_reading(dictionary, f[1]) == reading], MIN_AGREEING)
        ] if reading else []
        tried += [(of_tag(pool, False), least) for pool, least in zip(pools, (CONFIDENT_POOL, MIN_AGREEING))]
        cache[key] = next((same for same, least in tried if len(same) >= least), pools[0])
    return cache[key]


_ORDINALS = frozenset({"first", "second", "third"})


def _number_pool(dictionary: Dictionary, pos: str) -> list[tuple[Entry, str, str]]:
    """Number words ("two" ... "hundred") of this UPOS, most confident first, lowered as in
    _lowered_pool: a number word is replaced by another cardinal, so the sentence stays a
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


def _word_sub(i: int, tok: Token, entry: Entry, substitute: Entry, dictionary: Dictionary,
              in_unit: bool = False) -> Substitution:
    lang = dictionary.source
    surface = match_case(tok.text, substitute.word)
    if entry.pos == "VERB" and len(tok.text) > len(entry.word):
        # The original's pronouns stay on the substitute ("consultarlo" -> "enviarlo"): the
        # translator writes "it" as it would have.
        surface = clitics.attach(surface, tok.text[len(entry.word):], lang)
    # a verb read as the original is read takes the form the translator gives it: none is imposed;
    # not where the original was read in a unit of several words ("asked for": a past, where
    # "hesitated for" came back as the participle "pedido para")
    alike = not in_unit and verb_forms.read_alike(dictionary, entry, substitute)
    form = "" if alike else verb_forms.expected_form(dictionary, entry, tok.tag)
    return Substitution(i, "word", tok.text, surface, substitute.candidates, entry.top,
                        pos=entry.pos, singular=singular_noun(tok), form=form)


def _encode_random(tokens, handled, dictionary, ratio, beta, rng, out, subs) -> int:
    """PRISM-R (beta = 0) and the per-token mixture, as dp.py states them: which tokens are
    eligible and what may replace them follow from each token's own form, never from its tag or
    its neighbours (the tag only picks, on our side, which translation to put back). Returns
    how many tokens were eligible."""
    vocab = dp.vocabulary(dictionary)
    eligible = 0
    for i, tok in enumerate(tokens):
        form = tok.text.lower()
        if i in handled or form not in vocab:
            continue
        eligible += 1
        primary = vocab.readings[form][0]
        pool = (_agreeing_pool(dictionary, primary.pos, primary.tag, primary.features, primary.structure)[:CONFIDENT_POOL]
                if beta > 0 else [])
        drawn = dp.draw(form, vocab, ratio, beta, pool, rng)
        if drawn is None:
            continue  # kept, or drawn itself: the token stays, nothing to decode
        substitute, entry = drawn
        original = dictionary_entry(dictionary, tok) or vocab.reading(form, tok.pos)
        found = (entry or vocab.reading(substitute, tok.pos)).candidates
        subs.append(Substitution(i, "word", tok.text, match_case(tok.text, vocab.display(substitute)), found,
                                 original.top, pos=original.pos, singular=singular_noun(tok),
                                 form=verb_forms.expected_form(dictionary, original, tok.tag)))
        out[i] = subs[-1].substitute
    return eligible


def _free_candidates(pool, taken_words: set[str], taken_tops: set[str], ending: str, n: int):
    """The substitutes PRISM* draws n from: of the first STAR_CANDIDATES + n free entries of the
    pool, those whose translation ends with `ending` first, each group in confidence order, cut
    to max(CONFIDENT_POOL, n); None when fewer than n are free. One pass that stops as soon as
    the cut is full of matching ones (sorting the window per hidden word cost a third of encoding)."""
    window, keep = STAR_CANDIDATES + n, max(CONFIDENT_POOL, n)
    same: list = []
    other: list = []
    seen = 0
    for candidate in pool:
        _, word, top = candidate
        if word in taken_words or top in taken_tops:
            continue
        if top[-1:] == ending:
            same.append(candidate)
            if len(same) == keep:
                break
        elif len(other) < keep:
            other.append(candidate)
        seen += 1
        if seen == window:
            break
    if len(same) + len(other) < n:
        return None
    return (same + other)[:keep]


# Units of several words that are read as function words or adverbs: what they say is the
# sentence's frame, not its content. Nouns ("ice cream") and verbs ("look forward to") stay
# hideable: they are what a text is about.
_FUNCTION_UNITS = frozenset({"pr", "adv", "preadv", "cnjadv", "cnjsub", "cnjcoo", "det", "prn", "ij"})


def _in_units(tokens: list[Token], lang: str) -> tuple[set[int], set[int]]:
    """The tokens the translator's analyser of the source reads as part of a unit of several words
    that is a function word or an adverb ("instead of", "at the same time", "as well"): it
    translates the unit as one ("en vez de"), and a substitute for one of its words breaks it
    ("tres cambios de"); then those of the other units of several words ("asked for"). Empty
    without an Apertium analyser for the language."""
    if not morphology.available(lang):
        return set(), set()
    text = "".join(t.text + t.ws for t in tokens)
    starts, at = [], 0
    for t in tokens:
        starts.append(at)
        at += len(t.text) + len(t.ws)
    clean = morphology.as_read(text)  # lt-proc reads each character it cannot take as a space
    inside: set[int] = set()
    other: set[int] = set()
    at = 0
    for unit in morphology.analyse_text(text, lang):
        found = clean.find(unit.surface, at)
        if found < 0:
            continue
        at = found + len(unit.surface)
        if unit.known and " " in unit.surface:
            function = all(r.tags[:1] and r.tags[0] in _FUNCTION_UNITS for r in unit.readings)
            (inside if function else other).update(
                i for i in range(bisect.bisect_left(starts, found), len(tokens)) if starts[i] < at)
    return inside, other


# How much text the source's analyser reads ahead in one round trip (read_units_ahead): a page's
# short blocks go a few dozen to a trip, a long text's chunks one at a time as before (a larger
# read would hold up the first request).
UNITS_AHEAD_CHARS = 2_000


def read_units_ahead(texts: Sequence[str], lang: str, method: str) -> int:
    """Within morphology.remembering(): have the source's analyser read, in one round trip, the
    first of `texts` (about to be encoded, in order) and those after it up to UNITS_AHEAD_CHARS,
    so that _in_units finds each text read (a page's blocks cost a round trip each, a third of
    PRISM*'s time on a page). Returns how many texts it covered (at least one); reads nothing
    for a method that does not look for units, or without an analyser."""
    count, size = 1, len(texts[0])
    while count < len(texts) and size + len(texts[count]) <= UNITS_AHEAD_CHARS:
        size += len(texts[count])
        count += 1
    if method in ("star", "nodecode") and morphology.available(lang):
        morphology.analyse_lines(list(texts[:count]), lang)
    return count


def _encode_star(tokens, eligible, dictionary, ratio, rng, out, subs):
    budget = math.ceil(ratio * sum(1 for t in tokens if t.is_word and not t.entity))
    by_type: dict[tuple[str, str], list[int]] = {}
    entries: dict[tuple[str, str], Entry] = {}
    units, in_units = _in_units(tokens, dictionary.source)
    # a word is hidden everywhere or nowhere: one that is part of a unit somewhere stays
    kept = {tokens[i].text.lower() for i in units}
    # nor a copula, an auxiliary or a modal: the frame of a sentence, with no verb read alike
    eligible = [(i, entry) for i, entry in eligible if tokens[i].text.lower() not in kept
                and not (entry.pos == "VERB" and verb_forms.frames(dictionary, entry.word))]
    for i, entry in eligible:
        key = (tokens[i].text.lower(), entry.pos)
        by_type.setdefault(key, []).append(i)
        entries[key] = entry
    # Highest confidence first: those are the words whose translation we can restore best.
    order = sorted(by_type, key=lambda k: (-entries[k].confidence, by_type[k][0]))
    taken_words = {t.text.lower() for t in tokens}
    taken_tops = {e.top.lower() for e in entries.values()}
    done = 0
    for key in order:
        occurrences = by_type[key]
        if done + len(occurrences) > budget:
            continue  # hide a word everywhere or not at all: a half-hidden word leaks
        entry = entries[key]
        first = tokens[occurrences[0]]
        # A verb with pronouns attached: the tagger's reading of the whole word ("dármelo" as a
        # participle) is less sure than the dictionary's of the verb ("dar", an infinitive).
        tag = entry.tag if entry.pos == "VERB" and len(first.text) > len(entry.word) and entry.tag else first.tag
        if first.pos == "NUM":
            pool = _number_pool(dictionary, entry.pos)
        elif entry.pos == "VERB":
            features = verb_forms.pool_features(dictionary, entry, tag)
            # the entry's translation is of another form than this token's: it says nothing of
            # how this one is translated, and the fine tag's pool is drawn from
            pool = _verb_pool(dictionary, tag, features, entry.structure if features == entry.features else "",
                              verb_forms.source_reading(dictionary, entry.word))
        else:
            pool = _lowered_pool(dictionary, entry.pos, tag, entry.features, entry.structure)
        # Prefer substitutes whose translation ends like the original's: in Spanish, Catalan,
        # Italian or Portuguese that usually keeps gender and number, so the articles and
        # adjectives the translator chose still agree after decoding ("la casa" -> "la mesa").
        candidates = _free_candidates(pool, taken_words, taken_tops, entry.top[-1:].lower(), len(occurrences))
        if candidates is None:
            continue
        picks = rng.sample(candidates, len(occurrences))
        for i, (substitute, word, top) in zip(occurrences, picks):
            taken_words.add(word)
            taken_tops.add(top)
            subs.append(_word_sub(i, tokens[i], entry, substitute, dictionary, i in in_units))
            out[i] = subs[-1].substitute
        done += len(occurrences)
        if done >= budget:
            break


def encode(tokens: list[Token], dictionary: Dictionary, method: str = "star", ratio: float = 0.2, *,
           beta: float = 0.5, rng: random.Random | None = None, protect_entities: bool = True,
           avoid: frozenset[str] = frozenset()) -> Encoded:
    """`avoid`: words of the texts sent with this one, which no stand-in name may spell."""
    if method not in METHODS:
        raise EngineError("E022", method=method, choices=", ".join(METHODS))
    if not 0 <= ratio <= 1:
        raise EngineError("E023", ratio=ratio)
    if method == "mix" and not 0 <= beta < 1:
        raise EngineError("E023", ratio=f"beta={beta} (beta must be in [0, 1))")
    rng = rng or random.SystemRandom()
    out = [t.text for t in tokens]
    subs: list[Substitution] = []
    handled = (stand_ins.protect_entities(tokens, dictionary, rng, out, subs, avoid)
               if protect_entities else set())
    if protect_entities:
        handled |= _protect_health(tokens, dictionary, rng, out, subs, handled)
    eligible = []
    for i, tok in enumerate(tokens):
        if i in handled or not tok.is_word:
            continue
        entry = dictionary_entry(dictionary, tok)
        if entry is not None:
            eligible.append((i, entry))
    if method in ("star", "nodecode"):
        _encode_star(tokens, eligible, dictionary, ratio, rng, out, subs)
        dictionary_words, eps = len(eligible), None
    else:
        dictionary_words = _encode_random(tokens, handled, dictionary, ratio, beta if method == "mix" else 0.0,
                                          rng, out, subs)
        eps = epsilon(method, ratio, len(dp.vocabulary(dictionary)), beta)
    subs.sort(key=lambda s: s.index)
    text = detokenize(tokens, out)
    offsets, pos = [], 0
    for new, tok in zip(out, tokens):
        offsets.append(pos)
        pos += len(new) + len(tok.ws)
    subs = [replace(s, at=offsets[s.index] / max(1, len(text))) for s in subs]
    return Encoded(
        text=text, tokens=tokens, substitutions=subs, method=method, target=dictionary.target,
        source=dictionary.source, ratio=ratio,
        epsilon=eps, words=sum(t.is_word for t in tokens), dictionary_words=dictionary_words,
    )
