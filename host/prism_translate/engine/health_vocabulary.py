"""What the product knows of health words, per language (engine/health.py reads texts with it):
the lists of languages/<code>/ (health nouns and noun phrases, English adjectives of conditions),
their plurals and British spellings, a medical word's ending, and (es, ca, fr) the spelling that
international medical words share with an English listed term ("amoxicil·lina", "amoxicilline"
and "amoxicillin"; `cognate_key`), unless the language's dictionary knows the word as an ordinary
noun."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib import resources

from .. import morphology

# How a medical word ends, in English, Spanish, Catalan and French: "gastritis", "anaemia",
# "neuropathy", "appendectomy", "colonoscopy", "anaphylaxis", "hypothyroïdie", "fibromyalgie".
# Long enough not to meet a common word ("nostalgia", "sympathy", "taxis").
MEDICAL_ENDING = re.compile(r"""(?:
    itis|aemia|emia|èmia|émie|opathy|opatía|opatia|opathie|ectomy|ectomía|ectomia|ectomie|
    oscopy|oscopia|oscopie|(?:eco|echo|écho|mamo|mammo|angio|cardio|tomo)\w*gra(?:fía|fia|phie|phy)|ostomy|ostomía|ostomie|phylaxis|filaxia|phylaxie|fil·laxi|myalgia|myalgie|
    roidism|roidismo|roïdie|roidisme|roïdisme|carditis|cardite|plegia|plégie|plègia|
    ectasia|ectasie|trophy|trofia|trophie|sclerosis|sclérose|esclerosis|esclerosi|
    (?:arthr|hépat|bronch|gastr|méning|sinus|tendin|cyst|dermat|appendic|conjonctiv|laryng|pharyng|rhin|
    encéphal|pancréat|néphr|phléb|gingiv|card)ite|
    algia|àlgia|algie|
    osis|osi)$""", re.VERBOSE)
MEDICAL_ENDING_LENGTH = 8
# Spanish, Catalan, French: a word this long with a medical ending counts unless the language's
# dictionary knows it as an ordinary noun ("artrosi", "psicosi"; `ordinary_noun`).
CHECKED_ENDING_LENGTH = 7


@lru_cache(maxsize=None)
def word_list(name: str, lang: str = "en") -> frozenset[str]:
    """A word list of a language's folder (languages/<code>/)."""
    path = resources.files("prism_translate.languages").joinpath(lang).joinpath(name)
    if not path.is_file():
        return frozenset()
    return frozenset(line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#"))


@lru_cache(maxsize=None)
def terms(lang: str = "en") -> frozenset[str]:
    """The language's health nouns: its list, and (es, ca, fr) the nouns its dictionary and
    Apertium's bilingual dictionary translate into an English health noun
    (health_dictionary_terms.txt, health_bilingual_terms.txt; tools/build_health_terms.py)."""
    return word_list("health_terms.txt", lang) | word_list("health_dictionary_terms.txt", lang) \
        | word_list("health_bilingual_terms.txt", lang)


def adjectives() -> frozenset[str]:
    return word_list("health_adjectives.txt")


def plural_of(low: str, listed: frozenset[str]) -> bool:
    return low in listed or (low.endswith("s") and low[:-1] in listed) or (low.endswith("es") and low[:-2] in listed)


# Words with a medical word's ending that are not one.
_NOT_MEDICAL = frozenset("""metamorphosis metamorphoses symbiosis apotheosis hypnosis osmosis
diagnosis prognosis nostalgia""".split())


def american(low: str) -> str:
    """The American spelling the lists use: "apnoea", "anaemia", "oedema", "tumour" ->
    "apnea", "anemia", "edema", "tumor"."""
    if "oe" not in low and "ae" not in low and "our" not in low:  # most words: no regex per word
        return low
    low = low.replace("oe", "e").replace("ae", "e")
    return re.sub(r"our(s?)$", r"or\1", low)


def cognate_key(word: str) -> str:
    """A spelling that international medical words share across English, Spanish, Catalan and
    French: no accents or middle dot, ph -> f, th -> t, y -> i, k -> c, no double letters, a long
    word's -sis/-tis as -s/-t (-lysis, -lisi, -lyse as -lis), rh as r, no final a/e/o
    ("amoxicil·lina", "amoxicilline", "amoxicillin" -> "amoxicilin"; "sclérose", "sclerosis" ->
    "scleros"; "méningite", "meningitis" -> "meningit"; "reumatoide", "rheumatoid" -> "reumatoid").
    Shorter stems met common words ("paresse" and "paresis", "testée" and "testis")."""
    w = _bare(word).replace("·", "").replace("ph", "f").replace("th", "t").replace("rh", "r").replace("y", "i")
    w = re.sub(r"(.)\1", r"\1", w.replace("k", "c"))
    w = w[:-1] if w.endswith("ion") else w  # Catalan drops the n: "depressió", "depression"
    if w.endswith(("sis", "tis")) and len(w) >= 9:
        w = w[:-2]
    elif w.endswith(("lisis", "lisi", "lise")) and len(w) >= 7:  # "dialysis", "diálisis", "diàlisi", "dialyse"
        w = w[:w.rindex("lis") + 3]
    w = w[:-1] if w[-1:] in ("a", "e", "o") else w
    # "diabétique" as "diabetic"; a condition named from its adjective, "celiaquía" as "celiac"
    return re.sub(r"qui?$", "c", w)


def _bare(word: str) -> str:
    """Lower case without accents: "colonoscòpia" -> "colonoscopia"."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _cognates() -> frozenset[str]:
    return frozenset(cognate_key(t) for t in terms("en") | adjectives() if " " not in t and len(t) >= 6)


@lru_cache(maxsize=None)
def _first_words(lang: str) -> frozenset[str]:
    """The first word of every listed term of several words: a phrase whose first word is none
    of these is not listed, whatever its plural or spelling (those change its last word only)."""
    return frozenset(t.split(" ", 1)[0] for t in terms(lang) if " " in t)


# asked of every word of every text (health.py), as `listed` is: answered once per word as written
@lru_cache(maxsize=16_384)
def may_start_term(word: str, lang: str) -> bool:
    low = word.lower().split(" ", 1)[0]
    # a disease named after someone is written with the name's possessive: "alzheimer's disease"
    return low in _first_words(lang) or lang == "en" and (american(low) in _first_words(lang)
                                                          or low + "'s" in terms(lang))


# asked of every word of every text (health.py), the same words again and again: answered once per
# word as written, its tag and language (the lists and analysers it reads never change while running)
@lru_cache(maxsize=16_384)
def listed(word: str, pos: str, lang: str = "en") -> bool:
    low = word.lower()
    if "-" in low and " " not in low and not plural_of(low, terms(lang)):
        # a listed word written with a hyphen ("burn-out"), or a combination written with one
        # ("amoxicilina-clavulánico"): a long part listed
        return listed(low.replace("-", ""), pos, lang) or any(len(part) >= 6 and listed(part, "NOUN", lang) for part in low.split("-"))
    if len(low) <= 4 and pos != "NOUN" and not word.isupper() and (lang == "en" or not word.islower()):
        # Short entries are often acronyms ("ms", "ed"): names "Ms", "Ed" are not them. Outside
        # English a lower-case one is the word whatever its tag ("asma", which spaCy calls ADJ).
        return False
    if plural_of(low, terms(lang)) or lang == "en" and plural_of(american(low), terms(lang)) \
            or lang != "en" and _plural_of_listed(low, lang):
        return True
    if _medical_ending(low, lang):
        return True
    # a plural as its singular: "parestèsies" -> "parestèsie", as "paresthesia"
    return lang != "en" and len(low) >= 6 and low.replace("·", "").isalpha() \
        and any(cognate_key(form) in _cognates() for form in _singulars(low)) and not ordinary_noun(low, lang)


def _medical_ending(low: str, lang: str) -> bool:
    """A word of letters with a medical ending; outside English, one the dictionary does not know
    as an ordinary noun ("fibromialgia", "artrosi"; not "nostalgia")."""
    if " " in low or len(low) < CHECKED_ENDING_LENGTH or not low.replace("·", "").isalpha() or low in _NOT_MEDICAL \
            or not (MEDICAL_ENDING.search(low) or MEDICAL_ENDING.search(_bare(low))):
        return False
    if lang == "en":
        return len(low) >= MEDICAL_ENDING_LENGTH
    # a longer one as before, unless its translation is a word with the ending that is none ("nostalgie")
    return not ordinary_noun(low, lang) or len(low) >= MEDICAL_ENDING_LENGTH and _top(low, lang) not in _NOT_MEDICAL


@lru_cache(maxsize=4096)
def _plural_of_listed(low: str, lang: str) -> bool:
    """The language's analyser reads the word as the plural of a listed noun, which adding -s or
    -es does not make: a plural that drops the singular's accent ("al·lucinacions",
    "infecciones"), or changes its ending ("nòduls" of "nòdul" is plain, "lápices" is not)."""
    if not low.endswith("s") or not low.replace("·", "").isalpha() or not morphology.available(lang):
        return False
    return any(r.tags[:1] == ("n",) and "pl" in r.tags and r.lemma.lower() in terms(lang)
               for unit in morphology.analyse_lines([low], lang)[0] for r in unit.readings)


def _singulars(low: str) -> tuple[str, ...]:
    """The word and, for a plural, the forms without its -s or -es."""
    return (low, low[:-1], low[:-2]) if low.endswith("es") else (low, low[:-1]) if low.endswith("s") else (low,)


@lru_cache(maxsize=4096)
def ordinary_noun(low: str, lang: str) -> bool:
    """The language's dictionary into English knows the word as a noun that is no health word: a
    spelling it shares with a drug's name says nothing ("impasse", a dead end, and the brand
    "Impase")."""
    top = _top(low, lang)
    english = terms("en") | adjectives()
    # a translation with a medical ending is a medical word WordNet lacks ("fibromyalgia")
    return top is not None and not plural_of(top, english) and not plural_of(american(top), english) \
        and not (MEDICAL_ENDING.search(top) and top not in _NOT_MEDICAL)


@lru_cache(maxsize=4096)
def _top(low: str, lang: str) -> str | None:
    """The top English translation of the noun in the language's dictionary into English."""
    from ..dictionary.format import find_dictionary
    from ..errors import DictionaryError

    try:
        entry = find_dictionary("en", lang).lookup(low, "NOUN")
    except DictionaryError:
        return None
    return entry.top.lower() if entry is not None else None
