import pytest

from prism_translate.engine.recognisers import calendar


@pytest.mark.parametrize("lang,text,dates", [
    ("en", "We meet on Tuesday, 3 June, and again in April.", {"Tuesday", "June", "April"}),
    ("es", "Nos vemos el lunes 3 de marzo.", {"lunes", "marzo"}),
    ("fr", "Les mardis, et en avril.", {"mardis", "avril"}),
    ("ca", "Els dissabtes de juliol.", {"dissabtes", "juliol"}),
])
def test_months_and_weekdays_used_as_dates(recognised, lang, text, dates):
    assert set(recognised(calendar.token_kinds, text, lang)) == dates


@pytest.mark.parametrize("text", [
    "You may leave now.",
    "His wife April called on Friday.",
    "April Rosalind Fairweather signed it.",
])
def test_a_month_that_is_a_verb_or_a_first_name_is_not_a_date(recognised, text):
    assert "April" not in recognised(calendar.token_kinds, text) and "may" not in recognised(calendar.token_kinds, text)
