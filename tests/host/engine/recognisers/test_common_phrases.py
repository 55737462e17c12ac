import pytest

from prism_translate.engine.recognisers import common_phrases


@pytest.mark.parametrize("lang,text,words", [
    ("en", "We met in the Staff Room yesterday. Please bring the Signed Contract to the Welcome Desk.",
     {"Staff", "Room", "Signed", "Contract", "Welcome", "Desk"}),
    ("en", "Please fill in your Expense Claim before Friday.", {"Expense", "Claim"}),
    # a capitalised article opening a line of running text
    ("en", "Hello,\n\nThe Quarterly Review is postponed until further notice.", {"Quarterly", "Review"}),
    ("es", "Nos vemos en la Sala de Profesores. Dejad las llaves en la Caja Fuerte.", {"Sala", "de", "Profesores", "Caja", "Fuerte"}),
    ("fr", "Les clés sont au Bureau des Surveillants jusqu'à midi.", {"Bureau", "des", "Surveillants"}),
    ("ca", "Deixeu les claus al Tauler dels Delegats abans de marxar.", {"Tauler", "dels", "Delegats"}),
])
def test_a_title_case_phrase_after_an_article_is_ordinary(recognised, lang, text, words):
    found = recognised(common_phrases.phrases, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,kept", [
    # a first name, a title or a word for a kind of place among its words
    ("en", "I saw our Rose Hall at the fair.", {"Rose", "Hall"}),
    ("en", "The meeting is in the Village Hall today.", {"Village", "Hall"}),
    ("en", "Drop it at our Bath Road branch.", {"Bath", "Road"}),
    # a word that names a firm: an organisation of common words
    ("fr", "Mes économies sont à la Banque Postale depuis 2010.", {"Banque", "Postale"}),
    ("en", "The grant came from the Harbour Foundation last year.", {"Harbour", "Foundation"}),
    # a modifier of the noun after it: an organisation's name
    ("en", "Send it to our Summit Finance account.", {"Summit", "Finance"}),
    # no article: where an organisation stands
    ("en", "I work with Summit Finance now.", {"Summit", "Finance"}),
    # a capitalised article on a line of its own: the name's own ("The Brimstone")
    ("en", "Hotel:\nThe Golden Anchor\n\nCheck-in at noon.", {"Golden", "Anchor"}),
    # after the article that goes before people's names, a surname keeps it a name ("la Rosa", "en Pau")
    ("ca", "Ho portarà la Rosa Roig demà.", {"Rosa", "Roig"}),
    ("es", "Lo firmará la Pilar Torres mañana.", {"Pilar", "Torres"}),
    ("ca", "Ho porta la Sala de Vilanova.", {"Sala"}),  # Apertium's surname
    # a line written in capitals is read by its own recognisers
    ("en", "Please write to the UNITED UTILITIES office.", {"UNITED", "UTILITIES"}),
])
def test_a_phrase_where_a_name_stands_is_left_to_the_name_recognisers(recognised, lang, text, kept):
    assert not kept & {w for w, kind in recognised(common_phrases.phrases, text, lang).items() if kind == ""}


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Part 2 explains the rules. See Chapter 4 for more.", {"Part", "Chapter"}),
    ("es", "El Paso 3 del manual es claro. Lea el Capítulo 2 antes.", {"Paso", "Capítulo"}),
    ("fr", "Remplissez la Question 5 puis passez à l'Étape 2.", {"Question", "Étape"}),
    ("ca", "Llegiu l'Apartat 4 del document.", {"Apartat"}),
])
def test_a_numbered_label_is_ordinary(recognised, lang, text, words):
    found = recognised(common_phrases.numbered_labels, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,kept", [
    # a census name before a number stays a name
    ("en", "Ask Hall 3 times if needed.", {"Hall"}),
    ("en", "Call Mark 2 days before.", {"Mark"}),
    # an address: a capitalised word or a number after the number
    ("en", "Deliver to Flat 3 Mill Lane.", {"Flat"}),
    # a long number is no label's
    ("en", "Quote Order 88213 when you call.", {"Order"}),
])
def test_a_name_before_a_number_stays_a_name(recognised, lang, text, kept):
    assert not kept & set(recognised(common_phrases.numbered_labels, text, lang))
