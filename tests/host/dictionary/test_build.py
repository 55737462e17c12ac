"""The builder end to end on a tiny corpus with the real Apertium eng-spa: it finds the right
translations, and a build killed mid-way then resumed gives exactly the uninterrupted result."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fakes import FakeDeepL

from prism_translate.builder import build
from prism_translate.dictionary import corpus, vocabulary
from prism_translate.builder.build import BuildConfig, run_build
from prism_translate.dictionary.vocabulary import VocabEntry
from prism_translate.engine.tokenize import analyse_sentences, load_model

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

SENTENCES = [
    "The dog sleeps in the garden every afternoon.",
    "My brother bought a new car last week.",
    "The teacher opened the door slowly.",
    "We found a small bird near the river.",
    "The children played with a red ball.",
    "She wrote a long letter to her friend.",
    "The farmer sold his horse at the market.",
    "A tall tree stood behind the house.",
    "The cat watched the window all morning.",
    "He carried the heavy box to the kitchen.",
    "The girl painted a picture of the sea.",
    "Our neighbour fixed the old fence yesterday.",
    "The baker makes fresh bread every day.",
    "They visited the museum on Sunday.",
    "The student read the book quickly.",
    "A young man waited at the station.",
    "Every baker in town knows the old baker.",
    "The boat crossed the lake at night.",
    "The doctor checked the patient carefully.",
    "My mother cooked soup for the family.",
    "The wind moved the leaves of the tree.",
    "Maria lives in Madrid with her sister.",
    "Peter met his cousin in London last summer.",
    "Anna flew to Berlin for a meeting.",
    "The train from Rome arrived late.",
    "We spent a week in Lisbon in April.",
]
VOCAB = [VocabEntry("house", "NOUN", "NN", 1.0), VocabEntry("table", "NOUN", "NN", 0.9),
         VocabEntry("water", "NOUN", "NN", 0.8), VocabEntry("green", "ADJ", "JJ", 0.7),
         VocabEntry("opened", "VERB", "VBD", 0.6), VocabEntry("Paris", "PROPN", "NNP", 0.5)]
CFG = dict(source="en", target="es", k=4, seed=7, chunk=1, workers=1)

# The same build as a separate process, so the test can kill it with SIGKILL mid-way.
CHILD = """
import json, sys
from pathlib import Path
sys.path[:0] = [{tests!r}, {here!r}]
from {module} import SENTENCES, VOCAB, CFG
from prism_translate.dictionary import corpus
from prism_translate.engine.tokenize import analyse_sentences, load_model
from prism_translate.builder.build import BuildConfig, run_build
from prism_translate.translators.apertium import ApertiumCLI

