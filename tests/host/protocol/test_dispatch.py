"""The host's actions through the real serve loop: envelopes, validation, streaming, settings.
Real spaCy and real Apertium; the dictionary is the small hand-made one in tests/data."""

from __future__ import annotations

import io
import json
import math
import threading
import shutil
from pathlib import Path

import pytest

from prism_translate import api, config
from prism_translate.protocol import envelope, framing
from prism_translate.protocol.actions import translate as translate_action
from prism_translate.protocol.call import Call, Jobs
from prism_translate.protocol.serve import serve
from prism_translate.translators.apertium import ApertiumCLI
from prism_translate.translators.segment import split_text
from serve_loop import exchange, read_replies, req, small_session

DATA = Path(__file__).resolve().parents[2] / "data"
TEXT = "Alice Johnson signed the contract at the bank in Boston. The old dog saw a red car near the house."


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
    assert data["limits"]["max_chars"] == translate_action.MAX_REQUEST_CHARS
    assert set(data["methods"]) == {"star", "r", "mix"}


def test_capabilities_publish_what_the_extension_would_otherwise_repeat(home):
    """The limits a request is checked against, the methods' names and ε at the settings in
    effect, so the extension computes and hard-codes none of them."""
    [caps] = exchange(req("capabilities"))
    data = caps["data"]
    assert data["limits"]["max_request_bytes"] == framing.MAX_INCOMING
    assert data["limits"]["max_texts"] == translate_action.MAX_TEXTS
    assert data["methods"] == {"star": "PRISM*", "r": "PRISM-R", "mix": "Mixture"}
    assert data["epsilon"] == {"en-es": None}  # PRISM*, the default, gives no ε
    [saved] = exchange(req("settings", set={"method": "r", "ratio": 0.5}))
    # |V| = 49 (above): ε = ln((r + |V|(1-r)) / r), as each translation's own reply has it
    assert saved["data"]["epsilon"] == {"en-es": pytest.approx(math.log((0.5 + 49 * 0.5) / 0.5))}
    [saved] = exchange(req("settings", set={"method": "mix", "beta": 0.25}))
    q = 0.5 * 0.75
    assert saved["data"]["epsilon"] == {"en-es": pytest.approx(math.log((49 * (1 - q) + q) / q))}
    [again] = exchange(req("capabilities"))
    assert again["data"]["epsilon"] == saved["data"]["epsilon"]
    [translated] = exchange(req("translate", texts=[TEXT]))
    assert translated["data"]["items"][0]["epsilon"] == pytest.approx(saved["data"]["epsilon"]["en-es"])


def test_protocol_md_documents_what_capabilities_publish(home):
    """PROTOCOL.md's example of `capabilities` has every key the reply has, and the very limits
    and method names the host publishes."""
    [caps] = exchange(req("capabilities"))
    doc = (Path(__file__).resolve().parents[3] / "PROTOCOL.md").read_text(encoding="utf-8")
    example = doc[doc.index("### `capabilities`"):doc.index("#### The organisation's policy")]
    for key in caps["data"]:
        assert f'"{key}":' in example, key
    for key in ("limits", "methods"):
        assert f'"{key}": {json.dumps(caps["data"][key])}' in example


