"""What a cold host does before its first reply: spaCy's pipeline loaded once, nothing heavy
the host does not use imported. Run as the browser runs it: a separate process on pipes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from prism_translate.protocol import framing

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

DATA = Path(__file__).resolve().parents[1] / "data"

# What a host answering only `ping` and `capabilities` has no use for: the OS keyring (its
# backend detection alone takes 0.3-1 s), spaCy and what comes with it, the other libraries the
# engine and the translators use, and the engine itself.
NOT_FOR_CAPABILITIES = ("keyring", "secretstorage", "jeepney", "spacy", "thinc", "numpy", "torch", "py3langid",
                        "phonenumbers", "stdnum", "lemminflect", "better_profanity", "requests", "openai",
                        "prism_translate.api", "prism_translate.engine.tokenize", "prism_translate.evaluation")

# The real host entry point under an observer: an audit hook records which files of the spaCy
# model are opened; what is in sys.modules is noted when the first reply is written (before
# the warm-up may start) and at exit (the host's stdout carries frames only, so the
# observations go to a file).
OBSERVED_HOST = """
import atexit, json, os, runpy, sys

opened, at_first_reply = [], []

def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if "en_core_web_sm" in path:
            opened.append(path)

def report():
    with open(os.environ["OBSERVATIONS"], "w") as f:
        heavy = [m for m in ("torch", "transformers", "presidio_analyzer") if sys.modules.get(m) is not None]
        json.dump({"opened": opened, "heavy": heavy, "spacy": "spacy" in sys.modules,
                   "at_first_reply": at_first_reply}, f)

sys.addaudithook(hook)
atexit.register(report)
from prism_translate.protocol import host  # what the browser's launcher imports anyway

class Noted(host._Replied):
    def write(self, data):
        if not at_first_reply:
            at_first_reply.extend(sorted(name for name, module in sys.modules.items() if module is not None))
        return super().write(data)

host._Replied = Noted
sys.argv = ["prism", "host", "chrome-extension://abc/"]
runpy.run_module("prism_translate.cli", run_name="__main__")
"""


@pytest.fixture
def observed_host(tmp_path):
    from prism_translate.dictionary.format import Dictionary

    dicts = tmp_path / "dictionaries"
    dicts.mkdir()
    Dictionary.load(DATA / "mini-en-es.json").save(dicts / "en-es.json")  # with the header |V| is read from
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRISM_")}
    env.update(PRISM_DICTIONARIES=str(dicts), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_DATA_HOME=str(tmp_path / "data"),
               OBSERVATIONS=str(tmp_path / "observations.json"))

    def run(messages: list[dict]) -> tuple[list[dict], dict]:
        """Send all messages at once (the first arrives while the host is still warming up),
        read one final reply per message, close the channel, return replies and observations."""
        proc = subprocess.Popen([sys.executable, "-c", OBSERVED_HOST], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        try:
            proc.stdin.write(b"".join(framing.encode(m) for m in messages))
            proc.stdin.flush()
            replies = []
            while len(replies) < len(messages):
                reply = framing.read_message(proc.stdout)
                if not reply.get("more"):
                    replies.append(reply)
            proc.stdin.close()
            assert proc.wait(60) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
        return replies, json.loads((tmp_path / "observations.json").read_text())

    return run


def test_a_cold_host_loads_spacy_once_and_never_imports_torch(observed_host):
    # torch is installed next to the host in CI (the eval extra): it must still stay out.
    replies, seen = observed_host([
        {"v": 1, "id": "1", "action": "translate",
         "args": {"texts": ["Alice Johnson signed the contract at the bank in Boston."]}},
        {"v": 1, "id": "2", "action": "translate", "args": {"texts": ["The bank signed the contract."]}},
    ])
    assert [r["ok"] for r in replies] == [True, True], replies
    assert "contrato" in replies[0]["data"]["items"][0]["translation"]
    weights = [p for p in seen["opened"] if Path(p).parent.name in ("tok2vec", "tagger", "parser", "ner")
               and Path(p).name == "model"]
    # the warm-up thread and the first request both wanted the model: one load served both
    assert sorted(Path(p).parent.name for p in weights) == ["ner", "parser", "tagger", "tok2vec"], weights
    assert seen["heavy"] == []


def test_a_cold_host_answers_ping_and_capabilities_without_the_keyring_spacy_or_the_engine(observed_host):
    """The options page's first question and the extension's first ping, to a host the browser
    just started: answered from settings and the dictionaries' headers, with the heavy libraries
    still unimported (the warm-up loads them once that first reply is out)."""
    replies, seen = observed_host([
        {"v": 1, "id": "1", "action": "capabilities"},
        {"v": 1, "id": "2", "action": "ping"},
    ])
    assert [r["ok"] for r in replies] == [True, True], replies
    caps = replies[0]["data"]
    assert {p["pair"]: p.get("vocab", 0) > 0 for p in caps["pairs"]} == {"en-es": True}
    assert {t["name"]: t["configured"] for t in caps["translators"]}["apertium"] is True
    assert {"openai", "deepl"} <= {t["name"] for t in caps["translators"] if not t["configured"]}
    assert caps["host"] and "translate" in caps["actions"]
    loaded = set(seen["at_first_reply"])
    assert loaded, "the observer saw no reply"
    assert sorted(m for m in loaded if m.split(".")[0] in NOT_FOR_CAPABILITIES or
                  any(m == n or m.startswith(n + ".") for n in NOT_FOR_CAPABILITIES)) == []


CAPABILITIES_IN_A_FRESH_PROCESS = """
import json, sys
from prism_translate.dictionary import format
from prism_translate import installation

