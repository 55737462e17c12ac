"""AUPQC (Algorithm 3), QS@p, the normalised scale and the bootstrap on hand-made curves."""

from __future__ import annotations

import numpy as np
import pytest

from prism_translate.errors import EvaluationError
from prism_translate.evaluation import mctest
from prism_translate.evaluation.metrics import Scale, area_above, aupqc, qs_at, qs_at_t
from prism_translate.evaluation.summary import bootstrap, ratios, summarise

CURVE = [(0.2, 0.9), (0.5, 0.7), (0.8, 0.3)]
LABELS = {"star": "PRISM*", "nodecode": "NoDecode", "pup": "PUP", "r": "PRISM-R"}


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


def test_grid_order_walks_the_points_as_given_and_takes_the_first_crossing():
    # PPS falls back at the third setting (evaluator noise): sorted, the curve is monotone;
    # walked in grid order, the step back is a trapezoid of negative width
    noisy = [(0.2, 0.9), (0.6, 0.5), (0.4, 0.8), (0.8, 0.3)]
    assert aupqc(noisy, "grid") == pytest.approx(0.18 + 0.4 * 0.7 - 0.2 * 0.65 + 0.4 * 0.55)
    assert aupqc(noisy, "pps") == pytest.approx(0.18 + 0.2 * 0.85 + 0.2 * 0.65 + 0.2 * 0.4)
    # p = 0.5 is first crossed between (0.2, 0.9) and (0.6, 0.5), not between the sorted neighbours
    assert qs_at(noisy, 0.5, "grid") == pytest.approx(0.6)
    assert qs_at(noisy, 0.5, "pps") == pytest.approx(0.65)
    assert qs_at(noisy, 0.45, "grid") == pytest.approx(0.65)
    assert qs_at(noisy, 0.45, "pps") == pytest.approx(0.725)
    assert qs_at(noisy, 0.1, "grid") == pytest.approx(0.9) and qs_at(noisy, 0.9, "grid") is None
    # on a monotone curve both readings agree
    assert aupqc(CURVE, "grid") == pytest.approx(aupqc(CURVE))
    assert qs_at(CURVE, 0.6, "grid") == pytest.approx(qs_at(CURVE, 0.6))


def test_empty_or_out_of_range_curves_are_coded_errors():
    with pytest.raises(EvaluationError) as err:
        aupqc([])
    assert err.value.code == "E086"
    with pytest.raises(EvaluationError) as err:
        qs_at([(1.2, 0.5)], 0.5)
    assert err.value.code == "E086"
    with pytest.raises(EvaluationError) as err:
        aupqc(CURVE, "sideways")
    assert err.value.code == "E085"


# -- the normalised scale -------------------------------------------------------------------------

# original 0.7 (PPS 0.3), questions only 0.25 (PPS 0.75), round trip 0.6
SCALE = Scale.from_references({"original": 0.7, "question_only": 0.25, "round_trip": 0.6})


def test_t_is_0_at_the_plaintext_and_1_at_the_question_only_level():
    assert SCALE.t(0.3) == pytest.approx(0.0)
    assert SCALE.t(0.75) == pytest.approx(1.0)
    assert SCALE.t(0.525) == pytest.approx(0.5)
    assert SCALE.relative(0.54) == pytest.approx(0.9)


def test_qs_at_t_reads_the_normalised_curve():
    curve = [(0.3, 0.6), (0.525, 0.6), (0.75, 0.3)]
    assert qs_at_t(curve, 0.5, SCALE) == pytest.approx(1.0)
    assert qs_at_t(curve, 0.95, SCALE) == pytest.approx((0.6 - 0.3 * 0.9) / 0.6)
    assert qs_at_t(curve, 1.0, SCALE) == pytest.approx(0.5)
    assert qs_at_t(curve[:2], 0.95, SCALE) is None  # never reaches t = 0.95


def test_area_above_is_the_part_of_aupqc_beyond_the_plaintexts_rectangle():
    # hides everything at the round trip's quality: 1
    assert area_above([(0.3, 0.6), (0.75, 0.6)], SCALE) == pytest.approx(1.0)
    # hides nothing: 0, whatever its Algorithm 3 rectangle is worth
    assert area_above([(0.3, 0.6)], SCALE) == 0.0
    # a straight fall from the round trip's QS to 0 at the question-only level: half
    assert area_above([(0.3, 0.6), (0.75, 0.0)], SCALE) == pytest.approx(0.5)
    # on the paper's scale the same two curves differ by far less: the rectangle 0.3 x 0.6 is shared
    assert aupqc([(0.3, 0.6), (0.75, 0.6)]) / aupqc([(0.3, 0.6), (0.75, 0.0)]) == pytest.approx(0.45 / 0.315)
    # stops at its last point, and counts nothing past the question-only level
    assert area_above([(0.3, 0.6), (0.525, 0.6)], SCALE) == pytest.approx(0.5)
    assert area_above([(0.3, 0.6), (0.75, 0.6), (0.9, 0.6)], SCALE) == pytest.approx(1.0)
    # a curve that starts more private than the plaintext is flat back to t = 0, as in Algorithm 3
    assert area_above([(0.525, 0.3), (0.75, 0.3)], SCALE) == pytest.approx(0.5)


