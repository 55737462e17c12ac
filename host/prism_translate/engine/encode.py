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
         structure (features.py; else of the same features, else of the same fine tag when possible,
         but always translated into the original's categories and number of words, else the word is
         left: shapes.py) drawn from the most confident ones (a verb by one of its fine tag whose translation is
         of the form class the original's takes and that the source analyser reads as it reads
         the original, verb_forms.py), until ceil(r*n) tokens are replaced. Words of the
         sentence's frame (a copula, an auxiliary, "very": frame_words.py) are not taken.
         Words of a unit the translator reads as one function word ("instead of") or verb ("keep in
         touch") are not taken; a noun it reads as one ("ice cream") is taken whole, replaced by
         one noun (noun_units.py). A
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

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from ..dictionary.format import Dictionary, Entry
from .. import morphology
from ..errors import EngineError
from ..methods import METHODS
from . import clitics, dp, source_units, stand_ins, verb_forms, word_classes
from .pools import (CONFIDENT_POOL, agreeing_pool, confident_pool, health_pool, lowered_pool, number_pool,
                    verb_pool)
from . import entities as ent
from .dp import epsilon
from .frame_words import frame_word
from .health import health_tokens, phrases, whole_terms
from .noun_units import NounUnit, noun_units
from .shapes import same_shape
from .substitution import Encoded, Substitution, dictionary_entry, match_case
from .tokenize import Token, singular_noun

__all__ = ["Encoded", "Substitution", "dictionary_entry", "encode", "epsilon", "match_case", "read_units_ahead"]

# PRISM* looks for substitutes among this many of the most confident free entries.
STAR_CANDIDATES = 200


def _protect_health(tokens: list[Token], dictionary: Dictionary, rng: random.Random, out: list[str],
                    subs: list[Substitution], handled: set[int], dropped: set[int]) -> set[int]:
    """Replace every word of a health term (health.py), whatever r is. A word the dictionary
    knows gets another health word of its part of speech (or, for "multiple" in "multiple
    sclerosis", a confident word of its part of speech) and its own translation back; a word the
    translator does not know either ("sertraline") gets an invented word and comes back as it is.
    The words of a term of several are flagged: the translator may word the term differently
    around the stand-ins ("seno cáncer"), so verify.py marks what comes back; in Spanish, Catalan
    and French such a term goes as one invented word and comes back as written, marked."""
    taken = {t.text.lower() for t in tokens}
    health = health_tokens(tokens, dictionary.source)
    found = health - handled
    # a term's number is hidden as a number, but still one of its words ("type 1 diabetes")
    grouped = phrases(tokens, health, dictionary.source)
    done = _protect_whole_terms(tokens, found, dictionary.source, rng, out, subs, dropped)
    for i in sorted(found - done):
        tok = tokens[i]
        # Health terms are nouns, whatever the tagger made of them ("asma" ADJ in Spanish).
        entry = dictionary_entry(dictionary, tok) or dictionary.lookup(tok.text.lower(), "NOUN")
        if entry is None:
            sub = match_case(tok.text, ent.pseudo_word(rng))
            subs.append(Substitution(i, "name", tok.text, sub, (sub,), tok.text))
        else:
            pool = [e for e in health_pool(dictionary, entry.pos, tok.tag) if e.word.lower() not in taken]
            pool = pool or [e for e in confident_pool(dictionary, entry.pos, tok.tag)[:CONFIDENT_POOL]
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


def _protect_whole_terms(tokens: list[Token], found: set[int], lang: str, rng: random.Random, out: list[str],
                         subs: list[Substitution], dropped: set[int]) -> set[int]:
    """Each term of several words (health.whole_terms) as one invented word in the place of its
    last, restored as the user wrote it."""
    done: set[int] = set()
    for first, last in whole_terms(tokens, found, lang):
        original = "".join(t.text + t.ws for t in tokens[first:last]) + tokens[last].text
        sub = match_case(tokens[first].text, ent.pseudo_word(rng))
        for j in range(first, last):
            out[j] = ""
        dropped.update(range(first, last))
        out[last] = sub
        subs.append(Substitution(last, "name", original, sub, (sub,), original, pos="NOUN", in_phrase=True))
        done.update(range(first, last + 1))
    return done


def _protect_common_nouns(tokens: list[Token], dictionary: Dictionary, rng: random.Random, out: list[str],
                          subs: list[Substitution], handled: set[int]) -> set[int]:
    """Hide, whatever r is, every word the recognisers took for a name that is a common word
    (stand_ins.common_nouns) as PRISM* hides a word: by a confident word of its features, its
    translation put back."""
    taken = {t.text.lower() for t in tokens}
    done: set[int] = set()
    words = stand_ins.common_nouns(tokens, dictionary)
    for i in sorted(set(words) - handled):
        tok, entry = tokens[i], words[i]
        pool = lowered_pool(dictionary, entry.pos, entry.tag, entry.features, entry.structure)[:CONFIDENT_POOL]
        # a word of the text only when no other is left: never the word itself (common_nouns
        # chose words with another)
        candidates = ([c for c in pool if c[1] not in taken] or [c for c in pool if c[1] != tok.text.lower()])
        if tok.text[:1].isupper():
            candidates = _not_names(candidates, dictionary.source, 1)
        substitute = rng.choice(candidates)[0]
        taken.add(substitute.word.lower())
        subs.append(_word_sub(i, tok, entry, substitute, dictionary))
        out[i] = subs[-1].substitute
        done.add(i)
    return done


def _word_sub(i: int, tok: Token, entry: Entry, substitute: Entry, dictionary: Dictionary,
              in_unit: bool = False, past: bool = False, dative: str = "") -> Substitution:
    lang = dictionary.source
    surface = match_case(tok.text, substitute.word)
    if entry.pos == "VERB" and len(tok.text) > len(entry.word):
        # The original's pronouns stay on the substitute ("consultarlo" -> "enviarlo"): the
        # translator writes "it" as it would have.
        surface = clitics.attach(surface, tok.text[len(entry.word):], lang)
    # a verb read as the original is read takes the form the translator gives it: none is imposed;
    # not where the original was read in a unit of several words, where the substitute's reading
    # is not the unit's (a past, where "hesitated for" came back as the participle "pedido para")
    alike = not in_unit and verb_forms.read_alike(dictionary, entry, substitute)
    # a participle by its tag that is a finite past by its sentence (verb_forms.finite_past: "The
    # truck left.") comes back in the target's past; where the tag does not settle the form, a word
    # the source analyser reads one way only ("swam", tagged a bare verb) comes back finite where
    # its reading's verbs are (Spanish "nadó"; a Catalan "va" + infinitive would need its "va")
    form = "" if alike else verb_forms.decoded_form(dictionary, entry, verb_forms.PAST if past else tok.tag)
    if not form and not alike and entry.pos == "VERB" and verb_forms.reading_form(dictionary, entry.word) == "fin":
        form = "fin"
    # a noun whose translation the translator makes agree as it does the original's (the features
    # the dictionary's build probed from its output): what agreed with it is left as it came back
    agrees = (entry.pos == "NOUN" and "agreement" in dictionary.meta and bool(entry.features)
              and substitute.features == entry.features)
    return Substitution(i, "word", tok.text, surface, substitute.findable, entry.restored,
                        pos=entry.pos, singular=singular_noun(tok), form=form, agrees=agrees,
                        frames=(entry.frame, substitute.frame) if entry.pos == "VERB" else ("", ""),
                        sides=(_side(entry), _side(substitute)) if entry.pos == "ADJ" else ("", ""),
                        dative=dative)


def _side(entry: Entry) -> str:
    """Where the translator puts an adjective against its noun, by its probed feature
    ("c:pre.m.sg/f.pl", "post.m.sg/f.pl"): "pre", "post", or "" when not probed."""
    side = (entry.features or "").split(".", 1)[0].split(":")[-1]
    return side if side in ("pre", "post") else ""


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
        pool = (agreeing_pool(dictionary, primary.pos, primary.tag, primary.features, primary.structure)[:CONFIDENT_POOL]
                if beta > 0 else [])
        drawn = dp.draw(form, vocab, ratio, beta, pool, rng)
        if drawn is None:
            continue  # kept, or drawn itself: the token stays, nothing to decode
        substitute, entry = drawn
        original = dictionary_entry(dictionary, tok) or vocab.reading(form, tok.pos)
        found = (entry or vocab.reading(substitute, tok.pos)).findable
        subs.append(Substitution(i, "word", tok.text, match_case(tok.text, vocab.display(substitute)), found,
                                 original.restored, pos=original.pos, singular=singular_noun(tok),
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
    # counted down, not len() per candidate: this loop runs up to 200 times per hidden word
    seen, same_left, other_left = 0, keep, keep
    for candidate in pool:
        if candidate[1] in taken_words or candidate[2] in taken_tops:  # its word, its translation
            continue
        if candidate[2][-1:] == ending:
            same.append(candidate)
            same_left -= 1
            if not same_left:
                break
        elif other_left:
            other.append(candidate)
            other_left -= 1
        seen += 1
        if seen == window:
            break
    if len(same) + len(other) < n:
        return None
    return (same + other)[:keep]


def _not_names(candidates: list, lang: str, n: int) -> list:
    """For an original written with a capital (a sentence's first word, a title-case run): the
    candidates the translator does not read as a name, since a capitalised "Windows" or "Apple" goes
    through untranslated and the original's translation cannot be put back; all of them when fewer
    than n are left."""
    names = word_classes.proper_names({word for _, word, _ in candidates}, lang)
    kept = [c for c in candidates if c[1] not in names]
    return kept if len(kept) >= n else candidates


# How much text the source's analyser reads ahead in one round trip (read_units_ahead): a page's
# short blocks go a few dozen to a trip, a long text's chunks one at a time as before (a larger
# read would hold up the first request).
UNITS_AHEAD_CHARS = 2_000


def read_units_ahead(texts: Sequence[str], lang: str, method: str) -> int:
    """Within morphology.remembering(): have the source's analyser read, in one round trip, the
    first of `texts` (about to be encoded, in order) and those after it up to UNITS_AHEAD_CHARS,
    so that source_units.in_units finds each text read (a page's blocks cost a round trip each, a third of
    PRISM*'s time on a page). Returns how many texts it covered (at least one); reads nothing
    for a method that does not look for units, or without an analyser."""
    count, size = 1, len(texts[0])
    while count < len(texts) and size + len(texts[count]) <= UNITS_AHEAD_CHARS:
        size += len(texts[count])
        count += 1
    if method in ("star", "nodecode") and morphology.available(lang):
        morphology.analyse_lines(list(texts[:count]), lang)
    return count


def _encode_star(tokens, eligible, dictionary, ratio, rng, out, subs, dropped):
    """PRISM*; `dropped` gets the words sent as nothing: those before a noun unit's last."""
    budget = math.ceil(ratio * sum(1 for t in tokens if t.is_word and not t.entity))
    by_type: dict[tuple[str, str], list[int]] = {}
    entries: dict[tuple[str, str], Entry] = {}
    units, in_units, noun_spans = source_units.in_units(tokens, morphology.source_reader(dictionary.source, dictionary.target))
    # a noun the translator reads as one of several words is hidden whole, by one noun, where
    # each of its words could be hidden
    hideable = {i for i, _ in eligible}
    joined = {u.last: u for u in noun_units(tokens, [s for s in noun_spans if hideable.issuperset(range(s[0], s[1] + 1))],
                                            dictionary)}
    inner = {j for u in joined.values() for j in range(u.first, u.last + 1)}
    eligible = [(i, e) for i, e in eligible if i not in inner] + [(i, u.entry) for i, u in joined.items()]
    # a word is hidden everywhere or nowhere: one that is part of a unit somewhere stays
    kept = {tokens[i].text.lower() for i in units}
    # nor a word of the sentence's frame: a copula, an auxiliary or a modal, with no verb read
    # alike, a verb the dictionary translates as one ("had" -> "hubo"), a degree word ("very")
    eligible = [(i, entry) for i, entry in eligible if tokens[i].text.lower() not in kept
                and not frame_word(dictionary, entry)]
    for i, entry in eligible:
        words = tokens[joined[i].first:i + 1] if i in joined else [tokens[i]]
        key = (" ".join(t.text.lower() for t in words), entry.pos)
        by_type.setdefault(key, []).append(i)
        entries[key] = entry
    # Highest confidence first: those are the words whose translation we can restore best.
    order = sorted(by_type, key=lambda k: (-entries[k].confidence, by_type[k][0]))
    taken_words = {t.text.lower() for t in tokens}
    taken_tops = {e.top.lower() for e in entries.values()}
    done = 0
    for key in order:
        occurrences = by_type[key]
        cost = sum(i - joined[i].first + 1 if i in joined else 1 for i in occurrences)
        if done + cost > budget:
            continue  # hide a word everywhere or not at all: a half-hidden word leaks
        entry = entries[key]
        first = tokens[occurrences[0]]
        # A verb with pronouns attached: the tagger's reading of the whole word ("dármelo" as a
        # participle) is less sure than the dictionary's of the verb ("dar", an infinitive).
        tag = entry.tag if entry.pos == "VERB" and len(first.text) > len(entry.word) and entry.tag else first.tag
        if first.pos == "NUM":
            pool = number_pool(dictionary, entry.pos)
        elif entry.pos == "VERB":
            features = verb_forms.pool_features(dictionary, entry, tag)
            # the entry's translation is of another form than this token's: it says nothing of
            # how this one is translated, and the fine tag's pool is drawn from
            pool = verb_pool(dictionary, tag, features, entry.structure if features == entry.features else "",
                              verb_forms.source_reading(dictionary, entry.word), (entry.tag, entry.frame))
        else:
            pool = lowered_pool(dictionary, entry.pos, tag, entry.features, entry.structure)
        pool = same_shape(dictionary, pool, entry)
        # Prefer substitutes whose translation ends like the original's: in Spanish, Catalan,
        # Italian or Portuguese that usually keeps gender and number, so the articles and
        # adjectives the translator chose still agree after decoding ("la casa" -> "la mesa").
        candidates = _free_candidates(pool, taken_words, taken_tops, entry.top[-1:].lower(), len(occurrences))
        if candidates is None:
            continue
        if any(tokens[i].text[:1].isupper() for i in occurrences):
            candidates = _not_names(candidates, dictionary.source, len(occurrences))
        picks = rng.sample(candidates, len(occurrences))
        for i, (substitute, word, top) in zip(occurrences, picks):
            taken_words.add(word)
            taken_tops.add(top)
            subs.append(_word_sub(i, tokens[i], entry, substitute, dictionary, i in in_units,
                                  entry.pos == "VERB" and verb_forms.finite_past(tokens, i),
                                  verb_forms.dative_subject(dictionary, entry, tokens, i)))
            if i in joined:
                subs[-1] = _joined(subs[-1], tokens, joined[i], substitute.word, out, dropped)
            out[i] = subs[-1].substitute
        done += cost
        if done >= budget:
            break


def _joined(sub: Substitution, tokens: list[Token], unit: NounUnit, word: str, out: list[str],
            dropped: set[int]) -> Substitution:
    """A noun unit's substitution: its words before the last go as nothing, the substitute in the
    case of its first word; the original is the unit as written."""
    span = range(unit.first, unit.last)
    for j in span:
        out[j] = ""
    dropped.update(span)
    return replace(sub, original="".join(tokens[j].text + tokens[j].ws for j in span) + tokens[unit.last].text,
                   substitute=match_case(tokens[unit.first].text, word))


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
    dropped: set[int] = set()
    subs: list[Substitution] = []
    handled = (stand_ins.protect_entities(tokens, dictionary, rng, out, subs, avoid)
               if protect_entities else set())
    if protect_entities:
        handled |= _protect_health(tokens, dictionary, rng, out, subs, handled, dropped)
        handled |= _protect_common_nouns(tokens, dictionary, rng, out, subs, handled)
    eligible = []
    for i, tok in enumerate(tokens):
        if i in handled or not tok.is_word:
            continue
        entry = dictionary_entry(dictionary, tok)
        if entry is not None:
            eligible.append((i, entry))
    if method in ("star", "nodecode"):
        _encode_star(tokens, eligible, dictionary, ratio, rng, out, subs, dropped)
        dictionary_words, eps = len(eligible), None
    else:
        dictionary_words = _encode_random(tokens, handled, dictionary, ratio, beta if method == "mix" else 0.0,
                                          rng, out, subs)
        eps = epsilon(method, ratio, len(dp.vocabulary(dictionary)), beta)
    subs.sort(key=lambda s: s.index)
    gaps = ["" if i in dropped else t.ws for i, t in enumerate(tokens)]
    text = "".join(new + gap for new, gap in zip(out, gaps))
    offsets, pos = [], 0
    for new, gap in zip(out, gaps):
        offsets.append(pos)
        pos += len(new) + len(gap)
    subs = [replace(s, at=offsets[s.index] / max(1, len(text))) for s in subs]
    return Encoded(
        text=text, tokens=tokens, substitutions=subs, method=method, target=dictionary.target,
        source=dictionary.source, ratio=ratio,
        epsilon=eps, words=sum(t.is_word for t in tokens), dictionary_words=dictionary_words,
    )
