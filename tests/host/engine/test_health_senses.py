"""Health words that are ordinary words too, medical word families, and the modifiers of a term
(real spaCy and Apertium's analysers; engine/health.py, health_vocabulary.py, health_kinds.py)."""

from __future__ import annotations

import pytest

from prism_translate.engine.health import health_tokens
from prism_translate.engine.tokenize import analyse


def _found(text: str, lang: str) -> set[str]:
    tokens = analyse(text, lang)
    return {tokens[i].text for i in health_tokens(tokens, lang)}


@pytest.mark.parametrize("lang,text", [
    # rendered from a prescription's "refill", but spare parts first (the sense check)
    ("fr", "Je cherche des pièces de rechange pour ma voiture."),
    ("es", "Compré un recambio para la impresora."),
    ("ca", "Necessito un recanvi per a la bicicleta."),
    # a blow, anger: ordinary words outside a sentence about health
    ("es", "Fue un golpe de suerte, y luego sentí rabia."),
    ("fr", "Il est en colère après ce coup de fil."),
])
def test_a_rendered_word_that_is_mostly_an_ordinary_word_stays_a_word(lang, text):
    assert not _found(text, lang)


@pytest.mark.parametrize("lang,text,word", [
    ("es", "Tras la gripe le quedó un recambio de la receta del inhalador.", "recambio"),
    ("es", "Tiene neumonía y un golpe en la rodilla.", "golpe"),
])
def test_such_a_word_counts_in_a_sentence_about_health(lang, text, word):
    assert word in _found(text, lang)


@pytest.mark.parametrize("lang,text,words", [
    # pain words by their -algia ending, checked against the dictionary
    ("es", "Lleva un mes con lumbalgia.", {"lumbalgia"}),
    ("fr", "Elle souffre de cervicalgie depuis l'accident.", {"cervicalgie"}),
    # seven-letter words with a medical ending that no dictionary knows as an ordinary noun
    ("ca", "Li van diagnosticar una psicosi.", {"psicosi"}),
    # conditions WordNet files under events, processes and biological time, through the
    # bilingual dictionaries and the cognates
    ("es", "Está con la menopausia y tiene incontinencia.", {"menopausia", "incontinencia"}),
    ("fr", "Il a eu des convulsions la nuit dernière.", {"convulsions"}),
])
def test_medical_word_families_in_spanish_french_catalan(lang, text, words):
    assert words <= _found(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "Sintió nostalgia de su pueblo."),
    ("fr", "Une douce nostalgie de l'été."),
])
def test_a_word_with_such_an_ending_the_dictionary_knows_as_ordinary_stays(lang, text):
    assert not _found(text, lang)


@pytest.mark.parametrize("text,words", [
    # a condition that is an ordinary word first, as what someone had or in a sentence about health
    ("My grandfather had a stroke in May.", {"stroke"}),
    ("She suffered a fit at school.", {"fit"}),
    ("After the seizure she was given diazepam.", {"seizure"}),
    # an ordinary adjective before the health adjective of a term tells its kind
    ("He has intermittent atrial fibrillation.", {"intermittent", "atrial", "fibrillation"}),
])
def test_english_conditions_that_are_ordinary_words_and_their_modifiers(text, words):
    assert words <= _found(text, "en")


@pytest.mark.parametrize("text", [
    "It was a stroke of luck that the dress was a good fit.",
    "She swims with a strong stroke.",
])
def test_those_words_elsewhere_stay_words(text):
    assert not _found(text, "en")
