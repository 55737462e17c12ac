"""A restored number word takes the gender of the noun after it (issue 28), with Apertium's own
analysers and generators: the stand-in was a number written alike in both genders."""

from __future__ import annotations

import pytest

from prism_translate.engine import agreement
from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution


@pytest.mark.parametrize("target, text, subs, expected", [
    ("ca", "Per vuit setmanes, Ruby va regar el jardí.", ("two", "eight", "vuit", "dos"),
     "Per dues setmanes, Ruby va regar el jardí."),
    ("ca", "Les vuit noies van caminar.", ("two", "eight", "vuit", "dos"), "Les dues noies van caminar."),
    ("es", "Vinieron trescientas personas.", ("two hundred", "three hundred", "trescientas", "doscientos"),
     "Vinieron doscientas personas."),
    # masculine nouns, and a number of both genders, stay as restored
    ("ca", "Va comprar vuit llibres.", ("two", "eight", "vuit", "dos"), "Va comprar dos llibres."),
    ("es", "Durante ocho semanas.", ("two", "eight", "ocho", "dos"), "Durante dos semanas."),
    ("fr", "Pendant huit semaines.", ("two", "eight", "huit", "deux"), "Pendant deux semaines."),
])
def test_a_restored_number_word_takes_the_gender_of_its_noun(target, text, subs, expected):
    original, substitute, found, restore = subs
    sub = Substitution(0, "word", original, substitute, (found,), restore, 0.5, pos="NOUN")
    assert agreement.repair(decode(text, [sub], target=target), target, "en").text == expected
