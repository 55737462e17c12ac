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


@pytest.mark.parametrize("lang,text,secret", [
    # one ordinary word after a field's mark, whatever the tagger calls it (a verb, an adverb)
    ("fr", "Mot de passe : bleu\nMerci", "bleu"),
    ("es", "Contraseña nueva: pradera", "pradera"),
    ("en", "New wifi password: running", "running"),
    ("ca", "Contrasenya: corrent.", "corrent"),
])
def test_one_word_alone_after_a_password_label_is_the_password(recognised, lang, text, secret):
    assert set(recognised(password.token_kinds, text, lang)) == {secret}


@pytest.mark.parametrize("lang,text", [
    ("en", "The password is changed."),
    ("fr", "Le mot de passe est ici."),
])
def test_a_participle_or_a_function_word_after_is_no_password(recognised, lang, text):
    assert recognised(password.token_kinds, text, lang) == {}


def test_a_link_word_of_another_language_links_nothing(recognised):
    # Spanish "era" in English text is a word, not "was"
    assert recognised(password.token_kinds, "The PIN era ended in 2019.", "en") == {}


@pytest.mark.parametrize("lang,text,secrets", [
    ("en", "The recovery phrase for the old wallet is: falcon, maple, tunnel, ember, quiet, harvest. Keep it safe.",
     {"falcon", "maple", "tunnel", "ember", "quiet", "harvest"}),
    ("es", "Mi frase de recuperación es: 1. tigre 2. nube 3. rojo 4. mesa 5. lluvia 6. barco",
     {"tigre", "nube", "rojo", "mesa", "lluvia", "barco"}),
    ("fr", "Mes mots de récupération sont : soleil, tortue, jardin, piano, fraise, orage.",
     {"soleil", "tortue", "jardin", "piano", "fraise", "orage"}),
    ("ca", "La frase de recuperació: pedra, riu, llum, boira, cirera, mar.", {"pedra", "riu", "llum", "boira", "cirera", "mar"}),
])
def test_a_phrase_after_its_label_is_a_secret_whatever_list_its_words_are_from(recognised, lang, text, secrets):
    assert set(recognised(password.token_kinds, text, lang)) == secrets


@pytest.mark.parametrize("lang,text", [
    ("en", "The recovery phrase is written on a card in the safe, next to the passports."),
    ("es", "La frase secreta es la misma que usamos en casa de la abuela."),
    ("en", "Seed phrase: short one."),
])
def test_a_sentence_about_a_phrase_is_not_one(recognised, lang, text):
    assert recognised(password.token_kinds, text, lang) == {}
