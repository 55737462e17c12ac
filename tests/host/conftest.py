from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

from prism_translate.dictionary.format import Dictionary

DATA = Path(__file__).resolve().parents[1] / "data"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def serve_fake():
    """Starts a fake vendor server (tests/fakes) for the test and stops it after:
    serve_fake(FakeDeepL(keys={KEY})) is the running server."""
    with contextlib.ExitStack() as stack:
        yield stack.enter_context


@pytest.fixture
def isolated(isolated_home):
    """The temporary config folder of the test (every test runs isolated: tests/conftest.py)."""
    return isolated_home / "config" / "prism-translate"


class Sleeps(list):
    """Injected in place of time.sleep: records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps():
    return Sleeps()


class LtProcCalls(list):
    """The round trips made to Apertium's lt-proc, each as (its option, the lines asked)."""

    def lines(self) -> list[str]:
        return [line for _, asked in self for line in asked]


@pytest.fixture
def lt_proc_calls(monkeypatch):
    """Records every round trip to lt-proc and still makes it (tests count them), with no word
    remembered from an earlier test (morphology._words, morphology._generated)."""
    from prism_translate import morphology

    monkeypatch.setattr(morphology, "_words", {})
    monkeypatch.setattr(morphology, "_generated", {})
    calls = LtProcCalls()
    real = morphology._lt_proc

    def recording(args, text):
        calls.append((args[0], text.split("\n")[:-1]))
        return real(args, text)

    monkeypatch.setattr(morphology, "_lt_proc", recording)
    return calls


@pytest.fixture(scope="session")
def mini_dictionary() -> Dictionary:
    """53 hand-checked en->es entries: enough to test the engine's rules exactly."""
    return Dictionary.load(DATA / "mini-en-es.json")


@pytest.fixture(scope="session")
def shipped_dictionary():
    """A shipped dictionary by pair, shipped_dictionary("ca-en"): each is read once a session
    (35,000 entries take a second or more to load; the engine does not change them)."""
    loaded: dict[str, Dictionary] = {}

    def load(pair: str) -> Dictionary:
        if pair not in loaded:
            path = ROOT / "dictionaries" / f"{pair}.json"
            if not path.exists():
                pytest.fail(f"dictionaries/{pair}.json is not shipped")
            loaded[pair] = Dictionary.load(path)
        return loaded[pair]

    return load


@pytest.fixture(scope="session")
def shipped_es(shipped_dictionary) -> Dictionary:
    return shipped_dictionary("en-es")


@pytest.fixture(scope="session")
def apertium():
    if shutil.which("apertium") is None:
        pytest.fail("apertium is not installed: .ci/run installs it (apt-get install apertium apertium-eng-spa)")
    from prism_translate.translators.apertium import ApertiumCLI

    return ApertiumCLI()


def mini_dictionaries(folder: Path) -> Path:
    """folder/dictionaries holding the mini dictionary as en-es.json, as the host reads it."""
    dicts = folder / "dictionaries"
    dicts.mkdir()
    shutil.copy(DATA / "mini-en-es.json", dicts / "en-es.json")
    return dicts


@pytest.fixture
def dictionary(monkeypatch, tmp_path):
    """The mini dictionary is the only one installed (PRISM_DICTIONARIES)."""
    dicts = mini_dictionaries(tmp_path)
    monkeypatch.setenv("PRISM_DICTIONARIES", str(dicts))
    return dicts


@pytest.fixture
def home(tmp_path, monkeypatch, dictionary):
    """The mini dictionary, and the user's config in tmp_path/config: for the in-process serve loop."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def host_env(tmp_path):
    """The environment of a real host process: the mini dictionary, its own config and log
    folders, and no PYTHONUNBUFFERED (which would hide a missing flush)."""
    dicts = mini_dictionaries(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED" and not k.startswith("PRISM_")}
    env.update(PRISM_DICTIONARIES=str(dicts), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_DATA_HOME=str(tmp_path / "data"))
    return env


@pytest.fixture(scope="session")
def recognised():
    """What one token recogniser (engine/recognisers) says of a text's words: {word: kind}."""
    from prism_translate.engine.lexicon import lexicon
    from prism_translate.engine.recognisers.passage import Passage
    from prism_translate.engine.tokenize import analyse

    def run(recogniser, text: str, lang: str = "en") -> dict[str, str]:
        tokens = analyse(text, lang)
        return {tokens[i].text: kind for i, kind in recogniser(Passage(tokens, lexicon(lang))).items()}

    return run
