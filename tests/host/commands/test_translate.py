"""`prism translate` end to end: the shipped en-es dictionary, the real spaCy model and the real
Apertium translator, through the command line a user runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from prism_translate.api import translate_private
from prism_translate.engine.dp import vocabulary

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

EMAILS = [
    "Hi Daniel,\n\nAs agreed, Laura Bennett from our Chicago office will send you the signed contract "
    "by Friday. The first invoice of $12,500 is due on 30 April; please pay it into the account ending "
    "4417. If anything changes, write to laura.bennett@northwind-legal.com.\n\nBest regards,\nMichael Turner\n",
    "Dear Ms. Okafor,\n\nOur board met in Toronto on Monday and approved the budget of 48,000 euros for "
    "the new warehouse. Peter Lindgren will visit your factory in Lyon next week to discuss the delivery "
    "schedule. Please confirm by e-mail to p.lindgren@harbourfreight.ca or by phone at +1 416 555 0173.\n",
]
ENTITIES = [
    ["Daniel", "Laura", "Bennett", "Chicago", "12,500", "12500", "4417", "laura.bennett", "northwind",
     "Michael", "Turner"],
    ["Okafor", "Toronto", "48,000", "48000", "Peter", "Lindgren", "Lyon", "p.lindgren", "harbourfreight",
     "416", "0173"],
]
# Months and weekdays go out as one drawn independently of the original (it may be the same one),
# and come back in Spanish.
DATES = [("April", "abril"), ("Monday", "lunes")]
SPANISH_MARKERS = {"el", "la", "de", "que", "en", "los", "por", "su", "y"}


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "PRISM_DICTIONARIES")}
    return subprocess.run([sys.executable, "-m", "prism_translate.cli", *args], input=stdin, text=True,
                          capture_output=True, env=env, timeout=300)


def split_show_sent(stdout: str) -> tuple[str, str, str]:
    translation, rest = stdout.split("\n--- sent to the translator ", 1)
    sent, figures = rest.split("\n", 1)[1].rsplit("\n" + "-" * 67 + "\n", 1)
    return translation, sent, figures


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[\w.@'-]+", text)}


@pytest.mark.parametrize("case", range(len(EMAILS)))
def test_show_sent_hides_entities_and_substituted_words(tmp_path, shipped_es, apertium, case):
    path = tmp_path / "mail.txt"
    path.write_text(EMAILS[case], encoding="utf-8")
    proc = run_cli("translate", "--to", "es", "--show-sent", "--seed", "7", str(path))
    assert proc.returncode == 0, proc.stderr
    # Only warnings about the translation, never a traceback.
    assert all(line.startswith("prism: ") for line in proc.stderr.splitlines()), proc.stderr
    translation, sent, figures = split_show_sent(proc.stdout)

    for entity in ENTITIES[case]:
        assert entity.lower() not in sent.lower(), f"{entity!r} reached the translator"
        if entity[0].isupper():
            assert entity in translation, f"{entity!r} was not restored"
    english, spanish = DATES[case]
    assert spanish in translation.lower(), f"{english!r} did not come back as {spanish!r}"

    # The same seed through the API gives the same run, with the substitution history.
    result = translate_private(EMAILS[case], "es", seed=7, translator=apertium)
    assert result.sent.rstrip("\n") == sent.rstrip("\n")
    subs_sent = words(sent)
    assert result.hidden > len(ENTITIES[case]) // 2
    assert re.search(rf"hidden: {result.hidden} of \d+ words", figures)
    assert "epsilon: not defined" in figures

    from prism_translate.api import scramble
    from prism_translate.dictionary.format import find_dictionary

    enc = scramble(EMAILS[case], find_dictionary("es"), "star", 0.2, seed=7)
    assert enc.text.rstrip("\n") == sent.rstrip("\n")
    hidden_words = [s for s in enc.substitutions if s.kind == "word"]
    assert hidden_words, "PRISM* hid no words"
    for s in hidden_words:
        assert s.original.lower() not in subs_sent, f"substituted word {s.original!r} was sent"
    restored = [s for s in hidden_words if s.original not in result.unrestored]
    assert len(restored) >= 0.6 * len(hidden_words)
    for s in restored:
        assert s.restore.lower() in translation.lower(), f"translation of {s.original!r} missing"

    # The output is Spanish: mostly Spanish function words, no English sentence left.
    assert len(words(translation) & SPANISH_MARKERS) >= 4
    assert "the" not in words(translation)


def test_epsilon_is_reported_for_prism_r_with_what_it_covers(shipped_es, apertium):
    proc = run_cli("translate", "--to", "es", "--method", "r", "--ratio", "0.5", "--show-sent", "-",
                   stdin="The old dog slept in the garden while the children played.\n")
    assert proc.returncode == 0, proc.stderr
    line = re.search(r"epsilon: .*", proc.stdout).group(0)
    eps = float(re.match(r"epsilon: ([\d.]+)", line).group(1))
    import math

    assert eps == pytest.approx(math.log((0.5 + len(vocabulary(shipped_es)) * 0.5) / 0.5), abs=0.01)
    assert line.endswith(", per word of the dictionary; names, numbers and codes are hidden separately and "
                         "their places are visible")


@pytest.mark.parametrize("args,stdin,code", [
    (["translate", "--to", "es", "-"], "", "E020"),
    (["translate", "--to", "xx", "-"], "The dog slept.", "E010"),
    (["translate", "--to", "es", "--translator", "nope", "-"], "The dog slept in the garden.", "E035"),
    (["translate", "--to", "es", "-"], "El perro durmió en el jardín de la casa de mi abuela.", "E025"),
])
def test_clear_messages_and_exit_1(args, stdin, code, shipped_es):
    proc = run_cli(*args, stdin=stdin)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith(f"prism: [{code}]") and "Traceback" not in proc.stderr


def test_missing_translator_is_a_clear_message(shipped_es, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PATH"] = str(tmp_path)  # no apertium on PATH
    proc = subprocess.run([sys.executable, "-m", "prism_translate.cli", "translate", "--to", "es", "-"],
                          input="The dog slept in the garden.", text=True, capture_output=True, env=env)
    assert proc.returncode == 1 and "apertium" in proc.stderr and "apt-get install" in proc.stderr


def test_a_short_text_is_hidden_whole_or_refused_before_anything_is_sent(tmp_path):
    # A subject line at the default r = 0.2 would go out almost as written: the CLI, as the
    # extension, hides every word the dictionary knows, or refuses (E091) and sends nothing.
    from canary import recording_env

    with recording_env(tmp_path) as (env, log):
        env.pop("PYTHONUNBUFFERED", None)

        def cli(*args, stdin):
            return subprocess.run([sys.executable, "-m", "prism_translate.cli", "translate", "--show-sent", *args],
                                  input=stdin, text=True, capture_output=True, env=env, timeout=300)

        def recorded():
            return log.read_text(encoding="utf-8") if log.exists() else ""

        known = cli("--to", "es", stdin="The old dog saw red cars")
        assert known.returncode == 0, known.stderr
        _, sent, figures = split_show_sent(known.stdout)
        assert not {"old", "dog", "saw", "red", "cars"} & words(sent) and "r = 1.0" in figures, (known.stderr, figures)
        assert "short text" in known.stderr
        spanish = cli("--from", "es", "--to", "en", stdin="Problema con el servidor")
        assert spanish.returncode == 0, spanish.stderr
        assert not {"problema", "servidor"} & words(split_show_sent(spanish.stdout)[1])
        before = recorded()
        refused = cli("--to", "es", stdin="Our snazzy widgets are gizmos")
        assert refused.returncode == 1 and "[E091]" in refused.stderr and "nothing was sent" in refused.stderr
        assert "Traceback" not in refused.stderr and recorded() == before
        chosen = cli("--to", "es", "--ratio", "0.2", stdin="Our snazzy widgets are gizmos")
        assert chosen.returncode == 0 and "short text" not in chosen.stderr, chosen.stderr
