"""Seeded fuzzing of the REAL host process (`prism host` on pipes, as the browser runs it):
thousands of hostile, malformed and valid native messages, among them the cases that used to
kill it (JSON nested 1,000 deep, error replies quoting a field of a megabyte, lone surrogates,
ids with NUL/ESC/CR-LF, NaN). Every frame must get exactly one final reply, a valid frame of
strict JSON under the browser's 1 MB cap; nothing may crash, hang, answer E001 or print a
traceback or a "Logging error" on stderr. PROTOCOL.md states the count."""

from __future__ import annotations

import json
import os
import random
import shutil
import struct
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from prism_translate.errors import CATALOGUE
from prism_translate.protocol import framing

pytestmark = pytest.mark.slow

CASES = 3_200
SEED = 20261123
DATA = Path(__file__).resolve().parents[1] / "data"
WORDS = ("the", "old", "dog", "saw", "a", "red", "car", "near", "house", "Alice", "Boston", "signed", "contract")
HOSTILE_IDS = ("a\x00b", "\x1b[31mred", "line\r\nforged 2026 INFO ok", "é" * 64, "\u2028", "x" * 64)
ACTIONS = ("ping", "capabilities", "translate", "settings", "set_key", "cancel")


def frame(body: bytes) -> bytes:
    return struct.pack("@I", len(body)) + body


def message(obj: object) -> bytes:
    return frame(json.dumps(obj).encode())  # ensure_ascii: lone surrogates travel as \ud800 escapes


def random_value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice((True, False))
    if kind == 2:
        return rng.choice((0, -1, 1, 2**63, 5, 0.2, -0.0, 1e308, 3.5))
    if kind in (3, 4, 5):
        return rng.choice(("", "es", "star", "deepl", "x" * rng.randrange(1, 300), "é🙂\u200b",
                           " ".join(rng.choices(WORDS, k=rng.randrange(1, 12))), "\ud800", "\x00\x1b\r\n"))
    if kind in (6, 7):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(("texts", "set", "target", "ratio", "backend", "secret", "request", "k")):
            random_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def nested(depth: int, leaf: object = 1) -> str:
    return "[" * depth + json.dumps(leaf) + "]" * depth


def big(rng: random.Random) -> str:
    """A field near the frame limit; non-ASCII ones grow six-fold when quoted as \\u escapes."""
    return rng.choice(("x", "é", "🙂", "\u4e2d")) * rng.choice((150_000, 80_000, 30_000))


def case(rng: random.Random, i: int) -> bytes:
    """One frame (case number i) the host must answer exactly once."""
    rid = f"f{i}"
    if i % 100 == 50:  # now and then a real private translation (spaCy + Apertium)
        text = " ".join(rng.choices(WORDS, k=rng.randrange(6, 30))) + "."
        return message({"v": 1, "id": rid, "action": "translate", "args": {"texts": [text]}})
    pick = rng.randrange(50)
    if pick == 0:  # nested far beyond any parser's comfort, in several places
        where = rng.randrange(3)
        deep = nested(rng.choice((1_000, 5_000, 100_000)))
        body = (deep if where == 0 else f'{{"v":1,"id":"{rid}","action":"ping","args":{{"a":{deep}}}}}' if where == 1
                else f'{{"v":1,"id":"{rid}","action":"translate","args":{{"texts":{deep}}}}}')
        return frame(body.encode())
    if pick == 1:  # one oversized field quoted by an error
        field = big(rng)
        obj = rng.choice((
            {"v": 1, "id": rid, "action": field},
            {"v": field, "id": rid, "action": "ping"},
            {"v": 1, "id": rid, "action": "ping", field: 1},
            {"v": 1, "id": rid, "action": "ping", "args": {field: 1}},
            {"v": 1, "id": rid, "action": "settings", "args": {"set": {field: 1}}},
            {"v": 1, "id": rid, "action": "settings", "args": {"set": {"translator": field}}},
            {"v": 1, "id": rid, "action": "settings", "args": {"set": {"method": field}}},
            {"v": 1, "id": rid, "action": "settings", "args": {"set": {"openai.model": field}}},
            {"v": 1, "id": rid, "action": "set_key", "args": {"backend": field, "secret": "k"}},
            {"v": 1, "id": rid, "action": "translate", "args": {"texts": ["Hi"], "target": field}},
            {"v": 1, "id": rid, "action": "cancel", "args": {"request": field}},
        ))
        return message(obj)
    if pick == 2:  # a frame over the incoming limit: skipped, answered E060
        size = framing.MAX_INCOMING + rng.randrange(1, 5_000)
        return struct.pack("@I", size) + b"x" * size
    if pick == 3:  # bytes that are not UTF-8 JSON, or JSON's non-standard constants
        return frame(rng.choice((b"", b"{", b"\xff\xfe", b"\xed\xa0\x80", b"NaN", b"[Infinity]",
                                 f'{{"v":1,"id":"{rid}","action":"settings","args":{{"set":{{"ratio":NaN}}}}}}'.encode(),
                                 b'{"v":1,"id":"x","action":"ping"} trailing', bytes(rng.randrange(256)
                                                                                 for _ in range(40)))))
    if pick == 4:  # hostile ids: control characters must not reach the log raw
        return message({"v": 1, "id": rng.choice(HOSTILE_IDS), "action": rng.choice(("ping", "nope"))})
    if pick == 5:  # lone surrogates where text goes
        return message({"v": 1, "id": rid, "action": "translate",
                        "args": {"texts": ["The old dog \ud83d saw a car."]}})
    if pick in (6, 7):
        return message({"v": 1, "id": rid, "action": "cancel", "args": {"request": f"f{rng.randrange(i + 1)}"}})
    if pick == 8:
        return message(random_value(rng))
    # a well-formed envelope around random arguments
    obj = {"v": 1, "id": rid, "action": rng.choice(ACTIONS), "args": random_value(rng)}
    for key in rng.sample(("v", "id", "action", "args"), rng.randrange(2)):
        obj[key] = random_value(rng)
    if obj["action"] == "settings" and isinstance(obj["args"], dict):
        obj["args"].pop("set", None)  # keep the host's settings usable for the real translations
    if obj["action"] == "translate" and isinstance(obj.get("args"), dict):
        # no valid texts here: they would all go to Apertium (the real ones are above)
        obj["args"]["texts"] = rng.choice(([], "text", [1], ["  "], ["x" * 100_001]))
    return message(obj)


