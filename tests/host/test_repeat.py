"""Repetition adds nothing: within one host session the same text is sent as the same x_pub, and
nothing of it is written anywhere; across sessions, surrogates drawn independently of the value
leave nothing to eliminate."""

from __future__ import annotations

import re

import pytest
from dp_audit import empirical_epsilon
from fakes.doubles import Recorder
from host_process import call, start, stop

from prism_translate.api import translate_private_many
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
    # The weekday is not checked here: its surrogate is drawn independently of it, so it is
    # "Tuesday" one time in seven, which tells the translator nothing.
    assert "Alice" not in first["sent"] and "Johnson" not in first["sent"]
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


WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
MONTHS = ("January February March April May June July August September October November December").split()


def sent_names(template: str, original: str, names: list[str], dictionary, times: int) -> list[tuple[str, ...]]:
    """What a translator sees of `original` over `times` independent translations (fresh draws
    each time, as from fresh `prism translate` processes): the calendar names in each x_pub."""
    rec = Recorder()
    translate_private_many([template.format(original)] * times, "es", translator=rec, dictionary=dictionary)
    return [tuple(n for n in names if re.search(rf"\b{n}\b", sent)) for sent in rec.sent]


@pytest.mark.parametrize("template,names,pair", [
    ("Hi Sam, the hearing moved to {} morning; please tell the client.", WEEKDAYS, ("Tuesday", "Friday")),
    ("The first instalment is due on 14 {} 2027, as agreed with the bank.", MONTHS, ("March", "October")),
])
def test_repeated_translations_do_not_single_out_the_original(shipped_es, template, names, pair):
    """The repetition attack: surrogates that are never the original give it away (the one
    weekday never seen over twenty translations). Drawn independently of the original, what the
    translator sees is the same whichever weekday or month was written."""
    a, b = (sent_names(template, original, names, shipped_es, 300) for original in pair)
    assert all(len(row) == 1 for row in a + b), "one calendar name per text, and never the original's place empty"
    assert empirical_epsilon(a, b) == 0.0
    assert {row[0] for row in a} == {row[0] for row in b}  # the original is among its own surrogates

