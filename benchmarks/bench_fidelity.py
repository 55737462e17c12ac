"""How close the private translation reads to the plain one, per target and r (issue 28).

    .venv/bin/python benchmarks/bench_fidelity.py [--split held-out] [--pairs en-es en-fr ...]
        [--ratios 0.2 0.5 1] [--seeds 2] [--out docs/evaluation-runs/fidelity] [--compare OLD.json]
        [--file TEXTS.jsonl]

For each pair and r, PRISM* (or --method) with entity protection on, as the product runs, seeds
0..N-1, over e-mails (examples/, tests/data/emails) and MCTest stories (the package's mctest
data), through the local Apertium:
- corpus chrF (sacrebleu) of the private translation against the plain translation of the same
  text by the same translator; and against the plain translation with the names the private one
  keeps written as the user wrote them ("chrF, names as written": the plain one translates a pet
  called "Peanut" as "Cacahuete", the private one keeps the name; names_as_written);
- share of words hidden (substitutions / word tokens);
- defects the plain translation does not have, counted automatically:
  repeated words ("más más"), a capital in mid-sentence right after a restored name ("Daniel
  Piensa"), agreement changes (a word of the plain translation come back in another form of
  the same lemma, by Apertium's analyser of the target: "la almacén", "Una día"; and elisions
  before a consonant: "l'banc"; not the plain translation's own bare participle where the source
  has a finite past the private one writes: "pensat realment dur" against "va pensar", nor an
  adverb of the source the plain one inflects like an adjective: "Rose rió dura" against "rió
  duro", nor the plain translation's own gender of a real first name the private one writes
  right: "Todd era muy sorprendida" against "sorprendido", nor the plain translation's own finite
  verb right after a modal where the private one writes the infinitive: "Puede lo fijamos"
  against "Puede lo fijar", each counted apart), stand-ins left
  (substitutions not restored).
Texts are split into a tune set and a held-out set (fixed below) so that fixes are judged on texts
they were not tuned on. Writes OUT.json, OUT.md (a Markdown table) and OUT.png (chrF against the
share of words hidden); with --compare, the table shows the change from an earlier run's JSON.
--file runs on texts the project has never seen instead (JSON lines with "text" and optional
"genre"; every line in the source language of the pairs asked for), for a re-check on others' texts.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from prism_translate import morphology
from prism_translate.api import unscramble
from prism_translate.dictionary.format import find_dictionary
from prism_translate.engine import name_genders
from prism_translate.engine.encode import encode
from prism_translate.engine.lexicon import lexicon
from prism_translate.engine.tokenize import analyse_many
from prism_translate.engine.verb_forms import finite_past, form_class
from prism_translate.engine.verbs import past_auxiliary
from prism_translate.evaluation import mctest
from prism_translate.translators.registry import get_translator

ROOT = Path(__file__).resolve().parents[1]
EMAILS = ROOT / "tests" / "data" / "emails"
STORIES = 12  # MCTest stories per set and source language
# Children's stories with quoted dialogue, written for the project (tests/data/fidelity/README.md):
# MCTest has little dialogue, which others' stories are full of. English, tune set only.
DIALOGUE_STORIES = ROOT / "tests" / "data" / "fidelity" / "stories"

# Tune on these, judge on the others: the split is by file, fixed, never by result.
TUNE_EMAILS = {"01", "02", "03", "04", "05"}
TUNE_EMAILS_FOREIGN = {"01", "02"}


def _emails(lang: str, split: str) -> list[str]:
    folder = EMAILS if lang == "en" else EMAILS / lang
    tune = TUNE_EMAILS if lang == "en" else TUNE_EMAILS_FOREIGN
    files = sorted(folder.glob("*.txt"))
    if lang == "en":
        files.append(ROOT / "examples" / "email.txt")  # the README's example: held out
    chosen = [f for f in files if (f.name[:2] in tune) == (split == "tune") or split == "all"]
    return [f.read_text(encoding="utf-8") for f in chosen]


def _stories(lang: str, split: str) -> list[str]:
    """English: MC160 dev and the dialogue stories to tune, MC160 test held out. Spanish: MC160 test rendered into Spanish,
    its first stories to tune and later ones held out. French and Catalan have no stories."""
    if lang == "en":
        names = {"tune": ["mc160.dev.tsv"], "held-out": ["mc160.test.tsv"]}.get(split, ["mc160.dev.tsv", "mc160.test.tsv"])
        dialogue = [] if split == "held-out" else [f.read_text(encoding="utf-8") for f in sorted(DIALOGUE_STORIES.glob("*.txt"))]
        return [s.text for name in names for s in mctest.load(mctest.resolve(name))[:STORIES]] + dialogue
    if lang == "es":
        stories = [s.text for s in mctest.load(mctest.rendered("mc160.test", "es"), mctest.answers_path(mctest.resolve("mc160.test")))]
        return {"tune": stories[:STORIES], "held-out": stories[30:30 + STORIES]}.get(split, stories[:STORIES] + stories[30:30 + STORIES])
    return []


def corpus(source: str, split: str, file: Path | None = None) -> list[tuple[str, str]]:
    if file is not None:
        lines = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line.strip()]
        return [(line.get("genre", "email"), line["text"]) for line in lines]
    return [("email", t) for t in _emails(source, split)] + [("story", t) for t in _stories(source, split)]


# -- defects -------------------------------------------------------------------------------------

_REPEAT = re.compile(r"\b(\w+)(?:\s+\1\b)+", re.IGNORECASE)
# an elided article or preposition before a consonant: "l'banc", "L'tauló", "d'carrer"; not before
# an "s" and a consonant, which Catalan says with a vowel first and Apertium elides ("l'Snowden")
_BAD_ELISION = re.compile(r"\b[ldLD]['’](?![aeiouhàáâèéêíîïòóôúûüAEIOUHÀÁÈÉÍÒÓÚ]|[sS][^\W\daeiouyàáâèéêíîïòóôúûü])\w")


def repeated_words(private: str, plain: str) -> int:
    return max(0, len(_REPEAT.findall(private)) - len(_REPEAT.findall(plain)))


def capitals_after_names(decoded, plain: str) -> int:
    """Restored names followed, in mid-sentence, by a capitalised word that the plain translation
    writes in lower case ("Daniel Piensa" where the plain one has "Daniel piensa")."""
    plain_words = set(re.findall(r"\w+", plain))
    name_starts = {s.start for s in decoded.spans if s.sub.kind == "name"}
    count = 0
    for span in decoded.spans:
        if span.sub.kind != "name":
            continue
        m = re.match(r"[ \t]+(\w+)", decoded.text[span.end:])
        if not m or span.end + m.start(1) in name_starts:
            continue
        word = m.group(1)
        if f"{span.sub.original} {word}" in plain:
            continue  # the plain translation has that capital after the name too ("Rachel Nguyen")
        if word[:1].isupper() and not word.isupper() and word[:1].lower() + word[1:] in plain_words:
            count += 1
    return count


def _words(analyses: list[morphology.Analysis]) -> list[morphology.Analysis]:
    return [a for a in analyses if re.search(r"\w", a.surface)]


# Apertium's verb categories: an inflection change of one of these is a broken verb phrase
# ("cumplido" for "cumplió", "salió" for "salieron"), counted on its own as well.
VERBAL = frozenset({("vblex",), ("vbser",), ("vbhaver",), ("vbmod",), ("vaux",)})
VERBAL_TAGS = frozenset(category for category, in VERBAL)


def changed_words(private: list[morphology.Analysis], plain: list[morphology.Analysis]) \
        -> list[tuple[int, int, frozenset]]:
    """(private word index, plain word index, the (lemma, category) keys they share) of each word
    that differs from the plain translation's at the same place only in its inflection (a shared
    lemma and part of speech); the indices count words (analyses with a letter or digit)."""
    a, b = _words(private), _words(plain)
    matcher = difflib.SequenceMatcher(a=[w.surface.lower() for w in a], b=[w.surface.lower() for w in b],
                                      autojunk=False)
    changes = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace":
            continue
        left = list(range(j1, j2))
        for i in range(i1, i2):
            word = a[i]
            keys = {(r.lemma.lower(), r.tags[:1]) for r in word.readings}
            match = next((k for k, j in enumerate(left) if b[j].surface.lower() != word.surface.lower()
                          and keys & {(r.lemma.lower(), r.tags[:1]) for r in b[j].readings}), None)
            if match is not None:
                j = left.pop(match)
                changes.append((i, j, frozenset(keys & {(r.lemma.lower(), r.tags[:1]) for r in b[j].readings})))
    return changes


def offsets(text: str, words: list[morphology.Analysis]) -> list[int]:
    """Where each analysed word starts in text (the analyser reads as_read(text), in order)."""
    read, at, found = morphology.as_read(text), 0, []
    for word in words:
        start = read.find(word.surface, at)
        start = at if start < 0 else start
        found.append(start)
        at = start + len(word.surface)
    return found


# the tenses of a finite past (Apertium's: preterite, imperfect, English past)
_PAST_TENSES = frozenset({"ifi", "pii", "past"})


def _past(words: list[morphology.Analysis], i: int) -> bool:
    """Whether words[i] is a past: a finite one, or an infinitive or participle after the
    auxiliary of one ("va pensar", "a regardé")."""
    if any(r.tags[:1] and r.tags[0] in VERBAL_TAGS and _PAST_TENSES & set(r.tags) for r in words[i].readings):
        return True
    return i > 0 and past_auxiliary(words[i - 1]) and any(
        form_class(".".join(r.tags)) in ("inf", "pp") for r in words[i].readings)


def _bare_participle(analyses: list[morphology.Analysis], j: int) -> bool:
    """Whether analyses[j] reads only as a participle among its verb readings, with no verb right
    before it ("pensat realment dur", "rodada damunt") nor an auxiliary before a participle
    earlier in its sentence, which it may share ("l'a vu, agité et souri")."""
    verbal = [r for r in analyses[j].readings if r.tags[:1] and r.tags[0] in VERBAL_TAGS]
    words = [k for k in range(j) if re.search(r"\w", analyses[k].surface)]
    if not verbal or not all("pp" in r.tags for r in verbal) or (
            words and any(r.tags[:1] and r.tags[0] in VERBAL_TAGS for r in analyses[words[-1]].readings)):
        return False
    sentence = max((k for k in range(j) if analyses[k].surface.strip() in (".", "!", "?")), default=-1)
    return not any(past_auxiliary(analyses[k]) and any("pp" in r.tags for r in analyses[k + 1].readings)
                   for k in range(sentence + 1, j - 1))


def plains_own(changes: list[tuple[int, int, frozenset]], private: list[morphology.Analysis],
               plain: list[morphology.Analysis], decoded, tokens, dictionary=None) -> set[int]:
    """The changes (indices in `changes`) that are the plain translation's own tagging error, which
    the private one writes right: a restored verb the source has as a finite past by its sentence
    ("Ana thought hard") that the private translation writes as a past ("va pensar"), where the
    plain one has a bare participle ("pensat realment dur"); given the dictionary, the same of a
    verb not restored, of a lemma only the source's finite pasts translate into (_past_lemmas),
    and an adverb the plain one inflects (inflected_adverbs); a noun the source has in the singular
    that the plain one makes plural, with its phrase (plural_singulars). Not defects of the private one."""
    own = inflected_adverbs(changes, private, plain, tokens, dictionary) if dictionary is not None else set()
    own |= plural_singulars(changes, private, plain, decoded)
    pasts = _past_lemmas(tokens, dictionary) if dictionary is not None else frozenset()
    a = _words(private)
    plain_words = [k for k, w in enumerate(plain) if re.search(r"\w", w.surface)]  # _words' indices in plain
    starts = offsets(decoded.text, a)
    verbs = [s for s in decoded.spans if s.sub.pos == "VERB"]
    for n, (i, j, shared) in enumerate(changes):
        span = next((s for s in verbs if s.start <= starts[i] < s.end), None)
        past = finite_past(tokens, span.sub.index) if span is not None else \
            any(lemma in pasts for lemma, category in shared if category and category[0] in VERBAL_TAGS)
        if past and _past(a, i) and _bare_participle(plain, plain_words[j]):
            own.add(n)
    return own


def _singular_for_plural(mine: morphology.Analysis, theirs: morphology.Analysis, categories: frozenset[str]) -> bool:
    """Whether the private word is the plain one's singular: a reading of these categories of one
    lemma and gender, singular in the private word (never plural) and plural in the plain one."""
    def keys(word: morphology.Analysis, number: str) -> set:
        return {(r.lemma.lower(), r.tags[0], tuple(t for t in r.tags if t in ("m", "f", "mf"))) for r in word.readings
                if r.tags[:1] and r.tags[0] in categories and number in r.tags}
    return not any("pl" in r.tags for r in mine.readings) and bool(keys(mine, "sg") & keys(theirs, "pl"))


# how many words of a noun's phrase may stand on either side of it: "una caixa petita"
PHRASE_REACH = 2


def plural_singulars(changes: list[tuple[int, int, frozenset]], private: list[morphology.Analysis],
                     plain: list[morphology.Analysis], decoded) -> set[int]:
    """The changes (indices in `changes`) where the plain translation writes a restored noun the
    source has in the singular in the plural, and the determiners and adjectives of its phrase
    with it, which the private one writes in the singular: "Every child got a small box of seeds"
    is "una caixa petita" in the private Catalan, "unes caixes petites" in the plain one. Only a
    difference of number (one lemma and gender), within PHRASE_REACH words of the noun in the
    same clause."""
    a, b = _words(private), _words(plain)
    starts = offsets(decoded.text, a)
    singular = [s for s in decoded.spans if s.sub.kind == "word" and s.sub.pos == "NOUN" and s.sub.singular]
    nouns = {i for i, j, _ in changes if any(s.start <= starts[i] < s.end for s in singular)
             and _singular_for_plural(a[i], b[j], frozenset({"n"}))}
    own = set()
    for n, (i, j, _) in enumerate(changes):
        phrase = i in nouns or any(
            0 < abs(i - k) <= PHRASE_REACH
            and not re.search(r"[.,;:!?]", decoded.text[min(starts[i], starts[k]):max(starts[i], starts[k])])
            for k in nouns)
        if phrase and _singular_for_plural(a[i], b[j], frozenset({"n", "det", "adj"})):
            own.add(n)
    return own


def _past_lemmas(tokens, dictionary) -> frozenset[str]:
    """The target's lemmas of the dictionary's translations of the text's verbs that are finite
    pasts by their sentence (finite_past: "Chloe said"), less those of its other verbs ("a dog
    named Biscuit"): a word of such a lemma the plain translation writes as a bare participle
    ("Chloe dite", "Gràcia dita") where the private one has a past ("Chloe dit", "va dir Grace")
    is the plain one's error, whether or not the verb was hidden (the name was)."""
    kinds: dict[bool, set[str]] = {True: set(), False: set()}
    for k, tok in enumerate(tokens):
        entry = dictionary.lookup(tok.text.lower(), "VERB") if tok.pos == "VERB" else None
        if entry is not None:
            kinds[finite_past(tokens, k)].add(entry.restored)
    words = sorted(kinds[True] | kinds[False])
    lemmas = dict(zip(words, ({r.lemma.lower() for w in a for r in w.readings if r.tags[:1] and r.tags[0] in VERBAL_TAGS}
                              for a in morphology.analyse_lines(words, dictionary.target)))) if words else {}
    past = set().union(*(lemmas[w] for w in kinds[True]))
    return frozenset(past - set().union(*(lemmas[w] for w in kinds[False])))


# how many words may stand between a restored first name and a word that agrees with it: "Todd era muy" sorprendido
NAME_REACH = 3


def _genders(word: morphology.Analysis) -> set[str]:
    """The genders of a word's adjective and verb (participle) readings."""
    return {t for r in word.readings if r.tags[:1] and r.tags[0] in VERBAL_TAGS | {"adj"}
            for t in r.tags if t in ("m", "f", "mf")}


def plains_name_genders(changes: list[tuple[int, int, frozenset]], private: list[morphology.Analysis],
                        plain: list[morphology.Analysis], decoded, plain_text: str, source: str) -> set[int]:
    """The changes (indices in `changes`) that are the plain translation's own gender of a real
    first name, which the private one writes right: Apertium lacks "Todd" or "Luna" and guesses
    ("Todd era muy sorprendida", "Luna era molt temorós"); the private translation, after the
    decoder's repair, has "sorprendido", "temorosa". Such a change is one where the private word
    is an adjective or participle of exactly the gender the product's first-name lists give the
    restored name before it (engine/name_genders.py), within NAME_REACH words and the same
    sentence, the plain word of the other gender only, and the plain translation has the same
    words from the name to it: the same phrase about the same person, not another parse ("Rose
    va riure dura" against "Va ascendir rigut dur" stays a change)."""
    a, b = _words(private), _words(plain)
    starts, plain_starts = offsets(decoded.text, a), offsets(plain_text, b)
    names = [s for s in decoded.spans if s.sub.kind == "name"]
    own = set()
    for n, (i, j, _) in enumerate(changes):
        at = starts[i]
        before = [s for s in names if s.end <= at and not re.search(r"[.!?;:]", decoded.text[s.end:at])
                  and len(re.findall(r"\w+", decoded.text[s.end:at])) <= NAME_REACH]
        gender = name_genders.gender(before[-1].sub.original, source) if before else ""
        if not gender or _genders(a[i]) != {gender} or not _genders(b[j]) or _genders(b[j]) & {gender, "mf"}:
            continue
        phrase = re.findall(r"\w+", decoded.text[before[-1].start:at].lower())
        if re.findall(r"\w+", plain_text[:plain_starts[j]].lower())[-len(phrase):] == phrase:
            own.add(n)
    return own


@functools.lru_cache(maxsize=None)
def _common_noun(word: str, source: str) -> bool:
    """Whether the source's analyser reads a name, lower-cased, as a common noun ("grace", "will", "lily")."""
    return morphology.available(source) and any(
        r.tags[:1] == ("n",) for a in morphology.analyse_lines([word.lower()], source) for w in a for r in w.readings)


def plains_name_words(changes: list[tuple[int, int, frozenset]], private: list[morphology.Analysis],
                      plain: list[morphology.Analysis], decoded, source: str) -> set[int]:
    """The changes (indices in `changes`) where the plain translation read a first name as the
    common noun it also is and made the words around it agree with that noun: "his older brother
    Will" plain "la seva Voluntat de germà més vella", private "el seu germà més vell Will"; "Lily
    was sure" plain "El lliri era segur", private "Lily era segura". Such a change is one within
    NAME_REACH words of a restored name (the same sentence, either side) that the source's
    analyser reads lower-cased as a common noun, the nearest name to the changed word, where the
    plain translation does not have the name near the changed word, the first-name lists give the
    name a gender, the private word is of that gender only and the plain one of the other only: the
    difference is the gender alone (a word of the other gender, or by a name of no listed gender,
    may have agreed with its stand-in: "Tiger dite" by "Marilyn" is counted; "fa" against "fer" is
    no gender's)."""
    a, b = _words(private), _words(plain)
    starts = offsets(decoded.text, a)
    names = [s for s in decoded.spans if s.sub.kind == "name"]
    own = set()
    for n, (i, j, _) in enumerate(changes):
        at = starts[i]
        # the words between the changed word and the name, not the changed word's own: "el seu" is
        # three words from "Will" in "el seu germà més vell Will", as "vell" is none
        end = at + len(a[i].surface)
        between = [(decoded.text[s.end:at] if s.end <= at else decoded.text[end:max(end, s.start)], s) for s in names]
        gaps = [(len(re.findall(r"\w+", text)), s) for text, s in between if not re.search(r"[.!?;:]", text)]
        gap, span = min(gaps, key=lambda g: g[0], default=(NAME_REACH + 1, None))
        if span is None or gap > NAME_REACH or not _common_noun(span.sub.original, source):
            continue
        around = {w.surface.lower() for w in b[max(0, j - NAME_REACH - 2):j + NAME_REACH + 3]}
        gender = name_genders.gender(span.sub.original, source)
        plain_genders = {t for r in b[j].readings for t in r.tags if t in ("m", "f", "mf")}
        if span.sub.original.lower() not in around and gender and \
                {t for r in a[i].readings for t in r.tags if t in ("m", "f", "mf")} == {gender} \
                and plain_genders and not plain_genders & {gender, "mf"}:
            own.add(n)
    return own


def _after_head(words: list[morphology.Analysis], i: int, target: str) -> str:
    """The word before words[i], past its object pronouns ("Puede lo fijamos"), lower-cased, where
    it takes a bare infinitive: a modal by the target's analyser ("puede", "doit", "pot") or a verb
    of the language's infinitive_heads ("suele", "va"); "" where it does not."""
    lang = lexicon(target)
    k = i - 1
    while k >= 0 and words[k].surface.lower() in lang.object_clitics:
        k -= 1
    if k < 0 or not any(r.tags[:1] == ("vbmod",) or (r.tags[:1] and r.tags[0] in VERBAL_TAGS
                                                       and r.lemma.lower() in lang.infinitive_heads)
                        for r in words[k].readings):
        return ""
    return words[k].surface.lower()


def plains_finite_after_modals(changes: list[tuple[int, int, frozenset]], private: list[morphology.Analysis],
                               plain: list[morphology.Analysis], target: str) -> set[int]:
    """The changes (indices in `changes`) where the plain translation writes a finite verb right
    after a word that takes an infinitive and the private one the infinitive after the same word:
    "Can we fix it?" plain "Puede lo fijamos?", private "Puede lo fijar?"; "Elle va cherche"
    against "va chercher". The plain word reads only as finite (no infinitive reading), the private
    one as that verb's infinitive: the plain translation's own error, not the private one's."""
    a, b = _words(private), _words(plain)
    own = set()
    for n, (i, j, shared) in enumerate(changes):
        lemmas = {lemma for lemma, category in shared if category and category[0] in VERBAL_TAGS}
        plain_verbal = [r for r in b[j].readings if r.tags[:1] and r.tags[0] in VERBAL_TAGS]
        if (lemmas and plain_verbal and all(form_class(".".join(r.tags)) not in ("inf", "pp", "ger") for r in plain_verbal)
                and any(r.lemma.lower() in lemmas and "inf" in r.tags for r in a[i].readings)
                and _after_head(b, j, target) and _after_head(a, i, target) == _after_head(b, j, target)):
            own.add(n)
    return own


def agreement_changes(private: list[morphology.Analysis], plain: list[morphology.Analysis], private_text: str,
                      plain_text: str, verbs: Counter | None = None, decoded=None, tokens=None,
                      source: str = "", dictionary=None, target: str = "") -> int:
    """changed_words, plus elisions before a consonant the plain one lacks, less the plain
    translation's own errors (given the decoded text, the source's tokens and the dictionary):
    its bare participles and adverbs (plains_own, added to verbs["plain_own"] instead), its
    genders of first names (plains_name_genders, added to verbs["plain_name_gender"]), its names
    read as common nouns (plains_name_words, added to verbs["plain_name_word"]) and, given the
    target, its finite verbs after a modal (plains_finite_after_modals, added to
    verbs["plain_modal"]). Those of them that are verbs are also added to verbs["verb"]."""
    changes = changed_words(private, plain)
    if decoded is not None and tokens is not None:
        own = plains_own(changes, private, plain, decoded, tokens, dictionary)
        genders = plains_name_genders(changes, private, plain, decoded, plain_text, source) - own
        words = plains_name_words(changes, private, plain, decoded, source) - own - genders
        modals = plains_finite_after_modals(changes, private, plain, target) - own - genders - words if target else set()
        changes = [c for n, c in enumerate(changes) if n not in own | genders | words | modals]
        if verbs is not None:
            verbs["plain_modal"] += len(modals)
            verbs["plain_own"] += len(own)
            verbs["plain_name_gender"] += len(genders)
            verbs["plain_name_word"] += len(words)
    if verbs is not None:
        verbs["verb"] += sum(any(category in VERBAL for _, category in shared) for _, _, shared in changes)
    return len(changes) + max(0, len(_BAD_ELISION.findall(private_text)) - len(_BAD_ELISION.findall(plain_text)))


def _translations(tokens, dictionary, pos: str) -> set[str]:
    """The dictionary's translations of the text's words of this part of speech."""
    entries = (dictionary.lookup(t.text.lower(), pos) for t in tokens if t.pos == pos)
    return {e.restored.lower() for e in entries if e is not None}


def _base_adjective(word: morphology.Analysis) -> bool:
    return any(r.tags[:1] == ("adj",) and {"m", "mf"} & set(r.tags) and {"sg", "sp"} & set(r.tags)
               for r in word.readings)


def inflected_adverbs(changes: list[tuple[int, int, frozenset]], private: list[morphology.Analysis],
                      plain: list[morphology.Analysis], tokens, dictionary) -> set[int]:
    """The changes (indices in `changes`) where the private translation writes an adverb of the
    source as the dictionary translates it, an adjective's masculine singular, and the plain one
    makes it agree with the subject as an adjective: "Rose laughed hard" is "Rose rió duro" (an
    adverb does not inflect), the plain "Rose rió dura". Not where the text also has an adjective
    of that translation, nor where the dictionary's form is itself inflected ("juntos" for
    "together", which agrees: "las bolas juntas")."""
    adverbs = _translations(tokens, dictionary, "ADV") - _translations(tokens, dictionary, "ADJ")
    a, b = _words(private), _words(plain)
    return {n for n, (i, j, _) in enumerate(changes)
            if a[i].surface.lower() in adverbs and _base_adjective(a[i])
            and any(r.tags[:1] == ("adj",) for r in b[j].readings) and not _base_adjective(b[j])}


# -- the reference with the user's names --------------------------------------------------------


def kept_names(decoded, plain: str) -> set[str]:
    """The restored names of one word that the plain translation never writes as they are: it
    translated them ("Biscuit" -> "Galleta", "Leo" -> "Lion") where the private one keeps them."""
    words = set(re.findall(r"\w+", plain))
    return {s.sub.original for s in decoded.spans
            if s.sub.kind == "name" and re.fullmatch(r"\w+", s.sub.original) and s.sub.original not in words}


def names_as_written(plain: str, source_text: str, renderings: dict[str, str], names: set[str]) -> str:
    """The plain translation with each name the private one keeps written as the user wrote it:
    a pet's or a person's name that is also a word is a name to the reader, and keeping it is no
    loss ("Peanut" for the plain "Cacahuete"). `renderings` maps a name to what the translator
    makes of it alone. A rendering is replaced only where the plain translation has it no more
    often than the source has the name (else it may translate another word of the text: "cookie"
    too is "galleta"), so a real loss is not hidden; a word the translator capitalised after the
    name takes the lower case the source gives it ("Jamal A nettoyé": the plain translation's own
    error, which the capitals-after-names count measures in the private one) after any of the
    restored `names`."""
    for name, rendering in renderings.items():
        pattern = re.compile(rf"\b{re.escape(rendering)}\b", re.IGNORECASE)
        if not re.fullmatch(r"\w+", rendering) or rendering == name:
            continue
        if len(pattern.findall(plain)) <= len(re.findall(rf"\b{re.escape(name)}\b", source_text)):
            plain = pattern.sub(name, plain)
    for name in sorted(names | set(renderings)):
        if re.search(rf"\b{re.escape(name)} [A-Z]", source_text):
            continue  # the source has a capital after the name somewhere: "Rachel Nguyen"
        plain = re.sub(rf"\b({re.escape(name)} )([A-ZÀ-Ý])(?=[a-zà-ÿ])",
                       lambda m: m.group(1) + m.group(2).lower(), plain)
    return plain


# -- one run -------------------------------------------------------------------------------------


def run_pair(pair: str, ratios: list[float], seeds: int, split: str, method: str, translator,
             file: Path | None = None) -> list[dict]:
    from sacrebleu.metrics import CHRF

    source, target = pair.split("-")
    texts = corpus(source, split, file)
    if not texts:
        return []
    bodies = [t for _, t in texts]
    dictionary = find_dictionary(target, source)
    tokens = analyse_many(bodies, source)
    plain = translator.translate(bodies, source, target)
    plain_analysed = morphology.analyse_lines(plain, target)
    rows = []
    for ratio in ratios:
        outs, refs, named = [], [], []
        stats = Counter()
        for seed in range(seeds):
            rng = random.Random(seed)
            encoded = [encode(t, dictionary, method, ratio, rng=rng) for t in tokens]
            received = translator.translate([e.text for e in encoded], source, target)
            decoded = [unscramble(y, e) for y, e in zip(received, encoded)]
            private_analysed = morphology.analyse_lines([d.text for d in decoded], target)
            kept = [kept_names(dec, ref) for dec, ref in zip(decoded, plain)]
            names = sorted(set().union(*kept))
            rendered = dict(zip(names, translator.translate(names, source, target))) if names else {}
            for (kind, body), enc, dec, ref, ref_an, dec_an, own in zip(texts, encoded, decoded, plain, plain_analysed,
                                                                        private_analysed, kept):
                outs.append(dec.text)
                refs.append(ref)
                restored = {s.sub.original for s in dec.spans if s.sub.kind == "name"}
                named.append(names_as_written(ref, body, {n: rendered[n].strip() for n in own}, restored))
                stats["hidden"] += enc.hidden
                stats["words"] += enc.words
                stats["storys" if kind == "story" else "emails"] += 1
                stats["output_words"] += len(dec.text.split())
                stats["repeated"] += repeated_words(dec.text, ref)
                stats["capitals"] += capitals_after_names(dec, ref)
                stats["agreement"] += agreement_changes(dec_an, ref_an, dec.text, ref, stats, dec, enc.tokens, source,
                                                        dictionary, target)
                stats["standins"] += len(dec.unrestored)
                stats["verb_standins"] += sum(s.pos in ("VERB", "AUX") for s in dec.unrestored)
        chrf = CHRF().corpus_score(outs, [refs]).score
        chrf_names = CHRF().corpus_score(outs, [named]).score
        texts_run = stats["emails"] + stats["storys"]
        rows.append({
            "pair": pair, "r": ratio, "method": method, "split": str(file) if file else split, "seeds": seeds,
            "emails": stats["emails"] // seeds, "stories": stats["storys"] // seeds,
            "chrf": round(chrf, 2), "chrf_names": round(chrf_names, 2), "hidden": round(stats["hidden"] / max(1, stats["words"]), 4),
            "repeated": stats["repeated"], "capitals": stats["capitals"], "agreement": stats["agreement"],
            "agreement_per_text": round(stats["agreement"] / max(1, texts_run), 2),
            "agreement_per_100_words": round(100 * stats["agreement"] / max(1, stats["output_words"]), 2),
            "standins": stats["standins"],
            "verb": stats["verb"], "verb_standins": stats["verb_standins"], "plain_own": stats["plain_own"],
            "plain_name_gender": stats["plain_name_gender"], "plain_name_word": stats["plain_name_word"],
            "plain_modal": stats["plain_modal"],
        })
        print(json.dumps(rows[-1]), file=sys.stderr)
    return rows


# -- report --------------------------------------------------------------------------------------


def _delta(row: dict, old: dict | None, key: str, fmt: str) -> str:
    value = format(row[key], fmt)
    if old is None or key not in old:
        return value
    change = row[key] - old[key]
    return f"{value} ({change:+{fmt}})" if change else value


def table(rows: list[dict], previous: list[dict] | None) -> str:
    before = {(r["pair"], r["r"], r["method"]): r for r in previous or []}
    lines = ["| pair | r | texts (e-mails + stories) | words hidden | chrF private vs plain | chrF, names as written | "
             "repeated words | "
             "capitals after names | agreement changes (per text) | of them verbs | stand-ins left (verbs) | "
             "plain's own participles, adverbs (not counted) | plain's own name genders, fixed (not counted) | "
             "plain's names read as words (not counted) | plain's finite verbs after a modal (not counted) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        old = before.get((row["pair"], row["r"], row["method"]))
        lines.append(
            f"| {row['pair']} | {row['r']} | {row['emails']} + {row['stories']} | {row['hidden']:.0%} | "
            f"{_delta(row, old, 'chrf', '.1f')} | {_delta(row, old, 'chrf_names', '.1f')} | "
            f"{_delta(row, old, 'repeated', 'd')} | "
            f"{_delta(row, old, 'capitals', 'd')} | {_delta(row, old, 'agreement', 'd')} "
            f"({row['agreement_per_text']:.2f}) | {_delta(row, old, 'verb', 'd')} | "
            f"{_delta(row, old, 'standins', 'd')} ({row['verb_standins']}) | {row.get('plain_own', 0)} | "
            f"{row.get('plain_name_gender', 0)} | {row.get('plain_name_word', 0)} | {row.get('plain_modal', 0)} |")
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], previous: list[dict] | None, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for i, pair in enumerate(dict.fromkeys(r["pair"] for r in rows)):
        color = f"C{i}"
        mine = [r for r in rows if r["pair"] == pair]
        ax.plot([r["hidden"] for r in mine], [r["chrf"] for r in mine], "o-", color=color, label=pair)
        old = [r for r in previous or [] if r["pair"] == pair]
        if old:
            ax.plot([r["hidden"] for r in old], [r["chrf"] for r in old], "x--", color=color, alpha=0.5)
    ax.set_xlabel("share of words hidden")
    ax.set_ylabel("chrF, private vs plain translation")
    title = "Fidelity of the private translation"
    ax.set_title(title + (" (dashed: previous run)" if previous else ""), fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", nargs="+", default=["en-es", "en-fr", "en-ca", "es-en", "fr-en", "ca-en"])
    ap.add_argument("--ratios", type=float, nargs="+", default=[0.2, 0.5, 1.0])
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--split", choices=("tune", "held-out", "all"), default="held-out")
    ap.add_argument("--method", default="star", choices=("star", "mix", "r"))
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "evaluation-runs" / "fidelity")
    ap.add_argument("--compare", type=Path, help="an earlier run's JSON: the table shows the changes")
    ap.add_argument("--file", type=Path, help="JSON lines of texts the project has not seen, instead of --split")
    args = ap.parse_args()

    translator = get_translator("apertium")
    rows = [row for pair in args.pairs for row in run_pair(pair, args.ratios, args.seeds, args.split, args.method,
                                                           translator, args.file)]
    previous = json.loads(args.compare.read_text(encoding="utf-8"))["rows"] if args.compare else None
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".json").write_text(json.dumps({"commit": commit, "rows": rows}, indent=1) + "\n",
                                             encoding="utf-8")
    md = table(rows, previous)
    args.out.with_suffix(".md").write_text(md, encoding="utf-8")
    plot(rows, previous, args.out.with_suffix(".png"))
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