def test_the_host_applies_its_own_target_and_short_text_rule_when_a_request_names_none(home, monkeypatch):
    """What the extension sends: texts and a source. The target is the host's setting; a short
    text hides every word the dictionary knows (r = 1) and is refused when too little of it could
    be; on a page, the short lines alone are hidden so, and never refused; longer texts keep r,
    and all of them go to the translator together, as a plain client would send them."""
    sent, calls = [], []
    real = ApertiumCLI.translate
    monkeypatch.setattr(ApertiumCLI, "translate",
                        lambda self, texts, *a: calls.append(len(texts)) or sent.extend(texts) or real(self, texts, *a))
    [short] = exchange(req("translate", texts=["The old dog saw a car"]))
    [item] = short["data"]["items"]
    assert item["target"] == "es" and item["ratio"] == 1
    assert not {"old", "dog", "saw", "car"} & set(item["sent"].lower().split())
    sent.clear()
    [unknown] = exchange(req("translate", texts=["Quarterly forecast spreadsheet attached"]))
    assert unknown["error"]["code"] == "E091" and sent == []
    texts = [TEXT, "Quarterly forecast spreadsheet attached", "The old dog saw a red car near the house today."]
    calls.clear()
    replies = exchange(req("translate", texts=texts, page=True))
    assert calls == [3]  # the short line with the others: one request (it was one of its own first)
    assert [r["more"] for r in replies] == [True] * (len(replies) - 1) + [False] and all(r["ok"] for r in replies)
    assert replies[-1]["data"]["done"] == replies[-1]["data"]["total"] == 3
    items = {i["text"]: i for r in replies for i in r["data"]["items"]}
    assert sorted(items) == [0, 1, 2]
    assert items[1]["ratio"] == 1 and items[0]["ratio"] == items[2]["ratio"] == 0.2
    assert "contrato" in items[0]["translation"] and "Alice Johnson" in items[0]["translation"]


def test_translate_returns_private_translation_and_what_was_sent(home):
    [reply] = exchange(req("translate", texts=[TEXT], method="star", ratio=0.3))
    assert reply["ok"], reply
    [item] = reply["data"]["items"]
    assert item["text"] == 0
    assert "Alice" not in item["sent"] and "Boston" not in item["sent"]
    assert "Alice Johnson" in item["translation"] and "contrato" in item["translation"]
    assert item["hidden"] >= 3 and item["hidden_entities"] >= 2
    assert reply["data"]["done"] == reply["data"]["total"] == 1


def test_translate_from_spanish_into_english(home):
    shutil.copy(DATA / "mini-es-en.json", home / "dictionaries" / "es-en.json")
    text = "Hola Andrés, la reunión con Marta Echeverría es el martes en Valladolid. Gracias por todo."
    [reply] = exchange(req("translate", texts=[text], source="es", target="en", method="star", ratio=0.3))
    assert reply["ok"], reply
    [item] = reply["data"]["items"]
    assert item["source"] == "es" and item["target"] == "en"
    for secret in ("Andrés", "Marta", "Echeverría", "Valladolid"):
        assert secret not in item["sent"] and secret in item["translation"]
    assert "meeting" in item["translation"] or "Tuesday" in item["translation"]


def test_a_short_text_is_sent_only_when_enough_of_it_is_hidden(home, monkeypatch):
    """min_hidden (what the extension sends for a short selection, with r = 1): a subject line the
    dictionary knows goes out with its content words hidden; one whose words the dictionary does
    not know is refused before the translator sees anything."""
    sent = []
    real = ApertiumCLI.translate
    monkeypatch.setattr(ApertiumCLI, "translate", lambda self, texts, *a: sent.extend(texts) or real(self, texts, *a))
    [known] = exchange(req("translate", texts=["The old dog saw a red car"], ratio=1, min_hidden=2 / 3))
    assert known["ok"], known
    [item] = known["data"]["items"]
    assert not {"old", "dog", "saw", "red", "car"} & set(item["sent"].lower().split())
    assert sent == [item["sent"]]
    sent.clear()
    [unknown] = exchange(req("translate", texts=["Quarterly forecast spreadsheet attached"], ratio=1, min_hidden=2 / 3))
    assert unknown["ok"] is False and unknown["error"]["code"] == "E091", unknown
    assert "nothing was sent" in unknown["error"]["message"] and "Quarterly" not in unknown["error"]["message"]
    assert sent == []
    [bad] = exchange(req("translate", texts=["The old dog"], min_hidden=2))
    assert bad["error"]["code"] == "E054"


