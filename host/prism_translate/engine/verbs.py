"""A restored verb in the form its sentence needs (issue 28).

agreement.py gives a restored verb the form the translator gave its substitute. When the
translator read the substitute as another kind of verb form than the original's tag asks for
(verb_forms.py: "disarmed" as the participle "desarmado" where "asked" is the past "pidió"; a
finite past after "había"), that form is the substitute's, not the sentence's: the restored verb
is written in its own tag's form class by Apertium's generator, "El cliente pedido" -> "El
cliente pidió", "quién había dejó" -> "quién había dejado". A verb the decoder did not find by
its substitute's translations is looked for by their lemma (find_by_lemma). A verb the
translator does not know stays bare, without the auxiliary of the stand-in's past (bare_unknown). A restored finite verb, or the auxiliary before a
restored participle or infinitive, takes the person and number of the subject right before it
(subjects): "Ella y Jamie salió" -> "salieron", "nosotros hicieron" -> "hicimos".
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import replace

from .. import morphology
from .edits import apply_edits, word_before
from .decode import Decoded, Restored
from .tokenize import Token
from .substitution import match_case
from .verb_forms import finite_past, form_class

VERBS = frozenset({"vblex", "vbser", "vbhaver", "vbmod"})
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
        verbs = [r for r in now[0].readings if r.tags[:1] and r.tags[0] in VERBS]
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


# pronouns joined to a verb after a hyphen or an apostrophe ("-te", "'m", "-me-la"): the decoder
# restores the verb and leaves them as the translator wrote them after the substitute
_JOINED = re.compile(r"(?:[-'’][^\W\d_]+){1,2}")
_SPLIT = re.compile(r"(.+?)((?:[-'’][^\W\d_]+){1,2})")


def enclitics(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with each restored verb followed by pronouns joined by a hyphen or an
    apostrophe written again by the target's generator, verb and pronouns as one word. Catalan
    spells a pronoun by the verb's ending, which the original need not share with the substitute:
    "atraure't" (attract you) came back "oferir't", where the plain translation has "oferir-te".
    Unchanged where the generator writes no such word."""
    places = [(s, m) for s in decoded.spans if s.sub.kind == "word" and s.sub.pos in ("VERB", "AUX")
              and s.found and (m := _JOINED.match(decoded.text, s.end))]
    if not places or not morphology.available(target, generator=True):
        return decoded
    analysed = morphology.analyse_lines([s.found + m.group() for s, m in places]
                                        + [s.sub.restore for s, _ in places], target)
    plans = []
    for k, (span, joined_at) in enumerate(places):
        found, own = analysed[k], analysed[len(places) + k]
        if len(found) != 1 or len(own) != 1:
            continue
        # the analyser gives the last pronoun as the reading and the verb (and any pronoun before
        # it) as joined units: "atreure<vblex><inf>" + et<prn><enc><p2><mf><sg>
        joined = next((r for r in found[0].readings if r.tags[:2] == ("prn", "enc") and r.joined), None)
        tags = joined.joined[0].partition("<")[2] if joined else ""
        lemma = next((r.lemma for r in own[0].readings if r.tags[:1] == (tags.split(">")[0],)), None)
        if joined and lemma:
            # the generator reads the joined units as one lemma before the last pronoun's tags
            units = "+".join((lemma + "<" + tags, *joined.joined[1:], joined.lemma))
            plans.append((span, joined_at, (units, joined.tags)))
    edits = []
    for (span, joined_at, _), word in zip(plans, morphology.generate([w for *_, w in plans], target)):
        parts = _SPLIT.fullmatch(word or "")
        if parts:  # the verb stays the restored span, the pronouns follow it
            edits += [(span.start, span.end, match_case(decoded.text[span.start:span.end], parts.group(1))),
                      (span.end, joined_at.end(), parts.group(2))]
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
    wanted = [{r.lemma.lower() for a in candidates for r in a.readings if r.tags[:1] and r.tags[0] in VERBS}
              for candidates in analysed[1:]]
    any_wanted = set().union(*wanted)
    # each wanted verb lemma's words outside what is restored, as (share of the text before it,
    # start, end) in text order: a scan of every word per missing verb was quadratic in a long text
    by_lemma: dict[str, list[tuple[float, int, int]]] = {}
    cursor = 0
    # a word overlaps a restored span when the furthest end of those starting before its end is
    # past its start (a scan of every span per word was quadratic: 3 s for 100,000 characters)
    restored = sorted((s.start, s.end) for s in decoded.spans)
    starts, reach = [a for a, _ in restored], list(itertools.accumulate((b for _, b in restored), max))
    # the analyser's units are shared objects (morphology._parse keeps them): each distinct word's
    # wanted lemmas read once, not once per occurrence in a long text
    lemmas_of: dict[int, set[str]] = {}
    for unit in analysed[0]:
        start = text.find(unit.surface, cursor)
        if start < 0:
            continue
        cursor = start + len(unit.surface)
        lemmas = lemmas_of.get(id(unit))
        if lemmas is None:
            lemmas = lemmas_of[id(unit)] = {r.lemma.lower() for r in unit.readings
                                            if r.tags[:1] and r.tags[0] in VERBS} & any_wanted
        if not lemmas:
            continue
        k = bisect.bisect_left(starts, cursor)
        if not (k and reach[k - 1] > start):
            for lemma in lemmas:
                by_lemma.setdefault(lemma, []).append((start / max(1, len(text)), start, cursor))
    edits, spans, unrestored = [], list(decoded.spans), []
    taken: set[int] = set()  # the starts of the places given to a verb
    for sub, lemmas in zip(missing, wanted):
        near = [place for lemma in lemmas for place in _nearest_free(by_lemma.get(lemma, []), sub.at, taken)]
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


