import pytest

from prism_translate.engine.recognisers import headings


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
