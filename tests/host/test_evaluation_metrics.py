"""AUPQC (Algorithm 3) and QS@p on hand-made curves."""

from __future__ import annotations

import pytest

from prism_translate.errors import EvaluationError
from prism_translate.evaluation.metrics import aupqc, qs_at

CURVE = [(0.2, 0.9), (0.5, 0.7), (0.8, 0.3)]


def test_aupqc_is_first_rectangle_then_trapezoids():
    # 0.2*0.9 + 0.3*(0.9+0.7)/2 + 0.3*(0.7+0.3)/2
    assert aupqc(CURVE) == pytest.approx(0.18 + 0.24 + 0.15)


def test_points_are_sorted_by_increasing_privacy_first():
    shuffled = [CURVE[2], CURVE[0], CURVE[1]]
    assert aupqc(shuffled) == pytest.approx(aupqc(CURVE))
    assert qs_at(shuffled, 0.65) == pytest.approx(qs_at(CURVE, 0.65))


def test_a_single_point_is_its_rectangle():
    assert aupqc([(0.4, 0.5)]) == pytest.approx(0.2)


def test_ties_in_privacy_add_no_area_and_are_crossed_at_the_last_point():
    tied = [(0.2, 0.9), (0.5, 0.8), (0.5, 0.6), (0.8, 0.3)]
    # the vertical step at 0.5 has no width; the next trapezoid starts from (0.5, 0.6)
    assert aupqc(tied) == pytest.approx(0.18 + 0.3 * (0.9 + 0.8) / 2 + 0.3 * (0.6 + 0.3) / 2)
    assert qs_at(tied, 0.5) == pytest.approx(0.6)
    assert qs_at(tied, 0.65) == pytest.approx(0.45)


def test_qs_at_interpolates_linearly():
    assert qs_at(CURVE, 0.5) == pytest.approx(0.7)
    assert qs_at(CURVE, 0.6) == pytest.approx(0.7 + (0.3 - 0.7) * (0.1 / 0.3))
    assert qs_at(CURVE, 0.35) == pytest.approx(0.8)


def test_qs_at_outside_the_curve():
    # below the least private point the curve is flat (AUPQC's rectangle) ...
    assert qs_at(CURVE, 0.1) == pytest.approx(0.9)
    assert qs_at(CURVE, 0.0) == pytest.approx(0.9)
    # ... at the last point it is that point, beyond it undefined
    assert qs_at(CURVE, 0.8) == pytest.approx(0.3)
    assert qs_at(CURVE, 0.81) is None
    assert qs_at([(0.4, 0.5)], 0.6) is None


def test_empty_or_out_of_range_curves_are_coded_errors():
    with pytest.raises(EvaluationError) as err:
        aupqc([])
    assert err.value.code == "E086"
    with pytest.raises(EvaluationError) as err:
        qs_at([(1.2, 0.5)], 0.5)
    assert err.value.code == "E086"
