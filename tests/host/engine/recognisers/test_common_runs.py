import random

import pytest

from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse


def _kinds(text: str, lang: str) -> dict[str, str]:
    return {t.text: t.entity for t in analyse(text, lang) if t.is_word}


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Please bring a Water Bottle and your Library Card on Monday.", {"Water", "Bottle"}),
    # cut at "y": the first name Blanca keeps its own side a name, not this one
    ("es", "Traed el Material Escolar y la Bata Blanca para la clase.", {"Material", "Escolar"}),
    ("es", "Recordad traer Ropa de Deporte el jueves.", {"Ropa", "Deporte"}),
    ("fr", "Pensez à apporter Tenue de Sport jeudi.", {"Tenue", "Sport"}),
    ("ca", "Cal portar Roba Esportiva dimarts.", {"Roba", "Esportiva"}),
    # a census surname among common words, in no person's place ("Costa", "Campo", "Stone")
    ("ca", "Cal portar Roba de Costa dimarts.", {"Roba", "Costa"}),
    ("es", "Recordad traer Ropa de Campo el jueves.", {"Ropa", "Campo"}),
    # frequent words the analyser also lists as surnames ("East"), and a word for a firm that is
    # not the run's head: a heading, not a club
    ("en", "Everyone should leave by the East Stairs and meet outside.", {"East", "Stairs"}),
    ("en", "Read the Swimming Club News before Friday.", {"Swimming", "Club", "News"}),
    # a preposition before a thing named by a noun and what it is of, and a link inside a
    # title-case phrase after an ordinary capitalised word, are no name's preposition
    ("es", "La Sala de Profesores estará cerrada por Obras de Pintura.", {"Obras", "Pintura"}),
    ("fr", "La salle des professeurs sera fermée pour Travaux de Peinture.", {"Travaux", "Peinture"}),
    ("es", "Recordatorio: Tarjetas de Acceso\n\nLas nuevas Tarjetas de Acceso se recogen en la Oficina Principal.",
     {"Tarjetas", "Acceso"}),
    ("fr", "Hygiène et Sécurité\n\nTout le personnel doit suivre la formation avant la fin du trimestre.", {"Sécurité"}),
])
def test_a_title_case_run_of_common_words_is_hidden_as_words(lang, text, words):
    kinds = _kinds(text, lang)
    assert {w: kinds[w] for w in words} == dict.fromkeys(words, "WORD")


@pytest.mark.parametrize("lang,text,run", [
    ("es", "Recordad traer Ropa de Deporte el jueves.", ("Ropa", "de", "Deporte")),
    ("fr", "Pensez à apporter Tenue de Sport jeudi.", ("Tenue", "de", "Sport")),
])
def test_function_words_inside_such_a_run_are_not_hidden(lang, text, run):
    kinds = _kinds(text, lang)
    assert tuple(kinds[w] for w in run) == ("WORD", "", "WORD")


@pytest.mark.parametrize("lang,text,town", [
    ("es", "Los socorristas darán clases en la Piscina Exterior de Alcorcón el viernes.", "Alcorcón"),
    ("fr", "Les maîtres-nageurs animeront des séances à la Piscine Extérieure de Montauban vendredi.", "Montauban"),
])
def test_a_thing_of_common_words_in_a_town_is_words_and_the_town_a_place(lang, text, town):
    tokens = [t for t in analyse(text, lang) if t.is_word]
    at = next(k for k, t in enumerate(tokens) if t.text == town)
    assert [t.entity for t in tokens[at - 3:at + 1]] == ["WORD", "WORD", "", "PLACE"]


