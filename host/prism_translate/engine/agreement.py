"""A restored word inflected like the word it replaces (issue 28).

The decoder puts back the dictionary's translation of the original word, as the dictionary has
it ("sorprendido", "dijo"). The translator had inflected the substitute for the sentence it
stood in: feminine after "ella", plural after "ellos", a participle after "ha" ("cansada",
"cogían", "dicho"). Apertium's analyser reads both words; where they are of the same category
and differ in gender, number or verb form, the generator writes the original's lemma with the
substitute's features ("sorprendida"). A noun keeps its own gender: only its number follows.
The article or determiner right before a restored noun follows the noun: "una problema" ->
"un problema", "l'banc" -> "el banc", "del mesa" -> "de la mesa" (generator and post-generator).
"""

from __future__ import annotations

import bisect
import itertools
import re

from .. import morphology
from .decode import Decoded, Restored
from .edits import NEXT_WORD, WORD_BEFORE, apply_edits
from .restored_names import in_longer_name, name_edges, name_order
from .encode import match_case
from ..dictionary.features import AGREEMENT_TAGS, ELIDING
from .verb_forms import form_class

# categories whose form agrees with the sentence around them
_INFLECTING = frozenset({"n", "adj", "vblex", "vbser", "vbhaver", "vbmod", "det"})
_NUMBER = frozenset({"sg", "pl", "sp"})
# the analyser's categories that can be the original word's own, by its UPOS: "presupuesto" (a
# noun) also reads as a participle of "presuponer", and was once made "presupongo" after "cuadro"
# (a participle stands for an adjective and the reverse: "tired" -> "cansada")
_VERBAL = frozenset({"adj", "vblex", "vbser", "vbhaver", "vbmod"})
_GENDER = frozenset({"m", "f", "mf"})
# the categories that agree with the noun after them, either one where the other stood
_BEFORE_NOUN = frozenset({"det", "adj"})
_OWN = {"NOUN": frozenset({"n"}), "ADJ": _VERBAL | {"det"}, "VERB": _VERBAL, "AUX": _VERBAL, "DET": frozenset({"det"})}


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
            number = [t for t in other if t in _NUMBER]
            tags = tuple(t if t not in _NUMBER or not number else number[0] for t in mine.tags)
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


def _article_tags(article: morphology.Analysis,
                  noun: morphology.Analysis) -> tuple[morphology.Reading, tuple[str, ...]] | None:
    """The determiner's reading and its tags with the noun's gender and number, or None when the
    word before is not a determiner or the noun's gender is not known."""
    det = next((r for r in article.readings if r.tags[:1] == ("det",)), None)
    # the noun's readings (it was restored as a noun), all of one gender and number ("orden" is both)
    own = _gender_number(noun, False)
    if det is None or len(own) != 1:
        return None
    (gender, number), = own
    return det, tuple(gender if t in _GENDER else number if t in _NUMBER else t for t in det.tags)


def _words_before(text: str, start: int, count: int, pattern: re.Pattern = WORD_BEFORE) -> list[tuple[int, str, str]]:
    """Up to `count` words before `start`, nearest first: (start, word, what follows it up to the
    next word: spaces, or the apostrophe of an elision)."""
    out = []
    for _ in range(count):
        m = pattern.search(text, max(0, start - 40), start)
        if m is None:
            break
        out.append((m.start(), m.group(1), m.group(2)))
        start = m.start()
    return out


