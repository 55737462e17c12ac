"""A restored verb takes the form its sentence needs, not the one the translator gave its
substitute (issue 28): real Apertium analysers and generators, real spaCy, the shipped dictionaries."""

from __future__ import annotations

import pytest

from prism_translate.api import translate_private, unscramble
from prism_translate.engine.encode import Encoded, Substitution
from prism_translate.engine.tokenize import analyse


def _decoded(y_pub: str, target: str, **sub) -> str:
    """y_pub decoded as the product does, with one verb substitution."""
    substitution = Substitution(index=1, kind="word", pos="VERB", at=0.2, **sub)
    decoded = unscramble(y_pub, Encoded(y_pub, [], [substitution], target=target))
    assert not decoded.unrestored, decoded
    return decoded.text


@pytest.mark.parametrize(("target", "y_pub", "find", "restore", "form", "expected"), [
    # the translator read the stand-in "disarmed" as a participle: "asked" is a finite past
    ("es", "El cliente desarmado para una llamada.", ("desarmó",), "pidió", "fin", "El cliente pidió para"),
    # a past participle after "había" stays one, whatever the stand-in became
    ("es", "Me dijo quién había cronometró su camión.", ("cronometró",), "dejó", "pp", "había dejado su"),
    # French: "a demandé", the stand-in read as a passé simple
    ("fr", "Le client a retourna un appel.", ("retourné",), "demandé", "pp", "a demandé un"),
    # Catalan: "va demanar", the stand-in read as a participle
    ("ca", "El client va tornat una trucada.", ("tornar",), "demanar", "inf", "va demanar una"),
])
def test_a_restored_verb_takes_its_own_tags_form(target, y_pub, find, restore, form, expected):
    text = _decoded(y_pub, target, original="x", substitute="y", find=find, restore=restore, form=form)
    assert expected in text, text


def test_a_verb_whose_form_the_tag_does_not_settle_follows_its_stand_in():
    # "tenían" for "cogían": the person and number are the sentence's
    text = _decoded("Cuando ellos cogían a la tienda.", "es", original="got", substitute="took",
                    find=("cogió",), restore="tuvo", form="fin")
    assert "ellos tenían a" in text, text


@pytest.mark.parametrize(("target", "y_pub", "find", "restore", "expected"), [
    # "dudado" is not found from "dudó" ("dud" is too short a prefix): its lemma is
    ("es", "El cliente dudado para una llamada.", ("dudó",), "pidió", "El cliente pidió para"),
    ("fr", "Le client a doutaient un appel.", ("douté",), "demandé", "Le client a demandé un"),
    ("ca", "El client va dubtant una trucada.", ("dubtar",), "demanar", "El client va demanar una"),
])
def test_a_verb_the_translator_conjugated_out_of_reach_is_found_by_its_lemma(target, y_pub, find, restore,
                                                                              expected):
    form = {"es": "fin", "fr": "pp", "ca": "inf"}[target]
    text = _decoded(y_pub, target, original="asked", substitute="doubted", find=find, restore=restore, form=form)
    assert expected in text, text


@pytest.mark.parametrize(("target", "y_pub", "find", "restore", "expected"), [
    # Catalan spells the pronoun by the verb's ending: "atraure't", but "oferir-te", "envia'm"
    ("ca", "Estem encantats d'atraure't la posició.", ("atraure",), "oferir", "d'oferir-te la posició"),
    ("ca", "Per favor, dona'm els detalls.", ("donar",), "enviar", "Per favor, envia'm els"),
    ("ca", "Vull enviar-lo demà.", ("enviar",), "dur", "Vull dur-lo demà"),
])
def test_a_restored_verb_spells_its_joined_pronouns_as_the_target_does(target, y_pub, find, restore, expected):
    text = _decoded(y_pub, target, original="offer", substitute="attract", find=find, restore=restore)
    assert expected in text, text


@pytest.mark.slow
@pytest.mark.parametrize(("target", "forms", "participles"), [
    ("es", ("pidió",), ("pedido",)), ("fr", ("demandé",), ()),
    # into Catalan the past is "va" + infinitive; a stand-in the translator read as a participle
    # ("El tiquet defensat") leaves no "va", but the verb is still not a participle
    ("ca", ("demanar", "preguntar"), ("demanat", "preguntat")),
])
def test_a_hidden_past_comes_back_in_the_plain_translations_form(apertium, target, forms, participles):
    text = "The customer asked the manager on Monday."
    plain = apertium.translate([text], "en", target)[0]
    assert any(f in plain for f in forms), plain
    for seed in range(4):
        result = translate_private(text, target, ratio=1.0, seed=seed, translator=apertium)
        assert "asked" not in result.sent and not result.unrestored, (result.sent, result.translation)
        assert any(f in result.translation for f in forms), (result.sent, result.translation, plain)
        assert not any(p in result.translation for p in participles), (result.sent, result.translation, plain)


@pytest.mark.parametrize(("target", "y_pub", "find", "expected"), [
    # the plain translations of "Jessie hugged her friends": Apertium does not know "hugged"
    ("ca", "Jessie va abraçar els seus amics.", ("abraçar",), "Jessie hugged els seus amics."),
    ("fr", "Jessie a embrassé ses amis.", ("embrassé",), "Jessie hugged ses amis."),
    ("es", "Jessie abrazó sus amigos.", ("abrazó",), "Jessie hugged sus amigos."),
    ("ca", "Va abraçar els seus amics.", ("abraçar",), "Hugged els seus amics."),
])
def test_a_verb_the_translator_does_not_know_comes_back_bare(target, y_pub, find, expected):
    tokens = analyse("Jessie hugged her friends.")
    index = next(i for i, t in enumerate(tokens) if t.text == "hugged")
    substitution = Substitution(index, "word", "hugged", "embraced", find, "hugged", 0.3, pos="VERB")
    assert unscramble(y_pub, Encoded(y_pub, tokens, [substitution], target=target)).text == expected


