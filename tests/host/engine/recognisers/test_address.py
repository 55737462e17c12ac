import pytest
from prism_translate.api import translate_private
from prism_translate.engine.recognisers import address
from prism_translate.engine.tokenize import analyse
from prism_translate.translators.apertium import ApertiumCLI


@pytest.mark.parametrize("lang,text,value", [
    ("es", "Mándalo a Avenida de las Acacias 31, 28035 Madrid antes del martes.", "Avenida de las Acacias 31, 28035 Madrid"),
    ("es", "Nos vemos en la C/ Hortelano 7, junto al bar.", "C/ Hortelano 7"),
    ("es", "El taller está en Travesía del Molino Viejo 2.", "Travesía del Molino Viejo 2"),
    ("fr", "Livraison au 27 bis avenue des Tilleuls, 69004 Lyon demain.", "27 bis avenue des Tilleuls, 69004 Lyon"),
    ("fr", "Le bureau est route de Meyrin 40, 1202 Genève.", "route de Meyrin 40, 1202 Genève"),
    ("fr", "Elle habite Hameau de la Fontaine, au bout du chemin.", "Hameau de la Fontaine"),
    ("ca", "Deixa-ho al Passeig de la Riera 55, 08339 Vilassar de Dalt.", "Passeig de la Riera 55, 08339 Vilassar de Dalt"),
    ("ca", "Visc al carrer d'en Bosc 3 des del gener.", "carrer d'en Bosc 3"),
    ("en", "Please post it to 48 Foxglove Crescent, not the office.", "48 Foxglove Crescent"),
])
def test_street_type_name_number_postcode_and_town_are_one_place(lang, text, value):
    assert [(text[a:b], kind) for a, b, kind in address.spans(text, lang)] == [(value, "PLACE")]


@pytest.mark.parametrize("lang,text,value", [
    ("ca", "Amb domicili al carrer de Sant Jaume 4, 3r 2a, 17800 Olot, reclama la quantitat.",
     "carrer de Sant Jaume 4, 3r 2a, 17800 Olot"),
    ("ca", "Viu al carrer de la Riba 8, baixos, des de fa anys.", "carrer de la Riba 8, baixos"),
    ("es", "Enviadlo a la calle del Pez 14, 4º izda., 28004 Madrid cuanto antes.",
     "calle del Pez 14, 4º izda., 28004 Madrid"),
    ("es", "Mi piso está en Avenida del Puerto 30, bajo, junto al mercado.", "Avenida del Puerto 30, bajo"),
    ("fr", "Livrez au 9 rue des Acacias, bât. C, 31000 Toulouse avant midi.",
     "9 rue des Acacias, bât. C, 31000 Toulouse"),
])
def test_the_floor_and_door_stay_inside_the_address(lang, text, value):
    # else the postcode and town after them were a place of their own and "2n 1a" went out as numbers
    assert [text[a:b] for a, b, _ in address.spans(text, lang)] == [value]


def test_a_number_after_an_address_is_no_floor():
    text = "La reunión es en la calle Mayor 5, 12 personas vendrán."
    assert [text[a:b] for a, b, _ in address.spans(text, "es")] == ["calle Mayor 5"]


@pytest.mark.parametrize("lang,text", [
    ("es", "Daremos un paseo por la plaza con Marta."),  # street words as words, no name after them
    ("fr", "Il a pris la place de Pierre au conseil."),  # a lower-case type with no number
    ("fr", "Le cours de Lucie commence à dix heures."),
    ("ca", "Anirem pel camí de Sant Joan amb la Núria."),
    ("en", "The road to Bristol was closed on Friday."),  # English: a number before the name
])
def test_a_street_word_without_a_name_or_number_is_no_address(lang, text):
    assert address.spans(text, lang) == []


@pytest.mark.parametrize("lang,text,value", [
    ("es", "Vivo en Calle de los Olivos 12, 46001 Valencia.", "Calle de los Olivos 12, 46001 Valencia"),
    ("fr", "Écrivez au 5 impasse des Mésanges, 86000 Poitiers.", "5 impasse des Mésanges, 86000 Poitiers"),
    ("ca", "Som a Carrer de la Font 9.", "Carrer de la Font 9"),
    ("en", "They moved to 12 Larkspur Lane last year.", "12 Larkspur Lane"),
])
def test_an_address_is_one_token_of_kind_place(lang, text, value):
    assert [t.entity for t in analyse(text, lang) if t.text == value] == ["PLACE"]


@pytest.mark.slow
@pytest.mark.parametrize("lang,text,value", [
    ("es", "Te espero en Carretera de Benicàssim 40 el lunes.", "Carretera de Benicàssim 40"),
    ("fr", "Le colis part du 3 allée des Saules, 44000 Nantes.", "3 allée des Saules, 44000 Nantes"),
    ("ca", "Quedem a la Baixada del Pont 6 a les cinc.", "Baixada del Pont 6"),
])
def test_an_address_reaches_the_translator_as_one_stand_in_and_comes_back_as_written(shipped_dictionary, lang, text, value):
    dictionary = shipped_dictionary(f"{lang}-en")
    for seed in range(2):
        result = translate_private(text, "en", source=lang, seed=seed, translator=ApertiumCLI(), dictionary=dictionary)
        assert not any(word in result.sent for word in value.split() if len(word) > 3)
        assert value in result.translation
