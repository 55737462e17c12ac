"""A specialist doctor's title is a health word in every language, found by how it is made from
its specialty (real spaCy, Apertium's analysers and the shipped dictionaries;
engine/health_specialists.py)."""

from __future__ import annotations

import pytest

from prism_translate.engine.health import health_tokens
from prism_translate.engine.tokenize import analyse


def _found(text: str, lang: str) -> set[str]:
    tokens = analyse(text, lang)
    return {tokens[i].text for i in health_tokens(tokens, lang)}


@pytest.mark.parametrize("lang,text,title", [
    ("en", "On Friday I see the endocrinologist about my results.", "endocrinologist"),
    ("en", "The podiatrist said the shoes were the problem.", "podiatrist"),
    ("es", "El reumatólogo me cambió la pauta.", "reumatólogo"),
    # no list holds "neumología": the stem of "neumonitis" makes it a specialist's title
    ("es", "Me derivan a una neumóloga del hospital.", "neumóloga"),
    ("ca", "Dilluns tinc hora amb la dermatòloga.", "dermatòloga"),
    ("ca", "El vaig acompanyar a l'uròleg.", "uròleg"),
    ("fr", "Elle a rendez-vous chez l'ophtalmologue mardi.", "ophtalmologue"),
    ("fr", "Le néphrologue a demandé une analyse.", "néphrologue"),
])
def test_a_specialist_s_title_is_a_health_word(lang, text, title):
    assert title in _found(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("en", "The geologist and the sociologist met the strategist for lunch."),
    ("es", "Mi hermano es biólogo y su mujer es socióloga."),
    ("ca", "L'arqueòleg i el geòleg van parlar amb el psicòleg."),
    ("fr", "Le biologiste, l'archéologue et le sociologue sont arrivés."),
])
def test_the_titles_of_other_sciences_stay_words(lang, text):
    assert not _found(text, lang)
