"""The vocabulary V: (word form, UPOS, Penn tag) entries, inflected forms included.

Forms come from `wordfreq`'s English list (web, news, subtitles, books: everyday and business
language, ranked by frequency). The readings of each form, out of context, come from Apertium's
English morphological analyser (`lt-proc` with an eng-* `automorf.bin`), e.g.
runs -> run<n><pl> (NOUN/NNS) and run<vblex><pri><p3><sg> (VERB/VBZ), and for the parts of
speech it does not know, from WordNet's lemma index and inflection rules (puppy, cupcakes,
quote as a noun); proper nouns (John, Paris) are the capitalised forms it analyses as <np>, the
first names and common surnames of the US Census 1990 lists (Sally, Brown), and unknown forms
spaCy reads as a person in a neutral sentence (Sparky). The tagged corpus says how often each
reading is used: a reading spaCy gives a form there in at least 1% of its uses counts with its
uses (and its most common fine tag), an analyser reading the corpus never shows counts once,
and a common first name counts as often as the form's most common other reading (the corpus
hardly names people). Function words (spaCy's stop words) get no name reading from the lists, which
also name people "You" and "In". Each entry's weight is the form's frequency times its reading's share of those counts.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..languages import LANGUAGES, apertium_reading, fine_tag, stop_words
from ..errors import DictionaryError
from .corpus import CONTENT_POS, WORDNET_DIR, TaggedCorpus, form_key, tag_counts

ANALYSER_GLOB = "/usr/share/apertium/apertium-eng-*/eng-*.automorf.bin"
MIN_SHARE = 0.01
# Census surnames at least this common (per cent of people): about 1,300 names, Smith .. Wolfe.
MIN_SURNAME_SHARE = 0.01
# First names at least this common (Sally 0.135, Hope 0.034) are read as names as often as the
# form's other readings; rarer ones (Season 0.001, Soon 0.004) count once, as surnames do.
MIN_FIRST_NAME_SHARE = 0.02


@dataclass(frozen=True)
class VocabEntry:
    word: str
    pos: str
    tag: str
    weight: float  # frequency of the form times the share of this reading

    def key(self) -> tuple[str, str]:
        return (self.word, self.pos)


def _verb_tag(tags: list[str]) -> str | None:
    if "inf" in tags or "imp" in tags:
        return "VB"
    if "pres" in tags or "pri" in tags:
        return "VBZ" if "p3" in tags and "sg" in tags else "VBP"
    for t, penn in (("past", "VBD"), ("pp", "VBN"), ("ger", "VBG"), ("pprs", "VBG")):
        if t in tags:
            return penn
    return None


def reading(analysis: str) -> tuple[str, str] | None:
    """One Apertium analysis such as `run<vblex><pri><p3><sg>` -> (UPOS, Penn tag)."""
    if "<" not in analysis or "+" in analysis:  # "+" joins multiword analyses (I'm = I + be)
        return None
    tags = [t.strip(">") for t in analysis[analysis.index("<") + 1 :].split("<")]
    head = tags[0]
    if head == "n":
        return ("NOUN", "NNS" if "pl" in tags else "NN")
    if head == "np":
        return ("PROPN", "NNPS" if "pl" in tags else "NNP")
    if head in ("vblex", "vbhaver", "vbdo", "vbser"):
        tag = _verb_tag(tags)
        return ("VERB", tag) if tag else None
    if head == "adj":
        return ("ADJ", "JJR" if "comp" in tags else "JJS" if "sup" in tags else "JJ")
    if head in ("adv", "preadv"):
        return ("ADV", "RBR" if "comp" in tags else "RBS" if "sup" in tags else "RB")
    return None


def source_reading(analysis: str) -> tuple[str, str] | None:
    """One Apertium analysis of a Spanish, Catalan or French form -> (UPOS, fine tag) in the
    tagger's scheme (prism_translate/languages/), for content words only."""
    found = apertium_reading(analysis) if "+" not in analysis else None
    if found is None or found[0] not in CONTENT_POS:
        return None
    return found[0], fine_tag(found[0], found[1])


