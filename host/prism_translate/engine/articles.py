"""The little words before a restored word that follow it (issue 28): the article or determiner
before a restored noun takes the noun's gender and number ("una problema" -> "un problema",
"del mesa" -> "de la mesa"), an article elides by the restored word's sound ("l'banc" -> "el
banc"), a conjunction, preposition or pronoun follows its sound ("e iglesia" -> "y casa"), Catalan's "de"
before a restored number elides as before that number ("d'1%", "de 5%"). The target's generator
and post-generator write them, as the translator does."""

from __future__ import annotations

import bisect
import itertools
import re

from .. import morphology
from ..dictionary.features import ELIDING
from .decode import Decoded, Restored
from .encode import match_case
from .readings import GENDER, NUMBER, agreeing, gender_number, of, unit, words_before


def _article_tags(article: morphology.Analysis,
                  noun: morphology.Analysis) -> tuple[morphology.Reading, tuple[str, ...]] | None:
    """The determiner's reading and its tags with the noun's gender and number, or None when the
    word before is not a determiner or the noun's gender is not known."""
    det = next((r for r in article.readings if r.tags[:1] == ("det",)), None)
    # the noun's readings (it was restored as a noun), all of one gender and number ("orden" is both)
    own = gender_number(noun, False)
    if det is None or len(own) != 1:
        return None
    (gender, number), = own
    return det, tuple(gender if t in GENDER else number if t in NUMBER else t for t in det.tags)


# words whose form follows the sound of the next word: "y"/"e", "de"/"d'", "que"/"qu'", "a"+"el" = "al",
# and pronouns: "je"/"j'", an object's "le"/"l'" before a verb ("nous l'établissons" -> "nous le renouvelons")
_SOUND_BOUND = frozenset({"cnjcoo", "cnjsub", "pr", "prn"})


def _places(decoded: Decoded) -> list[tuple[Restored, list[tuple[int, str, str]]]]:
    """Each restored word with up to three words before it, nearest first, not across another
    restored word."""
    # the furthest end of the restored words that start before a place (a scan of them all per
    # restored word was quadratic: 11 s for 100,000 characters)
    taken = sorted((s.start, s.end) for s in decoded.spans)
    starts, reach = [a for a, _ in taken], list(itertools.accumulate((b for _, b in taken), max))
    places = []
    for span in decoded.spans:
        if span.sub.kind not in ("word", "name", "calendar") or span.sub.in_phrase:
            continue
        before = words_before(decoded.text, span.start, 3)
        # one that starts before this one is another restored word
        j = bisect.bisect_left(starts, span.start)
        before = [w for w in before if not (j and reach[j - 1] > w[0])]
        if before:
            places.append((span, before))
    return places


def articles(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) of the words before each restored word that follow it and had
    followed the stand-in: the determiner before a noun (across an adjective: "una nueva casa"),
    with the preposition it joins ("de" + "le" = "du", "a" + "el" = "al"), and a conjunction,
    preposition, subordinator or pronoun whose form follows the next word's sound ("e iglesia" -> "y
    casa", "qu'entrepôt" -> "que maison")."""
    places = _places(decoded)
    if not places:
        return []
    texts = [w + gap.strip() for _, before in places for _, w, gap in before]
    texts += [decoded.text[s.start:s.end] for s, _ in places] + [s.found for s, _ in places]
    lines = morphology.analyse_lines(texts, target)
    analysed = iter(a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in lines)
    read = [[next(analysed) for _ in before] for _, before in places]
    heads = [next(analysed) for _ in places]
    stand_ins = list(analysed)
    phrases: list[list[tuple[str, tuple[str, ...]] | str]] = []
    where = []
    checks: list[list[tuple[str, tuple[str, ...]] | str]] = []  # the same phrase before the stand-in
    wrote = []  # ... and as the translator wrote it
    of_both: dict[int, list[tuple[str, tuple[str, ...]] | str]] = {}  # the phrase with the determiner's "mf" kept
    for (span, before), words, head, stand_in in zip(places, read, heads, stand_ins):
        restored = decoded.text[span.start:span.end]
        if _noun_of_its_own(span, head, stand_in) or (head.known and _possessive_before(span, words)):
            # the determiner, right before the noun or before an adjective before it
            k = 0 if of(words[0], frozenset({"det"})) else 1 if (
                len(words) > 1 and agreeing(words[0]) and not of(words[0], frozenset({"det"}))) else None
            found = _article_tags(words[k], head) if k is not None and k < len(words) else None
            if found is not None and k is not None:
                det, tags = found
                units: list[tuple[str, tuple[str, ...]] | str] = list(unit(det, tags))
                first = k
                prep = of(words[k + 1], frozenset({"pr"})) if k + 1 < len(words) and not det.joined else None
                if prep is not None and before[k + 1][2].isspace():
                    units, first = [*unit(prep), *units], k + 1
                middle = [_possessive(words[i], tags) or decoded.text[before[i][0]:before[i][0] + len(before[i][1])]
                          for i in range(k - 1, -1, -1)]
                if "mf" in det.tags:  # of both genders (_or_of_both)
                    both = [(u[0], tuple("mf" if t in GENDER and u[0] == det.lemma else t for t in u[1])) for u in units]
                    of_both[len(phrases)] = both + middle + [restored]
                phrases.append(units + middle + [restored])
                where.append((before[first][0], span.end, decoded.text[before[first][0]:span.end]))
                checks.append([])
                continue
        # an article before a word that was not re-agreed follows its sound, with no check (the
        # post-generator is the translator's own); a conjunction or preposition, where the
        # translator wrote it before the stand-in as the generator does
        article = _eliding_article(words[0], head, span, target)
        bound = of(words[0], _SOUND_BOUND)
        if not span.found or not (article or bound):
            continue
        where.append((before[0][0], span.end, decoded.text[before[0][0]:span.end]))
        if article:
            phrases.append(article + [restored])
            checks.append([])
        elif bound is not None:
            phrases.append(unit(bound) + [restored])
            checks.append(unit(bound) + [span.found])
            wrote.append(decoded.text[before[0][0]:span.start] + span.found)
    phrases = _before_stressed_a(phrases, target)
    written = _or_of_both(morphology.generate_phrases(phrases + [c for c in checks if c], target), of_both, target)
    rewritten = iter(zip(written[len(phrases):], wrote))
    edits = []
    for (start, end, old), new, check in zip(where, written, checks):
        if check:
            # that word comes back as the translator wrote it before the stand-in, or it is left
            # (a line break between them is a space to the generator: "de\nTeresa" of a wrapped line)
            again, original = next(rewritten)
            if again is None or again.lower() != " ".join(original.split()).lower():
                continue
        if new and new.lower() != " ".join(old.split()).lower():
            # a line break the elision takes away goes after the word, as the translator puts it
            kept = "\n" if "\n" in old and " " not in new else ""
            edits.append((start, end, match_case(old.split()[0].split("'")[0], new[:1]) + new[1:] + kept))
    return edits