def test_a_verb_the_translator_does_not_know_keeps_the_source_s_own_auxiliary():
    # "has hugged": the plain Catalan has "té hugged"
    tokens = analyse("Jessie has hugged her friends.")
    index = next(i for i, t in enumerate(tokens) if t.text == "hugged")
    substitution = Substitution(index, "word", "hugged", "embraced", ("abraçat",), "hugged", 0.3, pos="VERB")
    y_pub = "Jessie té abraçat els seus amics."
    assert unscramble(y_pub, Encoded(y_pub, tokens, [substitution], target="ca")).text == \
        "Jessie té hugged els seus amics."


@pytest.mark.parametrize(("target", "text", "y_pub", "find", "restore", "form", "frame", "expected"), [
    # the translator read the substitute as a participle and wrote no auxiliary: the original's past
    ("ca", "Jessie opened her presents.", "Jessie aclamada els seus presents.", ("aclamar",), "obrir", "inf", "",
     "Jessie va obrir els seus presents."),
    # (in the subject's person)
    ("ca", "They opened their presents.", "Ells aclamada els seus presents.", ("aclamar",), "obrir", "inf", "",
     "Ells van obrir els seus presents."),
    # French: the auxiliary the original's frame shows
    ("fr", "She put on her socks.", "Elle remplacé ses chaussettes.", ("remplacé",), "mis", "pp",
     "prn avoir pour|prn avoir", "Elle a mis ses chaussettes."),
    ("fr", "We had the place.", "Nous remplacé l'endroit.", ("remplacé",), "eu", "pp", "prn avoir pour|prn avoir",
     "Nous avons eu l'endroit."),
    ("fr", "She went home.", "Elle arrivé à maison.", ("arrivé",), "allé", "pp", "prn être pour|prn être",
     "Elle est allé à maison."),
    # a participle after its own auxiliary, or one the source does not use as a past, stays
    ("fr", "She had put on her socks.", "Elle avait remplacé ses chaussettes.", ("remplacé",), "mis", "pp",
     "prn avoir pour|prn avoir", "Elle avait mis ses chaussettes."),
    ("ca", "The invoice opened on Monday is late.", "La factura aclamada dilluns és tard.", ("aclamar",), "obrir",
     "inf", "", "La factura obrir dilluns és tard."),
])
def test_a_restored_past_gets_the_auxiliary_of_the_target_s_past(target, text, y_pub, find, restore, form, frame,
                                                                 expected):
    tokens = analyse(text)
    index = next(i for i, t in enumerate(tokens) if t.text in ("opened", "put", "went", "had"))
    substitution = Substitution(index, "word", tokens[index].text, "x", find, restore, 0.3, pos="VERB", form=form,
                                frames=(frame, "prn pour"))
    assert unscramble(y_pub, Encoded(y_pub, tokens, [substitution], target=target)).text == expected


def _with_names(y_pub: str, target: str, find: tuple[str, ...], restore: str,
                names: tuple[tuple[str, str], ...] = ()) -> str:
    subs = [Substitution(1, "word", "x", "y", find, restore, 0.5, pos="VERB")]
    subs += [Substitution(0, "name", original, stand_in, (stand_in,), original, 0.2, pos="PROPN")
             for original, stand_in in names]
    return unscramble(y_pub, Encoded(y_pub, [], subs, target=target)).text


@pytest.mark.parametrize(("target", "y_pub", "find", "restore", "names", "expected"), [
    # the dictionary's "salió" is singular; the subject is two people
    ("es", "Ella y Kevin dejaron la casa.", ("dejaron",), "salió", (("Jamie", "Kevin"),), "Ella y Jamie salieron"),
    ("es", "Nosotros dejaron la casa.", ("dejaron",), "hicieron", (), "Nosotros hicimos"),
    ("es", "Cuando ellos cogía a la ciudad.", ("cogía",), "llegaba", (), "ellos llegaban a"),
    # French and Catalan: the auxiliary before the restored participle or infinitive
    ("fr", "Ils a mangé la pomme.", ("mangé",), "fait", (), "Ils ont fait"),
    ("ca", "Nosaltres va deixar la casa.", ("deixar",), "sortir", (), "Nosaltres vam sortir"),
    # two names joined mid-clause: the first one is an object of the verb before
    ("fr", "Ils ont nourri Roxy et il a mangé.", ("mangé",), "pris", (), "Roxy et il a pris"),
    # an adverb between the subject and the verb
    ("es", "Nosotros no dejaron la casa.", ("dejaron",), "hicieron", (), "Nosotros no hicimos"),
    ("fr", "Je malheureusement peut partir.", ("peut",), "doit", (), "Je malheureusement dois partir"),
    # a pronoun after a preposition is no subject
    ("es", "Fue con ella salió.", ("salió",), "dejó", (), "con ella dejó"),
])
def test_a_restored_verb_takes_the_person_and_number_of_its_subject(target, y_pub, find, restore, names, expected):
    assert expected in _with_names(y_pub, target, find, restore, names)


@pytest.mark.slow
@pytest.mark.parametrize(("text", "plain"), [("Please send me the details.", "enviarme"),
                                             ("Do not hesitate to call me.", "llamarme")])
def test_a_hidden_verb_keeps_its_object_pronoun_into_spanish(apertium, text, plain):
    assert plain in apertium.translate([text], "en", "es")[0]
    for seed in range(4):
        result = translate_private(text, "es", ratio=1.0, seed=seed, translator=apertium)
        assert not result.unrestored, (result.sent, result.translation)
        assert plain in result.translation, (result.sent, result.translation)
