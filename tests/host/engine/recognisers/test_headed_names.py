import pytest
from prism_translate.api import translate_private
from prism_translate.engine.recognisers import headed_names
from prism_translate.engine.tokenize import analyse
from prism_translate.translators.apertium import ApertiumCLI


@pytest.mark.parametrize("lang,text,value,kind", [
    ("es", "Nos representa el Despacho Ibarra & Castell en el juicio.", "Despacho Ibarra & Castell", "ORG"),
    ("es", "Vista en el Tribunal Superior de Justicia de Aragón el día 3.", "Tribunal Superior de Justicia de Aragón", "ORG"),
    ("es", "Mi hija estudia en el CEIP Virgen del Pilar desde septiembre.", "CEIP Virgen del Pilar", "ORG"),
    ("es", "Factura de Talleres Urquiza, S.L. pendiente.", "Talleres Urquiza, S.L.", "ORG"),
    ("es", "Subimos a la Sierra de Cazorla en mayo.", "Sierra de Cazorla", "PLACE"),
    ("fr", "Le Collège privé Saint-Exupéry ferme à midi.", "Collège privé Saint-Exupéry", "ORG"),
    ("fr", "Audience à la Cour d'appel de Rennes jeudi.", "Cour d'appel de Rennes", "ORG"),
    ("fr", "La SARL Boulanger Frères a fermé.", "SARL Boulanger Frères", "ORG"),
    ("fr", "On a nagé dans le lac d'Annecy tout l'été.", "lac d'Annecy", "PLACE"),
    ("ca", "Ens allotgem a l'Hotel Mas d'en Roca tres nits.", "Hotel Mas d'en Roca", "ORG"),
    ("ca", "Recull-ho al JUTJAT DE PRIMERA INSTÀNCIA NÚM. 2 DE BALAGUER.", "JUTJAT DE PRIMERA INSTÀNCIA NÚM. 2 DE BALAGUER", "ORG"),
    ("ca", "Visita a l'INS Montsacopa dimecres.", "INS Montsacopa", "ORG"),
    ("en", "Invoice from Kestrel Analytics Ltd attached.", "Kestrel Analytics Ltd", "ORG"),
    ("en", "We stayed at the Heron Bay Hotel last spring.", "Heron Bay Hotel", "ORG"),
])
def test_a_head_word_of_its_kind_and_the_name_are_one_value(lang, text, value, kind):
    assert [(text[a:b], k) for a, b, k in headed_names.spans(text, lang)] == [(value, kind)]


@pytest.mark.parametrize("lang,text", [
    ("es", "El hotel es muy bonito y la clínica está cerca."),  # head words used as words
    ("es", "La farmacia cerrada hoy abre mañana."),
    ("fr", "Le cabinet médical ouvre à huit heures."),
    ("ca", "L'escola nova obrirà al setembre."),
    ("en", "The hotel was full and the school closed early."),
    ("en", "We met at The Hotel bar."),
])
def test_a_head_word_without_a_name_is_a_word(lang, text):
    assert headed_names.spans(text, lang) == []


@pytest.mark.parametrize("lang,text,value,kind", [
    ("es", "Escríbeme al Hostal Las Gaviotas mañana.", "Hostal Las Gaviotas", "ORG"),
    ("fr", "Rendez-vous à la Clinique des Cèdres lundi.", "Clinique des Cèdres", "ORG"),
    ("ca", "Treballo a la Cooperativa del Camp de Reus.", "Cooperativa del Camp de Reus", "ORG"),
    ("en", "Please call Marsh Lane Surgery for a slot.", "Marsh Lane Surgery", "ORG"),
])
def test_a_headed_name_is_one_token_of_its_kind(lang, text, value, kind):
    assert [t.entity for t in analyse(text, lang) if t.text == value] == [kind]