def _noun_of_its_own(span: Restored, head: morphology.Analysis, stand_in: morphology.Analysis) -> bool:
    """Whether a restored word is a noun whose determiner agreed with the stand-in and may not with
    it: a noun the substitute's translation does not agree as it does (a feature the dictionary
    probed, `agrees`), or does only by the probe's sentence: a noun of both genders ("arte", "mar")
    takes its gender from the sentence ("de la arte" came back "de la camión"). Also a word of
    another part of speech in the source that the translator made a noun, as it did the original
    ("difficult to grip" -> "del agarrador": sent as "pension", "de la pensión"). The probe holds
    for a stand-in the translator made a noun: one it made a gerund ("lunch" sent as "cleaning"
    came back "un limpiando") had an article of its own ("un comida")."""
    if span.sub.kind != "word":
        return False
    if span.sub.pos != "NOUN":
        return _only(head, "n") and _only(stand_in, "n")
    return not span.sub.agrees or (stand_in.known and not any(r.tags[:1] == ("n",) for r in stand_in.readings)) or any(
        r.tags[:1] == ("n",) and "mf" in r.tags for r in stand_in.readings)


def _possessive_before(span: Restored, words: list[morphology.Analysis]) -> bool:
    """Whether a restored noun has a possessive before it (across an adjective; Catalan's "seva" of
    "la seva" is read as an adjective): the dictionary probed the article the translator writes
    with the stand-in, not its possessive, which Apertium's French makes agree apart ("his scheme"
    -> "sa schéma" where "le schéma" is probed masculine, "his name" -> "son nom"), so "sa nom"
    follows the restored noun. (The caller leaves a noun the analyser does not know, which the
    translator left as it is: "sa paws" is its own.)"""
    return span.sub.kind == "word" and span.sub.pos == "NOUN" and any(
        r.tags[1:2] == ("pos",) for w in words[:2] for r in w.readings)


def _possessive(word: morphology.Analysis, tags: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The generator unit of a possessive read as an adjective between the article and the noun
    (Catalan "la seva germà" -> "el seu germà"), with the gender and number of the article's `tags`."""
    reading = next((r for r in word.readings if r.tags[:2] == ("adj", "pos")), None)
    gender = next((t for t in tags if t in GENDER), None)
    number = next((t for t in tags if t in NUMBER), None)
    if reading is None or gender is None or number is None:
        return None
    return reading.lemma, tuple(gender if t in GENDER else number if t in NUMBER else t for t in reading.tags)


def _only(analysis: morphology.Analysis, category: str) -> bool:
    return bool(analysis.readings) and all(r.tags[:1] == (category,) for r in analysis.readings)


def _eliding_article(word: morphology.Analysis, head: morphology.Analysis, span: Restored,
                     target: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """The generator units of the article right before a restored word that was not re-agreed,
    for it to elide or not by that word's sound ("le fugace" -> "l'autre", "l'hâte" -> "la
    boutique"), as the post-generator the translator's output goes through writes it; None when
    the word before is no article or the target does not elide. An elided one is of both genders
    ("l'"): it takes the restored noun's, and is left where that is not one."""
    det = of(word, frozenset({"det"})) if target in ELIDING and span.sub.kind == "word" else None
    if det is None or "mf" not in det.tags:
        return None if det is None else unit(det)
    genders = {g for g, _ in gender_number(head, False)}
    return unit(det, tuple(next(iter(genders)) if t == "mf" else t for t in det.tags)) if len(genders) == 1 else None


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


# Numbers the translator writes "d'" before, in digits: Apertium's Catalan reads "1" and "11"
# ("un", "onze") with a vowel ("un descompte d'1%", "de 5%"); its French writes "de" before any.
_VOWEL_NUMBERS = {"ca": frozenset({"1", "11"})}
# "de" or "d'" right before a place
_OF_BEFORE = re.compile(r"(?<![\w'’])([dD])(e\s+|['’])\Z")


def before_numbers(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
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
