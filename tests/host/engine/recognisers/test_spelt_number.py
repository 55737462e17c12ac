import pytest

from prism_translate.engine.recognisers import spelt_number


@pytest.mark.parametrize("lang,text,digits", [
    ("en", "call oh seven seven zero nine, one two three", "07709 123"),
    ("en", "the PIN is double four two one", "4421"),
    ("es", "cinco cinco cinco, ocho seis", "555 86"),
    ("fr", "zéro six, douze, trente-quatre", "06 12 34"),
])
def test_digits_read_out_are_one_number(lang, text, digits):
    [(a, b, kind)] = spelt_number.spans(text, lang)
    assert kind == "NUMBER" and spelt_number.spelt_digits(text[a:b], lang) == digits


@pytest.mark.parametrize("text", ["one two three", "ten twenty", "twenty twenty-four"])
def test_counting_a_time_or_a_year_is_not_a_number_read_out(text):
    assert spelt_number.spans(text, "en") == []
