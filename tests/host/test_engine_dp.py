"""A statistical check of Theorem 3.2 (and of the mixture's bound): on a tiny vocabulary, the
output frequencies for two neighbouring inputs never differ by more than e^epsilon."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from prism_translate.dictionary.format import Dictionary, Entry
from prism_translate.engine.encode import encode, epsilon
from prism_translate.engine.tokenize import Token

WORDS = ["dog", "cat", "tree", "house"]
TINY = Dictionary(
    {"source": "en", "target": "es", "translator": "t", "corpus": "t", "K": 0, "estimator": "t", "built": "t"},
    [Entry(w, "NOUN", "NN", 1.0 - i / 10, (f"{w}-es",), (1.0,)) for i, w in enumerate(WORDS)],
)
TRIALS = 40_000


def output_distribution(word: str, method: str, ratio: float, beta: float, seed: int) -> Counter:
    rng = random.Random(seed)
    token = [Token(word, "", "NOUN", "NN")]
    counts = Counter()
    for _ in range(TRIALS):
        counts[encode(token, TINY, method, ratio, beta=beta, rng=rng, protect_entities=False).text] += 1
    return counts


@pytest.mark.parametrize("method,ratio,beta", [("r", 0.5, 0.0), ("r", 0.8, 0.0), ("mix", 0.6, 0.5)])
def test_neighbouring_inputs_stay_within_e_epsilon(method, ratio, beta):
    eps = epsilon(method, ratio, len(TINY), beta)
    p = output_distribution("dog", method, ratio, beta, seed=1)
    q = output_distribution("cat", method, ratio, beta, seed=2)
    assert set(p) == set(q) == set(WORDS), "every output must be possible from every input"
    worst = 0.0
    for out in WORDS:
        for a, b in ((p[out], q[out]), (q[out], p[out])):
            # Even the most favourable reading of the sampling error (4 sigma) must not
            # put the true ratio above e^eps.
            assert (a - 4 * math.sqrt(a)) / (b + 4 * math.sqrt(b)) <= math.exp(eps)
            worst = max(worst, a / b)
    # The bound is tight for PRISM-R: the input word itself is the worst case.
    if method == "r":
        assert worst == pytest.approx(math.exp(eps), rel=0.1)
