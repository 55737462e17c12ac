import pytest

from prism_translate.engine.recognisers import first_words
from prism_translate.engine.tokenize import analyse


@pytest.mark.parametrize("lang,text,name", [
    ("fr", "Petit enverra le rapport demain.", "Petit"),
    ("ca", "Costa no ha vingut.", "Costa"),
])
def test_a_surname_that_is_a_word_before_its_verb(recognised, lang, text, name):
    assert recognised(first_words.subjects, text, lang) == {name: "PERSON"}


@pytest.mark.parametrize("lang,text,word", [
    ("es", "Factura pendiente de pago", "Factura"),
    ("fr", "Envoyez-moi le rapport.", "Envoyez"),
])
def test_an_ordinary_first_word_is_a_word(recognised, lang, text, word):
    assert recognised(first_words.ordinary, text, lang).get(word) == ""


@pytest.mark.parametrize("lang,text,words", [
    # a common word the tagger calls a proper noun, and an adjective before its noun, which the
    # dictionary also knows as a verb ("cita", he quotes; "visita", she visits)
    ("es", "Informe clínico\nNHC: 4458812\nPróxima cita: 3 de mayo\nRevisión con la enfermera.",
     {"Próxima", "Revisión"}),
    ("fr", "Compte rendu\nRG : 7783\nProchain rendez-vous : 3 mai\nBilan avec l'infirmière.", {"Prochain"}),
    ("ca", "Informe clínic\nCIP: ROCA840512\nPropera visita: 3 de maig\nRevisió amb la infermera.",
     {"Propera", "Revisió"}),
])
def test_a_first_word_the_tagger_misreads_is_sent(lang, text, words):
    assert {t.text for t in analyse(text, lang) if t.entity} & words == set()


@pytest.mark.parametrize("lang,text,word,name", [
    # an adjective opening its noun phrase after a sentence that ends on a name or a code, where
    # the tagger's NER reads it as a place or a person; the name before it stays hidden
    ("es", "Vive en Sevilla. Próxima cita el lunes.", "Próxima", "Sevilla"),
    ("fr", "Dossier de Marc Dubois, AB-22871. Prochain rendez-vous le mardi 3 mai.", "Prochain", "Dubois"),
    ("ca", "Expedient de la Núria Vidal, AB-22871. Propera cita dilluns.", "Propera", "Vidal"),
])
def test_an_adjective_before_its_noun_opening_a_sentence_is_a_word(lang, text, word, name):
    kinds = {t.text: t.entity for t in analyse(text, lang)}
    assert kinds[word] == "" and kinds[name], kinds


@pytest.mark.parametrize("lang,text,word", [
    # a heading's word ends its line: the next line's verb is not its
    ("es", "Punto 1: Presupuesto\nSe acuerda comprar tabletas.", "Presupuesto"),
    ("fr", "Point 1 : Budget\nOn achète des tablettes.", "Budget"),
    ("ca", "Punt 1: Pressupost\nS'acorda comprar tauletes.", "Pressupost"),
])
def test_a_word_ending_its_line_is_no_subject_of_the_next_line(lang, text, word):
    assert [t.entity for t in analyse(text, lang) if t.text == word] == [""]


@pytest.mark.parametrize("lang,text,name", [
    ("es", "Quintana tampoco vendrá mañana.", "Quintana"),
    ("ca", "Roig signa el contracte.", "Roig"),
    ("fr", "Petit enverra le rapport demain.", "Petit"),
])
def test_a_surname_before_its_verb_stays_hidden(lang, text, name):
    assert next(t for t in analyse(text, lang) if t.text == name).entity


def test_english_first_words_are_not_read_by_the_dictionary(recognised):
    assert recognised(first_words.ordinary, "Invoice pending.") == {}


@pytest.mark.parametrize("lang,text,word", [
    # the dictionary knows it only as an adverb; the pronoun after it is the subject
    ("fr", "Bonjour Thomas,\n\nDemain j'ai une réunion avec l'équipe.", "Demain"),
    ("es", "Hola Tomás:\n\nMañana tengo una reunión con el equipo.", "Mañana"),
    ("ca", "Hola Tomàs,\n\nDemà tinc una reunió amb l'equip.", "Demà"),
    ("en", "Hi Tom,\n\nTomorrow I have a meeting with the team.", "Tomorrow"),
])
def test_an_adverb_opening_a_sentence_is_no_subject(lang, text, word):
    assert [t.entity for t in analyse(text, lang) if t.text == word] == [""]


@pytest.mark.parametrize("lang,text,name", [
    ("fr", "Bonjour,\n\nRoux il viendra demain.", "Roux"),  # a surname stays, pronoun or not
    ("es", "Hola:\n\nMoreno tampoco viene mañana.", "Moreno"),
    ("ca", "Hola,\n\nRoig ve demà a les nou.", "Roig"),
])
def test_a_surname_opening_a_sentence_stays_hidden(lang, text, name):
    assert next(t for t in analyse(text, lang) if t.text == name).entity


@pytest.mark.parametrize("lang,text,name", [
    # an adverb between a surname that is a word and its verb ("roig" is red, "blanc" white);
    # French tagged "Blanc" the root verb and "viendra" an adverb
    ("ca", "Roig també ve demà.", "Roig"),
    ("ca", "Roig tampoc no ve.", "Roig"),
    ("es", "Blanco también firma hoy.", "Blanco"),
    ("fr", "Blanc aussi arrive demain.", "Blanc"),
    ("fr", "Rose aussi viendra.", "Rose"),
])
def test_a_surname_with_an_adverb_before_its_verb_stays_hidden(lang, text, name):
    assert next(t for t in analyse(text, lang) if t.text == name).entity


@pytest.mark.parametrize("lang,text,word", [
    ("ca", "Demà també plourà.", "Demà"),
    ("es", "Oficina cerrada también hoy.", "Oficina"),
    ("fr", "Réunion demain.", "Réunion"),
])
def test_an_ordinary_first_word_before_an_adverb_is_sent(lang, text, word):
    assert [t.entity for t in analyse(text, lang) if t.text == word] == [""]
