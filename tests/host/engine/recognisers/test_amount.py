import pytest

from prism_translate.engine.recognisers import amount


@pytest.mark.parametrize("lang,text,value", [
    ("fr", "il doit mille deux cents euros", "1200"),
    ("es", "son dos mil quinientos", "2500"),
    ("en", "one thousand two hundred and fifty pounds", "1250"),
    ("ca", "em va costar vint-i-cinc euros", "25"),
    ("es", "el veinticuatro de septiembre", "24"),
])
def test_amounts_said_in_words_are_one_number_with_their_value(lang, text, value):
    [(a, b, _)] = amount.spans(text, lang)
    assert amount.spelt_value(text[a:b], lang) == value


@pytest.mark.parametrize("lang,text", [("en", "a thousand thanks"), ("es", "mil gracias"), ("fr", "cent fois")])
def test_a_number_word_alone_is_a_word(lang, text):
    assert amount.spans(text, lang) == []
