from dataclasses import replace

import pytest

from prism_translate.engine.lexicon import lexicon
from prism_translate.engine.recognisers import headings
from prism_translate.engine.recognisers.common import NAME_KINDS
from prism_translate.engine.recognisers.passage import Passage
from prism_translate.engine.tokenize import analyse


@pytest.mark.parametrize("lang,text,words", [
    ("en", "NOTICE TO RESIDENTS\n\nThe lifts are off on Monday.", {"NOTICE", "TO", "RESIDENTS"}),
    ("es", "AVISO A LOS VECINOS\n\nEstimados vecinos:", {"AVISO", "VECINOS"}),
    # "Avis" is a census first name: French reads its words by its own analyser
    ("fr", "AVIS AUX RÉSIDENTS\n\nLes ascenseurs seront hors service.", {"AVIS", "AUX", "RÉSIDENTS"}),
    ("ca", "AVÍS ALS VEÏNS\n\nBenvolguts veïns,", {"AVÍS", "VEÏNS"}),
    # content words alone, one of them naming the kind of notice
    ("en", "PARKING NOTICE\n\nThe car park closes on Monday.", {"PARKING", "NOTICE"}),
    ("es", "AVISO IMPORTANTE\n\nEstimados vecinos:", {"AVISO", "IMPORTANTE"}),
    ("fr", "AVIS IMPORTANT\n\nChers résidents,", {"AVIS", "IMPORTANT"}),
    ("ca", "AVÍS IMPORTANT\n\nBenvolguts veïns,", {"AVÍS", "IMPORTANT"}),
])
def test_a_heading_in_capitals_of_common_words_is_ordinary(recognised, lang, text, words):
    found = recognised(headings.headings, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text", [
    ("en", "WILL SMITH\n\nDear all,"),  # census names
    # content words alone, none naming a notice: a letterhead of common words
    ("en", "SUMMIT FINANCE\n\nDear customer,"),
    ("es", "CAMPO VERDE\n\nEstimados clientes:"),
    ("fr", "CHAMP VERT\n\nChers clients,"),
    ("ca", "CAMP VERD\n\nBenvolguts clients,"),
    ("en", "BRIGHTWELL NOTICE\n\nDear all,"),  # a notice word beside a word the dictionary does not know
    ("en", "BRIGHTWELL PARTNERS\n\nDear all,"),  # a word the dictionary does not know
    ("es", "MARIA DEL CARMEN\n\nHola,"),  # the analyser's first names
    ("en", "CORK CITY COUNCIL\n\nDear resident,"),  # a word for a kind of place
    ("en", "Dear all,\nPLEASE CALL ME BACK\nThanks"),  # no heading: not set apart
])
def test_a_line_in_capitals_holding_a_name_or_not_set_apart_is_left_to_the_other_recognisers(recognised, lang, text):
    assert recognised(headings.headings, text, lang) == {}


