import pytest

from prism_translate.engine.recognisers import number


def test_long_digit_groups_and_chained_short_groups_are_one_number():
    text = "Account 1234 5678 90, door code 4-7-1-9-2, but 12 34 is two numbers."
    assert [text[a:b] for a, b, _ in number.grouped_spans(text, "en")] == ["1234 5678 90", "4-7-1-9-2"]


def test_numbers_in_local_formats_are_one_value():
    text = "Total 4.870,50 € or 3 870,20 €"
    assert [text[a:b] for a, b, _ in number.local_spans(text, "es")] == ["4.870,50", "3 870,20"]


@pytest.mark.parametrize("token,kind", [("3rd", "NUMBER"), ("25km", "NUMBER"), ("12,500.00", "NUMBER"),
                                        ("45678123K", "CODE"), ("A12", "CODE")])
def test_a_token_with_a_digit_is_a_number_or_a_code(token, kind):
    assert number.number_kind(token) == kind


def test_every_token_with_a_digit_is_marked(recognised):
    assert recognised(number.token_kinds, "Room 12 on the 3rd floor, code B7.") == {"12": "NUMBER", "3rd": "NUMBER",
                                                                                   "B7": "CODE"}