def _unit(reading: morphology.Reading, tags: tuple[str, ...] | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """A reading as generator units: the parts a contraction joins, then its own lemma and tags."""
    return [(j.split("<", 1)[0], tuple(re.findall(r"<([^>]+)>", j))) for j in reading.joined] + [
        (reading.lemma, reading.tags if tags is None else tags)]


def _of(analysis: morphology.Analysis, categories: frozenset[str]) -> morphology.Reading | None:
    return next((r for r in analysis.readings if r.tags[:1] and r.tags[0] in categories), None)


# words whose form follows the sound of the next word: "y"/"e", "de"/"d'", "que"/"qu'", "a"+"el" = "al"
_SOUND_BOUND = frozenset({"cnjcoo", "cnjsub", "pr"})


def _articles(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) of the words before each restored word that follow it and had
    followed the stand-in: the determiner before a noun (across an adjective: "una nueva casa"),
    with the preposition it joins ("de" + "le" = "du", "a" + "el" = "al"), and a conjunction,
    preposition or subordinator whose form follows the next word's sound ("e iglesia" -> "y
    casa", "qu'entrepôt" -> "que maison")."""
    # the furthest end of the restored words that start before a place (a scan of them all per
    # restored word was quadratic: 11 s for 100,000 characters)
    taken = sorted((s.start, s.end) for s in decoded.spans)
    starts, reach = [a for a, _ in taken], list(itertools.accumulate((b for _, b in taken), max))
    places = []
    for span in decoded.spans:
        if span.sub.kind not in ("word", "name", "calendar") or span.sub.in_phrase:
            continue
        before = _words_before(decoded.text, span.start, 3)
        # not across another restored word (one that starts before this one is another)
        j = bisect.bisect_left(starts, span.start)
        before = [w for w in before if not (j and reach[j - 1] > w[0])]
        if before:
            places.append((span, before))
    if not places:
        return []
    texts = [w + gap.strip() for _, before in places for _, w, gap in before]
    texts += [decoded.text[s.start:s.end] for s, _ in places]
    lines = morphology.analyse_lines(texts, target)
    analysed = iter(a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in lines)
    read = [[next(analysed) for _ in before] for _, before in places]
    heads = list(analysed)
    phrases: list[list[tuple[str, tuple[str, ...]] | str]] = []
    where = []
    checks: list[list[tuple[str, tuple[str, ...]] | str]] = []  # the same phrase before the stand-in
    wrote = []  # ... and as the translator wrote it
    of_both: dict[int, list[tuple[str, tuple[str, ...]] | str]] = {}  # the phrase with the determiner's "mf" kept
    for (span, before), words, head in zip(places, read, heads):
        restored = decoded.text[span.start:span.end]
        if span.sub.kind == "word" and span.sub.pos == "NOUN" and not span.sub.agrees:
            # the determiner, right before the noun or before an adjective before it
            k = 0 if _of(words[0], frozenset({"det"})) else 1 if (
                len(words) > 1 and _agreeing(words[0]) and not _of(words[0], frozenset({"det"}))) else None
            found = _article_tags(words[k], head) if k is not None and k < len(words) else None
            if found is not None and k is not None:
                det, tags = found
                units: list[tuple[str, tuple[str, ...]] | str] = list(_unit(det, tags))
                first = k
                prep = _of(words[k + 1], frozenset({"pr"})) if k + 1 < len(words) and not det.joined else None
                if prep is not None and before[k + 1][2].isspace():
                    units, first = [*_unit(prep), *units], k + 1
                middle = [decoded.text[before[i][0]:before[i][0] + len(before[i][1])] for i in range(k - 1, -1, -1)]
                if "mf" in det.tags:  # of both genders (_or_of_both)
                    both = [(u[0], tuple("mf" if t in _GENDER and u[0] == det.lemma else t for t in u[1])) for u in units]
                    of_both[len(phrases)] = both + middle + [restored]
                phrases.append(units + middle + [restored])
                where.append((before[first][0], span.end, decoded.text[before[first][0]:span.end]))
                checks.append([])
                continue
        # an article before a word that was not re-agreed follows its sound, with no check (the
        # post-generator is the translator's own); a conjunction or preposition, where the
        # translator wrote it before the stand-in as the generator does
        article = _eliding_article(words[0], head, span, target)
        bound = _of(words[0], _SOUND_BOUND)
        if span.found and (article or bound is not None):
            phrases.append((article or _unit(bound)) + [restored])
            where.append((before[0][0], span.end, decoded.text[before[0][0]:span.end]))
            checks.append([] if article else _unit(bound) + [span.found])
            wrote += [] if article else [decoded.text[before[0][0]:span.start] + span.found]
    phrases = _before_stressed_a(phrases, target)
    written = _or_of_both(morphology.generate_phrases(phrases + [c for c in checks if c], target), of_both, target)
    rewritten = iter(zip(written[len(phrases):], wrote))
    edits = []
    for (start, end, old), new, check in zip(where, written, checks):
        if check:
            # that word comes back as the translator wrote it before the stand-in, or it is left
            again, original = next(rewritten)
            if again is None or again.lower() != original.lower():
                continue
        if new and new.lower() != old.lower():
            edits.append((start, end, match_case(old.split()[0].split("'")[0], new[:1]) + new[1:]))
    return edits


def _eliding_article(word: morphology.Analysis, head: morphology.Analysis, span: Restored,
                     target: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """The generator units of the article right before a restored word that was not re-agreed,
    for it to elide or not by that word's sound ("le fugace" -> "l'autre", "l'hâte" -> "la
    boutique"), as the post-generator the translator's output goes through writes it; None when
    the word before is no article or the target does not elide. An elided one is of both genders
    ("l'"): it takes the restored noun's, and is left where that is not one."""
    det = _of(word, frozenset({"det"})) if target in ELIDING and span.sub.kind == "word" else None
    if det is None or "mf" not in det.tags:
        return None if det is None else _unit(det)
    genders = {g for g, _ in _gender_number(head, False)}
    return _unit(det, tuple(next(iter(genders)) if t == "mf" else t for t in det.tags)) if len(genders) == 1 else None


def _or_of_both(written: list[str | None], of_both: dict[int, list], target: str) -> list[str | None]:
    """The phrases written, each one the generator has no word for written again with its
    determiner's "mf" kept: "sus" + a masculine singular noun is "su" (suyo.mf.sg), where "les" is
    "le" (le.m.sg: le.mf.sg is no word)."""
    retry = [k for k in of_both if written[k] is None]
    out = list(written)
    for k, again in zip(retry, morphology.generate_phrases([of_both[k] for k in retry], target)):
        out[k] = again
    return out


def _before_stressed_a(phrases: list[list], target: str) -> list[list]:
    """The phrases with a feminine singular article made masculine where the post-generator writes
    the masculine one before the noun ("el agua", "un área"): "a" + "la" + "área" is then "al
    área", which the post-generator does not join by itself."""
    probe = [k for k, p in enumerate(phrases) if len(p) > 1 and isinstance(p[-2], tuple)
             and ("def" in p[-2][1] or "ind" in p[-2][1]) and "f" in p[-2][1] and "sg" in p[-2][1]]
    masculine = [(p[-2][0], tuple("m" if t == "f" else t for t in p[-2][1])) for p in (phrases[k] for k in probe)]
    written = morphology.generate_phrases([[phrases[k][-2], phrases[k][-1]] for k in probe]
                                          + [[m] for m in masculine], target)
    out = list(phrases)
    for n, k in enumerate(probe):
        together, alone = written[n], written[len(probe) + n]
        if together and alone and " " in together and together.split()[0].lower() == alone.lower():
            out[k] = phrases[k][:-2] + [masculine[n], phrases[k][-1]]
    return out


def _gender_number(analysis: morphology.Analysis, name: bool) -> set[tuple[str, str]]:
    """The (gender, number) pairs a noun's or name's readings give it ("orden" has two). A name
    or noun the analyser does not know (one the translator left untranslated: "raccoon") is
    masculine singular, as Apertium's transfer takes it: "el raccoon", "un dorado puppy", "su
    paws", in es, fr and ca alike."""
    categories = ("np", "n") if name else ("n",)
    pairs = {(g, n) for r in analysis.readings if r.tags[:1] and r.tags[0] in categories
             for g in r.tags if g in ("m", "f") for n in r.tags if n in ("sg", "pl")}
    return pairs or ({("m", "sg")} if analysis.surface and not analysis.known else set())


def _agreeing(analysis: morphology.Analysis) -> morphology.Reading | None:
    """The reading by which a word agrees with a noun: an adjective or a participle."""
    return next((r for r in analysis.readings if r.tags[:1] == ("adj",)
                 or (r.tags[:1] and r.tags[0] in _VERBAL and "pp" in r.tags)), None)


def _finite(analysis: morphology.Analysis) -> bool:
    return any(r.tags[:1] and r.tags[0] in _VERBAL and form_class(".".join(r.tags)) == "fin"
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
    gender = next((t for t in reading.tags if t in _GENDER), None)
    number = next((t for t in reading.tags if t in _NUMBER), None)
    if gender is None or number is None:
        return None

    def fits(g: str, n: str) -> bool:
        return gender in (g, "mf") and number in (n, "sp")

    if fits(*own) or not any(fits(g, n) for g, n in stand_in):
        return None
    # "vieux" is m.sp: the feminine is "vieille", f.sg
    tags = tuple(own[0] if t == gender and t != "mf" else own[1] if t == number else t for t in reading.tags)
    return reading.lemma, tags


# Targets the translator writes from the source's own analysis, so that a name's gender is the
# source's. Apertium's French comes from English through Spanish, which mixes them: it agrees
# "Sally était très enthousiasmée" but not the participle of a past it makes itself ("Hannah est
# venu"), and a name of both analysers' gender had fewer agreement changes on held-out texts.
_SOURCE_GENDER = frozenset({"es", "ca"})
# how many words after a restored noun or name may separate it from its adjective: "era muy fría"
_REACH = 3


def _name_genders(own: set, stand_in: set, own_source: list[morphology.Analysis],
                  stand_in_source: list[morphology.Analysis], target: str) -> tuple[set, set]:
    """A restored name's and its stand-in's (gender, number) pairs, given the target's and the source's readings."""
    mine = _gender_number(own_source[0], True) if len(own_source) == 1 else set()
    theirs = _gender_number(stand_in_source[0], True) if len(stand_in_source) == 1 else set()
    if target in _SOURCE_GENDER:  # the source's reading, where it gives one ("Lion" is a common noun there)
        return mine or own, theirs or stand_in
    return own & mine, stand_in & theirs  # where the source's and the target's analysers agree


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
    taken = {(s.start, s.end) for s in decoded.spans}
    after: list[list[tuple[int, int]]] = []
    before: list[list[tuple[int, int]]] = []
    for span in heads:
        words, pos = [], span.end
        for _ in range(_REACH):
            m = NEXT_WORD.match(decoded.text, pos)
            if not m:
                break
            words.append(m.span(1))
            pos = m.end()
        after.append(words)
        m = WORD_BEFORE.search(decoded.text, max(0, span.start - 40), span.start)
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
        own, stand_in = _gender_number(analysed[k], name), _gender_number(analysed[len(heads) + k], name)
        if name and by_source:
            own, stand_in = _name_genders(own, stand_in, by_source[2 * k], by_source[2 * k + 1], target)
        if len(own) != 1 or not stand_in or own <= stand_in:
            continue
        chosen = []
        copula = False
        for n, (where, analysis) in enumerate(zip(after[k], read_after[k])):  # the first adjective, across links
            if _links(analysis):  # "molt" is an adjective too, but before an adjective an adverb
                copula = copula or _copula(analysis)
                continue
            reading = _agreeing(analysis)
            # after a name and adverbs alone it agrees with nothing: "Va fer Ana molt nerviós";
            # nor does a word right after a name that is also a finite verb, unless after a copula:
            # Catalan's "va" of "Ana va estudiar" is an adjective too ("vain"), and was once made
            # "Ana vana estudiar" (after a noun an adjective it is: "neumonía grave", not "gravar")
            if reading and (not name or n == 0 or copula) and (copula or not name or not _finite(analysis)):
                chosen.append((where, reading))
            break
        for where, analysis in zip(before[k], read_before[k]):  # an adjective, not an article
            reading = _agreeing(analysis)
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
    noun, det = words[k], _of(words[k + 1], frozenset({"det"}))
    own = _gender_number(noun, False)
    if det is None or len(own) != 1 or not any(r.tags[:1] == ("n",) for r in noun.readings):
        return None
    (gender, number), = own
    if not (any(t in (gender, "mf") for t in det.tags) and any(t in (number, "sp") for t in det.tags)):
        return None  # the determiner is not this noun's: "la" of "la porta" is also a pronoun
    if copula and (det.joined or (k + 2 < len(words) and _of(words[k + 2], frozenset({"pr"})))):
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
    places = [(s, _words_before(decoded.text, s.start, _PHRASE_REACH, _ANY_WORD_BEFORE)) for s in spans]
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
        reading = _agreeing(head)
        found = _subject_of(words, [gap for _, _, gap in before]) if reading is not None else None
        if reading is None or found is None:
            continue
        # where the stand-in shows a gender and number, the translator's own agreement wins:
        # Apertium's Catalan has "alguna cosa nou" ("something new") and agreed the stand-in alike
        shown = _agreeing(analysed[len(places) + k])
        if shown is not None and any(t in ("m", "f") for t in shown.tags) and any(t in ("sg", "pl") for t in shown.tags):
            found = found[0], (next(t for t in shown.tags if t in ("m", "f")), next(t for t in shown.tags if t in ("sg", "pl")))
        gender, number = found[1]
        tags = tuple(gender if t in ("m", "f") else number if t in ("sg", "pl") else t for t in reading.tags)
        if tags != reading.tags:
            plans.append((span, (reading.lemma, tags)))
    generated = morphology.generate([w for _, w in plans], target)
    return [(s.start, s.end, match_case(decoded.text[s.start:s.end], word))
            for (s, _), word in zip(plans, generated) if word]


# Numbers the translator writes "d'" before, in digits: Apertium's Catalan reads "1" and "11"
# ("un", "onze") with a vowel ("un descompte d'1%", "de 5%"); its French writes "de" before any.
_VOWEL_NUMBERS = {"ca": frozenset({"1", "11"})}
# "de" or "d'" right before a place
_OF_BEFORE = re.compile(r"(?<![\w'’])([dD])(e\s+|['’])\Z")


def _before_numbers(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) of the "de" before each restored number, elided or not as the
    translator writes it before that number: the stand-in's digits had their own ("d'11%" back as
    "d'5%" -> "de 5%")."""
    vowel = _VOWEL_NUMBERS.get(target)
    if vowel is None:
        return []
    edits = []
    for span in decoded.spans:
        m = _OF_BEFORE.search(decoded.text, max(0, span.start - 5), span.start) if span.sub.kind == "number" else None
        number = re.match(r"\d+(?![\d.,]\d)", decoded.text[span.start:span.end])
        if m is None or number is None:
            continue
        elide = number.group() in vowel
        if elide == m.group(2).startswith("e"):
            edits.append((m.start(), span.start, m.group(1) + ("'" if elide else "e ")))
    return edits


def repair(decoded: Decoded, target: str, source: str = "") -> Decoded:
    """The decoded text with every restored word that the analyser and generator can bring into
    agreement inflected like the word it replaced, and the order the translator gives a restored
    name (with the source's analyser); unchanged without Apertium for the target."""
    # not a word of a health term of several: its wording is a guess already (verify.py marks it)
    words = [s for s in decoded.spans if s.sub.kind == "word" and not s.sub.in_phrase
             and s.found and " " not in s.found.strip()
             and " " not in decoded.text[s.start:s.end]]
    if not decoded.spans or not morphology.available(target, generator=True):
        return decoded
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
    decoded = name_order(decoded, target, source)
    decoded = apply_edits(decoded, _neighbours(decoded, target, source))
    decoded = apply_edits(decoded, _articles(decoded, target))
    decoded = apply_edits(decoded, _before_numbers(decoded, target))
    return apply_edits(decoded, _noun_phrases(decoded, target))