def _nearest_free(places: list[tuple[float, int, int]], at: float, taken: set[int]) -> list[tuple[float, int, int]]:
    """Of places (share of the text before them, start, end) in text order, the one not taken on
    each side of `at` nearest to it, as (distance, start, end): no other can be the nearest."""
    k = bisect.bisect_left(places, at, key=lambda place: place[0])
    sides = (next((n for n in range(k - 1, -1, -1) if places[n][1] not in taken), None),
             next((n for n in range(k, len(places)) if places[n][1] not in taken), None))
    return [(abs(places[n][0] - at), places[n][1], places[n][2]) for n in sides if n is not None]


def past_auxiliary(analysis: morphology.Analysis) -> bool:
    """An auxiliary the translator writes for a past: Catalan's "va"/"van" (anar + infinitive),
    French and Spanish "a"/"ha" (avoir, haber), "est" (être) before a participle."""
    return any(r.tags[:1] in (("vaux",), ("vbhaver",), ("vbser",)) or (r.lemma == "anar" and r.tags[:1] == ("vblex",))
               for r in analysis.readings if form_class(".".join(r.tags)) == "fin")


def _auxiliary_in_source(tokens: list[Token], index: int) -> bool:
    """The original verb had an auxiliary of its own before it ("has hugged"): then the
    translator keeps one before the unknown verb too ("té hugged")."""
    # the word just before, found backwards (a list of every word before each verb was quadratic
    # in a long text: a tenth of decoding 100,000 characters)
    before = next((tokens[k] for k in range(min(index, len(tokens)) - 1, -1, -1) if tokens[k].pos != "SPACE"), None)
    return before is not None and before.pos == "AUX"


def after_words(decoded: Decoded, spans: list[Restored], target: str, generator: bool = False
                ) -> list[tuple[Restored, re.Match[str], list[morphology.Analysis], list[morphology.Analysis]]]:
    """Each restored verb with a word right before it, a space between, as (span, that word's
    match, the verb's analyses, the word's analyses) from one batch of the target's analyser;
    none where the target has no analyser (or, with `generator`, no generator)."""
    places = [(s, m) for s in spans if (m := word_before(decoded.text, s.start))
              and m.group(2).isspace()]
    if not places or not morphology.available(target, generator=generator):
        return []
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s, _ in places]
                                        + [m.group(1) for _, m in places], target)
    return [(s, m, analysed[k], analysed[len(places) + k]) for k, (s, m) in enumerate(places)]


