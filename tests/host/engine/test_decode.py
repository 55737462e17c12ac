"""Decoder: case, repeated words, inflected forms, entities in the translator's own form,
and a report of what could not be restored."""

from __future__ import annotations

import pytest

from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution


def word(index, original, substitute, find, restore, at=0.0):
    return Substitution(index, "word", original, substitute, tuple(find), restore, at)


def test_keeps_the_found_words_capitalisation():
    subs = [word(0, "dog", "cat", ["gato"], "perro", 0.0), word(5, "house", "tree", ["árbol"], "casa", 0.5)]
    out = decode("Gato vio el ÁRBOL grande.", subs)
    assert out.text == "Perro vio el CASA grande."
    assert out.unrestored == [] and out.restored == 2


def test_whole_words_only_and_case_insensitive():
    subs = [word(0, "sea", "son", ["hijo"], "mar")]
    assert decode("El hijoputa y el HIJO.", subs).text == "El hijoputa y el MAR."


def test_repeated_words_are_restored_in_order_of_position():
    # Two different originals hidden behind the same substitute (PRISM-R can draw one twice):
    # each goes back to the occurrence nearest to where it stood.
    subs = [word(1, "dog", "cat", ["gato"], "perro", 0.1), word(9, "horse", "cat", ["gato"], "caballo", 0.8)]
    out = decode("El gato come y luego el otro gato duerme.", subs)
    assert out.text == "El perro come y luego el otro caballo duerme."


def test_a_real_word_equal_to_a_substitute_translation_is_not_touched_twice():
    subs = [word(3, "bank", "house", ["casa"], "banco", 0.6)]
    out = decode("La casa vieja y la casa nueva.", subs)
    assert out.text.count("banco") == 1 and out.text.count("casa") == 1


def test_inflected_forms_by_common_prefix_and_plural_carried_over():
    subs = [
        word(0, "tables", "houses", ["casa"], "mesa", 0.0),
        word(3, "worked", "walked", ["caminar"], "trabajó", 0.5),
    ]
    out = decode("Las casas caminaron lejos.", subs)
    assert out.text == "Las mesas trabajó lejos."


def test_a_singular_noun_stays_singular_when_its_substitute_came_back_plural():
    # "pneumonia" sent as "obstetrics", which Apertium gives as "obstetricias": the user wrote one
    # pneumonia, not "neumonías" (or "depresións" for "depression").
    sub = Substitution(4, "word", "pneumonia", "obstetrics", ("obstetricia",), "neumonía", pos="NOUN", singular=True)
    assert decode("Ingresó con obstetricias.", [sub]).text == "Ingresó con neumonía."


def test_multi_word_candidates():
    subs = [word(2, "quickly", "often", ["a menudo"], "rápidamente", 0.5)]
    assert decode("Viene a  menudo aquí.", subs).text == "Viene rápidamente aquí."


def test_unrestored_substitutions_are_reported():
    subs = [word(0, "dog", "cat", ["gato"], "perro"), word(2, "red", "green", ["verde"], "rojo")]
    out = decode("Un felino azul.", subs)
    assert [s.original for s in out.unrestored] == ["dog", "red"]
    assert out.text == "Un felino azul."


def test_numbers_come_back_in_the_translators_format():
    subs = [Substitution(3, "number", "1,250.75", "3,871.20", ("3,871.20",), "1,250.75", 0.5),
            Substitution(8, "number", "555-123-4567", "250-008-0636", ("250-008-0636",), "555-123-4567", 0.9)]
    out = decode("Pagó 3.871,20 $ y llamó al 250 008 0636.", subs)
    assert out.text == "Pagó 1.250,75 $ y llamó al 555 123 4567."


def test_names_and_addresses_verbatim_months_in_target_language():
    subs = [
        Substitution(0, "name", "Smith", "Lindqvist", ("Lindqvist",), "Smith", 0.0),
        Substitution(4, "calendar", "March", "July", ("julio", "July"), "marzo", 0.5),
        Substitution(7, "email", "a.b@acme.com", "ka.lo@vedra.org", ("ka.lo@vedra.org",), "a.b@acme.com", 0.9),
    ]
    out = decode("Lindqvist llega el 3 de Julio; escribid a ka.lo@vedra.org.", subs)
    assert out.text == "Smith llega el 3 de Marzo; escribid a a.b@acme.com."
    assert not decode("nothing here", subs).restored


def test_only_entities_without_word_decoding():
    subs = [word(0, "dog", "cat", ["gato"], "perro"),
            Substitution(2, "name", "Smith", "Lindqvist", ("Lindqvist",), "Smith", 0.5)]
    assert decode("Gato y Lindqvist.", subs, words=False).text == "Gato y Smith."


