"""A function word the translator writes twice in a row goes once (issue 28): the real Apertium
analysers tell a doubled pronoun or preposition from a French reflexive."""

from __future__ import annotations

import pytest

from prism_translate.api import unscramble
from prism_translate.engine.encode import Encoded, Substitution


def _decoded(y_pub: str, target: str, substitute: str, original: str) -> str:
    """y_pub decoded as the product does, with one verb substitution."""
    substitution = Substitution(index=1, kind="word", pos="VERB", at=0.2, original=original,
                                substitute=substitute, find=(substitute,), restore=original)
    decoded = unscramble(y_pub, Encoded(y_pub, [], [substitution], target=target))
    assert not decoded.unrestored, decoded
    return decoded.text


@pytest.mark.parametrize(("target", "y_pub", "substitute", "original", "expected"), [
    # Apertium's French writes the subject again around the substitute verb
    ("fr", "Et ils ils ont acclamé pour venir.", "acclamé", "dû", "Et ils ont dû"),
    ("fr", "Mais il il est le rechange.", "est", "est", "Mais il est le rechange."),
    # a preposition written twice, next to the restored verb
    ("fr", "Il travaille pour pour regarder.", "regarder", "manger", "Il travaille pour manger."),
    ("es", "Va a a mirar.", "mirar", "comer", "Va a comer."),
])
def test_a_doubled_function_word_is_written_once(target, y_pub, substitute, original, expected):
    assert expected in _decoded(y_pub, target, substitute, original)


@pytest.mark.parametrize(("y_pub", "substitute", "original", "expected"), [
    ("Nous nous levons tôt.", "levons", "couchons", "Nous nous couchons tôt."),
    ("Vous vous levez tôt.", "levez", "couchez", "Vous vous couchez tôt."),
])
def test_a_french_reflexive_stays_doubled(y_pub, substitute, original, expected):
    assert _decoded(y_pub, "fr", substitute, original) == expected
