"""The little words before a restored name follow the real name, not its stand-in (issue 28):
agreement.repair on translations as Apertium writes them, with Apertium's own analysers,
generators and post-generators of es, fr and ca."""

from __future__ import annotations

import pytest

from prism_translate.engine import agreement
from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution


def _restored(target: str, text: str, names: list[tuple[str, str]]) -> str:
    """`text`, the translation of a text whose names went out as stand-ins, with the names back;
    `names` are (real name, stand-in)."""
    subs = [Substitution(k, "name", name, stand_in, (stand_in,), name, 0.5, pos="PROPN")
            for k, (name, stand_in) in enumerate(names)]
    return agreement.repair(decode(text, subs, target=target), target, "en").text


@pytest.mark.parametrize("target, text, expected", [
    # "The lion and the Tiger came" with "Teresa" for "Tiger": the article was the stand-in's
    # (feminine); the translator writes a name it lacks masculine ("el Tigre" in the plain one)
    ("es", "El león y la Teresa vinieron.", "El león y el Tiger vinieron."),
    ("fr", "Le lion et la Teresa sont venus.", "Le lion et le Tiger sont venus."),
    ("ca", "El lleó i la Teresa van venir.", "El lleó i el Tiger van venir."),
])
def test_an_article_before_a_name_takes_the_real_name_s_gender(target, text, expected):
    assert _restored(target, text, [("Tiger", "Teresa")]) == expected


@pytest.mark.parametrize("target, text, expected", [
    # "Luna the hawk", "hawk" taken for a name and sent as "Magda": the article elides before
    # "hawk" as in the plain translation ("Lune l'hawk", "Luna l'hawk")
    ("fr", "Gerry la Magda a voulu des chaussettes.", "Luna l'hawk a voulu des chaussettes."),
    ("ca", "Gerry la Magda va voler mitjons.", "Luna l'hawk va voler mitjons."),
    ("es", "Gerry la Magda quiso calcetines.", "Luna el hawk quiso calcetines."),
])
def test_an_article_before_a_name_elides_by_the_name_s_sound(target, text, expected):
    assert _restored(target, text, [("Luna", "Gerry"), ("hawk", "Magda")]) == expected


@pytest.mark.parametrize("target, text, names, expected", [
    # an article joined to a preposition: "Head of People" signed by Oliver (sent as "Guillermo")
    ("fr", "Chef de Gregory du Guillermo de Personnes", [("Grant", "Gregory"), ("Oliver", "Guillermo")],
     "Chef de Grant de l'Oliver de Personnes"),
    ("es", "Fue al Guillermo.", [("Sally", "Guillermo")], "Fue a la Sally."),
])
def test_an_article_joined_to_a_preposition_is_written_with_it(target, text, names, expected):
    assert _restored(target, text, names) == expected


@pytest.mark.parametrize("target, text, expected", [
    # an article that is already the real name's is left, a woman's name after "la" among them
    ("es", "Vi a la Teresa.", "Vi a la Sally."),
    # a possessive agrees with what is owned, not with a name after it
    ("fr", "Il a vu son Teresa.", "Il a vu son Sally."),
])
def test_what_already_fits_the_real_name_is_left(target, text, expected):
    assert _restored(target, text, [("Sally", "Teresa")]) == expected


@pytest.mark.parametrize("target, text, expected", [
    # a story's line wrapped between "de" and the name: the elision is the plain translation's
    # ("l'école d'Ana"), and the line break goes after the name
    ("fr", "Tout le monde dans l'école de\nTeresa a su.", "Tout le monde dans l'école d'Ana\n a su."),
    ("ca", "Tothom a l'escola de\nTeresa va saber.", "Tothom a l'escola d'Ana\n va saber."),
])
def test_de_before_a_restored_name_elides_across_a_line_break(target, text, expected):
    assert _restored(target, text, [("Ana", "Teresa")]) == expected


@pytest.mark.parametrize("target, text, expected", [
    # "The Snow Day", a title whose "Snow" was taken for a name and sent as "Magda": the target's
    # analyser knows "Snow" as a name of no gender (French np.ant) or of both (Spanish and Catalan
    # np.cog.mf); the translator writes such a name masculine ("le Johnson", "el Garcia"), and
    # Catalan elides before "s" and a consonant as Apertium does ("l'Snowden")
    ("fr", "Il a vu la Magda hier.", "Il a vu le Snow hier."),
    ("es", "Vio a la Magda ayer.", "Vio al Snow ayer."),
    ("ca", "Va veure la Magda ahir.", "Va veure l'Snow ahir."),
])
def test_an_article_before_a_name_of_no_single_gender_is_the_translator_s_masculine(target, text, expected):
    assert _restored(target, text, [("Snow", "Magda")]) == expected