def test_a_longer_candidate_around_the_hit_is_replaced_whole():
    subs = [word(4, "slowly", "instead", ["cambio", "en cambio"], "despacio", 0.9)]
    assert decode("Abrió la puerta en cambio.", subs).text == "Abrió la puerta despacio."


def test_a_capital_the_substitute_brought_mid_sentence_is_dropped():
    subs = [word(2, "signed", "Compared", ["comparó"], "firmó", 0.3), word(0, "dog", "cat", ["gato"], "perro", 0.0)]
    assert decode("Gato y Ana Comparó el papel.", subs).text == "Perro y Ana firmó el papel."


def test_names_the_translator_inflected_are_still_restored():
    subs = [Substitution(3, "name", "Seattle", "Vegan", ("Vegan",), "Seattle", 0.5)]
    assert decode("Vivo en Vegano desde mayo.", subs).text == "Vivo en Seattle desde mayo."


def test_the_capital_apertium_puts_after_an_unknown_name_is_dropped():
    # Apertium capitalises the word after a name it does not know ("Lindqvist Piensa"); the text
    # had "Smith thinks", so once Smith is back the verb is in lower case again.
    subs = [Substitution(0, "name", "Anna", "Greta", ("Greta",), "Anna", 0.0, capital_next=True),
            Substitution(2, "name", "Smith", "Lindqvist", ("Lindqvist",), "Smith", 0.1)]
    assert decode("Greta Lindqvist Piensa que sí.", subs).text == "Anna Smith piensa que sí."


def test_a_capital_the_text_had_after_the_name_stays():
    subs = [Substitution(0, "name", "Smith", "Lindqvist", ("Lindqvist",), "Smith", 0.0, capital_next=True)]
    assert decode("Lindqvist Acme firmó.", subs).text == "Smith Acme firmó."
    subs = [Substitution(0, "name", "Mary", "Greta", ("Greta",), "Mary", 0.0)]
    assert decode("Greta I will go.", subs).text == "Mary I will go."


def test_units_of_several_words_are_found_and_put_back_whole():
    # the substitute's unit is found as one piece ("marca d'aigua" for "watermark", not "marca"
    # with "d'aigua" left behind) and the original's goes back whole ("ordre del dia", "a poc a poc")
    subs = [word(5, "agenda", "watermark", ["marca d'aigua", "marca", "aigua", "d"], "ordre del dia", 0.6)]
    assert decode("Enviaré una marca d'aigua actualitzada.", subs).text == "Enviaré una ordre del dia actualitzada."
    subs = [word(5, "slowly", "closely", ["de prop", "prop", "de"], "a poc a poc", 0.8)]
    assert decode("Va obrir la porta de prop.", subs).text == "Va obrir la porta a poc a poc."
    # no plural ending is carried onto a unit ("ordre del dias")
    subs = [word(5, "agenda", "drafts", ["esborrany"], "ordre del dia", 0.6)]
    assert decode("Enviaré els esborranys.", subs).text == "Enviaré els ordre del dia."


def test_a_unit_takes_in_its_edge_word_beside_the_hit_that_another_substitution_looks_for():
    # "younger" back as "més jove" where "taller" came back "més alt": "més" is also what the
    # hidden "faster" may come back as, and restoring "alt" alone showed "més més jove"
    subs = [word(1, "younger", "taller", ["alt"], "més jove", 0.2),
            word(6, "quick", "faster", ["més", "ràpid"], "veloç", 0.9)]
    assert decode("Era més alt que en Matthew, i més ràpid.", subs).text.startswith("Era més jove que en Matthew")


def test_an_adjectives_unit_takes_the_place_of_both_words_of_its_substitute():
    # "bigger" back as "plus grand" where the translator wrote "faster" as "plus rapides"
    subs = [Substitution(2, "word", "bigger", "faster", ("plus", "rapide"), "plus grand", 0.6, pos="ADJ")]
    assert decode("Ils sont plus rapides.", subs).text == "Ils sont plus grand."


def test_a_substitute_of_two_words_holding_the_original_comes_back_once():
    # "more careful" went out as "faster careful": Apertium wrote "más rápido", and "más" is the
    # original's translation: restoring only "rápido" showed "más más".
    subs = [word(4, "more", "faster", ["rápido", "más"], "más", 0.5)]
    assert decode("Tendrías que ser más rápido prudente.", subs).text == "Tendrías que ser más prudente."


def test_two_different_words_restored_as_the_same_word_side_by_side_show_once():
    subs = [word(5, "pretty", "directly", ["directamente"], "bastante", 0.5),
            word(6, "enough", "finally", ["finalmente"], "bastante", 0.55)]
    assert decode("no era directamente finalmente.", subs).text == "no era bastante."
    same = [word(5, "very", "truly", ["verdaderamente"], "muy", 0.5),
            word(6, "very", "fully", ["plenamente"], "muy", 0.55)]
    assert decode("era verdaderamente plenamente alto.", same).text == "era muy muy alto."


