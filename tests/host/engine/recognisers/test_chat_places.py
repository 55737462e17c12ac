import pytest

from prism_translate.engine.recognisers import chat_places


@pytest.mark.parametrize("lang,text,place", [
    ("en", "meet you in zarautz on friday, then we drive to getxo", ["zarautz", "getxo"]),
    ("en", "ana: where r u\nben: at sitges, back soon\nana: ok\nben: see u", ["sitges"]),
    ("es", "oye, si vienes nos vemos en hondarribia", ["hondarribia"]),
    ("es", "quedamos en cadaqués el sábado", ["cadaqués"]),
    ("fr", "on se voit à douarnenez demain", ["douarnenez"]),
    ("fr", "je rentre de plouha ce soir", ["plouha"]),
    ("ca", "pol: on ets?\nlaia: a banyoles, arribo tard\npol: ok\nlaia: fins ara", ["banyoles"]),
    ("ca", "venim de calella demà", ["calella"]),
])
def test_a_word_no_analyser_knows_after_a_place_preposition_in_a_chat_is_a_place(recognised, lang, text, place):
    assert recognised(chat_places.places, text, lang) == dict.fromkeys(place, "PLACE")


@pytest.mark.parametrize("lang,text", [
    # common words, an article after the preposition, a month, a chat word
    ("en", "ok see you at home, i'm in bed already. back in march lol"),
    ("es", "estoy en casa, luego voy a la playa desde aquí"),
    ("fr", "je suis dans le train, à demain"),
    ("ca", "sóc a casa, vinc de la feina"),
])
def test_common_words_after_a_preposition_stay_words(recognised, lang, text):
    assert recognised(chat_places.places, text, lang) == {}


@pytest.mark.parametrize("lang,text", [
    ("en", "We will meet in Zarautz. The team flies to getxo on Monday."),
    ("es", "Nos vemos en hondarribia el lunes.\nUn saludo."),
])
def test_only_in_a_chat(recognised, lang, text):
    """In ordinary writing the capital says where a place is: a lower-case unknown word there is
    jargon or a typo more often than a town."""
    assert recognised(chat_places.places, text, lang) == {}
