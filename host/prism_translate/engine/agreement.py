"""A restored word inflected like the word it replaces (issue 28).

The decoder puts back the dictionary's translation of the original word, as the dictionary has
it ("sorprendido", "dijo"). The translator had inflected the substitute for the sentence it
stood in: feminine after "ella", plural after "ellos", a participle after "ha" ("cansada",
"cogían", "dicho"). Apertium's analyser reads both words; where they are of the same category
and differ in gender, number or verb form, the generator writes the original's lemma with the
substitute's features ("sorprendida"). A noun keeps its own gender: only its number follows.
The words before a restored word that follow it are engine/articles.py's; an article before a
restored unit that opens with a determiner, engine/unit_determiners.py's; an
adjective's side of the noun, engine/adjective_sides.py's; an adjective whose stand-in told no
gender or number, engine/adjective_forms.py's; a number word's gender, engine/numeral_genders.py's.
"""

from __future__ import annotations

import re

from .. import morphology
from ..dictionary.features import AGREEMENT_TAGS
from . import name_genders
from .adjective_forms import base_forms, comparatives
from .adjective_sides import on_own_side
from .articles import articles, before_numbers
from .decode import Decoded
from .edits import NEXT_IN_PARAGRAPH, apply_edits, word_before
from .encode import Substitution, match_case
from .name_articles import name_articles
from .numeral_genders import numeral_genders
from .readings import GENDER, NUMBER, VERBAL, agreeing, gender_number, of, words_before
from .restored_names import in_longer_name, name_edges, name_order
from .unit_determiners import doubled_determiners
from .verb_forms import form_class

# categories whose form agrees with the sentence around them
_INFLECTING = frozenset({"n", "adj", "vblex", "vbser", "vbhaver", "vbmod", "det"})
# the categories that agree with the noun after them, either one where the other stood
_BEFORE_NOUN = frozenset({"det", "adj"})
_OWN = {"NOUN": frozenset({"n"}), "ADJ": VERBAL | {"det"}, "VERB": VERBAL, "AUX": VERBAL, "DET": frozenset({"det"}),
        "ADV": frozenset({"adj"})}


def _wanted(restored: morphology.Analysis, found: morphology.Analysis,
            singular: bool, pos: str) -> tuple[str, tuple[str, ...]] | None:
    """(lemma, tags) of the restored word with the found word's features, or None when they
    already agree or are not of one category. A noun the text has in the singular stays
    singular: a plural there was the stand-in's own ("obstetricias" for "pneumonia"). A found
    word that also reads as a word that never inflects says nothing of the sentence: "mal" (an
    adverb, or "malo" cut short before a masculine noun) made "she's pregnant" "es embarazado"."""
    if any(r.tags[:1] and r.tags[0] not in _INFLECTING for r in found.readings):
        return None
    for mine in restored.readings:
        category = mine.tags[:1]
        if not category or category[0] not in _INFLECTING or category[0] not in _OWN.get(pos, _INFLECTING) \
                or (singular and category[0] == "n"):
            continue
        theirs = next((r for r in found.readings if r.tags[:1] == category), None)
        if category[0] in _BEFORE_NOUN and (theirs is None or category[0] == "det"):
            # a determiner keeps its own kind ("poco" is <qnt>, "quintas" <ord>); an adjective for
            # a determiner and the reverse take the other's gender and number
            theirs = theirs or next((r for r in found.readings if r.tags[:1] and r.tags[0] in _BEFORE_NOUN), None)
            if theirs is not None:
                return _gender_number_of(mine, theirs)
        if theirs is None:
            continue
        own = [t for t in mine.tags if t in AGREEMENT_TAGS]
        other = [t for t in theirs.tags if t in AGREEMENT_TAGS]
        if own == other:
            return None
        if category[0] == "n":  # a noun's gender is its own; its number is the sentence's
            number = [t for t in other if t in NUMBER]
            tags = tuple(t if t not in NUMBER or not number else number[0] for t in mine.tags)
            return (mine.lemma, tags) if tags != mine.tags else None
        # the found word's full tag list, for the original's lemma (it carries sub-tags like <def>)
        return mine.lemma, category + theirs.tags[1:]
    return None


