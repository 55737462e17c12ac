"""The words around a restored verb follow the original, not the substitute (issue 28): real
Apertium analysers and generators, the shipped dictionaries' frames."""

from __future__ import annotations

import pytest

from prism_translate.api import unscramble
from prism_translate.dictionary.format import find_dictionary
from prism_translate.engine.encode import Encoded, Substitution
from prism_translate.engine.tokenize import Token


def _decoded(y_pub: str, target: str, tokens: list[Token] | None = None, **sub) -> str:
    """y_pub decoded as the product does, with one verb substitution (the source's token 1)."""
    substitution = Substitution(index=1, kind="word", pos="VERB", at=0.2, **sub)
    decoded = unscramble(y_pub, Encoded(y_pub, tokens or [], [substitution], target=target))
    assert not decoded.unrestored, decoded
    return decoded.text


@pytest.mark.parametrize(("target", "original", "substitute", "y_pub", "find", "restore", "expected"), [
    # "like" takes no preposition before an infinitive ("les gustaría tener"); "refuse" did
    ("es", "like", "moved", "Les pidió si moverían para tener pastel.", ("moverían",), "gustarían",
     "si gustarían tener pastel"),
    ("ca", "like", "moved", "Els va preguntar si mourien per tenir coca.", ("mourien",), "agradarien",
     "si agradarien tenir coca"),
    # "asked for the book": the object without the substitute's "para", "per a", "pour"
    ("es", "asked", "hesitated", "El cliente dudó para el libro.", ("dudó",), "pidió", "El cliente pidió el libro."),
    ("ca", "asked", "hesitated", "El client va dubtar per a la casa.", ("dubtar",), "preguntar",
     "El client va preguntar la casa."),
    ("fr", "asked", "hesitated", "Le client a douté pour le livre.", ("douté",), "demandé",
     "Le client a demandé le livre."),
    # "thinks we should": the original's "que" before the clause, which the substitute had not
    ("es", "thinks", "opens", "Daniel abre tendríamos que ir.", ("abre",), "piensa", "Daniel piensa que tendríamos"),
    ("fr", "thinks", "opens", "Daniel ouvre nous devrions partir.", ("ouvre",), "pense", "Daniel pense que nous"),
    ("ca", "thinks", "opens", "Daniel obre hauríem d'anar.", ("obre",), "pensa", "Daniel pensa que hauríem"),
])
def test_a_restored_verb_takes_the_words_its_own_frame_writes_before_what_follows(
        target, original, substitute, y_pub, find, restore, expected):
    dictionary = find_dictionary(target, "en")
    frames = tuple(dictionary.lookup(w, "VERB").frame for w in (original, substitute))
    text = _decoded(y_pub, target, original=original, substitute=substitute, find=find, restore=restore,
                    frames=frames)
    assert expected in text, (frames, text)


@pytest.mark.parametrize(("target", "y_pub", "find", "restore", "expected"), [
    # "could hit": the substitute read as a participle, the original is an infinitive after a modal
    ("es", "Se preguntó si podría golpeada una bola.", ("golpeada",), "pegado", "podría pegar una bola"),
    ("fr", "Il a demandé s'il pourrait frappée une balle.", ("frappée",), "collé", "pourrait coller une"),
    # ... or after a preposition ("delighted to offer")
    ("fr", "Nous sommes enchantés à attire le poste.", ("attire",), "offre", "enchantés à offrir le"),
    ("ca", "Va començar per cantat una cançó.", ("cantat",), "ballat", "per ballar una"),
    # a gerund after a preposition is one: French "en essayant"
    ("fr", "Il a passé une heure en cherchant une chose.", ("cherchant",), "essayant", "en essayant une"),
])
def test_a_restored_bare_verb_after_a_preposition_or_a_modal_is_an_infinitive(target, y_pub, find, restore,
                                                                               expected):
    tokens = [Token("could", " ", "AUX", "MD"), Token("hit", " ", "VERB", "VB")]
    text = _decoded(y_pub, target, tokens, original="hit", substitute="strike", find=find, restore=restore)
    assert expected in text, text
