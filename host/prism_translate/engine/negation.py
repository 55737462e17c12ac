"""Negations that wrap the verb (issue 28): French "never" is "ne ... jamais".

The substitute of a negative adverb is an adverb of another kind ("lately", "seriously"), which the
translator puts before the verb ("nous dernièrement oublierons", "il fortement y avait essayé"), and
the restored word took its place: "nous jamais oublierons", where the plain translation has "nous
n'oublierons jamais". Where the target's word for a negative adverb of the source wraps the finite
verb with a particle (Lexicon.split_negations, negation_particle), the decoder puts the word after
the finite verb (the auxiliary of a compound tense: "il n'y avait jamais essayé") and the particle
before the verb and its object pronouns ("ne me l'a jamais dit"). A word already after the finite
verb only gains the particle ("nous n'oublierons jamais"). A target whose word table lists no such
words (Spanish "nunca", Catalan "mai" stand before the verb on their own) is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .. import morphology
from .decode import Decoded, Restored
from .edits import apply_edits, word_before
from .lexicon import Lexicon, lexicon
from .verbs import finite

# a word and what ends it: spaces, or the apostrophe of an elided one ("l'", "n'")
_WORD = re.compile(r"(\w+)(['’]|[ \t]+)")
_VERB = re.compile(r"\w+")
_VOWELS = "aeiouàâèéêëîïôûhy"  # (and "y": "n'y avait")


def _written(m: re.Match) -> str:
    """A word as the word tables list it: an elided one with its apostrophe ("l'")."""
    return (m.group(1) + m.group(2) if m.group(2) in "'’" else m.group(1)).lower()


def _verb_after(text: str, span: Restored, clitics: frozenset[str]) -> tuple[int, re.Match | None]:
    """Where the word after the restored one starts, and the first word after the object pronouns
    from there ("y avait": "avait")."""
    gap = _WORD.match(text, span.start)
    if gap is None or gap.end(1) != span.end or not gap.group(2).isspace():
        return span.end, None
    at = gap.end()
    while (m := _WORD.match(text, at)) is not None and _written(m) in clitics:
        at = m.end()
    return gap.end(), _VERB.match(text, at)


def _pronouns_before(text: str, at: int, lang: Lexicon) -> int:
    """Where the object pronouns right before `at` (the start of a verb) begin; a pronoun that may
    be the subject too ("nous") is one only after a subject ("il nous a", not "nous avons")."""
    while (m := word_before(text, at)) is not None and _written(m) in lang.object_clitics:
        if _written(m) in lang.subject_pronouns:
            subject = word_before(text, m.start(1))
            if subject is None or _written(subject) not in lang.subject_pronouns:
                break
        at = m.start(1)
    return at


def _negated(text: str, at: int, lang: Lexicon) -> bool:
    """A particle of negation right before `at` already ("n'oublierons", "ne l'a")."""
    m = word_before(text, at)
    return m is not None and _written(m) in lang.negations


def _particle(first: str, lang: Lexicon) -> str:
    """The particle as written before the word it precedes: "n'" before a vowel, else "ne "."""
    return lang.negation_elided if lang.negation_elided and first[:1].lower() in _VOWELS \
        else lang.negation_particle + " "


def _before_verb(text: str, span: Restored, after: int, verb: re.Match,
                 lang: Lexicon) -> tuple[list[tuple[int, int, str]], int]:
    """The word before the finite verb goes after it, the particle in its place: the edits, and
    where the word then starts in the edited text."""
    word = text[span.start:span.end]
    particle = "" if _negated(text, span.start, lang) else _particle(text[after:], lang)
    if word[:1].isupper():  # it opened the sentence: the particle takes the capital
        particle, word = particle[:1].upper() + particle[1:], word.lower()
    shift = len(particle) - (after - span.start)
    return [(span.start, after, particle), (verb.end(), verb.end(), " " + word)], verb.end() + shift + 1


def _after_verb(text: str, verb_start: int, lang: Lexicon) -> list[tuple[int, int, str]]:
    """The particle before a finite verb (and its pronouns) the word already follows."""
    start = _pronouns_before(text, verb_start, lang)
    # not after a particle already, nor where the verb opens the sentence (its capital stays)
    if _negated(text, start, lang) or text[start:start + 1].isupper():
        return []
    return [(start, start, _particle(text[start:], lang))]


def wrap(decoded: Decoded, target: str, source: str) -> Decoded:
    """The decoded text with each restored negative word written around its finite verb: "nous
    jamais oublierons" -> "nous n'oublierons jamais", "il jamais y avait essayé" -> "il n'y avait
    jamais essayé", "nous oublierons jamais" -> "nous n'oublierons jamais"."""
    lang, negative = lexicon(target), lexicon(source).negative_adverbs
    text = decoded.text
    places = [k for k, s in enumerate(decoded.spans) if s.sub.kind == "word" and s.sub.original.lower() in negative
              and text[s.start:s.end].lower() in lang.split_negations]
    if not places or not lang.negation_particle or not morphology.available(target):
        return decoded
    afters = [_verb_after(text, decoded.spans[k], lang.object_clitics) for k in places]
    befores = [word_before(text, decoded.spans[k].start) for k in places]
    analysed = morphology.analyse_lines([v.group() if v else "" for _, v in afters]
                                        + [b.group(1) if b and b.group(2).isspace() else "" for b in befores], target)
    n = len(places)
    # last first: each rewrite leaves the places before it where they were
    for i in reversed(range(n)):
        span, (after, verb) = decoded.spans[places[i]], afters[i]
        if verb is not None and len(analysed[i]) == 1 and finite(analysed[i][0]) is not None:
            edits, start = _before_verb(decoded.text, span, after, verb, lang)
            decoded = apply_edits(decoded, edits)
            decoded.spans[places[i]] = replace(decoded.spans[places[i]], start=start, end=start + span.end - span.start)
        elif len(analysed[n + i]) == 1 and finite(analysed[n + i][0]) is not None:
            before = befores[i]
            assert before is not None  # analysed as a verb, so a word was there
            decoded = apply_edits(decoded, _after_verb(decoded.text, before.start(1), lang))
    return decoded
