"""The local Apertium command line, for real: nothing leaves the machine, and the batch keeps
one output per input and each text's line structure."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from prism_translate.errors import TranslatorError, TranslatorTimeout
from prism_translate.translators.apertium import ApertiumCLI


def test_translates_a_batch_keeping_lines(apertium):  # the conftest fixture fails if apertium is missing
    texts = ["The cat sleeps.", "Good morning.\n\nThe house is big.", "  Hello  "]
    out = apertium.translate(texts, "en", "es")
    assert len(out) == 3
    assert "gato" in out[0]
    assert out[1].split("\n")[1] == "" and "casa" in out[1].split("\n")[2]
    assert out[2].startswith("  ") and "Hola" in out[2]


def test_french_goes_through_spanish(apertium):
    [out] = apertium.translate(["The house"], "en", "fr")
    assert "maison" in out.lower()


def test_unknown_pair(apertium):
    with pytest.raises(TranslatorError) as info:
        apertium.translate(["Hi"], "en", "de")
    assert info.value.code == "E036"


def test_missing_binary_is_a_clear_error():
    with pytest.raises(TranslatorError) as info:
        ApertiumCLI(binary="apertium-not-here").translate(["Hi"], "en", "es")
    assert info.value.code == "E030" and "apt-get install apertium" in info.value.message


# -- the kept pipelines -------------------------------------------------------------------------

DATA = Path(__file__).resolve().parents[2] / "data"


def _plain(mode: str, text: str) -> str:
    """What Apertium's own command prints, one process per text."""
    return subprocess.run(["apertium", "-u", mode], input=text.encode("utf-8"), capture_output=True,
                          check=True).stdout.decode("utf-8")


@pytest.mark.slow
def test_kept_pipelines_translate_exactly_as_plain_apertium_text_after_text(apertium):
    # one pipeline per mode serves all texts in turn: nothing of one text may change the next
    texts = [json.loads(line)["text"] for line in (DATA / "canary" / "corpus.jsonl").read_text().splitlines()[:30]]
    texts += [p.read_text(encoding="utf-8") for p in sorted((DATA / "emails").glob("*.txt"))[:4]]
    texts += ["Thanks!", "  lead and trail  \n\n", "Brackets [x] ^a$ b/c \\ @d <e> {f}", "é ñ ü — “quotes”…", "x"]
    kept = ApertiumCLI()
    for mode, sample in (("eng-spa", texts), ("eng-cat", texts[::3])):  # eng-cat: anaphora
        for text in sample:
            assert kept._run(mode, text) == _plain(mode, text), (mode, text[:60])
    spanish = [_plain("eng-spa", t) for t in texts[:8]]
    for text in spanish:
        assert kept._run("es-fr", text) == _plain("es-fr", text)


def test_a_pipeline_that_died_is_started_again(apertium):
    translator = ApertiumCLI()
    first = translator.translate(["The contract is signed."], "en", "es")
    [kept] = translator._idle["eng-spa"]
    for step in kept.steps:
        if not isinstance(step, list):
            os.killpg(step.proc.pid, signal.SIGKILL)
    assert translator.translate(["The contract is signed."], "en", "es") == first


def _fake_modes(tmp_path: Path, script: str) -> str:
    (tmp_path / "modes").mkdir()
    (tmp_path / "modes" / "eng-spa.mode").write_text(script + "\n")
    return str(tmp_path)


def test_a_hung_pipeline_times_out_with_a_coded_error_and_is_replaced(tmp_path):
    # tail -z -f /dev/null never reads its input and never answers
    translator = ApertiumCLI(timeout=1, datadir=_fake_modes(tmp_path, "tail -f /dev/null"))
    with pytest.raises(TranslatorTimeout) as info:
        translator.translate(["Hello"], "en", "es")
    assert info.value.code == "E032"
    # killed and dropped: nothing else goes into a pipeline that may still hold a text
    assert translator._idle["eng-spa"] == []


@pytest.mark.slow
def test_a_hung_pipeline_is_given_up_on_by_a_deadline_scaled_to_the_text(tmp_path):
    # the configured ten minutes are a ceiling: a short text that gets no answer in 20 s never will
    translator = ApertiumCLI(timeout=600, datadir=_fake_modes(tmp_path, "tail -f /dev/null"))
    started = time.monotonic()
    with pytest.raises(TranslatorTimeout) as info:
        translator.translate(["Hello"], "en", "es")
    assert time.monotonic() - started < 30 and "within 20.0 s" in info.value.message


def test_a_pipeline_that_keeps_dying_is_a_coded_error(tmp_path):
    translator = ApertiumCLI(datadir=_fake_modes(tmp_path, "true"))
    with pytest.raises(TranslatorError) as info:
        translator.translate(["Hello"], "en", "es")
    assert info.value.code == "E030" and "eng-spa failed" in info.value.message


def test_a_missing_mode_is_a_coded_error(tmp_path):
    (tmp_path / "modes").mkdir()
    with pytest.raises(TranslatorError) as info:
        ApertiumCLI(datadir=str(tmp_path)).translate(["Hello"], "en", "es")
    assert info.value.code == "E030" and "eng-spa" in info.value.message
