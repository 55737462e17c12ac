import pytest

from prism_translate.engine.recognisers import office_words
from prism_translate.languages import LEXICONS


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Best,\nDaniel Ross\nProject Manager", {"Project", "Manager"}),
    ("en", "Please ask the IT Manager and the HR team.", {"IT", "Manager", "HR"}),
    ("en", "We will invite you to meet our Health and Safety Officer.", {"Health", "and", "Safety", "Officer"}),
    ("es", "Atentamente,\nServicio de Atención al Cliente", {"Servicio", "de", "Atención", "al", "Cliente"}),
    ("es", "El IVA está incluido.", {"IVA"}),
    ("fr", "Cordialement,\nCamille\nChargée d'Accueil", {"Chargée", "d'", "Accueil"}),
    ("ca", "Gràcies,\nRecursos Humans", {"Recursos", "Humans"}),
])
def test_a_title_department_or_acronym_is_a_word(recognised, lang, text, words):
    found = recognised(office_words.ordinary, text, lang)
    assert set(found) == words and set(found.values()) == {""}


@pytest.mark.parametrize("lang,text", [
    # a name made partly of such words stays for the other recognisers to read
    ("en", "Kind regards,\nBrightwell Partners"),
    ("en", "The City Council IT Services team"),
    ("es", "Banco Sabadell, Oficina Central"),
    # a census name that is also a title ("Head", "Sales") counts only in capitals
    ("en", "Please call Mr Head tomorrow."),
])
def test_a_run_with_another_word_is_left_to_the_name_recognisers(recognised, lang, text):
    found = recognised(office_words.ordinary, text, lang)
    assert not {"Brightwell", "Partners", "City", "Council", "Sabadell", "Head"} & set(found)


def test_every_source_language_has_its_own_list():
    """The words are each language's: no list is another's copy."""
    lists = {code: LEXICONS[code].office_words for code in ("en", "es", "fr", "ca")}
    assert all(len(words) > 150 for words in lists.values())
    assert {"manager", "team"} <= lists["en"] and {"responsable", "equipo"} <= lists["es"]
    assert {"responsable", "équipe", "tva"} <= lists["fr"] and {"responsable", "equip", "iva"} <= lists["ca"]
