"""A restored negative adverb whose word in the target wraps the verb ("never": "ne ... jamais") is
written around the finite verb, as the plain translation writes it (issue 28): real Apertium
analysers, the whole decoding."""

from __future__ import annotations

import pytest

from prism_translate.api import unscramble
from prism_translate.engine.encode import Encoded, Substitution


def _decoded(target: str, y_pub: str, original: str, found: str, restore: str) -> str:
    substitution = Substitution(index=1, kind="word", original=original, substitute="lately", find=(found,),
                                restore=restore, at=0.3, pos="ADV")
    return unscramble(y_pub, Encoded(y_pub, [], [substitution], target=target, source="en")).text.strip()


@pytest.mark.parametrize(("y_pub", "found", "expected"), [
    # the substitute's adverb before the verb: the restored word goes after it, "ne" before it
    ("Nous dernièrement oublierons notre voyage.", "dernièrement", "Nous n'oublierons jamais notre voyage."),
    # a compound tense: after the auxiliary; the object pronouns stay between "ne" and the verb
    ("Il fortement y avait essayé avant.", "fortement", "Il n'y avait jamais essayé avant."),
    ("Elle toujours me l'a dit.", "toujours", "Elle ne me l'a jamais dit."),
    # it opened the sentence: the particle takes its capital
    ("Dernièrement oublierons notre voyage.", "Dernièrement", "N'oublierons jamais notre voyage."),
    # already after the finite verb: only the particle is missing
    ("Nous oublierons dernièrement notre voyage.", "dernièrement", "Nous n'oublierons jamais notre voyage."),
    ("Je le sais dernièrement.", "dernièrement", "Je ne le sais jamais."),
    # "nous" after a subject is an object pronoun, at the sentence's start the subject
    ("Il nous a dernièrement dit.", "dernièrement", "Il ne nous a jamais dit."),
])
def test_a_restored_never_wraps_the_french_verb(y_pub, found, expected):
    assert _decoded("fr", y_pub, "never", found, "jamais") == expected


def test_a_restored_ever_is_no_negation():
    # "the best cake I have ever eaten": "jamais" without "ne"
    assert _decoded("fr", "Le meilleur gâteau que j'ai toujours mangé.", "ever", "toujours", "jamais") == \
        "Le meilleur gâteau que j'ai jamais mangé."


def test_a_negative_word_after_no_finite_verb_stays_where_it_is():
    # an infinitive after it: nothing to wrap ("pour jamais partir" is left to the reader)
    assert _decoded("fr", "Pour toujours partir.", "never", "toujours", "jamais") == "Pour jamais partir."


@pytest.mark.parametrize(("target", "y_pub", "found", "restore", "expected"), [
    # Spanish and Catalan write the word before the verb on its own
    ("es", "Siempre lo olvidaremos.", "Siempre", "nunca", "Nunca lo olvidaremos."),
    ("ca", "Sempre l'oblidarem.", "Sempre", "mai", "Mai l'oblidarem."),
])
def test_spanish_and_catalan_keep_the_word_before_the_verb(target, y_pub, found, restore, expected):
    assert _decoded(target, y_pub, "never", found, restore) == expected


def test_the_moved_word_is_still_the_one_shown_as_restored():
    substitution = Substitution(index=1, kind="word", original="never", substitute="lately", find=("fortement",),
                                restore="jamais", at=0.3, pos="ADV")
    y_pub = "Il fortement y avait essayé avant."
    decoded = unscramble(y_pub, Encoded(y_pub, [], [substitution], target="fr", source="en"))
    assert [decoded.text[s.start:s.end] for s in decoded.spans] == ["jamais"]
