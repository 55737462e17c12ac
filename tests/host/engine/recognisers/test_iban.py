from prism_translate.engine.recognisers import iban


def test_a_valid_iban_solid_or_in_fours_and_an_invalid_one_as_a_code():
    text = "IBAN ES91 2100 0418 4502 0005 1332, GB82WEST12345698765432, and ES00 1234 5678 9012 3456 7890."
    assert [(text[a:b], k) for a, b, k in iban.spans(text, "en")] == [
        ("ES91 2100 0418 4502 0005 1332", "IBAN"), ("GB82WEST12345698765432", "IBAN"),
        ("ES00 1234 5678 9012 3456 7890", "CODE")]