def _gender_number_of(mine: morphology.Reading, theirs: morphology.Reading) -> tuple[str, tuple[str, ...]] | None:
    """(lemma, tags) of a restored determiner or adjective with the gender and number of the
    found determiner or adjective: "pocos" where the stand-in came back "quintas" before
    "personas" is "pocas". None when the found word tells neither (of both genders: "mf", "sp")
    or they agree already."""
    gender = next((t for t in theirs.tags if t in ("m", "f")), None)
    number = next((t for t in theirs.tags if t in ("sg", "pl")), None)
    tags = tuple(gender if t in ("m", "f") and gender else number if t in ("sg", "pl") and number else t
                 for t in mine.tags)
    return (mine.lemma, tags) if tags != mine.tags else None


def _finite(analysis: morphology.Analysis) -> bool:
    return any(r.tags[:1] and r.tags[0] in VERBAL and form_class(".".join(r.tags)) == "fin"
               for r in analysis.readings)


def _links(analysis: morphology.Analysis) -> bool:
    """A word between a noun and the adjective that describes it: a copula or an adverb ("la
    casa era muy fría")."""
    return _copula(analysis) or any(r.tags[:1] == ("preadv",) for r in analysis.readings) or (
        analysis.known and all(r.tags[:1] == ("adv",) for r in analysis.readings))


def _copula(analysis: morphology.Analysis) -> bool:
    return any(r.tags[:1] == ("vbser",) or (r.lemma == "estar" and r.tags[:1] == ("vblex",)) for r in analysis.readings)


def _reinflected(reading: morphology.Reading, stand_in: set[tuple[str, str]],
                 own: tuple[str, str]) -> tuple[str, tuple[str, ...]] | None:
    """(lemma, tags) of an adjective that agreed with the stand-in, with the original's gender and
    number instead; None when it did not agree with the stand-in or agrees with the original."""
    gender = next((t for t in reading.tags if t in GENDER), None)
    number = next((t for t in reading.tags if t in NUMBER), None)
    if gender is None or number is None:
        return None

    def fits(g: str, n: str) -> bool:
        return gender in (g, "mf") and number in (n, "sp")

    if fits(*own) or not any(fits(g, n) for g, n in stand_in):
        return None
    # "vieux" is m.sp: the feminine is "vieille", f.sg
    tags = tuple(own[0] if t == gender and t != "mf" else own[1] if t == number else t for t in reading.tags)
    return reading.lemma, tags


def _auxiliary(analysis: morphology.Analysis, following: list[morphology.Analysis]) -> bool:
    """A finite verb before a copula's infinitive or participle, adverbs between: "a" of "a été"
    (and of Apertium's "a très été"), "ha" of "ha sido", Catalan's "va" of "va ser"."""
    verb = next((a for a in following if not _links(a) or _copula(a)), None)
    return _finite(analysis) and verb is not None and _copula(verb) and not _finite(verb)


def _first_agreeing(words: list[tuple[int, int]], reads: list[morphology.Analysis],
                    name: bool) -> list[tuple[tuple[int, int], morphology.Reading]]:
    """The first adjective or participle after a restored noun or name, across adverbs and a
    copula ("era muy", "a été très", "va ser molt"), as [(its place, its reading)]; [] when the
    first word past those is none, or does not agree with a name."""
    copula = False
    for n, (where, analysis) in enumerate(zip(words[:_REACH], reads)):
        # ("molt" is an adjective too, but before an adjective an adverb)
        if _links(analysis) or _auxiliary(analysis, reads[n + 1:]):
            copula = copula or _copula(analysis)
            continue
        reading = agreeing(analysis)
        # after a name and adverbs alone it agrees with nothing: "Va fer Ana molt nerviós";
        # nor does a word right after a name that is also a finite verb, unless after a copula:
        # Catalan's "va" of "Ana va estudiar" is an adjective too ("vain"), and was once made
        # "Ana vana estudiar" (after a noun an adjective it is: "neumonía grave", not "gravar")
        if reading and (not name or n == 0 or copula) and (copula or not name or not _finite(analysis)):
            return [(where, reading)] + (_coordinated(words[n + 1:], reads[n + 1:]) if name else [])
        return []
    return []


