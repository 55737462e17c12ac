"""The shipped dictionaries' top translations agree with an independent lexicon as often as
dictionaries/README.md claims, re-measured on a different random sample than the README's (so the
figure is not the one the build was looked at with)."""

from __future__ import annotations

import pytest

from prism_translate.evaluation.dictionary_quality import check

pytestmark = pytest.mark.slow  # real Apertium and FreeDict lexicons over 500 entries a file


@pytest.mark.parametrize("pair, lexicon, floor", [
    ("en-es", "apertium", 0.90), ("en-ca", "apertium", 0.90), ("en-fr", "apertium", 0.88), ("en-fr", "freedict", 0.45),
    ("es-en", "apertium", 0.90), ("ca-en", "apertium", 0.90), ("fr-en", "apertium", 0.90), ("es-en", "freedict", 0.65),
    ("fr-en", "freedict", 0.55),
])
def test_top_translations_agree_with_an_independent_lexicon(pair, lexicon, floor, shipped_dictionary):
    [got] = check([shipped_dictionary(pair)], lexicon, sample=500, seed=7)
    assert got["checked"] == 500
    assert got["top1"] >= floor, got
