import pytest

from prism_translate.engine.recognisers import code


@pytest.mark.parametrize("text,found", [
    ("ref PED-88213 and user mserra_bcn and jdoe.finance", [("PED-88213", "CODE"), ("mserra_bcn", "CODE"),
                                                            ("jdoe.finance", "CODE")]),
    ("take 500mg at 9:30am", [("500mg", "NUMBER"), ("9:30am", "NUMBER")]),
    ("e.g. a Ph.D in 3 years", []),
])
def test_codes_by_their_shape(text, found):
    assert [(text[a:b], k) for a, b, k in code.spans(text, "en") if k != "NUMBER" or found] == found


@pytest.mark.parametrize("lang,text,value", [
    ("es", "Mi usuario en el foro es limón_dulce desde 2019.", "limón_dulce"),
    ("fr", "Connecte-toi avec le pseudo hérisson_bleu ce soir.", "hérisson_bleu"),
    ("ca", "L'usuari és plàtan_madur per entrar.", "plàtan_madur"),
])
def test_a_user_name_with_accented_letters_is_one_code(lang, text, value):
    # the shape was read in ASCII letters only: "limón_dulce" matched nowhere and went out whole
    assert [text[a:b] for a, b, _ in code.spans(text, lang)] == [value]


def test_inner_capitals_twice_make_a_password(recognised):
    assert recognised(code.token_kinds, "It was LaVieEnRose on my iPhone at McDonald's.") == {"LaVieEnRose": "CODE"}


@pytest.mark.parametrize("lang,text,value", [
    ("en", "Your booking reference is QWXT 58213 for the flight.", "QWXT 58213"),
    ("en", "Locator: ZKRT 9912, gate B.", "ZKRT 9912"),
    ("es", "La póliza es MFRT 44129 desde enero.", "MFRT 44129"),
    ("fr", "Le dossier DRTK 55310 est clos.", "DRTK 55310"),
    ("ca", "El codi de reserva és KTRM 88-120.", "KTRM 88-120"),
])
def test_a_letter_prefix_apart_from_its_digits_is_part_of_the_code(lang, text, value):
    assert [text[a:b] for a, b, k in code.spans(text, lang) if k == "CODE"] == [value]


@pytest.mark.parametrize("lang,text", [
    ("en", "MRN 40-778-1932"),  # an acronym opening its field is the field's label
    ("en", "Her PIN 4471 works."),  # a label's acronym
    ("es", "La cita del 3 ENE 2025."),  # a month
    ("en", "The code KPL 77."),  # two digits: a number
])
def test_a_label_a_month_or_a_short_number_is_not_a_prefix(lang, text):
    assert not any(" " in text[a:b] for a, b, _ in code.spans(text, lang))
