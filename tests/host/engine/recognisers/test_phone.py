import pytest

from prism_translate.engine.recognisers import phone


@pytest.mark.parametrize("text,number", [
    ("Call me on +44 20 7946 0958 tonight.", "+44 20 7946 0958"),
    ("Llámame al 612 345 678.", "612 345 678"),
    ("Appelez le 06 12 34 56 78.", "06 12 34 56 78"),
])
def test_phone_numbers_of_the_regions_we_serve(text, number):
    assert number in [text[a:b] for a, b, _ in phone.spans(text, "en")]


def test_a_year_is_not_a_phone_number():
    assert phone.spans("In 2024 we sold 300 units.", "en") == []
