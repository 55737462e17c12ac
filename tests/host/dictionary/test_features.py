"""The grammatical features of each entry's translation (issue 28): filed by Apertium's analyser
at build time, kept in the file, absent from older files without harm, and what PRISM* uses to
pick substitutes whose translation agrees like the original's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from prism_translate.dictionary.features import annotate
from prism_translate.dictionary.format import Dictionary
from prism_translate.engine import verb_forms
from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse

ROOT = Path(__file__).resolve().parents[3]

META = {"source": "en", "target": "xx", "translator": "t", "corpus": "c", "K": 20, "estimator": "contrastive",
        "built": "2026-11-22"}
GOOD = {"format": "prism-dictionary", "version": 1, "meta": META,
        "entries": [["house", "NOUN", "NN", 0.9, [["casa", 12.5], ["casas", 4.0]]]]}


def test_older_files_without_features_still_load_and_round_trip_with_them(tmp_path):
    old = Dictionary.from_json(GOOD)
    assert old.entries[0].features == ""
    annotated = Dictionary.from_json({**GOOD, "entries": [GOOD["entries"][0] + ["f.sg"]]})
    assert annotated.entries[0].features == "f.sg"
    annotated.save(tmp_path / "en-xx.json")
    assert Dictionary.load(tmp_path / "en-xx.json").entries[0].features == "f.sg"
    assert Dictionary.from_json(old.to_json()).to_json()["entries"] == GOOD["entries"]  # five fields stay five


def test_apertium_reads_gender_number_verb_form_and_elision(mini_dictionary):
    es = annotate(mini_dictionary)
    assert es.lookup("house", "NOUN").features == "f.sg"  # casa
    assert es.lookup("dog", "NOUN").features == "m.sg"  # perro
    assert "apertium" in es.meta["features"]
    fr = annotate(Dictionary({**mini_dictionary.meta, "target": "fr"}, [
        e.__class__(e.word, e.pos, e.tag, e.confidence, (top,), (1.0,))
        for e, top in zip(mini_dictionary.entries[:2], ["entrepôt", "banc"])]))
    assert [e.features for e in fr.entries] == ["v:m.sg", "c:m.sg"]


@pytest.mark.slow
@pytest.mark.parametrize("pair", ["en-es", "en-fr", "en-ca"])
def test_star_substitutes_translate_with_the_originals_features(pair, shipped_dictionary):
    dictionary = shipped_dictionary(f"{pair}")
    assert "features" in dictionary.meta  # the shipped dictionaries carry them
    tokens = analyse("The new warehouse was closed before the end of the month, and the old bench stayed empty.")
    for seed in range(4):
        encoded = encode(tokens, dictionary, "star", 1.0, rng=random.Random(seed))
        words = [s for s in encoded.substitutions if s.kind == "word"]
        assert words
        for sub in words:
            original = dictionary.lookup(sub.original, sub.pos)
            substitute = dictionary.lookup(sub.substitute, sub.pos)
            if not (original and original.features and substitute):
                continue
            tag = tokens[sub.index].tag
            # a verb is drawn by the form its own tag takes in the target (engine/verb_forms.py):
            # "was closed" wants a participle, though "closed" alone translates as "cerró"
            wanted = verb_forms.pool_features(dictionary, original, tag) if sub.pos == "VERB" else original.features
            if wanted:
                assert substitute.features == wanted, (sub.original, sub.substitute)
            else:
                assert substitute.tag == tag, (sub.original, sub.substitute)