@pytest.mark.parametrize("lang,text,words", [
    # a notice word the dictionary does not know is still the language's notice word
    ("en", "WEEKLY NEWSLETTER\n\nThe library opens late.", {"WEEKLY", "NEWSLETTER"}),
    ("es", "BOLETÍN SEMANAL\n\nLa biblioteca abre hasta tarde.", {"BOLETÍN", "SEMANAL"}),
    ("fr", "BULLETIN HEBDOMADAIRE\n\nLa bibliothèque ouvre tard.", {"BULLETIN", "HEBDOMADAIRE"}),
    ("ca", "BUTLLETÍ SETMANAL\n\nLa biblioteca obre fins tard.", {"BUTLLETÍ", "SETMANAL"}),
])
def test_a_notice_word_in_capitals_needs_no_dictionary(recognised, lang, text, words):
    found = recognised(headings.headings, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


SECTIONS = {
    "en": ("School news\n\nLibrary News\nThe library will stay open late for revision.\n\n"
           "Sports Corner\nThe netball squad won their league this week.", {"Library", "News", "Sports", "Corner"}),
    "es": ("Boletín\n\nHorario de Riego\nRegad los bancales por la tarde, no a mediodía.\n"
           "Cena de la Cosecha\nCocinaremos juntos con las verduras del huerto.", {"Horario", "Riego", "Cena", "Cosecha"}),
    "fr": ("Bulletin\n\nCoin Sportif\nL'équipe a gagné le championnat cette semaine.\n\n"
           "Prêt d'Outils\nLes bêches peuvent être empruntées pour une semaine.", {"Coin", "Sportif", "Prêt", "Outils"}),
    "ca": ("Butlletí\n\nRacó Esportiu\nL'equip ha guanyat la lliga aquesta setmana.\n\n"
           "Sopar de la Collita\nCuinarem junts amb les verdures de l'hort.", {"Racó", "Esportiu", "Sopar", "Collita"}),
}


@pytest.mark.parametrize("lang", SECTIONS)
def test_title_case_headings_of_a_text_made_of_sections_are_ordinary(recognised, lang):
    text, words = SECTIONS[lang]
    found = recognised(headings.sections, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


def test_a_surname_that_is_a_common_word_counts_beside_another_word(recognised):
    text = "Welcome\n\nHouse Rules\nNo outdoor shoes on the mats.\n\nOpening Hours\nThe gym opens at six every day."
    assert {"House", "Rules", "Opening", "Hours"} <= set(recognised(headings.sections, text, "en"))


@pytest.mark.parametrize("lang,text", [
    # a letterhead stands on the first line
    ("en", "Summit Finance\nWe are writing about your account today.\n\nPayment Options\nYou can pay online or by phone."),
    ("es", "Campo Verde\nLe escribimos por su cuenta de hoy.\n\nFormas de Pago\nPuede pagar en línea o por teléfono."),
    # one heading only: no text made of sections
    ("fr", "Bonjour,\n\nChamp Vert\nNous vous écrivons au sujet de votre compte.\n\nMerci"),
    # an organisation in a signature, a disclaimer under it: not after a paragraph's end
    ("ca", "Salutacions,\nJordi Puig\nCamp Verd\nAquest correu és confidencial i només per al destinatari.\n"
           "Mas Roig\nAquest missatge no es pot reenviar a ningú més."),
    # names: a census first name, two surnames, a word for a place
    ("en", "News\n\nWelcome Will\nWill joined the office team this week.\n\nMason Baker\nMason runs the quiz every month."),
    ("en", "News\n\nRoad Works\nThe road will be closed next week.\n\nCity Council\nThe council will collect the bins."),
])
def test_a_name_or_a_line_not_set_between_paragraphs_is_no_section_heading(lang, text):
    # the recogniser sees the tokens before the names are marked (recognize.mark)
    tokens = [replace(t, entity="") if t.entity in NAME_KINDS else t for t in analyse(text, lang)]
    found = {tokens[i].text for i in headings.sections(Passage(tokens, lexicon(lang)))}
    assert not {w for w in found if w[:1].isupper()} & {
        "Summit", "Finance", "Campo", "Verde", "Champ", "Vert", "Camp", "Verd", "Mas", "Roig", "Will", "Mason",
        "Baker", "Road", "City", "Council"}


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Room Booking Form\nRoom: Library\nBooked by: Office Manager", {"Room", "Booking", "Form"}),
    ("en", "Welcome Pack\n\nThe gym opens at six.", {"Welcome", "Pack"}),
    ("es", "Guía de Bienvenida\n\nEl gimnasio abre a las seis.", {"Guía", "Bienvenida"}),
    ("fr", "Livret d'Accueil\n\nLa salle ouvre à six heures.", {"Livret", "Accueil"}),
    ("ca", "Guia de Benvinguda\n\nEl gimnàs obre a les sis.", {"Guia", "Benvinguda"}),
    # a census first name the analyser knows only as a common word ("Loan")
    ("en", "Equipment Loan Form\n\nBorrower: Ana Ruiz", {"Equipment", "Loan", "Form"}),
    # a request is a kind of form
    ("en", "Room Booking Request\nName: Victor Lane", {"Room", "Booking", "Request"}),
    ("es", "Solicitud de Reserva de Sala\nNombre: Víctor Lanza", {"Solicitud", "Reserva", "Sala"}),
    ("fr", "Demande de Congé\nNom : Victor Lenoir", {"Demande", "Congé"}),
    ("ca", "Sol·licitud de Reserva de Sala\nNom: Víctor Llança", {"Sol·licitud", "Reserva", "Sala"}),
])
def test_a_document_title_on_the_first_line_is_ordinary(recognised, lang, text, words):
    found = recognised(headings.document_title, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text", [
    ("en", "Summit Finance\n\nDear customer,"),  # no document word: a letterhead
    ("en", "Guide Dogs for the Blind\n\nDear supporter,"),  # English puts the head last
    ("es", "Campo Verde Guía\n\nEstimados clientes:"),  # Spanish puts it first
    ("fr", "Guide Michelin\n\nChers clients,"),  # a word the dictionary does not know as a common word
    ("ca", "Guia Rosa\n\nBenvolguts clients,"),  # a first name
    ("en", "Grace Booking Form\n\nDear all,"),  # a first name the analyser knows as one
    ("en", "Dear all,\nLoan Form\nThanks"),  # not the first line
])
def test_a_first_line_without_a_document_head_or_with_a_name_is_left_to_the_others(lang, text):
    tokens = [replace(t, entity="") if t.entity in NAME_KINDS else t for t in analyse(text, lang)]
    assert headings.document_title(Passage(tokens, lexicon(lang))) == {}


@pytest.mark.parametrize("lang,text,words", [
    # a document's label naming the kind of note
    ("en", "FILE NOTE\n\nThe meeting moved to Friday.", {"FILE", "NOTE"}),
    ("es", "NOTA CONFIDENCIAL\n\nLa reunión pasa al viernes.", {"NOTA", "CONFIDENCIAL"}),
    ("ca", "NOTA CONFIDENCIAL\n\nLa reunió passa a divendres.", {"NOTA", "CONFIDENCIAL"}),
])
def test_a_heading_in_capitals_that_labels_a_note_is_ordinary(recognised, lang, text, words):
    found = recognised(headings.headings, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text", [
    # a letterhead of common words with a participle reads like a notice that says what happened
    # ("LIFT CLOSED"): the firm is not sent to find out which
    ("en", "UNITED UTILITIES\n\nDear customer,\n\nYour water supply will be interrupted on Monday."),
    ("en", "ASSOCIATED PRESS\nThe reporter will call you tomorrow."),
    ("en", "LIFT CLOSED\nPlease use the stairs."),
    ("es", "ASCENSOR AVERIADO\nUtilicen la escalera."),
])
def test_capitals_of_content_words_with_a_participle_are_left_to_the_others(recognised, lang, text):
    assert "" not in recognised(headings.headings, text, lang).values()
