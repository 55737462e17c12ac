import pytest

from prism_translate.engine.recognisers import capitalised
from prism_translate.engine.tokenize import analyse


@pytest.mark.parametrize("text,name", [
    ("Will is best man.", "Will"),
    ("Will also comes tomorrow.", "Will"),  # the verb after an adverb
    ("Mark: are we on?", "Mark"),
    ("Black will send the offer.", "Black"),
])
def test_census_names_that_are_words_where_a_name_is_likely(recognised, text, name):
    assert recognised(capitalised.census_names, text).get(name) == "PERSON"


@pytest.mark.parametrize("text,word", [("Hope you are well.", "Hope"), ("Most agreed.", "Most")])
def test_census_names_that_are_words_elsewhere(recognised, text, word):
    assert word not in recognised(capitalised.census_names, text)


def test_census_names_are_read_so_only_in_english(recognised):
    assert recognised(capitalised.census_names, "Rosa vino ayer.", "es") == {}


def test_a_word_capitalised_mid_sentence_is_a_name(recognised):
    found = recognised(capitalised.by_capital, "The report went to Quintana and the Acme board.")
    assert found["Quintana"] in ("PERSON", "ORG") and found["report"] == ""


def test_a_quotation_in_capitals_is_shouting_but_keeps_its_census_names(recognised):
    found = recognised(capitalised.shouted, '"I AM THE DRAGON OF THE MOUNTAIN!" he roared. "CALL JOHN NOW!" she said.')
    assert found["DRAGON"] == found["MOUNTAIN"] == "" and found["JOHN"] == "PERSON"


def test_a_line_in_capitals_takes_only_the_tagger_s_names(recognised):
    found = recognised(capitalised.shouted, "PLEASE CALL ME BACK")
    assert set(found.values()) <= {""}


@pytest.mark.parametrize("text,lang,name", [
    ("Bonjour,\nLucie et Inès Haddad seront en retard.", "fr", "Lucie"),  # French parses "Lucie" as the root
])
def test_a_first_name_opening_a_clause_the_parser_cut_short_is_a_name(recognised, text, lang, name):
    assert recognised(capitalised.by_capital, text, lang)[name] == "PERSON"


@pytest.mark.parametrize("text,name", [
    ("Hope called.", "Hope"),  # a census first name
    ("Summit Finance called.", "Summit"),  # a name that goes on
    ("Bath was rainy. Nice is sunny.", "Nice"),  # a town, its sentence's subject
])
def test_a_first_word_used_as_a_name_stays_one(recognised, text, name):
    assert recognised(capitalised.by_capital, text)[name] in ("PERSON", "ORG")


# A form's value or a subject line is no sentence: a first word the tagger alone calls a proper
# noun is read by the dictionary even where the parser makes it its verb's subject (in Spanish,
# French and Catalan first_words.py reads such words; the whole registry runs for them here)
def test_a_labelled_subject_the_dictionary_reads_as_a_word_is_ordinary(recognised):
    assert recognised(capitalised.by_capital, "Incident form\nAction taken: Area closed and cleaned").get("Area") == ""


@pytest.mark.parametrize("lang,text,word", [
    ("es", "Parte de incidencias\nAcción tomada: Limpieza hecha en la sala", "Limpieza"),
    ("fr", "Fiche d'incident\nAction : Zone fermée et nettoyée", "Zone"),
    ("ca", "Full d'incidències\nAcció: Zona tancada i netejada", "Zona"),
])
def test_a_labelled_subject_is_ordinary_in_every_language(lang, text, word):
    assert [t.entity for t in analyse(text, lang) if t.text == word] == [""]


# A sentence of one word in dialogue: the parser makes it the subject of the speech verb after it
@pytest.mark.parametrize("text,word", [('"Tea?" asked Chloe.', "Tea"), ('"Cookies!" said Sam.', "Cookies")])
def test_a_common_word_that_is_a_sentence_of_its_own_is_ordinary(recognised, text, word):
    assert recognised(capitalised.by_capital, text, "en").get(word) == ""


@pytest.mark.parametrize("text,word", [
    ("Nice is sunny in May.", "Nice"),  # a sentence's subject: a town
    ('"Emma!" shouted Dad.', "Emma"),  # a census name alone in its sentence
    ("Reported by: Hope Porter", "Hope"),  # census names
])
def test_a_subject_outside_a_form_value_or_a_census_name_stays_a_name(recognised, text, word):
    assert recognised(capitalised.by_capital, text, "en").get(word)


@pytest.mark.parametrize("text,lang,name", [
    # French tags "Dupont" a pronoun before "demain" (a verb before "à 10h"); NER reads the person
    ("Nous avons rendez-vous avec Chef de Cuisine Marie Dupont demain.", "fr", "Dupont"),
])
def test_ner_s_person_is_trusted_over_a_pronoun_tag_for_a_word_that_is_no_function_word(recognised, text, lang, name):
    assert recognised(capitalised.by_capital, text, lang)[name] == "PERSON"


@pytest.mark.parametrize("text,lang,word", [("Then I called Anna.", "en", "I"), ("Je Vous prie d'agréer.", "fr", "Vous")])
def test_a_capitalised_pronoun_of_the_language_stays_a_word(recognised, text, lang, word):
    assert recognised(capitalised.by_capital, text, lang).get(word, "") == ""


@pytest.mark.parametrize("text,verb,name", [
    ("I had my stones looked at. Tell Nell the keys are under the mat.", "Tell", "Nell"),
    ("Ask Tom about the invoice.", "Ask", "Tom"),
])
def test_a_verb_of_addressing_before_a_name_is_a_word_and_the_name_stays_one(text, verb, name):
    kinds = {t.text: t.entity for t in analyse(text, "en")}
    assert kinds[verb] == "" and kinds[name] == "PERSON"


def test_an_auxiliary_that_is_a_first_name_stays_part_of_the_name():
    kinds = {t.text: t.entity for t in analyse("Will Smith called.", "en")}
    assert kinds["Will"] == kinds["Smith"] == "PERSON"


# An interjection or a command opening a line of dialogue before the one it addresses: NER reads
# "Goodbye, Pancake" as a title and the tagger "Stop" as a proper noun; the analyser settles it
@pytest.mark.parametrize("text,word", [
    ('"Goodbye, Pancake," said Leo sadly.', "Goodbye"),
    ('"Stop, Rocket!" shouted Dad from the porch.', "Stop"),
    ('"Ready!" called the coach. "Set! Go!"', "Go"),
])
def test_an_exclamation_opening_a_line_of_dialogue_is_a_word(recognised, text, word):
    assert recognised(capitalised.by_capital, text, "en").get(word) == ""


@pytest.mark.parametrize("text,name", [
    ('"Goodbye, Pancake," said Leo sadly.', "Pancake"),  # the one addressed stays a name
    ('"Mark, come here!" said Ann.', "Mark"),  # a census name that is also a command
])
def test_the_one_addressed_stays_a_name(text, name):
    assert [t.entity for t in analyse(text, "en") if t.text == name] == ["PERSON"]
