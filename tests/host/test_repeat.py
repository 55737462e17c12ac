"""Repetition adds nothing: the same text is sent as the same x_pub in a host session, in the
next one and in every `prism translate` run, and nothing of it is written anywhere (only the
user's secret key); surrogates drawn independently of the value leave nothing to eliminate
where texts differ."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from collections import Counter

import pytest
from dp_audit import empirical_epsilon
from fakes.doubles import Recorder
from host_process import call, start, stop

from prism_translate import paths
from prism_translate.api import translate_private_many
from prism_translate.repeat import KEY_FILE, Draws, KeyedRandom

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

TEXT = "Alice Johnson signed the contract at the bank in Boston on Tuesday. The old dog saw a red car."


def translate(proc, req_id: str, text: str, **options) -> dict:
    reply = call(proc, {"v": 1, "id": req_id, "action": "translate",
                        "args": {"texts": [text], "method": "r", "ratio": 1.0, **options}})
    assert reply["ok"], reply
    return reply["data"]["items"][0]


def session_sends(host_env, *texts: str) -> list[str]:
    proc = start(host_env)
    sent = [translate(proc, str(n), text)["sent"] for n, text in enumerate(texts)]
    assert stop(proc)[0] == 0
    return sent


def test_the_same_text_is_resent_as_it_was_in_every_host_session_and_only_a_key_is_kept(host_env, tmp_path):
    proc = start(host_env)
    first = translate(proc, "1", TEXT)
    # The weekday is not checked here: its surrogate is drawn independently of it, so it is
    # "Tuesday" one time in seven, which tells the translator nothing.
    assert "Alice" not in first["sent"] and "Johnson" not in first["sent"]
    again = [translate(proc, str(n), TEXT)["sent"] for n in range(2, 6)]
    assert again == [first["sent"]] * 4, "a re-translation sent fresh substitutes"
    assert translate(proc, "6", TEXT, ratio=0.5)["sent"] != first["sent"], "other settings draw afresh"
    assert stop(proc)[0] == 0

    # The browser restarted the host: the same text still goes out as it went the first time
    # (a fresh draw would let a translator pool the two), another text draws its own.
    other = TEXT.replace("Tuesday", "Friday")
    assert session_sends(host_env, TEXT, other)[0] == first["sent"]

    [key] = [p for p in tmp_path.rglob(KEY_FILE)]
    assert key.stat().st_size == 32 and stat.S_IMODE(key.stat().st_mode) == 0o600
    for path in tmp_path.rglob("*"):
        if path.is_file():
            content = path.read_bytes()
            assert b"Johnson" not in content and first["sent"].encode() not in content, path

    # Without the key (the user removed it), the draws are new ones.
    key.unlink()
    assert session_sends(host_env, TEXT)[0] != first["sent"]


def test_prism_translate_run_twice_sends_the_same_text_the_same_way():
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "PRISM_DICTIONARIES")}

    def sent() -> str:
        done = subprocess.run([sys.executable, "-m", "prism_translate.cli", "translate", "--show-sent", "--to", "es",
                               "--method", "r", "--ratio", "1", "-"], input=TEXT, text=True, capture_output=True,
                              env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout.split("--- sent to the translator ", 1)[1].split("\n", 2)[1]

    first = sent()
    assert "Johnson" not in first and sent() == first
    assert (paths.data_dir() / KEY_FILE).stat().st_size == 32


def test_each_text_draws_its_own_and_a_damaged_or_unwritable_key_is_replaced(tmp_path, monkeypatch):
    class Dict:  # what the draws read of a dictionary
        source, target, path = "en", "es", None

        def __len__(self):
            return 1

    settings = ("star", 0.2, 0.5, True)

    def draws(draw: Draws, text: str) -> list[int]:
        rng = draw.rng(text, Dict(), settings)
        return [rng.randrange(1000) for _ in range(8)]

    user = Draws()
    assert draws(user, "a") == draws(user, "a") == draws(Draws(), "a")  # the user's key, read again
    assert draws(user, "a") != draws(user, "b") and draws(user, "a") != draws(Draws(os.urandom(32)), "a")
    # a damaged key file is replaced by a new key, kept from then on
    key = paths.data_dir() / KEY_FILE
    key.write_bytes(b"short")
    assert draws(Draws(), "a") != draws(user, "a") and key.stat().st_size == 32
    assert draws(Draws(), "a") == draws(Draws(), "a")
    # a home that cannot be written: a key for the process, nothing raised
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    (tmp_path / "file").write_text("in the way")
    assert len(draws(Draws(), "a")) == 8


def test_keyed_draws_are_uniform():
    """The keyed generator behind the draws: choice and sample over a pool come out as often for
    every member (no member favoured, whatever the seed)."""
    rng = KeyedRandom(b"a fixed seed: the test gives the same counts every run")
    counts = Counter(rng.choice(range(10)) for _ in range(20000))
    assert set(counts) == set(range(10)) and max(counts.values()) < 1.15 * min(counts.values())
    assert sorted(KeyedRandom(b"k").sample(range(40), 40)) == list(range(40))


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