@pytest.mark.slow
@pytest.mark.parametrize("lang,text,value", [
    ("es", "Mañana llamo al Bufete Salcedo y Mora por la herencia.", "Bufete Salcedo y Mora"),
    ("fr", "Les enfants vont à l'École maternelle des Capucines.", "École maternelle des Capucines"),
    ("ca", "Hem reservat a l'Alberg Font del Gat dues nits.", "Alberg Font del Gat"),
])
def test_a_headed_name_reaches_the_translator_as_one_stand_in_and_comes_back_as_written(shipped_dictionary, lang, text,
                                                                                          value):
    dictionary = shipped_dictionary(f"{lang}-en")
    for seed in range(2):
        result = translate_private(text, "en", source=lang, seed=seed, translator=ApertiumCLI(), dictionary=dictionary)
        assert not any(word in result.sent for word in value.split() if len(word) > 3)
        assert value in result.translation


@pytest.mark.parametrize("lang,text,value", [
    ("es", "Pago a Suministros Lerma, S.L. esta semana.", "Suministros Lerma, S.L."),  # not "S" alone
    ("en", "Between Alder & Finch LLP and us, nothing changed.", "Alder & Finch LLP"),  # no function word first
    ("en", "The surgery at Kingsbury Hospital on Saturday was quick.", "Kingsbury Hospital"),
])
def test_a_headed_name_keeps_its_legal_form_and_no_word_around_it(lang, text, value):
    assert [text[a:b] for a, b, _ in headed_names.spans(text, lang)] == [value]


@pytest.mark.parametrize("lang,text", [
    ("en", "Forms go to the School Office by Friday."),  # an English head before a word is a compound
])
def test_an_english_head_before_a_word_is_a_compound(lang, text):
    assert headed_names.spans(text, lang) == []


@pytest.mark.parametrize("lang,text,value", [
    ("es", "La Comunidad de Regantes Vega Baja se reúne el lunes.", "Comunidad de Regantes Vega Baja"),
    ("es", "Vivo junto al Centro de Salud Delicias.", "Centro de Salud Delicias"),
    ("fr", "Rendez-vous au Centre d'analyses médicales Pasteur jeudi.", "Centre d'analyses médicales Pasteur"),
    ("fr", "L'entrepôt est dans la Zone industrielle des Pradeaux.", "Zone industrielle des Pradeaux"),
    ("fr", "Inscription au Centre de loisirs Les Marronniers ce mercredi.", "Centre de loisirs Les Marronniers"),
    ("ca", "El Centre d'Atenció Primària Can Vidalet obre a les 8.", "Centre d'Atenció Primària Can Vidalet"),
    ("ca", "La Comunitat de Regants del Canal es reuneix dijous.", "Comunitat de Regants del Canal"),
    ("en", "The Elm Court Residents Association meets on Tuesday.", "Elm Court Residents Association"),
])
def test_a_head_that_is_an_everyday_word_heads_a_name_when_capitalised(lang, text, value):
    assert [text[a:b] for a, b, _ in headed_names.spans(text, lang)] == [value]


@pytest.mark.parametrize("lang,text", [
    ("es", "Vivimos en el centro de Madrid."),  # a part of a town
    ("fr", "On habite le centre de Lyon."),
    ("ca", "Som al centre de Girona."),
    ("en", "We met in the centre of Leeds."),
])
def test_the_same_word_in_lower_case_is_a_word(lang, text):
    assert headed_names.spans(text, lang) == []


@pytest.mark.parametrize("lang,text,value", [
    ("es", "Gracias Hermanos Pérez SL por el presupuesto.", "Hermanos Pérez SL"),
    ("fr", "Merci Boulangerie Roux SARL pour la livraison.", "Boulangerie Roux SARL"),
    ("en", "Thanks Harlow Brothers Ltd for the quote.", "Harlow Brothers Ltd"),
])
def test_a_firm_before_its_legal_form_does_not_open_on_a_thanks(lang, text, value):
    assert [text[a:b] for a, b, _ in headed_names.spans(text, lang)] == [value]
