import pytest

from prism_translate.engine.recognisers import lowercase_names


@pytest.mark.parametrize("lang,text,name", [
    ("en", "hey maria, can you check?", "maria"),
    ("en", "tell mark the pin", "mark"),
    ("en", "rich said no", "rich"),
    ("es", "hola jordi, dile a rosa que venga", "rosa"),
    ("fr", "on se voit chez roux", "roux"),
    # a nickname is in no list: where only a person stands, a word the dictionary does not know
    ("en", "don't tell tash, ok?", "tash"),
    ("en", "hey shorty, you in?", "shorty"),
])
def test_a_lower_case_name_where_a_person_stands(recognised, lang, text, name):
    assert recognised(lowercase_names.token_kinds, text, lang).get(name) == "PERSON"


@pytest.mark.parametrize("text", ["the kitty is asleep", "i will rose to the occasion"])
def test_a_word_after_a_determiner_is_a_word(recognised, text):
    assert recognised(lowercase_names.token_kinds, text) == {}


def test_a_known_word_where_a_person_could_stand_stays_a_word(recognised):
    assert recognised(lowercase_names.token_kinds, "tell everyone about it") == {}
