"""The article before a restored unit that opens with its own determiner goes (issue 28): on
Apertium's translations of "Morning is the night." and "Winter is the night." ("tonight" hidden),
with Apertium's analysers and generators of es, fr, ca."""

from __future__ import annotations

import pytest

from prism_translate.engine import agreement
from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution


def _repaired(target: str, text: str, found: str, restore: str, pos: str = "NOUN") -> str:
    sub = Substitution(0, "word", "tonight", "morning", (found,), restore, 0.5, pos=pos)
    return agreement.repair(decode(text, [sub], target=target), target).text


@pytest.mark.parametrize("target, text, found, restore, expected", [
    ("es", "La mañana es la noche .", "mañana", "esta noche", "Esta noche es la noche ."),
    ("fr", "Le matin est la nuit .", "matin", "cette nuit", "Cette nuit est la nuit ."),
    ("ca", "El matí és la nit.", "matí", "aquesta nit", "Aquesta nit és la nit."),
    # an elided article
    ("fr", "L'hiver est la nuit .", "hiver", "cette nuit", "Cette nuit est la nuit ."),
    ("ca", "L'hivern és la nit.", "hivern", "aquesta nit", "Aquesta nit és la nit."),
    # in mid-sentence
    ("es", "Tocaré con la mañana de niños.", "mañana", "esta noche", "Tocaré con esta noche de niños."),
    ("ca", "Jugaré amb el matí de nens.", "matí", "aquesta nit", "Jugaré amb aquesta nit de nens."),
])
def test_an_article_before_a_restored_unit_that_opens_with_a_determiner_goes(target, text, found, restore, expected):
    assert _repaired(target, text, found, restore) == expected


@pytest.mark.parametrize("target, text, found, restore, expected", [
    # an article joined to a preposition leaves the preposition, elided as before the unit
    ("es", "El color del invierno es blanco.", "invierno", "esta noche", "El color de esta noche es blanco."),
    ("fr", "La couleur du matin est blanche.", "matin", "cette nuit", "La couleur de cette nuit est blanche."),
    ("ca", "El color del matí és blanc.", "matí", "aquesta nit", "El color d'aquesta nit és blanc."),
])
def test_an_article_joined_to_a_preposition_leaves_the_preposition(target, text, found, restore, expected):
    assert _repaired(target, text, found, restore) == expected


@pytest.mark.parametrize("target, text, found, restore, expected", [
    # a comparative's "más"/"més" is no determiner: the article stays
    ("es", "Es la chica alta.", "alta", "más joven", "Es la chica más joven."),
    ("ca", "És la noia alta.", "alta", "més jove", "És la noia més jove."),
    # a unit that opens with no determiner
    ("es", "Pagó el dinero.", "dinero", "dinero efectivo", "Pagó el dinero efectivo."),
])
def test_an_article_before_any_other_unit_stays(target, text, found, restore, expected):
    assert _repaired(target, text, found, restore, "ADJ" if "alt" in found else "NOUN") == expected
