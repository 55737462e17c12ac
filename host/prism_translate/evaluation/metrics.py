"""Summaries of a privacy-quality trade-off curve (Sato, TMLR 2024, section 4 and Algorithm 3).

A curve is a list of (PPS, QS) points, one per setting of a method (a ratio r or a PUP
epsilon), given in grid order: from the least private setting to the most private one (r
increasing, epsilon decreasing). Two ways to read it:

- order="pps" (default): the points are sorted by increasing PPS first, as Algorithm 3's first
  line says. Points with equal PPS keep their grid order (the sort is stable): the curve then
  has a vertical step there, which adds no area and is crossed at its last point.
- order="grid": the official code's reading: the grid is walked as given, so a point whose PPS
  falls back (evaluator noise) adds a trapezoid of negative width, and QS@p is taken at the
  first crossing of p along the walk.

Next to the paper's scale this module gives a normalised one (`Scale`): t = 0 at the plaintext's
PPS and t = 1 at the question-only level (the evaluator as useless as with no story), and QS
relative to the plaintext round trip's QS. On that scale `area_above` is the area above the
plaintext's rectangle, the part of AUPQC that a method earns by hiding something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import EvaluationError

Point = tuple[float, float]  # (privacy-preservation score, quality score)
ORDERS = ("pps", "grid")


def _curve(points: Sequence[Point], order: str = "pps") -> list[Point]:
    if order not in ORDERS:
        raise EvaluationError("E085", what="curve order", name=order, choices=", ".join(ORDERS))
    if not points:
        raise EvaluationError("E086", detail="at least one (PPS, QS) point")
    for p, q in points:
        if not (0.0 <= p <= 1.0 and 0.0 <= q <= 1.0):
            raise EvaluationError("E086", detail=f"scores between 0 and 1, got ({p}, {q})")
    return sorted(points, key=lambda pq: pq[0]) if order == "pps" else list(points)


def aupqc(points: Sequence[Point], order: str = "pps") -> float:
    """Area under the privacy-quality curve, Algorithm 3: the rectangle from PPS 0 to the
    first point at that point's QS, then one trapezoid per next point."""
    pts = _curve(points, order)
    p0, q0 = pts[0]
    area = p0 * q0
    for (pa, qa), (pb, qb) in zip(pts, pts[1:]):
        area += (pb - pa) * (qa + qb) / 2
    return area


def qs_at(points: Sequence[Point], p: float, order: str = "pps") -> float | None:
    """QS@p: the curve's quality at privacy level p, by linear interpolation between the two
    points around p (in grid order: the first segment of the walk that reaches p). Below the
    first point the curve is flat (the rectangle of AUPQC); beyond the most private point it
    is undefined, and None says so."""
    pts = _curve(points, order)
    if order == "pps":
        return _crossing(pts, p)
    if p <= pts[0][0]:
        return pts[0][1]
    for (pa, qa), (pb, qb) in zip(pts, pts[1:]):
        if min(pa, pb) < p <= max(pa, pb) or (pa == pb == p):
            return qb if pa == pb else qa + (qb - qa) * (p - pa) / (pb - pa)
    return None


@dataclass(frozen=True)
class Scale:
    """The evaluator's scale on one story set, from its reference accuracies.

    plain_pps: 1 - accuracy on the original story (the plaintext's x_pub);
    floor_pps: 1 - accuracy with the questions only (no story): no x_pub can usefully hide more;
    round_trip_qs: accuracy on the plaintext's translation read back (the quality ceiling of a
    method that hides nothing)."""

    plain_pps: float
    floor_pps: float
    round_trip_qs: float

    @classmethod
    def from_references(cls, refs: dict) -> "Scale":
        return cls(1.0 - refs["original"], 1.0 - refs["question_only"], refs["round_trip"])

    @property
    def usable(self) -> bool:
        return self.floor_pps > self.plain_pps and self.round_trip_qs > 0

    def t(self, pps: float) -> float:
        """Share of the evaluator's above-chance information that x_pub hides."""
        span = self.floor_pps - self.plain_pps
        if span <= 0:
            raise EvaluationError("E086", detail=f"a question-only level above the plaintext's PPS, got "
                                  f"plaintext {self.plain_pps:.3f}, question-only {self.floor_pps:.3f}")
        return (pps - self.plain_pps) / span

    def relative(self, qs: float) -> float:
        if self.round_trip_qs <= 0:
            raise EvaluationError("E086", detail="a plaintext round trip the evaluator scores above 0")
        return qs / self.round_trip_qs

    def normalise(self, points: Sequence[Point]) -> list[Point]:
        """(t, QS / round-trip QS) for every point; t may fall below 0 or above 1 by noise."""
        return [(self.t(p), self.relative(q)) for p, q in points]


def _crossing(pts: list[Point], p: float) -> float | None:
    """QS@p on a curve sorted by its first coordinate."""
    if p < pts[0][0]:
        return pts[0][1]
    for (pa, qa), (pb, qb) in zip(pts, pts[1:]):
        if pa <= p < pb:
            return qa + (qb - qa) * (p - pa) / (pb - pa)
    return pts[-1][1] if p == pts[-1][0] else None


def area_above(points: Sequence[Point], scale: Scale) -> float:
    """Area under the normalised curve (t, QS relative) from t = 0 to t = 1, flat left of its
    first point and nothing beyond its last: the part of AUPQC above the plaintext's rectangle,
    on a scale where hiding everything the evaluator can use at the round trip's quality is 1."""
    pts = sorted(scale.normalise(_curve(points)), key=lambda pq: pq[0])
    end = min(1.0, pts[-1][0])
    if end <= 0:
        return 0.0
    xs = [0.0] + [x for x, _ in pts if 0.0 < x < end] + [end]
    ys = [_crossing(pts, x) or 0.0 for x in xs]  # every x lies within the curve: never None
    return sum((xb - xa) * (ya + yb) / 2 for xa, xb, ya, yb in zip(xs, xs[1:], ys, ys[1:]))


def qs_at_t(points: Sequence[Point], t: float, scale: Scale) -> float | None:
    """Relative QS at normalised privacy t (QS@p on the normalised curve); None beyond the curve."""
    return _crossing(sorted(scale.normalise(_curve(points)), key=lambda pq: pq[0]), t)
