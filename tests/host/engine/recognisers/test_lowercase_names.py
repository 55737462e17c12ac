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
    # a name the tagger reads as a verb, known as a name to the analyser or the language's list
    ("fr", "c'est karim qui conduit ce soir", "karim"),
    ("fr", "c'est mehdi qui garde les clés", "mehdi"),
])
def test_a_lower_case_name_where_a_person_stands(recognised, lang, text, name):
    assert recognised(lowercase_names.token_kinds, text, lang).get(name) == "PERSON"


@pytest.mark.parametrize("text", ["the kitty is asleep", "i will rose to the occasion"])
def test_a_word_after_a_determiner_is_a_word(recognised, text):
    assert recognised(lowercase_names.token_kinds, text) == {}


def test_a_known_word_where_a_person_could_stand_stays_a_word(recognised):
    assert recognised(lowercase_names.token_kinds, "tell everyone about it") == {}


@pytest.mark.parametrize("lang,text,name", [
    ("en", "what time does frank land?", "frank"),
    ("en", "can mark drive us tomorrow?", "mark"),
    ("es", "¿a qué hora puede marta venir?", "marta"),
    ("fr", "à quelle heure est-ce que marc arrive ?", "marc"),
    ("ca", "pot la marta venir demà?", "marta"),
])
def test_the_subject_of_a_question_is_someone(recognised, lang, text, name):
    """Between the auxiliary (or "est-ce que") that opens a question and its verb, a bare word
    is the subject: a person, a thing would take a determiner."""
    assert recognised(lowercase_names.token_kinds, text, lang).get(name) == "PERSON"


@pytest.mark.parametrize("lang,text", [
    ("en", "does the car start?"), ("en", "does work start at nine?"), ("en", "can you help?"),
    ("es", "¿puede el coche arrancar?"), ("fr", "est-ce que le train arrive ?"),
])
def test_a_thing_asked_about_stays_a_word(recognised, lang, text):
    assert recognised(lowercase_names.token_kinds, text, lang) == {}


@pytest.mark.parametrize("lang,text", [
    ("en", "omg tell mum the news"),
    ("es", "jajaja dile a papá que venga"),
    ("fr", "mdr dis à maman de venir"),
])
def test_a_chat_word_or_a_family_word_is_not_a_name(recognised, lang, text):
    """Lexicon.chat_words and office_words: "omg", "mum", "jajaja" are words wherever they stand."""
    assert recognised(lowercase_names.token_kinds, text, lang) == {}


def test_after_an_article_only_a_first_name_is_someone(recognised):
    """"a la marta" is a person; "a la sala" (to the room) is a room."""
    assert recognised(lowercase_names.token_kinds, "porteu-ho a la sala gran", "ca") == {}
    assert recognised(lowercase_names.token_kinds, "dona-ho a la marta", "ca") == {"marta": "PERSON"}


@pytest.mark.parametrize("lang,text,name", [
    ("ca", "Et passo les dades.\n\nGràcies,\nmontse", "montse"),
    ("en", "Thanks for the help.\n\nCheers,\ntash", "tash"),
])
def test_a_lower_case_signer_under_a_signoff_is_someone(recognised, lang, text, name):
    assert recognised(lowercase_names.token_kinds, text, lang).get(name) == "PERSON"


@pytest.mark.parametrize("lang,text,name", [
    ("fr", "Ma collègue clémence passe jeudi.", "clémence"),
    ("en", "my brother mark said no", "mark"),
    ("es", "mi amiga rocío viene mañana", "rocío"),
])
def test_the_name_after_a_possessive_and_a_relation_is_someone(recognised, lang, text, name):
    assert recognised(lowercase_names.token_kinds, text, lang).get(name) == "PERSON"


def test_a_verb_or_a_word_after_a_relation_stays_a_word(recognised):
    assert recognised(lowercase_names.token_kinds, "my boss said the colleague group met") == {}


@pytest.mark.parametrize("text", ["Then the phone rang. It was late.", "Then my phone rang again."])
def test_a_verb_of_addressing_after_a_determiner_is_a_thing(recognised, text):
    # the tagger reads "rang" a noun after "phone", a verb of addressing and a form's word
    assert recognised(lowercase_names.token_kinds, text) == {}


@pytest.mark.parametrize("lang,text,name", [
    ("es", "gracias perla!! mañana te lo devuelvo", "perla"),
    ("fr", "merci prune, à demain", "prune"),
    ("ca", "gràcies mar! ens veiem", "mar"),
    ("en", "thanks brook, see you then", "brook"),
])
def test_a_word_a_greeting_or_a_thanks_calls_is_someone_even_when_it_is_a_word(recognised, lang, text, name):
    assert recognised(lowercase_names.token_kinds, text, lang) == {name: "PERSON"}


@pytest.mark.parametrize("lang,text", [
    ("es", "gracias igualmente!"),  # an adverb
    ("es", "hola chicos, ¿qué tal?"),  # a group, in the plural
    ("fr", "merci encore !"),
    ("ca", "gràcies igualment!"),
    ("en", "thanks again, see you"),
])
def test_what_a_thanks_says_after_it_is_a_word(recognised, lang, text):
    assert recognised(lowercase_names.token_kinds, text, lang) == {}
