import pytest

from prism_translate.engine.recognisers import postcode


def test_uk_canadian_and_irish_postcodes_are_one_code_each():
    text = "Derby DE22 3TB, Ottawa K1A 0B1, Dublin D02 X285; a UK PLC is not one."
    assert [text[a:b] for a, b, _ in postcode.spans(text, "en")] == ["DE22 3TB", "K1A 0B1", "D02 X285"]


@pytest.mark.parametrize("lang,text,town", [
    ("en", "Please ship it to 10115 Berlin before Friday.", ["Berlin"]),
    ("en", "address: 28013 madrid, second floor", ["madrid"]),
    ("es", "Envíalo al apartado, 04002 Almería, por favor.", ["Almería"]),
    ("es", "la dirección es 08012 barcelona, piso 3", ["barcelona"]),
    ("es", "Oficina: 12100 Castellón de la Plana", ["Castellón", "de", "la", "Plana"]),
    ("fr", "Adresse : boîte postale, 75011 Paris", ["Paris"]),
    ("fr", "envoie le colis au 69003 lyon stp", ["lyon"]),
    ("ca", "L'adreça és 17001 Girona.", ["Girona"]),
    ("ca", "envia-ho a 43001 tarragona, si us plau", ["tarragona"]),
])
def test_the_town_after_a_postcode_is_a_place_whatever_its_case(recognised, lang, text, town):
    """(After a street, the postcode and town are part of the address: test_address.py.)"""
    assert recognised(postcode.towns, text, lang) == dict.fromkeys(town, "PLACE")


@pytest.mark.parametrize("lang,text", [
    # a number of that shape before common words, a number of another shape
    ("en", "We shipped 12500 units and 20000 boxes last year."),
    ("es", "Hemos vendido 25000 botellas este año."),
    ("es", "El pedido 99123 Listo para enviar"),
    ("fr", "Nous avons reçu 15000 colis cette semaine."),
    ("ca", "Hem enviat 30000 caixes aquest mes."),
])
def test_a_number_before_common_words_leaves_them_words(recognised, lang, text):
    assert recognised(postcode.towns, text, lang) == {}
