import pytest

from prism_translate.engine.recognize import mark
from prism_translate.engine.tokenize import analyse


@pytest.mark.parametrize("lang,text,name", [
    ("es", "Paloma llegó tarde ayer.", "Paloma"),
    ("es", "Gracias, Paloma, por todo.", "Paloma"),
    ("fr", "Blanche a appelé ce matin.", "Blanche"),
    ("fr", "Hier, Clément et Prudence sont partis tôt.", "Prudence"),
    ("en", "Yesterday Faith said she would come.", "Faith"),
])
def test_a_listed_first_name_read_as_a_place_or_firm_is_a_person(lang, text, name):
    assert [t.entity for t in mark(analyse(text, lang), lang) if t.text == name] == ["PERSON"]


def test_a_place_after_its_preposition_stays_a_place():
    kinds = {t.text: t.entity for t in mark(analyse("Je pars à Florence demain.", "fr"), "fr")}
    assert kinds["Florence"] == "PLACE"
