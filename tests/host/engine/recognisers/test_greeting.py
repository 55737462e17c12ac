import pytest

from prism_translate.engine.recognisers import greeting


def test_greeting_and_signoff_words_are_words(recognised):
    found = recognised(greeting.formula_words, "Good morning Hope,\nsee you soon.\n\nBest regards,\nMark")
    assert found == {"Good": "", "morning": "", "Best": "", "regards": ""}


def test_the_name_after_a_greeting_is_a_person(recognised):
    assert recognised(greeting.greeted_names, "Dear Carla Moreno,\nthanks.") == {"Carla": "PERSON", "Moreno": "PERSON"}
    assert recognised(greeting.greeted_names, "Hola Marta Puig, ¿qué tal?", "es") == {"Marta": "PERSON",
                                                                                    "Puig": "PERSON"}


@pytest.mark.parametrize("lang,text,name", [
    ("ca", "Hola Pere,\n\n> Montse, t'adjunto el pressupost revisat.\n> Salutacions,", "Montse"),
    ("es", "> Nines, te mando el contrato firmado.", "Nines"),
    ("en", "Tash, can you send it?", "Tash"),
])
def test_a_line_that_opens_by_calling_someone_names_a_person(recognised, lang, text, name):
    """A vocative comma after a line's first word, quoted or not: a nickname no list knows."""
    assert recognised(greeting.vocatives, text, lang) == {name: "PERSON"}


@pytest.mark.parametrize("lang,text", [
    ("en", "Sorry, I missed that."), ("en", "Ok, done."), ("en", "FYI, the report is late."),
    ("es", "Bueno, ya veremos."), ("fr", "Bref, on verra."), ("ca", "Doncs, ja veurem."),
    ("en", "Thanks, Dan"),
])
def test_an_ordinary_word_before_a_comma_stays_a_word(recognised, lang, text):
    assert recognised(greeting.vocatives, text, lang) == {}


def test_a_quoted_line_reads_as_the_same_line_unquoted(recognised):
    """The "> " marks of a reply do not hide a greeting from the recogniser."""
    assert recognised(greeting.greeted_names, "> Hola Montse,\n> t'adjunto el pressupost.", "ca") == {"Montse": "PERSON"}
