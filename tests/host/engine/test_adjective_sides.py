"""A restored adjective goes to its own side of the noun (issue 28): on Apertium's translations
of "I saw the first dog." / "I saw the red dog." and "It was the last house." / "It was the old
house.", one adjective hidden by the other, with Apertium's analysers and generators of es, fr, ca."""

from __future__ import annotations

import pytest

from prism_translate.engine import agreement
from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution


def _repaired(target: str, text: str, found: str, restore: str, sides: tuple[str, str]) -> str:
    sub = Substitution(0, "word", "x", "y", (found,), restore, 0.5, pos="ADJ", sides=sides)
    out = agreement.repair(decode(text, [sub], target=target), target)
    # the restored span moved with its word (as it agrees: "último" -> "última")
    assert [out.text[s.start:s.end][:4].lower() for s in out.spans] == [restore[:4].lower()]
    return out.text


@pytest.mark.parametrize("target, text, found, restore, expected", [
    # "red" hidden by "first": the translator put the substitute before the noun
    ("es", "Vi el primer perro.", "primer", "rojo", "Vi el perro rojo."),
    ("fr", "J'ai vu le premier chien.", "premier", "rouge", "J'ai vu le chien rouge."),
    ("ca", "Vaig veure el primer gos.", "primer", "vermell", "Vaig veure el gos vermell."),
])
def test_a_restored_adjective_that_goes_after_the_noun_moves_after_it(target, text, found, restore, expected):
    assert _repaired(target, text, found, restore, ("post", "pre")) == expected


@pytest.mark.parametrize("target, text, found, restore, expected", [
    # "last" hidden by "old": the translator put the substitute after the noun; the moved adjective
    # agrees with the noun and the article elides before it
    ("es", "Era la casa vieja .", "vieja", "último", "Era la última casa ."),
    ("fr", "Il était la maison vieille .", "vieille", "dernier", "Il était la dernière maison ."),
    ("ca", "Era la casa vella.", "vella", "últim", "Era l'última casa."),
])
def test_a_restored_adjective_that_goes_before_the_noun_moves_before_it(target, text, found, restore, expected):
    assert _repaired(target, text, found, restore, ("pre", "post")) == expected


def test_an_adjective_of_the_substitute_s_side_stays():
    assert _repaired("es", "Vi el perro rojo.", "rojo", "viejo", ("post", "post")) == "Vi el perro viejo."


def test_several_restored_adjectives_in_one_text_each_change_places_with_their_noun():
    subs = [Substitution(0, "word", "red", "first", ("primer",), "rojo", 0.1, pos="ADJ", sides=("post", "pre")),
            Substitution(1, "word", "dog", "cat", ("gato",), "perro", 0.5, pos="NOUN"),
            Substitution(2, "word", "black", "first", ("primer",), "negro", 0.9, pos="ADJ", sides=("post", "pre"))]
    text = "Vi el primer perro. Vi el gato. Vi el primer coche."
    out = agreement.repair(decode(text, subs, target="es"), "es")
    assert out.text == "Vi el perro rojo. Vi el perro. Vi el coche negro."
    # each restored word's span is on its own word after the swaps before it
    assert sorted(out.text[s.start:s.end] for s in out.spans) == ["negro", "perro", "rojo"]
