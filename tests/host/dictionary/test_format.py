"""Dictionary files: malformed ones give a clear E011, installed pairs are found and reported."""

from __future__ import annotations

import json

import pytest

from prism_translate.cli import main
from prism_translate.dictionary import format as fmt
from prism_translate.dictionary.format import Dictionary, Entry, find_dictionary, installed_pairs, vocabulary_size
from prism_translate.errors import DictionaryError

META = {"source": "en", "target": "xx", "translator": "t", "corpus": "c", "K": 20, "estimator": "contrastive",
        "built": "2026-11-22"}
GOOD = {"format": "prism-dictionary", "version": 1, "meta": META,
        "entries": [["house", "NOUN", "NN", 0.9, [["casa", 12.5], ["casas", 4.0]]]]}


@pytest.fixture
def dict_dir(tmp_path, monkeypatch):
    folder = tmp_path / "dicts"
    folder.mkdir()
    monkeypatch.setenv("PRISM_DICTIONARIES", str(folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(fmt, "_cache", {})
    return folder


def write(path, data) -> None:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    "data, says",
    [
        ("{not json", "not JSON"),
        (b"\xff\xfe\x00garbage", "not JSON"),
        ({"format": "something-else", "version": 1}, "not a prism-dictionary file"),
        ({**GOOD, "version": 99}, "unsupported version 99"),
        ({**GOOD, "meta": {"source": "en"}}, "meta must hold"),
        ({**GOOD, "entries": []}, "no entries"),
        ({**GOOD, "entries": [["house", "NOUN", 0.9]]}, "entry 0 is not [word, upos, tag, confidence"),
        ({**GOOD, "entries": [["house", "NOUN", "NN", "high", [["casa", 1]]]]}, "entry 0"),
        ({**GOOD, "entries": [["house", "NOUN", "NN", 10**400, [["casa", 1]]]]}, "entry 0"),
        (json.dumps(GOOD)[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"format": "prism-dictionary", "version": 1, "meta": ' + "[" * 50_000, "nested too deeply"),
        ('{"format": "prism-dictionary", "version": 1, "meta": ' + "[" * 50_000 + "]" * 50_000 + "}",
         "nested too deeply"),
    ],
)
def test_malformed_file_gives_e011_naming_file_and_problem(tmp_path, data, says):
    path = tmp_path / "en-xx.json"
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        write(path, data)
    with pytest.raises(DictionaryError) as err:
        Dictionary.load(path)
    assert err.value.code == "E011"
    assert str(path) in err.value.message and says in err.value.message
    with pytest.raises(DictionaryError) as err:  # what `capabilities` reads: the header, then the file
        vocabulary_size(path)
    assert err.value.code == "E011"


def test_missing_file_is_e011_too(tmp_path):
    with pytest.raises(DictionaryError) as err:
        Dictionary.load(tmp_path / "nope.json")
    assert err.value.code == "E011"


def test_round_trip_keeps_entries_and_meta(tmp_path):
    d = Dictionary(dict(META), [Entry("Paris", "PROPN", "NNP", 1.0, ("parís",), (30.0,)),
                                Entry("house", "NOUN", "NN", 0.9, ("casa", "casas"), (12.5, 4.0))])
    d.save(tmp_path / "en-xx.json")
    back = Dictionary.load(tmp_path / "en-xx.json")
    # save() adds the entry count and epsilon's |V| (forms, engine/dp.py) to the header
    assert back.meta == {**META, "size": 2, "forms": 2} and len(back) == 2
    assert back.lookup("House", "NOUN").candidates == ("casa", "casas")
    assert back.lookup("Paris", "PROPN").top == "parís"
    assert back.lookup("house", "VERB") is None


def test_installed_pairs_and_find_dictionary(dict_dir):
    write(dict_dir / "en-xx.json", GOOD)
    assert installed_pairs() == {"en-xx": dict_dir / "en-xx.json"}  # $PRISM_DICTIONARIES replaces the defaults
    assert find_dictionary("xx").lookup("house", "NOUN").top == "casa"
    with pytest.raises(DictionaryError) as err:
        find_dictionary("zz")
    assert err.value.code == "E010" and "en-xx" in err.value.message


def test_prism_dictionaries_lists_pairs_and_flags_broken_files(dict_dir, capsys):
    write(dict_dir / "en-xx.json", {**GOOD, "meta": {**META, "note": "lower quality"}})
    write(dict_dir / "en-yy.json", "{broken")
    assert main(["dictionaries"]) == 0
    out = capsys.readouterr().out
    assert "en-xx" in out and "1 entries" in out and "lower quality" in out
    assert "en-yy" in out and "BROKEN" in out and "E011" in out
    assert main(["dictionaries", "--json"]) == 0
    rows = {r["pair"]: r for r in json.loads(capsys.readouterr().out)["pairs"]}
    assert rows["en-xx"]["entries"] == 1 and "error" in rows["en-yy"]


def test_user_folder_comes_before_shipped_ones(tmp_path, monkeypatch):
    monkeypatch.delenv("PRISM_DICTIONARIES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    mine = tmp_path / "prism-translate" / "dictionaries"
    mine.mkdir(parents=True)
    write(mine / "en-es.json", GOOD)
    pairs = installed_pairs()
    assert pairs["en-es"] == mine / "en-es.json"
    assert {"en-ca", "en-fr"} <= set(pairs)  # still found in the shipped folder


@pytest.mark.slow
@pytest.mark.parametrize("pair, house", [("en-es", "casa"), ("en-ca", "casa"), ("en-fr", "maison")])
def test_shipped_dictionaries_are_installed_and_load(pair, house, monkeypatch, tmp_path):
    monkeypatch.delenv("PRISM_DICTIONARIES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    pairs = installed_pairs()
    assert pair in pairs, f"dictionaries/{pair}.json is not shipped"
    d = Dictionary.load(pairs[pair])
    assert d.meta["K"] >= 20 and len(d) >= 10_000 and d.meta["estimator"] == "contrastive"
    assert d.lookup("house", "NOUN").top == house
    assert all(e.candidates == tuple(c.lower() for c in e.candidates) for e in d.entries)
    if pair == "en-fr":
        assert "lower quality" in d.meta["note"]


@pytest.mark.slow
@pytest.mark.parametrize("source", ["es", "ca", "fr"])
def test_into_english_dictionaries_hold_35000_entries_at_k_20(source, shipped_dictionary):
    d = shipped_dictionary(f"{source}-en")
    assert (d.source, d.target, d.meta["K"], d.meta["estimator"]) == (source, "en", 20, "contrastive")
    assert len(d) >= 35_000
    assert "machine-made" in d.meta["corpus"]  # WordNet rendered by Apertium, marked as such
    if source == "fr":
        assert "lower quality" in d.meta.get("note", "")  # through Spanish