@pytest.fixture
def host(tmp_path):
    dicts = tmp_path / "dictionaries"
    dicts.mkdir()
    shutil.copy(DATA / "mini-en-es.json", dicts / "en-es.json")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PRISM_DICTIONARIES"] = str(dicts)
    proc = subprocess.Popen([sys.executable, "-m", "prism_translate.cli", "host", "chrome-extension://fuzz/"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    yield proc
    if proc.poll() is None:
        proc.kill()


def test_thousands_of_fuzzed_messages_never_kill_or_hang_the_host(host, tmp_path):
    rng = random.Random(SEED)
    sent = []  # sizes of the frames sent (generated while sending: big frames are not kept)
    truncated = message({"v": 1, "id": "last", "action": "ping"})[:-3]  # EOF mid-frame: the host just exits

    def feed():
        try:
            for i in range(CASES):
                data = case(rng, i)
                sent.append(len(data))
                host.stdin.write(data)
            host.stdin.write(truncated)
            host.stdin.close()
        except BrokenPipeError:
            pass  # the host died: the reader below reports it

    stderr: list[bytes] = []
    threading.Thread(target=feed, daemon=True).start()
    threading.Thread(target=lambda: stderr.append(host.stderr.read()), daemon=True).start()
    replies, problems, final = [], [], 0
    reader = threading.Thread(target=lambda: _read_all(host.stdout, replies, problems), daemon=True)
    reader.start()
    reader.join(1_200)  # a guard against a hang, not a timing assertion
    assert not reader.is_alive(), f"the host hung after {len(replies)} replies"
    assert host.wait(60) == 0, "the host crashed"
    assert len(sent) == CASES
    final = sum(1 for r in replies if not r.get("more"))
    errors = [r["error"]["code"] for r in replies if r.get("ok") is False]
    assert not problems, problems[:5]
    assert final == CASES, (final, CASES)
    assert "E001" not in errors
    assert all(code in CATALOGUE for code in errors)
    assert {"E020", "E022", "E053", "E054", "E056", "E060", "E061", "E062", "E063", "E064"} <= set(errors)
    assert sum(r.get("ok") is True for r in replies) >= 50  # the valid ones were served, translations too
    assert any(r.get("ok") and "items" in r["data"] and r["data"]["items"][0]["hidden"] for r in replies)
    err = b"".join(stderr)
    assert b"Traceback" not in err and b"Logging error" not in err, err[-2_000:]
    log = (Path(os.environ["XDG_STATE_HOME"]) / "prism-translate" / "host.log").read_text(encoding="utf-8")
    assert "\x00" not in log and "\x1b" not in log
    assert not any(line.startswith("forged") for line in log.splitlines())  # no line forged by an id


def _read_all(stream, replies: list, problems: list) -> None:
    while True:
        header = stream.read(4)
        if not header:
            return
        if len(header) < 4:
            problems.append("truncated header")
            return
        (size,) = struct.unpack("@I", header)
        body = stream.read(size)
        if size > framing.MAX_OUTGOING or len(body) < size:
            problems.append(f"frame of {size} bytes")
            return
        try:
            reply = json.loads(body, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
        except ValueError as err:
            problems.append(f"invalid JSON: {err}")
            return
        if not (isinstance(reply, dict) and reply.get("v") == 1 and isinstance(reply.get("ok"), bool)
                and "id" in reply):
            problems.append(f"not an envelope: {body[:200]!r}")
        replies.append(reply)