def _coordinated(words: list[tuple[int, int]], reads: list[morphology.Analysis]) -> list[tuple[tuple[int, int], morphology.Reading]]:
    """The adjective or participle joined to the one before `words` by "y", "et", "i", as
    [(its place, its reading)]: "Peter era muy triste y cansado"."""
    if len(reads) < 2 or not any(r.tags[:1] == ("cnjcoo",) for r in reads[0].readings):
        return []
    reading = agreeing(reads[1])
    return [(words[1], reading)] if reading is not None and not _finite(reads[1]) else []


# Targets the translator writes from the source's own analysis, so that a name's gender is the
# source's. Apertium's French comes from English through Spanish, which mixes them: it agrees
# "Sally était très enthousiasmée" but not the participle of a past it makes itself ("Hannah est
# venu"), and a name of both analysers' gender had fewer agreement changes on held-out texts.
_SOURCE_GENDER = frozenset({"es", "ca"})
# how many words after a restored noun or name may separate it from its adjective: "a été très fatiguée"
_REACH = 4


def _name_genders(sub: Substitution, own: set, stand_in: set, source_readings: list[list[morphology.Analysis]],
                  target: str, source: str) -> tuple[set, set]:
    """A restored name's (gender, number) pairs and those the translator agreed its stand-in with
    (name_genders.agreed_with): the first-name lists' gender where they give one ("Sally" is
    masculine to an analyser that lacks it), else from the
    target's readings (`own`, `stand_in`) and the source's (`source_readings`: the name's and the
    stand-in's, where the source has an analyser)."""
    if source_readings:
        own_source, stand_in_source = source_readings
        mine = gender_number(own_source[0], True) if len(own_source) == 1 else set()
        theirs = gender_number(stand_in_source[0], True) if len(stand_in_source) == 1 else set()
        if target in _SOURCE_GENDER:  # the source's reading, where it gives one ("Lion" is a common noun there)
            own, stand_in = mine or own, theirs or stand_in
        else:  # where the source's and the target's analysers agree
            own, stand_in = own & mine, stand_in & theirs
    return name_genders.pairs(sub.original, source, own), name_genders.agreed_with(sub.original, sub.substitute,
                                                                                   source, stand_in)


