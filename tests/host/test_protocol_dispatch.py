"""The host's actions through the real serve loop: envelopes, validation, streaming, settings.
Real spaCy and real Apertium; the dictionary is the small hand-made one in tests/data."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from prism_translate import config
from prism_translate.commands.host import serve
from prism_translate.protocol import dispatch, envelope, framing

DATA = Path(__file__).resolve().parents[1] / "data"
TEXT = "Alice Johnson signed the contract at the bank in Boston. The old dog saw a red car near the house."


@pytest.fixture
def home(tmp_path, monkeypatch):
    dicts = tmp_path / "dictionaries"
    dicts.mkdir()
    shutil.copy(DATA / "mini-en-es.json", dicts / "en-es.json")
    monkeypatch.setenv("PRISM_DICTIONARIES", str(dicts))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for key in config.DEFAULTS:
        monkeypatch.delenv(f"PRISM_{key.upper()}", raising=False)
    return tmp_path


def exchange(*requests: object, raw: bytes = b"") -> list[dict]:
    """Feed framed requests to the serve loop; return every reply it wrote."""
    inp = io.BytesIO(raw + b"".join(framing.encode(r) for r in requests))
    out = io.BytesIO()
    assert serve(inp, out) == 0
    out.seek(0)
    replies = []
    while True:
        try:
            replies.append(framing.read_message(out))
        except framing.EndOfStream:
            return replies


def req(action: str, req_id: str = "r1", **args) -> dict:
    return {"v": 1, "id": req_id, "action": action, "args": args}


def test_capabilities_report_pairs_with_vocabulary_size_and_backends(home):
    [reply] = exchange(req("capabilities"))
    assert reply["ok"] and reply["v"] == envelope.VERSION and reply["id"] == "r1" and reply["more"] is False
    data = reply["data"]
    # |V| of epsilon: the mini dictionary's 53 entries hold 49 forms that are not function words.
    assert data["pairs"] == [{"pair": "en-es", "source": "en", "target": "es", "vocab": 49}]
    names = [t["name"] for t in data["translators"]]
    assert "apertium" in names
    apertium = next(t for t in data["translators"] if t["name"] == "apertium")
    assert apertium["takes_key"] is False and apertium["configured"] is True and apertium["selected"] is True
    deepl = next(t for t in data["translators"] if t["name"] == "deepl")
    assert deepl["takes_key"] is True and "deepl.endpoint" in deepl["settings"]
    assert data["settings"]["translator"] == "apertium"
    assert data["limits"]["max_chars"] == dispatch.MAX_REQUEST_CHARS
    assert set(data["methods"]) == {"star", "r", "mix"}


def test_translate_returns_private_translation_and_what_was_sent(home):
    [reply] = exchange(req("translate", texts=[TEXT], method="star", ratio=0.3))
    assert reply["ok"], reply
    [item] = reply["data"]["items"]
    assert item["text"] == 0
    assert "Alice" not in item["sent"] and "Boston" not in item["sent"]
    assert "Alice Johnson" in item["translation"] and "contrato" in item["translation"]
    assert item["hidden"] >= 3 and item["hidden_entities"] >= 2
    assert reply["data"]["done"] == reply["data"]["total"] == 1


def test_epsilon_is_reported_for_prism_r_with_what_it_covers(home):
    [reply] = exchange(req("translate", texts=[TEXT], method="r", ratio=0.5))
    item = reply["data"]["items"][0]
    import math
    assert item["epsilon"] == pytest.approx(math.log((0.5 + 49 * 0.5) / 0.5))
    assert item["scope"] == ("per word of the dictionary; names, numbers and codes are hidden separately "
                             "and their places are visible")
    [reply] = exchange(req("translate", texts=[TEXT], method="star", ratio=0.5))
    assert reply["data"]["items"][0]["epsilon"] is None and reply["data"]["items"][0]["scope"] is None


def test_long_text_streams_several_replies_each_under_the_cap(home, monkeypatch):
    monkeypatch.setattr(dispatch, "CHUNK_CHARS", 120)
    monkeypatch.setattr(dispatch, "BATCH_CHARS", 250)
    paragraphs = [f"The {w} dog saw a red car near the old house. My friend opened the door slowly." for w in
                  ("big", "small", "happy", "green", "quiet", "new")]
    text = "\n\n".join(paragraphs)
    replies = exchange(req("translate", texts=[text], ratio=0.2))
    assert len(replies) > 1
    assert [r["more"] for r in replies] == [True] * (len(replies) - 1) + [False]
    assert all(r["ok"] and r["id"] == "r1" for r in replies)
    done = [r["data"]["done"] for r in replies]
    assert done == sorted(done) and done[-1] == replies[-1]["data"]["total"]
    items = [i for r in replies for i in r["data"]["items"]]
    joined = "".join(i["translation"] for i in items)
    assert joined.count("\n\n") == len(paragraphs) - 1  # paragraph structure survives the chunking
    assert all(len(i["sent"].strip()) <= 120 for i in items)


def test_split_text_is_lossless_and_bounded():
    text = "  One. Two three four!\n\n  Five six seven eight nine ten eleven. " + "x" * 50 + " tail  "
    for limit in (5, 12, 30, 1000):
        pieces = dispatch.split_text(text, limit)
        assert "".join(a + b + c for a, b, c in pieces) == text
        assert all(len(body) <= limit for _, body, _ in pieces)


@pytest.mark.parametrize(
    "message, code",
    [
        ([1, 2], "E061"),
        ({"v": 2, "id": "x", "action": "ping"}, "E062"),
        ({"v": 1, "action": "ping"}, "E061"),
        ({"v": 1, "id": "x", "action": "ping", "extra": 1}, "E061"),
        ({"v": 1, "id": "x", "action": "launch_missiles"}, "E063"),
        (req("translate", texts="not a list"), "E061"),
        (req("translate", texts=[TEXT], evil=True), "E061"),
        (req("translate", texts=["   "]), "E020"),
        (req("translate", texts=["a" * (dispatch.MAX_REQUEST_CHARS + 1)]), "E064"),
        (req("translate", texts=[TEXT], method="nodecode"), "E022"),
        (req("translate", texts=[TEXT], ratio=0), "E023"),
        (req("translate", texts=[TEXT], target="de"), "E010"),
        (req("settings", set={"ratio": "lots"}), "E023"),
        (req("settings", set={"colour": "red"}), "E053"),
        (req("settings", set={"translator": "babelfish"}), "E035"),
        (req("settings", set={"protect_entities": "yes"}), "E054"),
        (req("set_key", backend="apertium", secret="k"), "E056"),
        (req("set_key", backend="deepl", secret="   "), "E055"),
    ],
)
def test_invalid_requests_get_coded_errors_and_the_loop_keeps_serving(home, message, code):
    replies = exchange(message, req("ping", "after"))
    assert replies[0]["ok"] is False and replies[0]["error"]["code"] == code, replies[0]
    assert replies[0]["error"]["message"].startswith(f"[{code}]")
    assert replies[1] == envelope.ok("after", {"pong": True})


def test_error_replies_echo_the_request_id(home):
    [reply] = exchange(req("nope", "id-42"))
    assert reply["id"] == "id-42"


def test_garbage_frame_gets_an_error_without_id_then_serving_continues(home):
    import struct
    replies = exchange(req("ping", "p"), raw=struct.pack("@I", 3) + b"{x}")
    assert replies[0]["ok"] is False and replies[0]["id"] is None and replies[0]["error"]["code"] == "E061"
    assert replies[1]["ok"] is True


def test_settings_are_validated_saved_and_reported(home):
    [reply] = exchange(req("settings", set={"method": "mix", "ratio": 0.4, "beta": 0.25}))
    assert reply["ok"], reply
    assert reply["data"]["settings"]["method"] == "mix"
    stored = json.loads((home / "config" / "prism-translate" / "config.json").read_text())
    assert stored == {"method": "mix", "ratio": 0.4, "beta": 0.25}
    [reply] = exchange(req("settings"))
    assert reply["data"]["settings"]["ratio"] == 0.4


def test_internal_errors_do_not_leak_text_and_do_not_stop_the_host(home, monkeypatch):
    def boom(*a, **k):
        raise KeyError("SECRET-WORD")
    monkeypatch.setattr(dispatch.api, "translate_private_many", boom)
    replies = exchange(req("translate", texts=[TEXT]), req("ping", "p"))
    assert replies[0]["error"]["code"] == "E001"
    assert "SECRET" not in json.dumps(replies[0])
    assert replies[1]["ok"]


def test_translator_failure_is_a_coded_error(home, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no apertium binary on PATH
    [reply] = exchange(req("translate", texts=[TEXT]))
    assert reply["error"]["code"] == "E030"
    assert "apt-get install apertium" in reply["error"]["message"]


def test_api_keys_go_to_the_credential_store_never_to_settings_or_logs(home, monkeypatch, caplog):
    monkeypatch.delenv("DEEPL_AUTH_KEY", raising=False)
    monkeypatch.delenv("DEEPL_API_KEY", raising=False)
    monkeypatch.delenv("PRISM_DEEPL_API_KEY", raising=False)
    caplog.set_level("DEBUG")
    [reply] = exchange(req("set_key", backend="deepl", secret="sk-test-1234:fx"))
    assert reply["ok"] and reply["data"]["configured"] is True
    assert "sk-test-1234" not in json.dumps(reply)
    from prism_translate import credentials
    assert credentials.get_key("deepl") == "sk-test-1234:fx"
    config_file = home / "config" / "prism-translate" / "config.json"
    assert not config_file.exists() or "sk-test" not in config_file.read_text()
    assert "sk-test" not in caplog.text
    [caps] = exchange(req("capabilities"))
    assert next(t for t in caps["data"]["translators"] if t["name"] == "deepl")["configured"] is True


def test_each_batch_is_sent_before_the_next_is_translated(home, monkeypatch):
    monkeypatch.setattr(dispatch, "CHUNK_CHARS", 120)
    monkeypatch.setattr(dispatch, "BATCH_CHARS", 250)
    sent: list[dict] = []
    seen_at_call: list[int] = []
    real = dispatch.api.translate_private_many

    def spy(texts, target, **options):
        seen_at_call.append(len(sent))
        return real(texts, target, **options)

    monkeypatch.setattr(dispatch.api, "translate_private_many", spy)
    text = "\n\n".join(["The old dog saw a red car near the big house. My friend opened the door."] * 10)
    final = dispatch.translate({"texts": [text]}, sent.append)
    assert seen_at_call == list(range(len(seen_at_call))) and len(seen_at_call) >= 3
    assert len(sent) == len(seen_at_call) - 1 and final["done"] == final["total"]
