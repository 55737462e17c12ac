"""PUP (Feyisetan et al. 2020): the noise distribution, and the mechanism on real word vectors."""

from __future__ import annotations

import numpy as np
import pytest

from prism_translate.errors import EvaluationError
from prism_translate.evaluation.pup import PUP, load_vectors, sample_noise

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop


@pytest.mark.parametrize("dim, eps", [(50, 5.0), (300, 1.0), (300, 30.0)])
def test_noise_norm_is_gamma_d_over_eps(dim, eps):
    noise = sample_noise(dim, eps, 20_000, np.random.default_rng(7))
    norms = np.linalg.norm(noise, axis=1)
    # Gamma(d, 1/eps): mean d/eps, standard deviation sqrt(d)/eps
    assert norms.mean() == pytest.approx(dim / eps, rel=0.01)
    assert norms.std() == pytest.approx(np.sqrt(dim) / eps, rel=0.05)


def test_noise_direction_is_uniform_on_the_sphere():
    noise = sample_noise(50, 2.0, 20_000, np.random.default_rng(8))
    unit = noise / np.linalg.norm(noise, axis=1, keepdims=True)
    # mean direction ~ 0 and isotropic: every coordinate has variance 1/d
    assert np.linalg.norm(unit.mean(axis=0)) < 5 / np.sqrt(20_000)
    assert unit.var(axis=0) == pytest.approx(np.full(50, 1 / 50), rel=0.1)


def test_epsilon_must_be_positive():
    with pytest.raises(EvaluationError) as err:
        sample_noise(10, 0.0, 1, np.random.default_rng(0))
    assert err.value.code == "E089"


@pytest.fixture(scope="module")
def pup():
    return PUP(load_vectors())


def test_vectors_are_spacys_md_table(pup):
    v = pup.vectors
    assert v.dim == 300
    assert v.row("dog") is not None and v.row("Dog") == v.row("dog")
    assert v.row("zzqxv") is None
    assert len(v.candidates) > 5000


def test_tiny_noise_keeps_the_text(pup):
    text = "Todd is a small boy in the town of Rocksville. He loves to swim!"
    assert pup.encode(text, 1e6, np.random.default_rng(0)) == text


def test_large_noise_changes_words_but_keeps_case_numbers_punctuation_and_unknown_words(pup):
    words = ["DOG", "dog", "Dog", "3", ",", "Zzqxvw", "house", "."]
    out = pup.perturb_words(words, 0.5, np.random.default_rng(1))
    assert out[3:6] == ["3", ",", "Zzqxvw"] and out[7] == "."
    assert out[0].isupper() and out[1].islower() and out[2][0].isupper() and out[2][1:].islower()
    assert sum(a != b for a, b in zip(words, out)) >= 3


def test_more_privacy_budget_changes_fewer_words(pup):
    text = ("Sally went to the store with her mother to buy apples, bread and milk for the picnic "
            "at the lake on Saturday afternoon.")
    words = text.split()
    changed = []
    for eps in (1.0, 10.0, 30.0):
        runs = [pup.perturb_words(words, eps, np.random.default_rng(seed)) for seed in range(5)]
        changed.append(np.mean([sum(a != b for a, b in zip(words, r)) for r in runs]))
    assert changed[0] > changed[1] > changed[2]


def test_encode_is_reproducible_with_a_seed(pup):
    text = "The cat sat on the mat with a hat."
    a = pup.encode(text, 5.0, np.random.default_rng(3))
    assert a == pup.encode(text, 5.0, np.random.default_rng(3))
    assert a.count(" ") == text.count(" ") and a.endswith(".")
