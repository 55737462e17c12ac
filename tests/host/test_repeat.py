"""Repetition adds nothing: within one host session the same text is sent as the same x_pub, and
nothing of it is written anywhere."""

from __future__ import annotations

import pytest

from test_protocol_host import call, host_env, start, stop  # noqa: F401 (host_env is a fixture)

from prism_translate.repeat import RepeatCache

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

TEXT = "Alice Johnson signed the contract at the bank in Boston on Tuesday. The old dog saw a red car."


def translate(proc, req_id: str, text: str, **options) -> dict:
    reply = call(proc, {"v": 1, "id": req_id, "action": "translate",
                        "args": {"texts": [text], "method": "r", "ratio": 1.0, **options}})
    assert reply["ok"], reply
    return reply["data"]["items"][0]


def test_the_same_text_is_resent_as_it_was_within_a_host_session_and_nowhere_else(host_env, tmp_path):
    proc = start(host_env)
    first = translate(proc, "1", TEXT)
    assert "Alice" not in first["sent"] and "Tuesday" not in first["sent"]
    again = [translate(proc, str(n), TEXT)["sent"] for n in range(2, 6)]
    assert again == [first["sent"]] * 4, "a re-translation sent fresh substitutes"
    assert translate(proc, "6", TEXT, ratio=0.5)["sent"] != first["sent"], "other settings draw afresh"
    assert stop(proc)[0] == 0

    # Another session (the browser restarted the host) draws afresh: nothing was kept on disk.
    proc = start(host_env)
    assert translate(proc, "1", TEXT)["sent"] != first["sent"]
    assert stop(proc)[0] == 0
    for path in tmp_path.rglob("*"):
        if path.is_file():
            content = path.read_bytes()
            assert b"Johnson" not in content and first["sent"].encode() not in content, path


def test_the_cache_holds_a_bounded_number_of_texts():
    cache = RepeatCache(size=2)
    made = []

    class Dict:  # what the cache reads of a dictionary
        source, target, path = "en", "es", None

        def __len__(self):
            return 1

    def encoded(text):
        return cache.encoded(text, Dict(), ("r", 1.0, 0.5, True), lambda: made.append(text) or text)

    assert [encoded(t) for t in ("a", "b", "a", "c", "b", "a")] == ["a", "b", "a", "c", "b", "a"]
    assert len(cache) == 2
    assert made == ["a", "b", "c", "b", "a"]  # "b" and then "a" were evicted as the oldest