def bare_unknown(decoded: Decoded, target: str, tokens: list[Token]) -> Decoded:
    """The decoded text without the auxiliary before a restored verb the target's analyser does
    not know. The translator leaves such a verb as it is, bare, in the plain translation
    ("Jessie hugged els seus amics"); the stand-in was a verb it conjugated, with the auxiliary
    of a past ("va abraçar", "a embrassé"), and "Jessie va hugged" was left once the original
    was back. Not where the original had an auxiliary of its own ("has hugged")."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "VERB" and not s.sub.in_phrase
             and not _auxiliary_in_source(tokens, s.sub.index)]
    edits = []
    for span, before, verb, aux in after_words(decoded, spans, target):
        if len(verb) == 1 and not verb[0].known and len(aux) == 1 and past_auxiliary(aux[0]):
            word = decoded.text[span.start:span.end]
            edits.append((before.start(), span.end, match_case(before.group(1), word[:1]) + word[1:]))
    return apply_edits(decoded, edits)


# the categories of a word before a verb that make it no clause's past of its own: an
# auxiliary, a modal ("pot obrir"), a preposition ("per obrir"), an article ("les castigado")
_NOT_BEFORE_A_PAST = frozenset({"vbhaver", "vbser", "vaux", "vbmod", "pr", "det"})
# Catalan writes a past as "va" + infinitive (anar<vaux>); a target without that auxiliary's
# forms gets nothing from the generator, and an infinitive stays as it is
_INFINITIVE_PAST = ("anar", "vaux")


def _pronoun_person(analysis: morphology.Analysis) -> tuple[str, str] | None:
    """The person and number of a personal pronoun that can be a subject, also where it can be an
    object too ("nous"; subjects() leaves those alone), None for any other word."""
    pronouns = [r for r in analysis.readings if r.tags[:1] == ("prn",)]
    if not pronouns or len(pronouns) != len(analysis.readings) or not any(r.tags[1:2] == ("tn",) for r in pronouns):
        return None
    persons = {_person_number(r) for r in pronouns}
    return persons.pop() if len(persons) == 1 and None not in persons else None


def past_auxiliaries(decoded: Decoded, target: str, tokens: list[Token]) -> Decoded:
    """The decoded text with the auxiliary of the target's past before each restored verb that is
    a finite past in the source (verb_forms.finite_past) and came back in its past's participle
    or infinitive alone. The translator read the substitute as a participle ("Jessie aclamada els
    seus presents") and wrote no auxiliary; once verbs.repair gave the original its form, "Jessie
    obrir" was left where the plain translation has "Jessie va obrir" (French "Elle mis", "a
    mis"). A participle's auxiliary is the one the original's frame shows (dictionary/frames.py:
    "avoir", "être"), in the person of a subject pronoun right before it ("nous a eu": "avons"),
    else the third singular, which subjects() then gives the subject's person."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "VERB" and s.sub.form in ("pp", "inf")
             and not s.sub.in_phrase and " " not in decoded.text[s.start:s.end] and finite_past(tokens, s.sub.index)]
    places = after_words(decoded, spans, target, generator=True)
    if not places:
        return decoded
    # the words of each participle's own frame, to find its auxiliary
    probes = [s.sub.frames[0].split("|")[0].split() if s.sub.form == "pp" else [] for s, *_ in places]
    analysed = morphology.analyse_lines([w for words in probes for w in words], target)
    read = iter(a[0] if len(a) == 1 else None for a in analysed)
    plans = []
    for (span, _, verb, before), words in zip(places, probes):
        auxiliaries = [r for a in (next(read) for _ in words) if a is not None
                       for r in a.readings if r.tags[:1] in (("vbhaver",), ("vbser",))]
        person = (_pronoun_person(before[0]) if len(before) == 1 else None) or ("p3", "sg")
        wanted = ((auxiliaries[0].lemma, (auxiliaries[0].tags[0], "pri", *person)) if auxiliaries
                  else (_INFINITIVE_PAST[0], (_INFINITIVE_PAST[1], *person)) if span.sub.form == "inf" else None)
        if (wanted is None or len(verb) != 1 or len(before) != 1 or past_auxiliary(before[0])
                or any(r.tags[:1] and r.tags[0] in _NOT_BEFORE_A_PAST for r in before[0].readings)
                or not any(form_class(".".join(r.tags)) == span.sub.form for r in verb[0].readings if r.tags[:1]
                           and r.tags[0] in VERBS)):
            continue
        plans.append((span, wanted))
    generated = morphology.generate([w for _, w in plans], target)
    return apply_edits(decoded, [(span.start, span.start, word + " ") for (span, _), word in zip(plans, generated)
                                 if word])


_PERSONS = frozenset({"p1", "p2", "p3"})
_CONJUNCTIONS = frozenset({"cnjcoo", "cnjsub", "cnjadv", "rel"})
_NUMBERS = frozenset({"sg", "pl"})


def _person_number(reading: morphology.Reading) -> tuple[str, str] | None:
    person = next((t for t in reading.tags if t in _PERSONS), None)
    number = next((t for t in reading.tags if t in _NUMBERS), None)
    return (person, number) if person and number else None


def _subject_pronoun(analysis: morphology.Analysis) -> tuple[str, str] | None:
    """The person and number of a subject pronoun ("ellos", "nous"), None for any other word (an
    object pronoun too: "les")."""
    tonic = [r for r in analysis.readings if r.tags[:2] == ("prn", "tn")]
    if not tonic or len(tonic) != len(analysis.readings):
        return None
    return _person_number(tonic[0])


