import pytest

from prism_translate.engine.recognisers import account


@pytest.mark.parametrize("lang,text,names", [
    ("en", "Log in with the username jsmith today.", {"jsmith"}),
    ("es", "No puede entrar con el usuario rcaballero.", {"rcaballero"}),
    ("fr", "Votre identifiant est mdurand.", {"mdurand"}),
    # the label's verb in the future, in every language
    ("es", "Tu usuario será rcaballero y la clave te llega aparte.", {"rcaballero"}),
    ("ca", "El teu usuari serà mrovira.", {"mrovira"}),
    ("fr", "Ton identifiant sera lbernard.", {"lbernard"}),
    ("en", "Your username will be pkelly from Monday.", {"pkelly"}),
])
def test_a_user_name_after_its_label(recognised, lang, text, names):
    assert set(recognised(account.token_kinds, text, lang)) == names


@pytest.mark.parametrize("lang,text", [("en", "The user asked for help."), ("es", "El usuario final puede llamar.")])
def test_a_word_the_dictionary_knows_after_the_label_is_a_word(recognised, lang, text):
    assert recognised(account.token_kinds, text, lang) == {}