def _neighbours(decoded: Decoded, target: str, source: str) -> list[tuple[int, int, str]]:
    """(start, end, new word) of each adjective or participle that agreed with a stand-in noun or
    name of another gender or number: right after it ("la almacén nueva"), right before it ("una
    nueva almacén"), or after a copula and adverbs ("Sally era muy entusiasmado"). A name's
    gender is the one the translator reads in the source, also where the target's analyser
    reads the name otherwise: Apertium's English analyser does not know "Luna" and takes it for
    masculine (the plain Catalan has "Luna suplicat")."""
    ends, starts = name_edges(decoded)
    heads = [s for s in decoded.spans if (s.sub.kind == "word" and s.sub.pos == "NOUN" and not s.sub.in_phrase
                                          and not s.sub.agrees and s.found and " " not in s.found.strip())
             or (s.sub.kind == "name" and not in_longer_name(decoded.text, s, ends, starts))]
    taken = {(s.start, s.end) for s in decoded.spans if s.sub.pos not in ("VERB", "AUX")}  # a participle: "Lion dita"
    after: list[list[tuple[int, int]]] = []
    before: list[list[tuple[int, int]]] = []
    for span in heads:
        words, pos = [], span.end
        for _ in range(_REACH + 2 * (span.sub.kind == "name")):  # and a conjunction and adjective
            m = NEXT_IN_PARAGRAPH.match(decoded.text, pos)
            if not m:
                break
            words.append(m.span(1))
            pos = m.end()
        after.append(words)
        m = word_before(decoded.text, span.start)
        before.append([m.span(1)] if m and m.group(2).isspace() else [])
    if not heads:
        return []
    texts = ([decoded.text[s.start:s.end] for s in heads] + [s.found for s in heads]
             + [decoded.text[a:b] for words in after + before for a, b in words])
    analysed = [a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in morphology.analyse_lines(texts, target)]
    rest = iter(analysed[2 * len(heads):])
    by_source = (morphology.analyse_lines([w for s in heads for w in (s.sub.original, s.sub.substitute)], source)
                 if source and morphology.available(source) else [])
    read_after = [[next(rest) for _ in words] for words in after]
    read_before = [[next(rest) for _ in words] for words in before]
    plans: list[tuple[tuple[int, int], tuple[str, tuple[str, ...]]]] = []
    for k, span in enumerate(heads):
        name = span.sub.kind == "name"
        own, stand_in = gender_number(analysed[k], name), gender_number(analysed[len(heads) + k], name)
        if name:
            own, stand_in = _name_genders(span.sub, own, stand_in, by_source[2 * k:2 * k + 2], target, source)
        if len(own) != 1 or not stand_in or own <= stand_in:
            continue
        chosen = _first_agreeing(after[k], read_after[k], name)
        for where, analysis in zip(before[k], read_before[k]):  # an adjective, not an article
            reading = agreeing(analysis)
            # (not before a name: "la ronde finale James", "une fille nommée Tina" agree with the noun before)
            if reading and not name and not any(r.tags[:1] == ("det",) for r in analysis.readings):
                chosen.append((where, reading))
        for where, reading in chosen:
            wanted = _reinflected(reading, stand_in, next(iter(own)))
            if wanted and where not in taken:
                plans.append((where, wanted))
    generated = morphology.generate([w for _, w in plans], target)
    return [(a, b, match_case(decoded.text[a:b], word)) for ((a, b), _), word in zip(plans, generated) if word]


# how many words before a restored adjective its noun phrase may begin: "l'aigua era molt fred"
_PHRASE_REACH = 6
# a word before a place, also one after an elision ("aigua" of "l'aigua")
_ANY_WORD_BEFORE = re.compile(r"(\w+)(\s+|['’])\Z")


def _subject_of(words: list[morphology.Analysis], gaps: list[str]) -> tuple[int, tuple[str, str]] | None:
    """(how many of `words` (nearest first) a restored adjective's noun phrase takes, the noun's
    (gender, number)) where they are a determiner and a noun right before it ("la bola" verd), or
    a determiner, a noun, a copula and adverbs ("l'aigua era molt" fred); None otherwise. After a
    copula, not a noun that ends a preposition's phrase: "el fill de la dona era alt" agrees with
    "fill"."""
    k = 0
    while k < len(words) and _links(words[k]) and not _copula(words[k]):
        k += 1
    copula = k < len(words) and _copula(words[k])
    if copula:
        k += 1
    elif k:  # adverbs between a noun and its adjective without a copula: not a pattern the translator writes
        return None
    if k + 1 >= len(words) or not gaps[k].isspace():
        return None
    noun, det = words[k], of(words[k + 1], frozenset({"det"}))
    own = gender_number(noun, False)
    if det is None or len(own) != 1 or not any(r.tags[:1] == ("n",) for r in noun.readings):
        return None
    (gender, number), = own
    if not (any(t in (gender, "mf") for t in det.tags) and any(t in (number, "sp") for t in det.tags)):
        return None  # the determiner is not this noun's: "la" of "la porta" is also a pronoun
    if copula and (det.joined or (k + 2 < len(words) and of(words[k + 2], frozenset({"pr"})))):
        return None
    return k + 2, (gender, number)


