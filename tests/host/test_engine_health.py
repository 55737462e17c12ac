"""Health terms are hidden whatever r is, and come back translated (real spaCy, shipped en-es)."""

from __future__ import annotations

import random

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