def test_a_scale_without_room_is_a_coded_error():
    flat = Scale.from_references({"original": 0.25, "question_only": 0.25, "round_trip": 0.3})
    assert not flat.usable
    with pytest.raises(EvaluationError) as err:
        flat.t(0.5)
    assert err.value.code == "E086"


def test_summary_and_ratios():
    curves = {"star": [(0.3, 0.6), (0.75, 0.6)], "nodecode": [(0.3, 0.6), (0.75, 0.0)]}
    summary = summarise(curves, SCALE)
    assert summary["star"]["aupqc"] == pytest.approx(0.45)
    assert summary["star"]["qs@t0.95"] == pytest.approx(1.0)
    assert summary["star"]["max_t"] == pytest.approx(1.0)
    ratio = ratios(summary, LABELS)["PRISM*/NoDecode"]
    assert ratio["aupqc"] == pytest.approx(0.45 / 0.315)
    assert ratio["area_above"] == pytest.approx(2.0)
    assert "PRISM*/PUP" not in ratios(summary, LABELS)  # no PUP curve, no ratio


# -- the bootstrap over stories ---------------------------------------------------------------------


def _counts(rng, n, accuracies):
    """Per story, questions right out of 4, for each accuracy (one row per grid point)."""
    return np.array([rng.binomial(4, a, n) for a in accuracies])


def test_bootstrap_intervals_cover_the_estimate_and_shrink_with_more_stories():
    rng = np.random.default_rng(1)
    widths = []
    for n in (40, 640):
        pub = {"star": _counts(rng, n, [0.7, 0.5, 0.3]), "nodecode": _counts(rng, n, [0.7, 0.5, 0.3])}
        pub["nodecode"] = pub["star"]  # the same x_pub, as in the protocol
        pri = {"star": _counts(rng, n, [0.6, 0.6, 0.55]), "nodecode": _counts(rng, n, [0.6, 0.45, 0.3])}
        refs = {"original": pub["star"][0], "question_only": rng.binomial(4, 0.25, n),
                "round_trip": pri["star"][0]}
        got = bootstrap(pub, pri, refs, LABELS, samples=300, seed=0)
        curves = {m: list(zip(1 - pub[m].sum(1) / (4 * n), pri[m].sum(1) / (4 * n))) for m in pub}
        point = ratios(summarise(curves, None), LABELS)["PRISM*/NoDecode"]["aupqc"]
        lo, hi = got["ratios"]["PRISM*/NoDecode"]["aupqc"]["ci"]
        assert lo <= point <= hi and lo > 1.0  # decoding keeps quality: the ratio is above 1 with confidence
        star_lo, star_hi = got["summary"]["star"]["aupqc"]["ci"]
        widths.append(star_hi - star_lo)
        assert got["summary"]["star"]["qs@0.5"]["defined"] == 1.0
        # the same seed gives the same intervals
        assert bootstrap(pub, pri, refs, LABELS, samples=300, seed=0) == got
    assert widths[1] < widths[0] / 2  # 16 times the stories: about a quarter of the width


def test_a_level_some_resamples_do_not_reach_says_so():
    rng = np.random.default_rng(2)
    n = 50
    pub = {"star": _counts(rng, n, [0.6, 0.5])}  # PPS about 0.4 then 0.5: QS@0.5 sometimes undefined
    pri = {"star": _counts(rng, n, [0.6, 0.6])}
    refs = {"original": pub["star"][0], "question_only": rng.binomial(4, 0.25, n), "round_trip": pri["star"][0]}
    got = bootstrap(pub, pri, refs, LABELS, samples=200, seed=0)
    assert 0.0 < got["summary"]["star"]["qs@0.5"]["defined"] < 1.0


def test_seeded_story_sample_is_repeatable_in_file_order_and_not_the_first_stories():
    stories = [mctest.Story(str(i), "", f"story {i}", ()) for i in range(50)]  # type: ignore[arg-type]
    a = mctest.sample(stories, 10, seed=3)
    assert a == mctest.sample(stories, 10, seed=3)
    assert [int(s.id) for s in a] == sorted(int(s.id) for s in a)
    assert a != stories[:10] and a != mctest.sample(stories, 10, seed=4)
    assert mctest.sample(stories, None, seed=3) == stories == mctest.sample(stories, 80, seed=3)
    with pytest.raises(EvaluationError) as err:
        mctest.sample(stories, 0, seed=3)
    assert err.value.code == "E089"