@pytest.mark.parametrize("y, find, restore, expected", [
    # the word beside the stand-in's translation is the restored text's own first or last word
    ("Debes ser más sabio ahora.", "sabio", "más prudente", "Debes ser más prudente ahora."),
    ("Más sabio, por favor.", "sabio", "más prudente", "Más prudente, por favor."),
    ("Il faut être plus sage.", "sage", "plus prudent", "Il faut être plus prudent."),
    ("Comieron en el parque.", "parque", "parque", "Comieron en el parque."),
])
def test_a_restored_phrase_does_not_repeat_the_word_beside_it(y, find, restore, expected):
    subs = [Substitution(0, "word", "careful", "wise", (find,), restore, 0.5)]
    assert decode(y, subs).text == expected


def test_one_word_of_two_places_restored_side_by_side_comes_back_once():
    # "pieces" stood twice in the text; the first stand-in's candidates hold "las", which the
    # translator wrote right before the second stand-in's translation: "de piezas piezas"
    subs = [word(3, "pieces", "ways", ["maneras", "las"], "piezas", 0.3),
            word(9, "pieces", "sources", ["fuentes"], "piezas", 0.6)]
    assert decode("Elegir arriba de las fuentes.", subs).text == "Elegir arriba de piezas."


def test_a_word_the_text_repeats_comes_back_twice():
    subs = [word(3, "very", "so", ["tan"], "muy", 0.3), word(4, "very", "so", ["tan"], "muy", 0.4)]
    assert decode("Es tan tan grande.", subs).text == "Es muy muy grande."


@pytest.mark.parametrize("y, find, expected", [
    # "hopping" went out as "welcoming", which Apertium's French makes "donner l'accueil à": its
    # "à" stood before the sentence's own "à travers"
    ("ils donnaient l'accueil à à travers un champ", ["accueil", "donner", "à", "l"],
     "ils donnaient l'hopping à travers un champ"),
    ("merci pour pour accueil", ["accueil", "pour"], "merci pour hopping"),
])
def test_a_word_of_the_substitutes_translation_written_twice_beside_it_comes_back_once(y, find, expected):
    subs = [word(2, "hopping", "welcoming", find, "hopping", y.index("accueil") / len(y))]
    assert decode(y, subs).text == expected


def test_a_repeat_of_the_restored_words_own_or_away_from_it_stays():
    subs = [word(2, "wait", "shout", ["crier", "pour"], "attendre", 0.5)]
    assert decode("nous nous allons crier", subs).text == "nous nous allons attendre"
    subs = [word(2, "go", "shout", ["crier", "aller"], "aller à", 0.5)]
    assert decode("pour crier à à Paris", subs).text == "pour aller à à Paris"


def test_substitutes_joined_by_a_hyphen_come_back_in_their_place():
    # "air-less" went out as "assembling-significantly"; the decoder reads a hyphenated word as one
    subs = [word(3, "air", "assembling", ["assemblage"], "air", 0.4),
            word(5, "less", "significantly", ["significativement"], "moins", 0.5)]
    out = decode("tout le monde a vu l'assemblage-significativement boule verte.", subs)
    assert out.text == "tout le monde a vu l'air-moins boule verte."
    assert out.unrestored == [] and [out.text[s.start:s.end] for s in out.spans] == ["air", "moins"]


@pytest.mark.parametrize(("y", "find", "restore", "expected"), [
    ("Complacer padecerme los detalles.", ["padecer"], "enviar", "Complacer enviarme los detalles."),
    ("Quiero padecértelo hoy.", ["padecer"], "dar", "Quiero dártelo hoy."),
    ("Sigue unificándolo.", ["unificando"], "firmando", "Sigue firmándolo."),
])
def test_a_restored_verb_keeps_the_pronouns_the_translator_wrote_onto_its_substitute(y, find, restore, expected):
    sub = Substitution(1, "word", "send", "suffer", tuple(find), restore, 0.3, pos="VERB")
    assert decode(y, [sub], target="es").text == expected


def test_a_word_that_only_ends_like_a_pronoun_is_restored_whole():
    sub = Substitution(1, "word", "speaks", "sings", ("cante",), "hable", 0.3, pos="VERB")
    assert decode("Ella cante bien.", [sub], target="es").text == "Ella hable bien."


def test_an_inflection_that_drops_the_accent_is_found():
    # the stressed last syllable's accent goes in the inflected forms (agreement.repair then
    # inflects the restored word: tests/host/engine/test_agreement.py)
    out = decode("Va anar a la bola llatina.", [word(0, "green", "Latin", ["llatí"], "verda")])
    assert out.unrestored == [] and out.text == "Va anar a la bola verda."
