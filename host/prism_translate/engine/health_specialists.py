"""A specialist doctor's title names the condition: "the allergist", "el neumólogo", "al·lergòleg",
"le cardiologue" tell the translator what the patient has as well as "asthma" does. Found by how
the title is made from its specialty, in every language: "-ologist" from "-ology", "-iatrist"
from "-iatry", "-ólogo" from "-ología", "-òleg" from "-ologia", "-ologue" from "-ologie", when the
specialty is a listed health term (or spelt as an English one: "cardiología", "cardiology"). A
title whose specialty no list holds ("neumólogo", "pneumologue") counts when no dictionary knows
it and its stem is a medical root, the opening of a listed word with a medical ending
("pneumonitis"); a title the dictionary knows counts by its English translation
("psiquiatra": psychiatrist), so "biólogo" and "sociologue" stay words."""

from __future__ import annotations

import re
from functools import lru_cache

from . import word_classes
from .health_vocabulary import MEDICAL_ENDING, _bare, _cognates, _top, cognate_key, listed, terms
from .tokenize import Token

# title ending -> specialty ending, per language (singular and plural, masculine and feminine)
TITLES = {
    "en": ((re.compile(r"(.{2,}g)ists?$"), "y"), (re.compile(r"(.{3,}iatr)ists?$"), "y")),
    "es": ((re.compile(r"(.{2,})[óo]log[oa]s?$"), "ología"), (re.compile(r"(.{3,}iatr)as?$"), "ía")),
    "ca": ((re.compile(r"(.{2,})[òo]l(?:eg|egs|oga|ogues)$"), "ologia"), (re.compile(r"(.{3,}iatr)(?:e|a|es)$"), "ia")),
    "fr": ((re.compile(r"(.{2,})ologues?$"), "ologie"), (re.compile(r"(.{3,}iatr)es?$"), "ie")),
}
# The ending the stem is cut before, to compare it with the openings of listed terms.
STEM_CUT = re.compile(r"(?:o|ó|ò)?(?:log\w*|l(?:eg|egs|oga|ogues)|iatr\w*)$")
# Letters a stem keeps at the least: "neum", "cardi" (not the "bi" of "biólogo").
STEM_LETTERS = 4


def specialists(tokens: list[Token], lang: str) -> set[int]:
    """The word tokens that are a specialist doctor's title."""
    return {i for i, t in enumerate(tokens) if t.pos in ("NOUN", "PROPN", "ADJ", "X") and t.text.replace("·", "").isalpha()
            and specialist(t.text.lower(), lang)}


@lru_cache(maxsize=4096)
def specialist(low: str, lang: str) -> bool:
    specialty = _specialty(low, lang)
    if specialty is None:
        return False
    # the specialty listed, or spelt as an English listed one (the dictionaries lack most)
    if listed(specialty, "NOUN", lang) or lang != "en" and cognate_key(specialty) in _cognates():
        return True
    if lang != "en":
        english = _top(low, lang)
        # a title the dictionary knows counts by its translation; one it lacks, by its stem
        return specialist(english.lower(), "en") if english is not None else _stem_opens_term(low, lang)
    # English has no dictionary into English: a title no analyser knows, made on a health word's stem
    return _stem_opens_term(low, lang) and low in word_classes.unknown_words({low}, lang)


def _specialty(low: str, lang: str) -> str | None:
    for title, ending in TITLES.get(lang, ()):
        m = title.match(low)
        if m:
            return m.group(1) + ending
    return None


def _stem_opens_term(low: str, lang: str) -> bool:
    stem = _root_spelling(STEM_CUT.sub("", low))
    return len(stem) >= STEM_LETTERS and stem in _roots(lang)


def _root_spelling(word: str) -> str:
    """Without accents or middle dot, and "pn" as Spanish writes it ("neumonía", "pneumonia")."""
    bare = _bare(word).replace("·", "")
    return bare[1:] if bare.startswith("pn") else bare


@lru_cache(maxsize=None)
def _roots(lang: str) -> frozenset[str]:
    """The openings (four to eight letters) of the listed words of the language and of English
    that have a medical ending: a medical root ("neum" of "neumonitis", "pulmon" of
    "pulmonitis"), not the first letters of a drug's name ("arche" of "archexin")."""
    words = {_root_spelling(w) for t in terms(lang) | terms("en") for w in t.split(" ")}
    return frozenset(w[:n] for w in words if MEDICAL_ENDING.search(w) for n in range(STEM_LETTERS, 9))
