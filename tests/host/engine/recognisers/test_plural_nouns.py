import pytest

from prism_translate.engine.recognisers import plural_nouns


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Tenants are reminded that the car park closes. Cleaners will finish their rounds.", {"Tenants", "Cleaners"}),
    ("en", "Teachers will run the games and Governors will serve the teas.", {"Governors"}),
    ("es", "Limpiadores terminarán sus rondas antes del relevo.", {"Limpiadores"}),
    ("es", "Vecinos del barrio piden más farolas.", {"Vecinos"}),
    ("fr", "Enseignants organiseront les jeux.", {"Enseignants"}),
    ("fr", "Résidents sont priés de libérer le parking.", {"Résidents"}),
    ("ca", "Netejadors acabaran les rondes abans del relleu.", {"Netejadors"}),
    ("ca", "Professors organitzaran els jocs.", {"Professors"}),
    # after a greeting
    ("en", "Dear Tenants,\n\nThe heating will be off.", {"Tenants"}),
    ("es", "Estimados Vecinos:\n\nLa calefacción estará apagada.", {"Vecinos"}),
    ("fr", "Chers Résidents,\n\nLe chauffage sera coupé.", {"Résidents"}),
    ("ca", "Benvolguts Veïns,\n\nLa calefacció estarà apagada.", {"Veïns"}),
    # after a list item's number
    ("en", "Minutes\n1. Bins: the council will collect garden waste.\n2) Tenants: park at the back.", {"Bins", "Tenants"}),
    ("es", "Acta\n1. Basuras: el ayuntamiento recogerá la poda.\n2) Reparaciones: el tejado está arreglado.", {"Basuras", "Reparaciones"}),
    ("fr", "Compte rendu\n1. Travaux : la mairie refera le trottoir.\n2) Réparations : le toit est réparé.", {"Travaux", "Réparations"}),
    ("ca", "Acta\n1. Visitants: han d'aparcar al darrere.\n2) Reparacions: la teulada està arreglada.", {"Visitants", "Reparacions"}),
])
def test_a_plural_common_noun_opening_a_clause_is_ordinary(recognised, lang, text, words):
    found = recognised(plural_nouns.ordinary, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,word", [
    # census surnames, or the analyser's, that are plural nouns too
    ("en", "Banks will call you tomorrow.", "Banks"),
    ("en", "We met the Smiths at the station.", "Smiths"),
    ("en", "Dear Smiths,\n\nThank you.", "Smiths"),
    ("en", "Notes\n1. Banks will call you tomorrow.", "Banks"),
    ("es", "Notas\n1. Torres vendrá mañana.", "Torres"),
    ("fr", "Notes\n1. Fabres viendra demain.", "Fabres"),
    ("ca", "Notes\n1. Casals vindrà demà.", "Casals"),
    ("es", "Torres vendrá mañana.", "Torres"),
    ("ca", "Casals vindrà demà.", "Casals"),
    ("ca", "Roses arribarà tard.", "Roses"),
    # after a preposition, where an organisation stands
    ("en", "I bought it at Boots yesterday.", "Boots"),
    ("fr", "Rendez-vous chez Agents Associés demain.", "Agents"),
    # before another capitalised word: part of a name
    ("en", "Friends Reunited closed years ago.", "Friends"),
    # a singular noun is left to the other recognisers
    ("es", "Conserje pondrá conos en la entrada.", "Conserje"),
])
def test_a_name_or_a_singular_is_left_to_the_other_recognisers(recognised, lang, text, word):
    assert word not in recognised(plural_nouns.ordinary, text, lang)


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Teaching Assistants should park behind the hall.", {"Teaching", "Assistants"}),
    ("es", "Los Profesores Tutores piden más tiempo.", {"Profesores", "Tutores"}),
    ("fr", "Les Assistants Administratifs devront signer la feuille.", {"Assistants", "Administratifs"}),
    ("ca", "Els Professors Tutors demanen més temps.", {"Professors", "Tutors"}),
])
def test_a_plural_title_opening_a_clause_is_ordinary(recognised, lang, text, words):
    found = recognised(plural_nouns.plural_titles, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,kept", [
    # a firm named by partners after a noun
    ("en", "Summit Partners will call you tomorrow.", {"Summit", "Partners"}),
    # a census first name beside the plural
    ("en", "Rose Teachers will visit.", {"Rose"}),
    # a word for a job in the singular
    ("es", "Profesor Tutor García llamará.", {"Profesor", "García"}),
])
def test_a_firm_or_a_person_by_a_title_is_left_to_the_name_recognisers(recognised, lang, text, kept):
    assert not kept & set(recognised(plural_nouns.plural_titles, text, lang))
