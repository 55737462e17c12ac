import pytest

from prism_translate.engine.recognisers import names
from prism_translate.engine.recognize import mark
from prism_translate.engine.tokenize import analyse


def test_hyphenated_names_are_one_name():
    text = "Jean-Luc met Al-Farsi and O'Brien-Smith; a well-known fact."
    assert [text[a:b] for a, b, _ in names.hyphenated_spans(text, "en")] == ["Jean-Luc", "Al-Farsi", "O'Brien-Smith"]


@pytest.mark.parametrize("lang,text,name", [
    ("en", "I wrote to Mr van der Berg.", "van der Berg"),
    ("es", "Firmado: MARIA DEL CARMEN", "MARIA DEL CARMEN"),
    ("ca", "Ho porta la Sra. Soler i Pons.", "Soler i Pons"),
    ("es", "Escribí a Juan de la Cierva ayer.", "Juan de la Cierva"),
])
def test_the_parts_of_one_name_are_joined(lang, text, name):
    tokens = mark(analyse(text, lang), lang)
    words = name.split()
    at = [t.text for t in tokens].index(words[0])
    assert all(t.entity for t in tokens[at:at + len(words)]), [(t.text, t.entity) for t in tokens]


@pytest.mark.parametrize("lang,text,words", [
    ("fr", "L'adresse IP de la machine a changé.", ["de", "la", "machine"]),
    ("es", "Llegó Pedro de la oficina.", ["de", "la", "oficina"]),
])
def test_particles_at_the_edge_of_a_name_are_the_sentences(lang, text, words):
    # a particle belongs to a name only between two of its words: after one, it is the sentence's
    tokens = mark(analyse(text, lang), lang)
    at = [t.text for t in tokens].index(words[0])
    assert [t.entity for t in tokens[at:at + len(words)]] == [""] * len(words), [(t.text, t.entity) for t in tokens]


def test_a_first_name_joined_to_a_name_is_a_name():
    tokens = mark(analyse("Mark and Will are both off.", "en"), "en")
    assert [t.text for t in tokens if t.entity == "PERSON"] == ["Mark", "Will"]


def test_the_line_after_a_greeting_does_not_join_its_name():
    tokens = mark(analyse("Hi Tom,\n\nSee below. Will and Mark agree.", "en"), "en")
    assert [t.text for t in tokens if t.entity == "PERSON"] == ["Tom", "Will", "Mark"]


def test_a_letterhead_line_is_one_name():
    tokens = mark(analyse("Caixa Montseny\nBenvolguda senyora,\nus escrivim.", "ca"), "ca")
    assert tokens[0].entity and tokens[1].entity, [(t.text, t.entity) for t in tokens]


@pytest.mark.parametrize("lang,text,word", [
    ("en", "RE: Hargreaves v. Pembury\n\nWe act for Mr Declan Hargreaves.", "Hargreaves"),
    ("es", "nacho: ¿sabes si rocío viene?\nnacho: dile a rocío que sí", "rocío"),
])
def test_a_person_is_a_person_wherever_written(lang, text, word):
    tokens = mark(analyse(text, lang), lang)
    assert [t.entity for t in tokens if t.text == word] == ["PERSON", "PERSON"], [(t.text, t.entity) for t in tokens]


def test_the_same_letters_as_a_verb_or_after_a_determiner_stay_words():
    tokens = mark(analyse("Will Smith said: Will you come? Mark wrote a mark.", "en"), "en")
    assert [t.text for t in tokens if t.entity == "PERSON"] == ["Will", "Smith", "Mark"]


def test_a_surname_with_an_apostrophe_is_one_name_in_every_language():
    text = "Mme Guivarc'h et M. Le Bec'h ont vu Mme D'Angelo, M. O'Brien et M. Dell'Orto."
    assert [text[a:b] for a, b, _ in names.hyphenated_spans(text, "fr")] == [
        "Guivarc'h", "Bec'h", "D'Angelo", "O'Brien", "Dell'Orto"]
    # the French tokenizer cut "Guivarc'" from "h" as an elision
    assert {"Guivarc'h", "D'Angelo"} <= {t.text for t in analyse(text, "fr") if t.pos == "PROPN"}


@pytest.mark.parametrize("lang,text", [
    ("en", "Don't tell Anne's friend: it's late, we'll go and they've gone. I'd say o'clock."),
    ("fr", "Aujourd'hui, Quelqu'un, Presqu'île, Jusqu'à, Prud'hommes, D'accord, L'hôpital"),
])
def test_contractions_and_elisions_are_no_apostrophe_names(lang, text):
    assert names.hyphenated_spans(text, lang) == []
