"""The local Apertium command line, for real: nothing leaves the machine, and the batch keeps
one output per input and each text's line structure."""

from __future__ import annotations

import pytest

from prism_translate.errors import TranslatorError
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
