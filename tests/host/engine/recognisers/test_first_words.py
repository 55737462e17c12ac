import pytest

from prism_translate.engine.recognisers import first_words


@pytest.mark.parametrize("lang,text,name", [
    ("fr", "Petit enverra le rapport demain.", "Petit"),
    ("ca", "Costa no ha vingut.", "Costa"),
])
def test_a_surname_that_is_a_word_before_its_verb(recognised, lang, text, name):
    assert recognised(first_words.subjects, text, lang) == {name: "PERSON"}


@pytest.mark.parametrize("lang,text,word", [
    ("es", "Factura pendiente de pago", "Factura"),
    ("fr", "Envoyez-moi le rapport.", "Envoyez"),
])
def test_an_ordinary_first_word_is_a_word(recognised, lang, text, word):
    assert recognised(first_words.ordinary, text, lang).get(word) == ""


def test_english_first_words_are_not_read_by_the_dictionary(recognised):
    assert recognised(first_words.ordinary, "Invoice pending.") == {}
