"""The Apertium analysers behind the recogniser's word classes, kept running between texts."""

from __future__ import annotations

import subprocess

import pytest

from prism_translate.engine import word_classes
from prism_translate.languages import language


def fresh_lt_proc(analyser: str, words: list[str]) -> list[str]:
    out = subprocess.run(["lt-proc", "-w", analyser], input="\n".join(words) + "\n", capture_output=True,
                         text=True, check=True).stdout
    return out.splitlines()


def test_the_kept_analyser_answers_as_a_fresh_lt_proc_does():
    analyser = language("es").analysers[0]
    for words in (["Jordi", "factura", "Quintana"], ["casa"], ["Santander", "", "pendiente", "ñandú"]):
        assert word_classes._ask(analyser, words) == fresh_lt_proc(analyser, words)


def test_an_analyser_that_died_is_started_again_and_words_stay_names():
    assert word_classes.person_names({"jordi"}, "es") == {"jordi"}
    for proc in list(word_classes._processes.values()):
        proc.kill()
        proc.wait()
    assert word_classes.person_names({"quintana"}, "es") == {"quintana"}
    assert word_classes.common_readings({"factura", "quintana"}, "es").keys() == {"factura"}


@pytest.mark.parametrize("lang,word,lemma", [
    ("en", "teachers", "teacher"), ("es", "profesores", "profesor"), ("fr", "livreurs", "livreur"),
    ("ca", "cuiners", "cuiner"),
])
def test_a_plural_noun_s_lemma_is_its_singular(lang, word, lemma):
    assert lemma in word_classes.noun_lemmas({word}, lang)[word]


def test_a_name_has_no_common_lemma():
    assert word_classes.noun_lemmas({"garcía"}, "es") == {}


def test_a_word_no_analyser_knows_is_unknown_and_a_word_or_a_name_is_not():
    assert word_classes.unknown_words({"acúfenos", "mesa", "jordi"}, "es") == {"acúfenos"}


def test_a_first_name_of_the_language_s_list_is_a_name():
    # "mehdi" and "nerea": names Apertium's analysers do not know
    assert word_classes.person_names({"mehdi", "table"}, "fr") == {"mehdi"}
    assert "nerea" in word_classes.person_names({"nerea"}, "es")


def test_words_read_ahead_get_the_answers_they_get_alone_in_one_round_trip_and_are_not_kept(monkeypatch):
    words = {"montserrat", "factura", "acúfenos", "quintana"}

    def answers():
        return (word_classes.person_names(words, "es"), word_classes.common_readings(words, "es"),
                word_classes.unknown_words(words, "es"), word_classes.noun_lemmas(words, "es"))

    alone = answers()
    for cache in ("_names", "_known", "_unknown", "_lemmas"):  # as if never asked
        monkeypatch.setattr(word_classes, cache, {})
    asked = []
    real = word_classes._asked
    monkeypatch.setattr(word_classes, "_asked", lambda w, lang: asked.append(w) or real(w, lang))
    with word_classes.read_ahead(words, "es"):
        assert answers() == alone
    assert len(asked) == 1  # the read-ahead's block; every question after it answered from memory
    assert not word_classes._ahead  # the text's words are not kept once its blocks are marked