def find_analysers(lang: str = "en") -> list[str]:
    """Every installed analyser of the language (eng-spa and eng-cat know different English words)."""
    if not shutil.which("lt-proc"):
        return []
    if lang == "en":
        return sorted(glob.glob(ANALYSER_GLOB))
    return [a for a in LANGUAGES[lang].analysers if glob.glob(a)] if lang in LANGUAGES else []


def analyse_forms(forms: list[str], analysers: Sequence[str], lang: str = "en") -> dict[str, set[tuple[str, str]]]:
    """All (UPOS, tag) readings of each form, one lt-proc call per analyser."""
    parse = reading if lang == "en" else source_reading
    out: dict[str, set[tuple[str, str]]] = {f: set() for f in forms}
    for analyser in analysers:
        proc = subprocess.run(
            ["lt-proc", "-w", analyser], input="\n".join(forms).encode("utf-8") + b"\n", capture_output=True,
            check=True,
        )
        for form, line in zip(forms, proc.stdout.decode("utf-8").splitlines()):
            parts = line.strip().strip("^$").split("/")[1:]
            out[form].update(r for r in map(parse, parts) if r is not None)
    return out


# WordNet's own inflection rules (morphy): suffix of the form -> suffix of the lemma, Penn tag.
_MORPHY = {
    "NOUN": [("", "", "NN"), ("s", "", "NNS"), ("ses", "s", "NNS"), ("xes", "x", "NNS"), ("zes", "z", "NNS"),
             ("ches", "ch", "NNS"), ("shes", "sh", "NNS"), ("men", "man", "NNS"), ("ies", "y", "NNS")],
    "VERB": [("", "", "VB"), ("s", "", "VBZ"), ("ies", "y", "VBZ"), ("es", "e", "VBZ"), ("es", "", "VBZ"),
             ("ed", "e", "VBD"), ("ed", "", "VBD"), ("ing", "e", "VBG"), ("ing", "", "VBG")],
    "ADJ": [("", "", "JJ"), ("er", "", "JJR"), ("est", "", "JJS"), ("er", "e", "JJR"), ("est", "e", "JJS")],
    "ADV": [("", "", "RB")],
}
_WN_FILES = {"NOUN": "noun", "VERB": "verb", "ADJ": "adj", "ADV": "adv"}


def wordnet_readings(forms: Sequence[str]) -> dict[str, set[tuple[str, str]]]:
    """(UPOS, tag) readings of each form from WordNet's lemma index and exception lists."""
    out: dict[str, set[tuple[str, str]]] = {f: set() for f in forms}
    for pos, name in _WN_FILES.items():
        index = WORDNET_DIR / f"index.{name}"
        if not index.is_file():
            return out
        with open(index, encoding="latin-1") as f:
            lemmas = {line.split(" ", 1)[0] for line in f if not line.startswith(" ")}
        exc = WORDNET_DIR / f"{name}.exc"
        irregular = {}
        if exc.is_file():
            with open(exc, encoding="latin-1") as f:
                irregular = {p[0]: p[1] for p in (line.split() for line in f) if len(p) >= 2}
        for form in forms:
            if form in irregular and irregular[form] in lemmas:
                out[form].add((pos, {"NOUN": "NNS", "VERB": "VBD", "ADJ": "JJR", "ADV": "RBR"}[pos]))
            for suffix, repl, tag in _MORPHY[pos]:
                if form.endswith(suffix) and len(form) > len(suffix) + 1:
                    if form[: len(form) - len(suffix)] + repl in lemmas:
                        out[form].add((pos, tag))
    return out


def person_names(forms: Sequence[str], nlp: Any) -> set[str]:
    """Forms the spaCy pipeline `nlp` reads as a person's first name in a neutral sentence
    ("Greg said it was fine.")."""
    names = set()
    for form, doc in zip(forms, nlp.pipe((f"{f.capitalize()} said it was fine." for f in forms), batch_size=512)):
        if doc[0].pos_ == "PROPN" and doc[0].ent_type_ == "PERSON":
            names.add(form)
    return names


