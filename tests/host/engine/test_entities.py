import random

from prism_translate.engine import entities


def test_a_name_with_an_apostrophe_gets_a_stand_in_without_one():
    # "D'Bautista" reads as the elided "de" to a Romance translator ("Bautista's Marta")
    rng = random.Random(3)
    for original in ("O'Brien", "D'Angelo", "Guivarc'h"):
        stand_in = entities.surrogate_name(rng, False, original)
        assert "'" not in stand_in and stand_in[:1].isupper()
    assert entities.surrogate_name(rng, True, "Al-Farsi").count("-") == 1
