import pytest

from prism_translate.engine.recognisers import chat

CHAT = "sky: are we on?\n[18:02] marin: not yet\nsky: ok, ping marin later"


def test_speakers_who_take_turns_are_people_wherever_the_chat_names_them(recognised):
    found = recognised(chat.speakers, CHAT)
    assert found == {"sky": "PERSON", "marin": "PERSON"}


@pytest.mark.parametrize("lang,text,word", [
    ("en", "sis: how did mum sound?\nsky: fine\nsis: ok, tell sky thanks", "sis"),
    ("es", "mamá: ¿llegaste?\nsky: sí\nmamá: vale, dile a sky gracias", "mamá"),
])
def test_a_speaker_named_by_a_family_word_is_that_word_and_the_others_stay_people(recognised, lang, text, word):
    found = recognised(chat.speakers, text, lang)
    assert found[word] == "" and found["sky"] == "PERSON"


def test_a_form_s_fields_are_not_speakers(recognised):
    assert recognised(chat.speakers, "Name: Ann\nAge: 40\nSubject: visit") == {}


def test_a_census_first_name_before_a_colon_is_a_speaker_outside_english(recognised):
    assert recognised(chat.named_speaker, "Léa : on se retrouve ?", "fr") == {"Léa": "PERSON"}
    assert recognised(chat.named_speaker, "Objet : réunion", "fr") == {}


def test_speakers_the_catalan_tagger_cannot_read_are_people(recognised):
    """Apertium's Catalan tagger calls an unknown word X: letters still make it a speaker, after a
    time stamp too; a user name with a dot speaks as well."""
    chat_text = ("[19:30] arnau: avui ve la berta?\n[19:31] queralt.v: diu que sí\n[19:32] arnau: ok\n"
                 "[19:33] queralt.v: no ho posis aquí")
    found = recognised(chat.speakers, chat_text, "ca")
    assert found == {"arnau": "PERSON", "queralt.v": "PERSON"}


@pytest.mark.parametrize("lang,text,names", [
    ("es", "luna: ya salgo\nperla: vale, te espero abajo", ["luna", "perla"]),
    ("fr", "prune: j'arrive dans dix minutes\nvictoire: ok on t'attend", ["prune", "victoire"]),
    ("ca", "mar: ja surto\nroser: d'acord, t'espero", ["mar", "roser"]),
    ("en", "sky: running late\nbrook: no worries", ["sky", "brook"]),
])
def test_two_speakers_of_a_lower_case_chat_are_people_even_when_they_are_words(recognised, lang, text, names):
    assert recognised(chat.speakers, text, lang) == dict.fromkeys(names, "PERSON")


@pytest.mark.parametrize("lang,text", [
    ("es", "usuario: pmartin\nclave: secreta"),  # a form's fields in lower case
    ("fr", "identifiant: lmoreau\nmot de passe: soleil"),
    ("en", "username: jsmith\npassword: rosebud"),
])
def test_a_lower_case_form_s_fields_are_not_speakers(recognised, lang, text):
    assert recognised(chat.speakers, text, lang) == {}


def test_a_speaker_after_a_time_stamp_the_spanish_tagger_misreads_is_a_person(recognised):
    """Spanish reads a time stamp's "[" as a proper noun: the speaker is still the line's first word,
    a nickname no list knows."""
    chat_text = ("[12:01] nachete: llego tarde\n[12:02] bea: vale nachete, te guardo sitio\n"
                 "[12:03] nachete: gracias bea")
    assert recognised(chat.speakers, chat_text, "es") == {"nachete": "PERSON", "bea": "PERSON"}