def census_names() -> tuple[set[str], set[str]]:
    """Lower-cased US Census 1990 names (public-domain lists, shipped by the PyPI package `names`):
    the common first names, and the other first names with the common surnames."""
    try:
        import names
    except ImportError:
        raise DictionaryError("E070", detail="the vocabulary's name list needs the names package: "
                              "pip install 'prism-translate[build]' (or pip install names)") from None
    common: set[str] = set()
    other: set[str] = set()
    for kind, path in names.FILES.items():
        with open(path, encoding="ascii") as f:
            for line in f:
                name, share = line.split()[:2]
                if kind.startswith("first") and float(share) >= MIN_FIRST_NAME_SHARE:
                    common.add(name.lower())
                elif kind.startswith("first") or float(share) >= MIN_SURNAME_SHARE:
                    other.add(name.lower())
    return common, other - common


# Courtesy titles: in every e-mail, and not words wordfreq lists (they end with a full stop).
TITLES = {"en": ("Mr.", "Mrs.", "Ms.", "Dr."), "es": ("Sr.", "Sra.", "Srta.", "Dr.", "Dra."),
          "ca": ("Sr.", "Sra.", "Dr.", "Dra."), "fr": ("M.", "Mme", "Mlle", "Dr")}


@dataclass
class _Ranking:
    """What reading the forms of one build needs: the corpus's counts, the language's function
    words and name lists, and the spaCy pipeline once a form needs it."""

    lang: str
    seen: dict[tuple[str, str], dict[str, int]]  # (form key, UPOS) -> fine tag -> corpus count
    uses: dict[str, int]  # lower-cased form -> corpus occurrences with any UPOS
    frequency: dict[str, float]
    analysers: Sequence[str]
    load_model: Callable[[], Any]
    nlp: Any = None

    def __post_init__(self) -> None:
        self.english = self.lang == "en"
        self.function_words = stop_words(self.lang)
        # WordNet and the US Census lists are English resources
        self.first, self.other = census_names() if self.english else (set(), set())
        self.propn_tag = "NNP" if self.english else "PROPN"

    def readings_of(self, chunk: list[str]) -> list[VocabEntry]:
        variants = chunk + [f.capitalize() for f in chunk]
        analyses = analyse_forms(variants, self.analysers, self.lang)
        for form, found in (wordnet_readings(chunk) if self.english else {}).items():
            known = {pos for pos, _ in analyses[form]}  # Apertium's tags are finer (bigger: JJR)
            analyses[form] |= {(pos, tag) for pos, tag in found if pos not in known}
        unknown = [f for f in chunk if not analyses[f] and not analyses[f.capitalize()] and self.uses.get(f, 0) == 0
                   and self.english]
        if unknown and self.nlp is None:
            self.nlp = self.load_model()
        names = (self.first & set(chunk)) | (person_names(unknown, self.nlp) if unknown else set())
        for form in chunk:
            if form in self.function_words:  # lists name people "You", "In", "May": no use for function words
                analyses[form.capitalize()] = {r for r in analyses[form.capitalize()] if r[0] != "PROPN"}
            elif form in names or form in self.other:
                analyses[form.capitalize()].add(("PROPN", self.propn_tag))
        out: list[VocabEntry] = []
        for form in chunk:
            readings = self._readings(form, analyses)
            if readings:
                out += self._weighed(form, readings, form in names)
        return out

    def _readings(self, form: str, analyses: dict[str, set[tuple[str, str]]]) -> dict[tuple[str, str], dict[str, int]]:
        """(word, UPOS) -> fine tag -> count: the analysers' readings of the form (count 0) and those
        spaCy gives it often enough in the corpus."""
        n_form = self.uses.get(form, 0)
        readings: dict[tuple[str, str], dict[str, int]] = {}
        for variant in (form, form.capitalize()):
            propn = variant != form  # proper nouns from the capitalised form only
            for pos, tag in analyses.get(variant, ()):
                # Spanish, Catalan and French function words have content homographs ("una" is
                # also a form of unir, "como" of comer): for them only what the tagger sees counts.
                if (pos == "PROPN") == propn and (self.english or form not in self.function_words):
                    readings.setdefault((form_key(variant, pos), pos), {}).setdefault(tag, 0)
            for pos in CONTENT_POS:
                key = (form_key(variant, pos), pos)
                n = sum(self.seen.get(key, {}).values())
                # a reading spaCy gives the form in at least MIN_SHARE of its uses (not "the" as ADV)
                if key in self.seen and (pos == "PROPN") == propn and n >= 2 and n >= MIN_SHARE * n_form:
                    for tag, m in self.seen[key].items():
                        readings.setdefault(key, {})[tag] = readings.get(key, {}).get(tag, 0) + m
        return readings

    def _weighed(self, form: str, readings: dict[tuple[str, str], dict[str, int]], named: bool) -> list[VocabEntry]:
        """Each reading of the form with its most common fine tag, weighed by its share of the form's uses."""
        if named and form not in self.function_words:
            # the corpus (definitions, examples) hardly names people: a common first name (Sally,
            # Rose) is taken to be read as a name as often as the form's most common other reading
            name = readings[(form_key(form.capitalize(), "PROPN"), "PROPN")]
            name[self.propn_tag] = max(name[self.propn_tag], *(sum(t.values()) for t in readings.values()))
        total = sum(sum(t.values()) + 1 for t in readings.values())
        if not self.english:  # weigh a reading against all the form's uses, function-word uses included
            total = max(total, self.uses.get(form, 0) + len(readings))
        out = []
        for (word, pos), tags in readings.items():
            tag = max(sorted(tags), key=lambda t: tags[t])
            out.append(VocabEntry(word, pos, tag, self.frequency[form] * (sum(tags.values()) + 1) / total))
        return out


