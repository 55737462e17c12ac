from prism_translate.engine.recognisers import postcode


def test_uk_canadian_and_irish_postcodes_are_one_code_each():
    text = "Derby DE22 3TB, Ottawa K1A 0B1, Dublin D02 X285; a UK PLC is not one."
    assert [text[a:b] for a, b, _ in postcode.spans(text, "en")] == ["DE22 3TB", "K1A 0B1", "D02 X285"]
