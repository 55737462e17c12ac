import pytest

from prism_translate.engine.recognisers import signature


def test_the_line_under_a_signoff_is_a_name(recognised):
    assert recognised(signature.under_signoff, "See you.\n\nKind regards,\nJorge Martín") == {
        "Jorge": "PERSON", "Martín": "PERSON"}


def test_a_team_signing_with_its_article_leaves_the_article_out(recognised):
    """The words after it are for the other recognisers (office_words.py: "Service Clients")."""
    found = recognised(signature.under_signoff, "Merci.\n\nCordialement,\nLe Service Clients", "fr")
    assert "Le" not in found


def test_a_name_alone_at_the_end_signs_the_message(recognised):
    assert recognised(signature.signed, "The figures are in the March run.\n\nSeun") == {"Seun": "PERSON"}


def test_a_last_line_without_a_blank_line_before_it_is_not_a_signature(recognised):
    assert recognised(signature.signed, "The figures are in.\nThanks") == {}


def test_a_first_name_the_tagger_calls_a_determiner_still_signs(recognised):
    """French tags some first names as determiners: only a function word is a team's article."""
    found = recognised(signature.under_signoff, "Merci pour votre message.\nCordialement,\nOdile Vasseur", "fr")
    assert found == {"Odile": "PERSON", "Vasseur": "PERSON"}


@pytest.mark.parametrize("lang,text,name", [
    ("ca", "Hola Estel,\nEns veiem demà.\nPetons,\nMontse", "Montse"),
    ("fr", "Salut Marc,\nÀ demain.\nBisous,\nOcéane", "Océane"),
])
def test_a_familiar_sign_off_puts_the_signer_under_it(lang, text, name):
    from prism_translate.engine.recognize import mark
    from prism_translate.engine.tokenize import analyse

    assert [t.entity for t in mark(analyse(text, lang), lang) if t.text == name] == ["PERSON"]
