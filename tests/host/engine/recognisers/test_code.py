import pytest

from prism_translate.engine.recognisers import code


@pytest.mark.parametrize("text,found", [
    ("ref PED-88213 and user mserra_bcn and jdoe.finance", [("PED-88213", "CODE"), ("mserra_bcn", "CODE"),
                                                            ("jdoe.finance", "CODE")]),
    ("take 500mg at 9:30am", [("500mg", "NUMBER"), ("9:30am", "NUMBER")]),
    ("e.g. a Ph.D in 3 years", []),
])
def test_codes_by_their_shape(text, found):
    assert [(text[a:b], k) for a, b, k in code.spans(text, "en") if k != "NUMBER" or found] == found


def test_inner_capitals_twice_make_a_password(recognised):
    assert recognised(code.token_kinds, "It was LaVieEnRose on my iPhone at McDonald's.") == {"LaVieEnRose": "CODE"}
