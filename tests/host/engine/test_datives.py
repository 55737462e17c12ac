"""A restored verb whose translation makes its subject a dative pronoun ("like": "me gusta") is
written in that frame (issue 28): real Apertium analysers, generators and translator, the shipped
dictionaries."""

from __future__ import annotations

import random

import pytest

from prism_translate.api import unscramble
from prism_translate.engine.encode import Encoded, Substitution, encode
from prism_translate.engine.tokenize import analyse_many
from prism_translate.engine.verb_forms import takes_dative
from prism_translate.translators.registry import get_translator


@pytest.mark.parametrize(("target", "words", "others"), [
    ("es", ("like", "liked", "likes"), ("shorten", "moved", "wanted", "cared")),
    ("fr", ("like", "liked", "likes"), ("shorten", "moved", "wanted", "cared")),
    ("ca", ("like", "liked", "likes"), ("shorten", "moved", "wanted", "cared")),
])
def test_verbs_of_the_dative_frame_are_known_by_their_dictionary_entry(shipped_dictionary, target, words, others):
    dictionary = shipped_dictionary(f"en-{target}")
    assert all(takes_dative(target, dictionary.lookup(w, "VERB")) for w in words)
    assert not any(takes_dative(target, dictionary.lookup(w, "VERB")) for w in others)


@pytest.mark.parametrize(("target", "y_pub", "find", "restore", "subject", "expected"), [
    # the subject dropped, the substitute conjugated for it ("moverían": they)
    ("es", "Pidieron si moverían para tener pastel.", ("moverían",), "gustarían", "they",
     "Pidieron si les gustaría tener pastel."),
    ("ca", "Van preguntar si mourien per tenir coca.", ("mourien",), "agradarien", "they",
     "Van preguntar si els agradaria tenir coca."),
    # "movería" is of the first or the third person: the source's "I" says which; Catalan joins "m'"
    ("es", "Movería para ir al parque.", ("movería",), "gustaría", "I", "Me gustaría ir al parque."),
    ("ca", "Mouria per anar al parc.", ("mouria",), "agradaria", "I", "M'agradaria anar al parc."),
    # a reflexive pronoun the substitute brought gives way; the verb agrees with a plural object
    ("es", "Nos preocupábamos las películas.", ("preocupábamos",), "gustaba", "we", "Nos gustaban las películas."),
    # French writes "il" before the dative in place of the subject pronoun
    ("fr", "Il croirait pour aller au parc.", ("croirait",), "plairait", "I", "Il me plairait aller au parc."),
    ("fr", "Nous rentrons le film.", ("rentrons",), "plaisons", "we", "Il nous plaît le film."),
    # Catalan's past: the pronoun before the auxiliary, which takes the third person
    ("ca", "Vam moure la pel·lícula.", ("moure",), "agradar", "we", "Ens va agradar la pel·lícula."),
])
def test_a_restored_dative_verb_takes_the_subjects_dative_pronoun(shipped_dictionary, target, y_pub, find,
                                                                  restore, subject, expected):
    dictionary = shipped_dictionary(f"en-{target}")
    frames = (dictionary.lookup("like", "VERB").frame, dictionary.lookup("moved", "VERB").frame)
    substitution = Substitution(index=1, kind="word", original="like", substitute="moved", find=find,
                                restore=restore, at=0.3, pos="VERB", frames=frames, dative=subject)
    decoded = unscramble(y_pub, Encoded(y_pub, [], [substitution], target=target, source="en"))
    assert decoded.text.strip() == expected


@pytest.mark.slow  # PRISM*'s warm-up on the shipped dictionary and a real translation: some 13 s
def test_the_private_translation_of_like_reads_as_the_plain_one(shipped_dictionary):
    text = "They asked if they would like to have cake. I would like to go to the park. Tina liked arts and crafts."
    dictionary = shipped_dictionary("en-es")
    encoded = encode(analyse_many([text], "en")[0], dictionary, "star", 1.0, rng=random.Random(0))
    assert [s.dative for s in encoded.substitutions if s.original in ("like", "liked")] == ["they", "I", "*"]
    translator = get_translator("apertium")
    decoded = " ".join(unscramble(translator.translate([encoded.text], "en", "es")[0], encoded).text.split())
    assert "si les gustaría tener" in decoded and "Me gustaría ir" in decoded, (encoded.text, decoded)
    # a name for a subject takes the dative's preposition: "A Tina le gustaron"
    assert "A Tina le gust" in decoded, (encoded.text, decoded)