def build_vocabulary(
    corpus: TaggedCorpus, size: int, load_model: Callable[[], Any], lang: str = "en", candidates: int = 60000,
    analysers: Sequence[str] | None = None, forms: Iterable[str] | None = None,
) -> list[VocabEntry]:
    """The `size` most frequent (form, UPOS) readings, each with its most common fine tag.
    `load_model()` gives the spaCy pipeline that tells names apart (the engine's, passed in by the
    caller: dictionary/ does not import engine/).

    `forms` replaces wordfreq's list (tests use a handful of words)."""
    try:
        from wordfreq import top_n_list, word_frequency
    except ImportError:
        raise DictionaryError("E070", detail="the vocabulary ranking needs wordfreq: pip install 'prism-translate[build]' "
                              "(or pip install wordfreq)") from None

    english = lang == "en"
    if forms is None:
        # English letters only for English; other languages keep their accents (año, être, col·lega)
        forms = [w for w in top_n_list(lang, candidates)
                 if w.replace("·", "").isalpha() and (w.isascii() or not english) and len(w) > 1]
    forms = list(dict.fromkeys(forms))
    counts = tag_counts(corpus)
    seen: dict[tuple[str, str], dict[str, int]] = {}
    uses: dict[str, int] = {}
    for (form, pos, tag), n in counts.items():
        uses[form.lower()] = uses.get(form.lower(), 0) + n
        if pos in CONTENT_POS:
            seen.setdefault((form, pos), {})[tag] = n
    frequency = {form: word_frequency(form, lang) for form in forms}
    ranking = _Ranking(lang, seen, uses, frequency, analysers or [], load_model)

    # Forms go in frequency order, in growing chunks, until no later form can make the list: an
    # entry's weight is at most its form's frequency, so once `size` entries weigh more than the
    # most frequent form left, the rest cannot change the result (a 50-entry build analyses about
    # a thousand forms, not sixty thousand).
    rest = [0.0] * (len(forms) + 1)  # rest[i]: the highest frequency among forms[i:]
    for i in range(len(forms) - 1, -1, -1):
        rest[i] = max(rest[i + 1], frequency[forms[i]])
    entries = [VocabEntry(t, "PROPN", ranking.propn_tag, word_frequency(t.rstrip(".").lower(), lang))
               for t in TITLES.get(lang, ())]
    start, step = 0, max(2 * size, 1000)
    while start < len(forms):
        entries += ranking.readings_of(forms[start:start + step])
        start, step = start + step, 2 * step
        entries.sort(key=lambda e: (-e.weight, e.word, e.pos))
        if len(entries) >= size and entries[size - 1].weight > rest[min(start, len(forms))]:
            break
    return entries[:size]
