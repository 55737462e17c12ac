"""Estimator maths on hand-made probe evidence (no translator involved)."""

from __future__ import annotations

import math

import pytest

from prism_translate.dictionary.estimators import (
    Background,
    Probe,
    binom_sf_log10,
    contrastive,
    paper_ratio,
    target_words,
)


def probes(*pairs: tuple[str, str]) -> list[Probe]:
    return [Probe(frozenset(p.split()), frozenset(b.split())) for p, b in pairs]


def test_binomial_tail_matches_direct_sum():
    # P[X >= 2], X ~ Bin(3, 0.5) = (3 + 1) / 8
    assert binom_sf_log10(2, 3, 0.5) == pytest.approx(-math.log10(0.5))
    # P[X >= 20], X ~ Bin(20, 0.1) = 1e-20
    assert binom_sf_log10(20, 20, 0.1) == pytest.approx(20.0)
    assert binom_sf_log10(0, 5, 0.3) == 0.0
    assert binom_sf_log10(6, 5, 0.3) == math.inf


def test_background_rate_is_smoothed_document_frequency():
    bg = Background.from_translations([frozenset({"el", "perro"}), frozenset({"el", "gato"}), frozenset({"la"})])
    assert bg.size == 3
    assert bg.rate("el") == pytest.approx(2.5 / 4)
    assert bg.rate("nunca") == pytest.approx(0.5 / 4)


def test_paper_ratio_follows_its_formula_and_is_fooled_by_rare_words():
    # "casa" is the real translation (4 of 4 probes) but common in R; "aborto" turned up once by
    # accident and never in R: its ratio is larger, which is the paper estimator's weakness.
    bg = Background(df={"casa": 50, "el": 90, "aborto": 0}, size=100)
    ev = probes(("el casa", ""), ("casa aborto", ""), ("casa", ""), ("el casa", ""))
    got = paper_ratio(ev, bg)
    assert got.candidates[0] == "aborto"
    assert got.scores[0] == pytest.approx((1 / 4) / (0.5 / 101))
    assert dict(zip(got.candidates, got.scores))["casa"] == pytest.approx(1.0 / (50.5 / 101))
    assert got.confidence == pytest.approx(1 / 4)


def test_contrastive_counts_only_words_the_substitution_introduced():
    bg = Background(df={"casa": 50, "el": 90, "aborto": 0, "perro": 10}, size=100)
    # "el" is in every probe but also in every base sentence: it never counts.
    # "casa" is new in 3 of the 4 probes whose base lacks it; the 4th base already had "casa".
    ev = probes(
        ("el casa", "el perro"),
        ("el casa aborto", "el gato"),
        ("el casa", "el"),
        ("el casa", "el casa"),
    )
    got = contrastive(ev, bg)
    assert got.candidates == ("casa",)  # "aborto" once is below min_count; "el" never counts
    assert got.scores[0] == pytest.approx(binom_sf_log10(3, 3, 50.5 / 101))
    assert got.confidence == pytest.approx(3 / 3)


def test_contrastive_ranks_by_significance_not_raw_count():
    # Both words are introduced in 3 probes, but "de" is common in R, so "casa" is far more surprising.
    bg = Background(df={"casa": 5, "de": 80}, size=100)
    ev = probes(*[("casa de", "")] * 3, *[("", "")] * 7)
    got = contrastive(ev, bg, min_score=0.0)
    assert got.candidates == ("casa", "de")
    assert got.scores[0] > got.scores[1]
    assert got.confidence == pytest.approx(3 / 10)


def test_contrastive_keeps_only_significant_runner_ups():
    bg = Background(df={"grande": 1, "grandes": 1, "la": 90}, size=100)
    ev = probes(*[("grande la", "")] * 10, *[("grandes la", "")] * 6, *[("", "")] * 4)
    got = contrastive(ev, bg)
    assert got.candidates == ("grande", "grandes")  # "la": p-value far above 0.001


def test_no_candidate_when_nothing_repeats():
    bg = Background(df={}, size=10)
    assert contrastive(probes(("a", ""), ("b", "")), bg).candidates == ()


def test_target_words_are_lower_case_whole_words():
    assert target_words("L'argent d'Élise, 20 €: ¡Sí!") == frozenset({"l", "argent", "d", "élise", "sí"})
    assert target_words("La pel·lícula, col·lecció.") == frozenset({"la", "pel·lícula", "col·lecció"})