def test_epsilon_is_reported_for_prism_r_with_what_it_covers(home):
    [reply] = exchange(req("translate", texts=[TEXT], method="r", ratio=0.5))
    item = reply["data"]["items"][0]
    import math
    assert item["epsilon"] == pytest.approx(math.log((0.5 + 49 * 0.5) / 0.5))
    assert item["scope"] == ("per word of the dictionary; names, numbers and codes are hidden separately "
                             "and their places are visible")
    [reply] = exchange(req("translate", texts=[TEXT], method="star", ratio=0.5))
    assert reply["data"]["items"][0]["epsilon"] is None and reply["data"]["items"][0]["scope"] is None


def test_long_text_streams_several_replies_each_under_the_cap(home):
    paragraphs = [f"The {w} dog saw a red car near the old house. My friend opened the door slowly." for w in
                  ("big", "small", "happy", "green", "quiet", "new")]
    text = "\n\n".join(paragraphs)
    replies = exchange(req("translate", texts=[text], ratio=0.2), session=small_session())
    assert len(replies) > 1
    assert [r["more"] for r in replies] == [True] * (len(replies) - 1) + [False]
    assert all(r["ok"] and r["id"] == "r1" for r in replies)
    done = [r["data"]["done"] for r in replies]
    assert done == sorted(done) and done[-1] == replies[-1]["data"]["total"]
    items = [i for r in replies for i in r["data"]["items"]]
    joined = "".join(i["translation"] for i in items)
    assert joined.count("\n\n") == len(paragraphs) - 1  # paragraph structure survives the chunking
    assert all(len(i["sent"].strip()) <= 120 for i in items)


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
        (req("translate", texts=["a" * (translate_action.MAX_REQUEST_CHARS + 1)]), "E064"),
        (req("translate", texts=[TEXT], method="nodecode"), "E022"),
        (req("translate", texts=[TEXT], ratio=0), "E023"),
        (req("translate", texts=[TEXT], target="de"), "E010"),
        (req("translate", texts=[TEXT], source="Spanish"), "E054"),
        (req("translate", texts=[TEXT], source="fr", target="es"), "E010"),
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
    [failed] = [r for r in replies if r["id"] != "after"]  # a translate runs on the worker: any order
    assert failed["ok"] is False and failed["error"]["code"] == code, failed
    assert failed["error"]["message"].startswith(f"[{code}]")
    assert envelope.ok("after", {"pong": True}) in replies


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
    monkeypatch.setattr(ApertiumCLI, "translate", boom)  # a bug below the API
    replies = {r["id"]: r for r in exchange(req("translate", texts=[TEXT]), req("ping", "p"))}
    assert replies["r1"]["error"]["code"] == "E001"
    assert "SECRET" not in json.dumps(replies["r1"])
    assert replies["p"]["ok"]


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


def test_the_next_request_is_on_the_wire_while_this_batch_is_decoded(home, monkeypatch):
    # (the reply of one request sends the next at once; its batch is decoded and streamed meanwhile)
    import threading

    calls = threading.Condition()
    count = [0]
    real = ApertiumCLI.translate

    def spy(self, texts, source, target):
        with calls:
            count[0] += 1
            calls.notify_all()
        return real(self, texts, source, target)

    streamed_after: list[bool] = []

    def send(data):
        # batch k is streamed once request k + 1 has reached the translator
        with calls:
            streamed_after.append(calls.wait_for(lambda: count[0] > len(streamed_after) + 1, timeout=60))

    monkeypatch.setattr(ApertiumCLI, "translate", spy)
    text = "\n\n".join(["The old dog saw a red car near the big house. My friend opened the door."] * 10)
    final = translate_action.translate({"texts": [text]}, Call(small_session(), send, Jobs()))
    assert len(streamed_after) == count[0] - 1 >= 2 and all(streamed_after)
    assert final["done"] == final["total"]


