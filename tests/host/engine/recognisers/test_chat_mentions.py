import pytest

from prism_translate.engine.recognisers import chat_mentions


@pytest.mark.parametrize("lang,text,name", [
    # after a word of the matter or of company
    ("es", "oye sabes lo de marta? se ha ido", "marta"),
    ("en", "did you hear about grace? she's moving", "grace"),
    ("ca", "has parlat amb la marta? diu que no pot venir", "marta"),
    ("es", "ayer quedé con rosa en el bar", "rosa"),
    ("en", "i had lunch with will today", "will"),
    # the subject of a verb about the writer, a month too when a person's pronoun says so
    ("es", "si abril me deja el coche voy mañana", "abril"),
    ("ca", "si la rosa em deixa el cotxe vinc demà", "rosa"),
    ("es", "que carmen me diga algo cuando llegue", "carmen"),
    ("es", "ayer marta y yo fuimos al cine", "marta"),
    ("fr", "sinon rose et moi on passe te prendre", "rose"),
    # before object pronouns the French model reads as a verb and an article, and a verb it reads
    # as a noun; a name no list holds, which no analyser knows
    ("fr", "ok et olive te la ramène demain", "olive"),
    ("fr", "slt, sofiane m'a dit que c'était annulé", "sofiane"),
    ("es", "y pilar me lo trae mañana", "pilar"),
    # after Catalan's personal article "en", a word the dictionary knows as a word
    ("ca", "i en roc ens espera a la plaça", "roc"),
])
def test_a_name_a_lower_case_chat_mentions_is_someone(recognised, lang, text, name):
    assert recognised(chat_mentions.token_kinds, text, lang).get(name) == "PERSON"


@pytest.mark.parametrize("lang,text", [
    ("es", "nos vemos en abril, el 3 de abril es la boda"),
    ("ca", "la paret és de color rosa"),
    ("es", "si la rosa es roja la compro"),
    ("fr", "en avril on part en vacances"),
    ("es", "abril empieza el lunes"),
    ("en", "i will call you about it later"),
    ("fr", "rose la semaine dernière, bleu celle-ci"),
])
def test_a_month_or_a_word_stays_a_word(recognised, lang, text):
    assert recognised(chat_mentions.token_kinds, text, lang) == {}


def test_only_a_text_written_in_lower_case(recognised):
    """In ordinary writing a capital says who is someone: a lower-case "rosa" there is a word."""
    assert recognised(chat_mentions.token_kinds, "Ayer quedé con rosa en el bar.", "es") == {}