tagged = corpus.tag(SENTENCES, "tiny", analyse_sentences, Path({cache!r}))
run_build(tagged, VOCAB, ApertiumCLI(), BuildConfig(**CFG), Path({work!r}), quiet=True)
"""


@pytest.fixture(scope="module")
def tagged(tmp_path_factory):
    cache = tmp_path_factory.mktemp("corpus") / "tiny.jsonl"
    return corpus.tag(SENTENCES, "tiny", analyse_sentences, cache), cache


def test_build_finds_apertiums_translations(tagged, apertium, tmp_path):
    d, stats = run_build(tagged[0], VOCAB, apertium, BuildConfig(**CFG), tmp_path, quiet=True)
    assert d.lookup("house", "NOUN").top == "casa"
    assert d.lookup("table", "NOUN").top == "mesa"
    assert d.lookup("water", "NOUN").top == "agua"
    assert d.lookup("green", "ADJ").candidates[0] in ("verde", "verdes")
    assert d.lookup("opened", "VERB").top.startswith("abri")
    assert d.lookup("Paris", "PROPN").top == "parís"
    assert d.meta["K"] == 4 and d.meta["estimator"] == "contrastive" and d.meta["target"] == "es"
    assert stats.probes_sent == len(SENTENCES) + 4 * len(VOCAB)
    # every probe sent is a corpus sentence with a vocabulary word in one slot (public text only)
    plan = build.make_plan(tagged[0], VOCAB, 4, 7)
    for e, texts in zip(plan.entries, plan.probe_texts):
        for t in texts:
            assert e.word.lower() in re.findall(r"\w+", t.lower())


def test_killed_build_resumes_to_the_same_dictionary(tagged, apertium, tmp_path):
    tagged_corpus, cache = tagged
    reference, _ = run_build(tagged_corpus, VOCAB, apertium, BuildConfig(**CFG), tmp_path / "ref", quiet=True)

    work = tmp_path / "killed"
    here = Path(__file__).resolve()
    tests = next(folder for folder in here.parents if folder.name == "tests")
    script = CHILD.format(tests=str(tests), here=str(here.parent), module=here.stem, cache=str(cache), work=str(work))
    child = subprocess.Popen([sys.executable, "-c", script],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and child.poll() is None:
        probes = list(work.glob("probes-*.jsonl"))
        if probes and probes[0].read_text().count("\n") >= 2:
            break
        time.sleep(0.05)
    assert child.poll() is None, "the build finished before it could be killed: " + child.stderr.read().decode()
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    probes_file = next(work.glob("probes-*.jsonl"))
    done_before = probes_file.read_text().count("\n")
    assert 2 <= done_before < len(VOCAB)
    with open(probes_file, "a") as f:  # a line cut short by the kill
        f.write('[5, "abc", [["ca')

    resumed, stats = run_build(tagged_corpus, VOCAB, apertium, BuildConfig(**CFG), work, quiet=True)
    assert stats.resumed_chunks >= done_before
    assert stats.probes_sent == 4 * (len(VOCAB) - done_before)  # only what was missing was sent
    assert json.dumps(resumed.to_json()["entries"]) == json.dumps(reference.to_json()["entries"])
    assert resumed.meta == reference.meta


def test_vocabulary_readings_from_analysers_wordnet_corpus_and_names(tagged):
    analysers = vocabulary.find_analysers()
    if not analysers:
        pytest.fail("Apertium's English analyser (apertium-eng-spa) is not installed")
    forms = ["houses", "walked", "bigger", "quickly", "paris", "the", "garden", "cupcakes", "greg", "quote",
             "sally", "sparky", "you", "baker"]
    vocab = vocabulary.build_vocabulary(tagged[0], 100, load_model, forms=forms, analysers=analysers)
    got = {(e.word, e.pos): e.tag for e in vocab}
    assert got[("houses", "NOUN")] == "NNS" and got[("houses", "VERB")] == "VBZ"
    assert got[("walked", "VERB")] in ("VBD", "VBN")
    assert got[("bigger", "ADJ")] == "JJR" and got[("quickly", "ADV")] == "RB"
    assert got[("Paris", "PROPN")] == "NNP"
    assert got[("cupcakes", "NOUN")] == "NNS"  # unknown to Apertium: WordNet's cupcake + plural rule
    assert got[("quote", "NOUN")] == "NN"  # Apertium knows only the verb: WordNet adds the noun
    assert got[("Greg", "PROPN")] == "NNP" and got[("Sally", "PROPN")] == "NNP"  # census first names
    assert got[("Sparky", "PROPN")] == "NNP"  # no list has it: spaCy reads it as a person
    weight = {(e.word, e.pos): e.weight for e in vocab}
    assert weight[("Sally", "PROPN")] >= weight[("sally", "NOUN")]  # a name before its rare common reading
    assert weight[("Baker", "PROPN")] < weight[("baker", "NOUN")]  # a surname after the word the corpus uses
    assert ("You", "PROPN") not in got  # a surname in the lists, but a function word
    assert got[("Mr.", "PROPN")] == "NNP"
    assert ("the", "ADV") not in got and ("the", "NOUN") not in got
    assert got[("garden", "NOUN")] == "NN"  # the corpus uses "garden" as a noun


def test_prism_build_dictionary_estimates_first_then_builds_where_the_host_finds_it(tmp_path, monkeypatch, capsys,
                                                                                     apertium):
    from prism_translate.cli import main
    from prism_translate.dictionary.format import find_dictionary, installed_pairs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("PRISM_DICTIONARIES", "")
    monkeypatch.setattr("prism_translate.dictionary.format._cache", {})
    text = tmp_path / "corpus.txt"
    text.write_text("\n".join(SENTENCES) + "\n", encoding="utf-8")
    args = ["build-dictionary", "--to", "es", "--corpus", str(text), "--size", "6", "-K", "4", "--candidates", "400",
            "--workers", "1", "-q"]

    assert main(args + ["--estimate-only"]) == 0
    err = capsys.readouterr().err
    assert "probes" in err and "characters to apertium" in err and "min" in err and "free" in err
    assert not (tmp_path / "cache" / "build").exists()  # nothing probed yet

    assert main(args) == 0
    out = tmp_path / "data" / "prism-translate" / "dictionaries" / "en-es.json"
    assert installed_pairs()["en-es"] == out
    d = find_dictionary("es")
    assert 1 <= len(d) <= 6 and d.meta["K"] == 4 and d.meta["corpus"] == "corpus.txt"


def test_a_paid_translator_gets_nothing_before_the_user_accepts_the_cost(tmp_path, monkeypatch, capsys, isolated):
    from prism_translate import config, credentials
    from prism_translate.cli import main

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    text = tmp_path / "corpus.txt"
    text.write_text("\n".join(SENTENCES) + "\n", encoding="utf-8")
    args = ["build-dictionary", "--to", "es", "--translator", "deepl", "--corpus", str(text), "--size", "6",
            "-K", "4", "--candidates", "400", "--workers", "1", "-q", "-o", str(tmp_path / "en-es.json")]
    with FakeDeepL(keys={"k:fx"}) as deepl:
        config.save({"deepl.endpoint": deepl.url})
        credentials.set_key("deepl", "k:fx")

        assert main(args + ["--estimate-only"]) == 0
        assert "EUR at list price" in capsys.readouterr().err
        assert main(args) == 1  # no terminal to ask on, no --yes
        assert "--yes" in capsys.readouterr().err
        assert deepl.requests == [] and not (tmp_path / "en-es.json").exists()

        assert main(args + ["--yes"]) == 0
        sent = [t for req in deepl.requests for t in req.json["text"]]
        corpus_words = [re.findall(r"[\w']+", s.lower()) for s in SENTENCES]

        def public(text):  # a corpus sentence, or one with a single vocabulary word put into a slot
            words = re.findall(r"[\w']+", text.lower())
            return any(len(words) == len(ws) and sum(a != b for a, b in zip(words, ws)) <= 1 for ws in corpus_words)

        assert sent and all(public(t) for t in sent)
        assert json.loads((tmp_path / "en-es.json").read_text())["meta"]["translator"].startswith("deepl")


def test_estimate_counts_every_character_and_prices_paid_backends(tagged):
    from prism_translate.translators.base import Translator

    class Named(Translator):
        def __init__(self, name, model=""):
            self.name, self.model = name, model

        def translate(self, texts, source, target):
            raise AssertionError("an estimate must not send anything")

    plan = build.make_plan(tagged[0], VOCAB, 4, 7)
    chars = sum(len(tagged[0].text(i)) for i in range(len(SENTENCES))) + sum(len(t) for ts in plan.probe_texts
                                                                           for t in ts)
    deepl = build.estimate_cost(plan, tagged[0], Named("deepl"), rate_chars_per_s=1000.0)
    assert deepl["characters"] == chars and deepl["probes"] == 4 * len(plan.entries)
    assert deepl["cost"] == round(chars / 1e6 * 20.0, 2) and deepl["currency"] == "EUR"
    assert deepl["seconds"] == pytest.approx(chars / 1000.0)
    openai = build.estimate_cost(plan, tagged[0], Named("openai", "gpt-4o-mini"), None)
    assert openai["cost"] == round(chars / 1e6 * (0.15 + 0.60) / 4, 2) and openai["currency"] == "USD"
    assert build.estimate_cost(plan, tagged[0], Named("apertium"), None)["cost"] is None


def test_a_small_vocabulary_is_the_head_of_a_big_one_and_costs_a_small_build(tagged, monkeypatch):
    analysers = vocabulary.find_analysers()
    analysed: list[int] = []
    real = vocabulary.analyse_forms
    monkeypatch.setattr(vocabulary, "analyse_forms", lambda forms, an, *lang: analysed.append(len(forms)) or real(forms, an, *lang))
    small = vocabulary.build_vocabulary(tagged[0], 50, load_model, candidates=6000, analysers=analysers)
    small_work = sum(analysed)
    big = vocabulary.build_vocabulary(tagged[0], 1500, load_model, candidates=6000, analysers=analysers)
    assert len(small) == 50 and small == big[:50]
    assert small_work <= 2 * 2 * 1000 < sum(analysed) - small_work  # forms and their capitalised variants