def test_the_next_batch_is_encoded_while_the_translator_works_on_this_one(home, monkeypatch):
    import threading

    encoded = threading.Condition()
    count = [0]
    real_scramble = api.scramble

    def counting_scramble(*args, **kwargs):
        result = real_scramble(*args, **kwargs)
        with encoded:
            count[0] += 1
            encoded.notify_all()
        return result

    text = "\n\n".join(f"The old dog saw a red car near house {n}. My friend opened the door." for n in range(10))
    session = small_session()
    chunks = [body for _, body, _ in split_text(text, session.chunk_chars)]
    overlapped: list[bool] = []
    real = ApertiumCLI.translate

    def translator(self, texts, source, target):
        # while this batch is on the wire, the next chunk must get encoded
        with encoded:
            seen = count[0]
            if seen < len(chunks):
                overlapped.append(encoded.wait_for(lambda: count[0] > seen, timeout=60))
        return real(self, texts, source, target)

    monkeypatch.setattr(api, "scramble", counting_scramble)
    monkeypatch.setattr(ApertiumCLI, "translate", translator)
    final = translate_action.translate({"texts": [text]}, Call(session, [].append, Jobs()))
    assert final["done"] == final["total"] == len(chunks)
    # every request that left before the last chunk was encoded had more encoded meanwhile (how
    # many requests the chunks fill depends on how fast they are encoded: at least one)
    assert overlapped and all(overlapped)


def test_cancel_ends_a_running_translation_after_its_current_batch(home, monkeypatch):
    """The serve loop keeps reading while a translation runs: cancel is answered at once, and the
    translation stops after the batch in progress with E090, sending nothing more."""
    import os
    import threading

    first_batch_started, cancel_answered = threading.Event(), threading.Event()
    batches: list[int] = []
    real = ApertiumCLI.translate

    def slow_first_batch(self, texts, source, target):
        batches.append(len(texts))
        first_batch_started.set()
        assert cancel_answered.wait(60)  # the cancel reply was written while this batch ran
        return real(self, texts, source, target)

    monkeypatch.setattr(ApertiumCLI, "translate", slow_first_batch)
    read_fd, write_fd = os.pipe()
    out = io.BytesIO()

    class Out(io.BytesIO):
        def write(self, data):
            n = out.write(data)
            if b'"cancelled"' in data:
                cancel_answered.set()
            return n

    text = "\n\n".join(["The old dog saw a red car near the big house. My friend opened the door."] * 10)
    with os.fdopen(read_fd, "rb", buffering=0) as inp, os.fdopen(write_fd, "wb", buffering=0) as feed:
        loop = threading.Thread(target=serve, args=(inp, Out(), small_session()))
        loop.start()
        feed.write(framing.encode(req("translate", "long", texts=[text])))
        assert first_batch_started.wait(60)
        feed.write(framing.encode(req("cancel", "c1", request="long")))
        feed.write(framing.encode(req("cancel", "c2", request="no-such-request")))
        feed.close()
        loop.join(120)
    replies = read_replies(out)
    assert replies[0] == envelope.ok("c1", {"cancelled": True})
    assert envelope.ok("c2", {"cancelled": False}) in replies
    [long] = [r for r in replies if r["id"] == "long"]  # no partial reply after the cancel
    assert long["ok"] is False and long["error"]["code"] == "E090"
    assert len(batches) == 1  # the translator got nothing after the cancel


def test_cancel_needs_a_request_id(home):
    [reply] = exchange(req("cancel", "c", request=7))
    assert reply["error"]["code"] == "E061"


def test_a_translation_asked_during_the_host_warm_up_waits_for_it(monkeypatch):
    """Loading spaCy, the dictionary and the language identifier on two threads at once is
    slower than one after the other: a click during the host's warm-up waits for the warm-up
    (which loads all of it) instead of loading the same things next to it."""
    from prism_translate import api
    from prism_translate.protocol.call import LazySession

    events: list[str] = []
    started, release = threading.Event(), threading.Event()

    class Session:
        def warm_up(self, settings):
            events.append("warm-up started")
            started.set()
            release.wait()
            events.append("warm-up done")

        def translate_batches(self, texts, target, **options):
            events.append("translate")
            return iter(())

    monkeypatch.setattr(api, "Session", Session)
    lazy = LazySession()
    warming = threading.Thread(target=lazy.warm_up, args=(config.Settings({}),))
    warming.start()
    started.wait()
    click = threading.Thread(target=lambda: list(lazy.translate_batches(["Hello"], "es")))
    click.start()
    click.join(0.5)  # still waiting
    release.set()
    warming.join()
    click.join()
    assert events == ["warm-up started", "warm-up done", "translate"]