def _noun_phrases(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new word) of each restored adjective that does not agree with the noun of its
    phrase: the translator agreed the substitute with that noun, but a substitute of both genders
    ("brillant", "feliç") or one read as a noun ("green" tagged NOUN in "the green\nball") tells
    the decoder nothing, and the dictionary's form ("verd", "fred") is the masculine singular:
    "la bola verd" -> "la bola verda", "l'aigua era molt fred" -> "l'aigua era molt freda"."""
    spans = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos in ("ADJ", "NOUN", "PROPN")
             and not s.sub.in_phrase and " " not in decoded.text[s.start:s.end]]
    places = [(s, words_before(decoded.text, s.start, _PHRASE_REACH, _ANY_WORD_BEFORE)) for s in spans]
    places = [(s, before) for s, before in places if len(before) >= 2]
    if not places:
        return []
    texts = [decoded.text[s.start:s.end] for s, _ in places] + [s.found for s, _ in places]
    texts += [w + gap.strip() for _, before in places for _, w, gap in before]
    analysed = [a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in morphology.analyse_lines(texts, target)]
    rest = iter(analysed[2 * len(places):])
    plans = []
    for k, ((span, before), head) in enumerate(zip(places, analysed)):
        words = [next(rest) for _ in before]
        reading = agreeing(head)
        found = _subject_of(words, [gap for _, _, gap in before]) if reading is not None else None
        if reading is None or found is None:
            continue
        # where the stand-in shows a gender and number, the translator's own agreement wins:
        # Apertium's Catalan has "alguna cosa nou" ("something new") and agreed the stand-in alike
        shown = agreeing(analysed[len(places) + k])
        if shown is not None and any(t in ("m", "f") for t in shown.tags) and any(t in ("sg", "pl") for t in shown.tags):
            found = found[0], (next(t for t in shown.tags if t in ("m", "f")), next(t for t in shown.tags if t in ("sg", "pl")))
        gender, number = found[1]
        tags = tuple(gender if t in ("m", "f") else number if t in ("sg", "pl") else t for t in reading.tags)
        if tags != reading.tags:
            plans.append((span, (reading.lemma, tags)))
    generated = morphology.generate([w for _, w in plans], target)
    return [(s.start, s.end, match_case(decoded.text[s.start:s.end], word))
            for (s, _), word in zip(plans, generated) if word]


def repair(decoded: Decoded, target: str, source: str = "") -> Decoded:
    """The decoded text with every restored word that the analyser and generator can bring into
    agreement inflected like the word it replaced, and the order the translator gives a restored
    name (with the source's analyser); unchanged without Apertium for the target."""
    if not decoded.spans or not morphology.available(target, generator=True):
        return decoded
    decoded = on_own_side(decoded, target)
    # not a word of a health term of several: its wording is a guess already (verify.py marks it)
    words = [s for s in decoded.spans if s.sub.kind == "word" and not s.sub.in_phrase
             and s.found and " " not in s.found.strip()
             and " " not in decoded.text[s.start:s.end]]
    n = len(words)
    analysed = morphology.analyse_lines([decoded.text[s.start:s.end] for s in words] + [s.found for s in words]
                                        + [s.sub.restore for s in words], target)
    plans = []
    for k, span in enumerate(words):
        mine, theirs = analysed[k], analysed[n + k]
        if len(mine) == 1 and not mine[0].known:  # a plural ending carried over ("felizs"): the dictionary's word
            mine = analysed[2 * n + k]
        wanted = (_wanted(mine[0], theirs[0], span.sub.singular, span.sub.pos)
                  if len(mine) == 1 and len(theirs) == 1 else None)
        if wanted:
            plans.append((span, wanted))
    generated = morphology.generate([w for _, w in plans], target)
    decoded = apply_edits(decoded, [(span.start, span.end, match_case(decoded.text[span.start:span.end], word))
                               for (span, _), word in zip(plans, generated) if word])
    decoded = apply_edits(decoded, base_forms(decoded, target))
    decoded = apply_edits(decoded, comparatives(decoded, target))
    decoded = name_order(decoded, target, source)
    decoded = apply_edits(decoded, _neighbours(decoded, target, source))
    decoded = apply_edits(decoded, doubled_determiners(decoded, target))
    decoded = apply_edits(decoded, articles(decoded, target))
    decoded = apply_edits(decoded, name_articles(decoded, target, source))
    decoded = apply_edits(decoded, before_numbers(decoded, target))
    decoded = apply_edits(decoded, numeral_genders(decoded, target))
    return apply_edits(decoded, _noun_phrases(decoded, target))
