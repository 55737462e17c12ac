"""Offensive words never go to the translator as substitutes ("bitch" and "Sex" used to turn up
in business e-mails under PRISM*), whatever the method."""

from __future__ import annotations

import random

import pytest

from prism_translate.api import scramble
from prism_translate.engine.dp import vocabulary
from prism_translate.engine.encode import encode
from prism_translate.dictionary.words import is_offensive, offensive_words
from prism_translate.engine.tokenize import analyse

MAIL = ("Dear Ms. Okafor, thank you for the quick reply. Our board met on Monday and approved the budget "
        "for the new warehouse. The report shows strong sales in every region, and the team would like to "
        "visit your factory next month to discuss the delivery schedule and the quality checks.")


def test_the_list_holds_the_words_that_were_sent():
    for word in ("bitch", "sex", "Sex", "whore", "shit"):
        assert is_offensive(word)
    for word in ("contract", "invoice", "sexton", "class"):
        assert not is_offensive(word)
    assert len(offensive_words()) > 500


@pytest.mark.parametrize("method", ["star", "r", "mix"])
def test_no_method_sends_an_offensive_substitute(shipped_es, method):
    assert any(is_offensive(e.word) for e in shipped_es.entries), "the dictionary holds some: the test must bite"
    rng, tokens = random.Random(0), analyse(MAIL)
    sent = set()
    for _ in range(15 if method == "star" else 100):  # PRISM* at r = 1 takes a while per run
        enc = encode(tokens, shipped_es, method, 1.0, rng=rng)
        sent |= {s.substitute for s in enc.substitutions if s.kind == "word"}
    assert len(sent) > 100
    assert not [w for w in sent if is_offensive(w)]
    assert not [f for f in vocabulary(shipped_es).substitutes if is_offensive(f)]


def test_an_offensive_word_of_the_text_is_hidden_by_prism_r_every_time(shipped_es):
    enc = scramble("The client called him a bastard on the phone.", shipped_es, "r", 0.1, seed=1)
    rng = random.Random(1)
    for _ in range(50):
        assert "bastard" not in encode(enc.tokens, shipped_es, "r", 0.1, rng=rng).text



@pytest.mark.slow
def test_function_words_are_spacys_lists_read_without_importing_spacy():
    """The host answers `capabilities` (which counts epsilon's |V| with these lists) on another
    thread than the warm-up that loads spaCy: importing spaCy there failed half-way under the fuzz
    test. So the lists are read as data, and are exactly spaCy's."""
    import importlib
    import subprocess
    import sys

    from prism_translate.languages import stop_words

    langs = ["en", "es", "fr", "ca"]
    code = (f"import sys; from prism_translate.languages import stop_words; "
            f"print(*[len(stop_words(lang)) for lang in {langs!r}], 'spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    expected = {lang: frozenset(importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS) for lang in langs}
    assert out == [*(str(len(expected[lang])) for lang in langs), "False"]
    assert all(stop_words(lang) == expected[lang] for lang in langs)
    assert "the" in stop_words("en") and "de" in stop_words("es")