def _subject(words: list[tuple[morphology.Analysis, bool]]) -> tuple[str, str] | None:
    """The person and number of the subject that ends right before a verb, from the words before
    it, nearest first, up to the last punctuation (each with whether it is a restored name): a
    subject pronoun not after a preposition, or two names or pronouns joined by a conjunction
    that open the clause ("Ella y Jamie": p3 pl; not "Ils ont nourri Roxy et il a pris")."""
    def one(k: int) -> tuple[str, str] | None:
        if k >= len(words):
            return None
        analysis, name = words[k]
        if name or any(r.tags[:1] == ("np",) for r in analysis.readings):
            return ("p3", "sg")
        return _subject_pronoun(analysis)

    def after_preposition(k: int) -> bool:
        return k < len(words) and any(r.tags[:1] == ("pr",) for r in words[k][0].readings)

    def opens_clause(k: int) -> bool:  # nothing before it but punctuation, or a conjunction: not an object
        return k >= len(words) or any(r.tags[:1] and r.tags[0] in _CONJUNCTIONS for r in words[k][0].readings)

    # an adverb between the subject and the verb ("nosotros no hicieron", "je malheureusement doit")
    words = list(itertools.dropwhile(lambda w: w[0].known and all(r.tags[:1] == ("adv",) for r in w[0].readings),
                                     words))
    last = one(0)
    if last is None:
        return None
    if len(words) > 2 and any(r.tags[:1] == ("cnjcoo",) for r in words[1][0].readings) and opens_clause(3):
        first = one(2)
        if first is not None:
            return ("p1" if "p1" in (first[0], last[0]) else "p3", "pl")
    if words[0][1] or any(r.tags[:1] == ("np",) for r in words[0][0].readings) or after_preposition(1):
        return None  # a name alone says nothing the verb did not already agree with
    return last


def subjects(decoded: Decoded, target: str) -> Decoded:
    """The decoded text with each restored finite verb, or the finite auxiliary right before a
    restored participle or infinitive, in the person and number of the subject right before it.
    The dictionary's translation has a person of its own ("salió"), and the translator had
    conjugated the stand-in in the sentence it built around it: "Ella y Jamie salió" (salieron),
    "nosotros hicieron" (hicimos)."""
    names = {(s.start, s.end) for s in decoded.spans if s.sub.kind == "name"}
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos in ("VERB", "AUX") and not s.sub.in_phrase
             and " " not in decoded.text[s.start:s.end]]
    places = []
    for span in spans:
        before, at = [], span.start
        for _ in range(5):
            m = word_before(decoded.text, at)
            if m is None or not m.group(2).isspace():
                break
            before.append((m.start(), m.end(1)))
            at = m.start()
        if before:
            places.append((span, before))
    if not places or not morphology.available(target, generator=True):
        return decoded
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s, _ in places]
                                        + [decoded.text[a:b] for _, before in places for a, b in before], target)
    rest = iter(analysed[len(places):])
    plans = []
    for k, (span, before) in enumerate(places):
        words = [(a[0] if len(a) == 1 else morphology.Analysis("", ()), (start, end) in names)
                 for a, (start, end) in zip((next(rest) for _ in before), before)]
        verb = analysed[k][0] if len(analysed[k]) == 1 else None
        if verb is None:
            continue
        where, reading = (span.start, span.end), finite(verb)
        if reading is None and _of_class(verb, ("pp", "inf")):
            where, reading, words = before[0], finite(words[0][0]), words[1:]
        wanted = _subject(words) if reading is not None else None
        if reading is None or wanted is None or _person_number(reading) in (None, wanted):
            continue
        tags = tuple(wanted[0] if t in _PERSONS else wanted[1] if t in _NUMBERS else t for t in reading.tags)
        if reading.lemma == "anar" and _of_class(verb, ("inf",)):
            tags = ("vaux", *wanted)  # Catalan's past: the generator writes "vam" for anar<vaux><p1><pl>
        plans.append((where, (reading.lemma, tags)))
    generated = morphology.generate([w for _, w in plans], target)
    return apply_edits(decoded, [(a, b, match_case(decoded.text[a:b], word))
                                 for ((a, b), _), word in zip(plans, generated) if word])


def finite(analysis: morphology.Analysis) -> morphology.Reading | None:
    """The word's reading as a finite verb, when all its verb readings are finite (Catalan's "va"
    is also an adjective)."""
    verbs = [r for r in analysis.readings if r.tags[:1] and r.tags[0] in VERBS | {"vaux"}]
    finites = [r for r in verbs if form_class(".".join(r.tags)) == "fin"]
    return finites[0] if finites and len(finites) == len(verbs) else None


def _of_class(analysis: morphology.Analysis, classes: tuple[str, ...]) -> bool:
    return any(r.tags[:1] and r.tags[0] in VERBS and form_class(".".join(r.tags)) in classes
               for r in analysis.readings)
