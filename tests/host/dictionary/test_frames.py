"""What the translator writes between a verb and what follows it (issue 28): probed with real
Apertium when the dictionary is built, kept in the file, and what PRISM* draws a verb's
substitutes by, so that "Daniel thinks we should" does not come back "Daniel piensa tendríamos"."""

from __future__ import annotations

import pytest

from prism_translate.api import translate_private
from prism_translate.dictionary import frames
from prism_translate.dictionary.format import Dictionary, Entry
from prism_translate.engine import verb_forms
from prism_translate.engine.pools import MIN_AGREEING, verb_pool

META = {"source": "en", "target": "es", "translator": "apertium", "corpus": "c", "K": 20,
        "estimator": "contrastive", "built": "2026-11-27"}
VERBS = [("thinks", "VBZ", "piensa"), ("hugs", "VBZ", "abraza"), ("wanted", "VBD", "quiso"),
         ("cooperated", "VBD", "cooperó"), ("went", "VBD", "fue"), ("shortened", "VBD", "acortó")]


def _probed(target: str, apertium) -> Dictionary:
    dictionary = Dictionary({**META, "target": target}, [Entry(w, "VERB", t, 0.9, (top,), (1.0,)) for w, t, top in VERBS])
    return frames.annotate(dictionary, lambda texts: apertium.translate(texts, "en", target))


def _fields(dictionary: Dictionary, word: str) -> list[str]:
    return dictionary.lookup(word, "VERB").frame.split("|")


@pytest.mark.parametrize(("target", "que", "to"), [("es", "que", "para"), ("fr", "que", "pour"),
                                                   ("ca", "que", "per")])
def test_the_probes_tell_verbs_the_translator_writes_que_after_or_takes_to_into(apertium, target, que, to):
    probed = _probed(target, apertium)
    # "thinks we are here" -> "piensa que ...", "hugs we are here" -> "abraza ..."
    assert que in _fields(probed, "thinks")[1].split() and que not in _fields(probed, "hugs")[1].split()
    # "wanted to sleep" -> "quisieron dormir", "cooperated to sleep" -> "cooperaron para dormir"
    assert to not in _fields(probed, "wanted")[0].split() and to in _fields(probed, "cooperated")[0].split()
    assert probed.lookup("thinks", "VERB").frame != probed.lookup("hugs", "VERB").frame


def test_went_back_is_one_verb_to_the_translator(apertium):
    probed = _probed("es", apertium)
    assert _fields(probed, "went")[3] != _fields(probed, "shortened")[3]  # "volvieron", "acortaron atrás"


def test_french_verbs_of_etre_and_avoir_have_frames_of_their_own(apertium):
    dictionary = Dictionary({**META, "target": "fr"}, [Entry(w, "VERB", "VBD", 0.9, (top,), (1.0,))
                                                       for w, top in (("came", "venu"), ("took", "pris"), ("fell", "tombé"))])
    probed = frames.annotate(dictionary, lambda texts: apertium.translate(texts, "en", "fr"))
    # "Ils sont venus", "Ils sont tombés", "Ils ont pris"
    assert "être" in _fields(probed, "came")[0].split() and "avoir" in _fields(probed, "took")[0].split()
    assert _fields(probed, "came")[0] == _fields(probed, "fell")[0]


def test_frames_round_trip_and_older_files_load(tmp_path, apertium):
    probed = _probed("es", apertium)
    probed.save(tmp_path / "en-es.json")
    again = Dictionary.load(tmp_path / "en-es.json")
    assert [e.frame for e in again.entries] == [e.frame for e in probed.entries]
    assert all(len(row) == 8 for row in again.to_json()["entries"])
    older = Dictionary.from_json({**again.to_json(), "entries": [r[:7] for r in again.to_json()["entries"]]})
    assert all(e.frame == "" for e in older.entries)


def test_nouns_are_not_probed(apertium):
    dictionary = Dictionary(META, [Entry("house", "NOUN", "NN", 0.9, ("casa",), (1.0,))])
    assert frames.annotate(dictionary, lambda texts: apertium.translate(texts, "en", "es")).entries[0].frame == ""


# (into French too few verbs of "thinks"'s form take "que": 7 of those whose translation starts
# with a consonant, as "pense" does; its substitutes are drawn as before)
@pytest.mark.parametrize("target", ["es", "ca"])
def test_a_verb_of_saying_stands_among_verbs_of_its_frame(shipped_dictionary, target):
    dictionary = shipped_dictionary(f"en-{target}")
    thinks = dictionary.lookup("thinks", "VERB")
    features = verb_forms.pool_features(dictionary, thinks, "VBZ")
    pool = verb_pool(dictionary, "VBZ", features, thinks.structure if features == thinks.features else "",
                     verb_forms.source_reading(dictionary, "thinks"), (thinks.tag, thinks.frame))
    assert len(pool) >= MIN_AGREEING
    # all of them take "que" before a clause as "thinks" does (most verbs do not)
    clause = thinks.frame.split("|")[1]
    assert "que" in clause.split()
    assert all(entry.frame.split("|")[1] == clause for entry, _, _ in pool), [(e.word, e.frame) for e, _, _ in pool]


@pytest.mark.slow
@pytest.mark.parametrize(("target", "plain"), [("es", "que tendríamos"), ("ca", "que hauríem")])
def test_a_hidden_verb_of_thinking_keeps_its_que(apertium, target, plain):
    text = "Daniel thinks we should sell the old house."
    assert plain in apertium.translate([text], "en", target)[0]
    for seed in range(4):
        result = translate_private(text, target, ratio=1.0, seed=seed, translator=apertium)
        assert "thinks" not in result.sent and not result.unrestored, (result.sent, result.translation)
        assert plain in result.translation, (result.sent, result.translation)