@pytest.mark.parametrize("lang,text,names", [
    # a firm named by common words after a preposition, with no article; a person after "de"
    ("es", "El contrato se firmó con Campo Verde ayer.", {"Campo", "Verde"}),
    ("fr", "Le contrat est signé avec Crédit Mutuel de Bretagne.", {"Crédit", "Mutuel", "Bretagne"}),
    ("es", "La reunión es en la Oficina de Roberto Campos.", {"Roberto", "Campos"}),
    # a word that names a firm
    ("en", "Please call Bright Harbour Partners about the loan.", {"Bright", "Harbour", "Partners"}),
    # a word for a firm or a place as the run's head
    ("en", "Our Swimming Club meets on Tuesdays.", {"Swimming", "Club"}),
    ("en", "Please leave your bike in the Car Park today.", {"Car", "Park"}),
    ("en", "The contract was signed with Summit Finance yesterday.", {"Summit", "Finance"}),
    # a firm before its address
    ("en", "Reply YES to book. Smile Bright Dental, 55 Station Road, Sale M33 7JT.", {"Smile", "Bright", "Dental"}),
    ("es", "Dirigíos a Garrido Asesores para el Plan de Pensiones.", {"Garrido", "Asesores"}),
    # a first name, a surname (census or the analyser's: Catalan "Gran", "Sala")
    ("es", "Traed el Material Escolar y la Bata Blanca para la clase.", {"Bata", "Blanca"}),
    ("ca", "La reunió serà a la Sala Gran dijous.", {"Sala", "Gran"}),
    # a person's place: after a title (and that person elsewhere), a signature, a speaker's label
    ("en", "Thanks Mr Bottle for the help. Bottle will call.", {"Bottle"}),
    ("en", "Kind regards,\nSilver Bottle", {"Silver", "Bottle"}),
    ("en", "Water Bottle: are we still on for tonight?", {"Water", "Bottle"}),
    # where towns, streets and firms named by common words stand: after a preposition, a comma or
    # a number, before a noun they modify, beside a name, and wherever else the text names them
    ("en", "Deliver to 31 Hope Road, Reading by Friday.", {"Reading"}),
    ("en", "The coach leaves from Reading at noon.", {"Reading"}),
    ("en", "Utility bill: Reading Water, 10 Baker Street, Reading RG1 7XH.", {"Reading", "Water"}),
    ("fr", "Le bail est signé avec Immobilière Saint-Clair.", {"Immobilière"}),
    ("ca", "Signa la Sra. Mireia Camps i Roig.", {"Roig"}),
    ("fr", "Merci à Mme Ballon pour son aide.", {"Ballon"}),
    # a census surname alone, or after a title in lower case
    ("en", "Please ask Stone about it.", {"Stone"}),
    ("es", "Mañana vendrá la señora Mesa a revisarlo.", {"Mesa"}),
    ("fr", "Demain passera madame Ballon.", {"Ballon"}),
    ("ca", "Demà vindrà la senyora Costa.", {"Costa"}),
])
def test_a_run_that_may_name_someone_or_a_firm_stays_a_name(lang, text, names):
    kinds = _kinds(text, lang)
    assert all(kinds[w] in ("PERSON", "ORG", "PLACE") for w in names)


@pytest.mark.parametrize("lang,pair,text,words", [
    ("en", "en-es", "Please bring a Water Bottle and your Library Card on Monday.", {"Water", "Bottle"}),
    # the other languages' shipped dictionaries take seconds to load
    pytest.param("es", "es-en", "Recordad traer Ropa de Deporte el jueves.", {"Ropa", "Deporte"}, marks=pytest.mark.slow),
    pytest.param("fr", "fr-en", "Pensez à apporter Tenue de Sport jeudi.", {"Tenue", "Sport"}, marks=pytest.mark.slow),
    pytest.param("ca", "ca-en", "Cal portar Roba Esportiva dimarts.", {"Roba", "Esportiva"}, marks=pytest.mark.slow),
])
def test_the_encoder_hides_them_as_words_whose_translation_comes_back(shipped_dictionary, lang, pair, text, words):
    dictionary = shipped_dictionary(pair)
    tokens = analyse(text, lang)
    enc = encode(tokens, dictionary, "star", 0.0, rng=random.Random(3))
    hidden = {s.original: s for s in enc.substitutions}
    for word in words:
        sub = hidden[word]
        # the translator never sees the word; the decoder puts back its translation, not the word
        assert sub.kind == "word" and word not in enc.text.split()
        assert sub.restore == dictionary.lookup(word.lower(), sub.pos).restored
