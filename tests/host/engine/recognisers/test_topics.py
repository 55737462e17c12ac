import pytest

from prism_translate.engine.recognisers import topics


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Purpose: Quarterly Budget Review\nVenue: the hall", {"Quarterly", "Budget", "Review"}),
    ("es", "Asunto: Revisión Trimestral del Presupuesto\n\nHola:", {"Revisión", "Trimestral", "del", "Presupuesto"}),
    ("fr", "Objet : Révision Annuelle du Contrat de Location\n\nBonjour,", {"Révision", "Annuelle", "Contrat"}),
    ("ca", "Assumpte: Revisió Trimestral del Pressupost\n\nHola,", {"Revisió", "Trimestral", "Pressupost"}),
])
def test_a_topic_after_a_subject_label_is_ordinary(recognised, lang, text, words):
    found = recognised(topics.topics, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,kept", [
    # a firm of nouns after the label
    ("en", "Subject: Summit Finance\n\nHello,", {"Summit", "Finance"}),
    ("es", "Asunto: Campo Verde\n\nHola:", {"Campo", "Verde"}),  # two words, one an adjective
    # a person's name in the topic
    ("en", "Subject: Annual Review Rose Smith\n\nHello,", {"Rose", "Smith"}),
    # a label that asks for no topic
    ("en", "Paid to: Quarterly Budget Partners\n\nHello,", {"Quarterly", "Budget"}),
])
def test_a_name_after_a_subject_label_is_left_to_the_name_recognisers(recognised, lang, text, kept):
    assert not kept & set(recognised(topics.topics, text, lang))