pairs = installation.pairs()
print(json.dumps({"pairs": pairs, "loaded": len(format._cache), "spacy": "spacy" in sys.modules}))
"""


def test_capabilities_reads_vocabulary_sizes_from_headers_without_loading_anything(tmp_path, mini_dictionary):
    from prism_translate.dictionary.format import Dictionary
    from prism_translate.engine.dp import vocabulary

    dicts = tmp_path / "dictionaries"
    dicts.mkdir()
    shutil.copy(Path(__file__).resolve().parents[2] / "dictionaries" / "en-es.json", dicts / "en-es.json")
    mini_dictionary.save(dicts / "en-ca.json")  # save() writes the header
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRISM_")}
    env.update(PRISM_DICTIONARIES=str(dicts), XDG_CONFIG_HOME=str(tmp_path / "config"))

    def capabilities() -> dict:
        return json.loads(subprocess.run([sys.executable, "-c", CAPABILITIES_IN_A_FRESH_PROCESS], env=env,
                                         capture_output=True, text=True, check=True).stdout)

    seen = capabilities()
    # epsilon's |V|: the forms a word may be replaced by (engine/dp.py), fewer than the entries
    assert {p["pair"]: p["vocab"] for p in seen["pairs"]} == {
        "en-ca": len(vocabulary(mini_dictionary)), "en-es": len(vocabulary(Dictionary.load(dicts / "en-es.json")))}
    assert seen["loaded"] == 0 and not seen["spacy"]

    older = Dictionary({**mini_dictionary.meta, "target": "fr"}, mini_dictionary.entries[:7])
    (dicts / "en-fr.json").write_text(  # an older file without the header: counted by loading it
        json.dumps({"format": "prism-dictionary", "version": 1, "meta": older.meta,
                    "entries": older.to_json()["entries"]}, ensure_ascii=False), encoding="utf-8")
    seen = capabilities()
    assert {p["pair"]: p["vocab"] for p in seen["pairs"]}["en-fr"] == len(vocabulary(older))
    assert seen["loaded"] == 1


def test_a_header_that_does_not_match_the_entries_is_refused(tmp_path, mini_dictionary):
    from prism_translate.dictionary.format import Dictionary
    from prism_translate.errors import DictionaryError

    data = mini_dictionary.to_json()
    data["meta"]["size"] += 1
    path = tmp_path / "en-es.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DictionaryError) as err:
        Dictionary.load(path)
    assert err.value.code == "E011" and "size" in err.value.message
