import pytest

from prism_translate.engine.recognisers import password


@pytest.mark.parametrize("lang,text,secrets", [
    ("en", "The password is rosebud.", {"rosebud"}),
    ("en", "PIN: 4471", {"4471"}),
    ("es", "La contraseña del wifi es girasol.", {"girasol"}),
    ("fr", "Le mot de passe : soleil", {"soleil"}),
    ("ca", "la contrasenya és gira-sol", {"gira-sol"}),
    ("en", 'The passphrase is "correct horse battery staple".', {"correct", "horse", "battery", "staple"}),
])
def test_what_follows_a_password_label_is_a_secret(recognised, lang, text, secrets):
    assert set(recognised(password.token_kinds, text, lang)) == secrets


@pytest.mark.parametrize("lang,text", [
    ("en", "The password is changed weekly and is valid for a month."),
    ("en", "Your password expires in a month."),
])
def test_what_is_said_about_a_password_is_not_one(recognised, lang, text):
    assert recognised(password.token_kinds, text, lang) == {}


def test_a_link_word_of_another_language_links_nothing(recognised):
    # Spanish "era" in English text is a word, not "was"
    assert recognised(password.token_kinds, "The PIN era ended in 2019.", "en") == {}
