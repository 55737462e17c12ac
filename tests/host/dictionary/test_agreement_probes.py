"""The agreement each noun and adjective shows in Apertium's own output, probed when a dictionary
is built (issue 28): the article's elision and the gender and number of what agrees with it,
as the reader sees them, not as the target's analyser reads the translation alone."""

from __future__ import annotations

import pytest

from prism_translate.dictionary.agreement_probes import probe
from prism_translate.dictionary.format import Entry
from prism_translate.translators.registry import get_translator


def _probed(target: str, words: list[tuple[str, str]]) -> dict[str, str | None]:
    apertium = get_translator("apertium")
    entries = [Entry(word, pos, "", 1.0, ("x",), (1.0,)) for word, pos in words]
    return dict(zip((w for w, _ in words), probe(entries, lambda texts: apertium.translate(texts, "en", target),
                                                  "en", target, target in ("fr", "ca"))))


# Apertium writes "la puesto": its article follows the bilingual dictionary's gender, while the
# analyser reads "puesto" as masculine; "el agua blanca"; "hawk" it does not translate, and leaves
# the adjective before it ("el blanco hawk")
# "thanks" it reads as something else there ("El blanco gracias"): left to the analyser
SPANISH = {"position": "f.sg", "water": "f.sg+m", "houses": "f.pl", "hawk": "m.sg/pre", "thanks": None}
# "le héros" (no elision before this h), "l'hôtel"; Catalan "l'heroi"
# and an unknown noun by its letter: "l'raccoon" came back where a stand-in was "ii"
ELIDING = {"fr": {"hero": "c:m.sg", "hotel": "v:m.sg", "ice": "c:m.sg", "raccoon": "c:m.sg/pre",
                  "hawk": "v:m.sg/pre"},
           "ca": {"hero": "v:m.sg", "position": "c:f.sg"}}


def test_a_noun_s_feature_is_the_agreement_the_translation_shows(apertium):
    assert _probed("es", [(w, "NOUN") for w in SPANISH]) == SPANISH


@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(ELIDING))
def test_where_articles_elide_the_feature_says_whether_they_did(apertium, target):
    assert _probed(target, [(w, "NOUN") for w in ELIDING[target]]) == ELIDING[target]


def test_an_adjective_s_feature_is_where_it_stands_and_the_forms_it_takes(apertium):
    es = _probed("es", [("small", "ADJ"), ("last", "ADJ"), ("happy", "ADJ"), ("walk", "VERB")])
    assert es == {"small": "post.m.sg/f.pl", "last": "pre.ord.m.sg/ord.f.pl", "happy": "post.mf.sg/mf.pl", "walk": None}


@pytest.mark.slow
def test_a_french_adjective_s_gender_is_read_on_the_french_output(apertium):
    # French is made through Spanish: "feliz" (of both genders) comes out "heureuse" after "homme"
    assert _probed("fr", [("happy", "ADJ")])["happy"] == "post.f.sg/f.pl"


def test_sources_without_a_probe_are_left_to_the_analyser():
    entries = [Entry("casa", "NOUN", "", 1.0, ("house",), (1.0,))]
    assert probe(entries, lambda texts: pytest.fail("asked"), "es", "ca", True) == [None]
