"""Health terms are hidden whatever r is, and come back translated (real spaCy, shipped en-es)."""

from __future__ import annotations

import random
import re

from prism_translate.engine.encode import encode
from prism_translate.engine.health import health_tokens
from prism_translate.engine.tokenize import analyse


def test_illnesses_medicines_and_treatments_never_reach_the_translator(shipped_es):
    text = ("Ms Hope Adler was treated for pneumonia and asthma at home, then started chemotherapy for "
            "breast cancer. Her GP added sertraline and insulin; the HIV test was negative.")
    for seed in range(5):
        sent = encode(analyse(text), shipped_es, ratio=0.0, rng=random.Random(seed)).text
        for word in ("pneumonia", "asthma", "chemotherapy", "cancer", "sertraline", "insulin", "HIV"):
            assert word not in sent.split() and word not in sent, (word, sent)
        assert "Ms" in sent.split()  # a title is not multiple sclerosis


def test_only_nouns_and_listed_phrases_count():
    tokens = analyse("The cold weather made Ed's flu worse; multiple sclerosis runs in the family.")
    found = {tokens[i].text for i in health_tokens(tokens)}
    assert found == {"flu", "multiple", "sclerosis"}  # not the adjective "cold", not the name "Ed"


def test_a_hidden_health_term_comes_back_translated(shipped_es, apertium):
    from prism_translate.api import translate_private

    result = translate_private("The patient has asthma and diabetes.", "es", translator=apertium,
                               dictionary=shipped_es, seed=1)
    assert "asthma" not in result.sent and "diabetes" not in result.sent
    assert "asma" in result.translation and "diabetes" in result.translation


def test_health_terms_in_spanish_catalan_and_french_are_found():
    # Each language has its own list (the English one rendered by Apertium); a drug's name the
    # tagger does not know and reads as an adjective still counts.
    cases = {"es": ("Se le recetó amoxicilina por una neumonía y tiene asma.", {"amoxicilina", "neumonía", "asma"}),
             "fr": ("Il souffre d'asthme et d'une pneumonie depuis lundi.", {"asthme", "pneumonie"}),
             "ca": ("Té asma i una pneumònia des de dilluns.", {"asma", "pneumònia"})}
    for lang, (text, words) in cases.items():
        tokens = analyse(text, lang)
        assert {tokens[i].text for i in health_tokens(tokens, lang)} == words, lang


def test_a_spanish_health_term_never_reaches_the_translator_and_comes_back_in_english(apertium):
    from prism_translate.api import translate_private

    result = translate_private("La paciente tiene asma y una neumonía.", "en", source="es", translator=apertium, seed=1,
                               ratio=0.01)
    sent = re.findall(r"\w+", result.sent)
    assert "asma" not in sent and "neumonía" not in sent, result.sent
    assert "asthma" in result.translation and "pneumonia" in result.translation