def test_prepare_analyses_a_selection_ahead_and_sends_nothing(home, monkeypatch):
    """A right-clicked selection is analysed before "Translate privately" is chosen: nothing goes
    to the translator then, and the translation that follows does not analyse it again."""
    sent, analysed = [], []
    real_translate, real_analyse = ApertiumCLI.translate, api.analyse_each
    monkeypatch.setattr(ApertiumCLI, "translate", lambda self, texts, *a: sent.extend(texts) or real_translate(self, texts, *a))

    def analyse_each(texts, lang):
        if texts:
            analysed.append(list(texts))
        return real_analyse(texts, lang)
    monkeypatch.setattr(api, "analyse_each", analyse_each)
    session = small_session()
    text = TEXT + " Bob Smith called the office in Denver on Friday about the new invoice."
    chunks = [body for _, body, _ in split_text(text, session.chunk_chars)]
    assert len(chunks) > 1
    [ready] = exchange(req("prepare", "p1", texts=[text]), session=session)
    assert ready["ok"] and ready["data"]["analysed"] == len(chunks), ready
    assert sent == [] and analysed == [chunks]
    replies = exchange(req("translate", "t1", texts=[text]), session=session)
    assert all(r["ok"] for r in replies), replies
    assert analysed == [chunks]  # translate found every chunk analysed
    shown = "".join(i["translation"] for r in replies for i in r["data"]["items"])
    assert "Boston" in shown and "Denver" in shown
    assert sent and not {"Alice", "Boston", "Denver"} & set(" ".join(sent).split())
    [bad] = exchange(req("prepare", "p2", texts="not a list"), session=session)
    assert bad["ok"] is False and bad["error"]["code"] == "E061"


def test_prepare_encodes_a_selection_ahead_as_the_translation_would(home, monkeypatch):
    """A right-clicked selection is also encoded ahead, with the user's settings: the translation
    that follows encodes nothing, and the translator receives exactly what a translation without
    `prepare` sends it (each text's draws are its own); a request with other settings than those
    encodes afresh."""
    sent: list[str] = []
    real_translate = ApertiumCLI.translate
    monkeypatch.setattr(ApertiumCLI, "translate", lambda self, texts, *a: sent.extend(texts) or real_translate(self, texts, *a))
    encoded: list[str] = []
    real_scramble = api.scramble
    monkeypatch.setattr(api, "scramble", lambda text, *a, **k: encoded.append(text) or real_scramble(text, *a, **k))
    text = TEXT + " Bob Smith called the office in Denver on Friday about the new invoice."
    chunks = [body for _, body, _ in split_text(text, small_session().chunk_chars)]

    clicked = exchange(req("translate", "t0", texts=[text]), session=small_session())
    assert all(r["ok"] for r in clicked) and encoded == chunks
    expected, sent[:], encoded[:] = list(sent), [], []

    session = small_session()
    [ready] = exchange(req("prepare", "p1", texts=[text]), session=session)
    assert ready["ok"] and sent == [] and encoded == chunks
    encoded.clear()
    replies = exchange(req("translate", "t1", texts=[text]), session=session)
    assert all(r["ok"] for r in replies) and encoded == [] and sent == expected
    shown = "".join(i["translation"] for r in replies for i in r["data"]["items"])
    assert "Boston" in shown and "Denver" in shown

    exchange(req("prepare", "p2", texts=[text]), session=(other := small_session()))
    encoded.clear()
    assert all(r["ok"] for r in exchange(req("translate", "t2", texts=[text], ratio=0.5), session=other))
    assert encoded == chunks
