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


@pytest.mark.parametrize("lang,text,name", [
    # whom something is for, a word no analyser knows
    ("en", "ok grab a coffee for brixa pls", "brixa"),
    ("es", "he comprado un regalo para ainhoa jaja", "ainhoa"),
    ("fr", "j'ai un petit cadeau pour brieuc", "brieuc"),
    ("ca", "tinc un regal per a la txell", "txell"),
    # the subject right before its verb, after a verb of thinking
    ("en", "lol i think mirek is coming too", "mirek"),
    ("es", "pues creo que txomin viene luego", "txomin"),
    ("fr", "je crois que maëlys arrive ce soir", "maëlys"),
    ("ca", "crec que quima ve després", "quima"),
])
def test_a_word_no_analyser_knows_is_someone_where_only_people_stand(recognised, lang, text, name):
    assert recognised(chat_mentions.token_kinds, text, lang).get(name) == "PERSON"


@pytest.mark.parametrize("lang,text", [
    # a common word or a name that is also a word for whom, a noun after an article before its verb
    ("en", "thanks for lunch, i think the wifi is down again"),
    ("en", "i waited for hope all day"),
    ("es", "es para mañana, creo que el portátil va lento"),
    ("fr", "c'est pour demain, je crois que le wifi marche pas"),
    ("fr", "au fait mon compte sur twitch sera le même"),
    ("ca", "és per a demà, crec que el mòbil va lent"),
])
def test_words_where_people_may_stand_stay_words(recognised, lang, text):
    assert recognised(chat_mentions.token_kinds, text, lang) == {}
