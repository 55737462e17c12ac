"""Summaries of a privacy-quality trade-off curve (Sato, TMLR 2024, section 4 and Algorithm 3).

A curve is a list of (PPS, QS) points, one per setting of a method (a ratio r or a PUP
epsilon). Both functions sort the points by increasing PPS first, so callers may pass them in
grid order. Points with equal PPS keep their grid order (the sort is stable): the curve then
has a vertical step there, which adds no area and is crossed at its last point.
"""

from __future__ import annotations

from typing import Sequence

from ..errors import EvaluationError

Point = tuple[float, float]  # (privacy-preservation score, quality score)


def _sorted(points: Sequence[Point]) -> list[Point]:
    if not points:
        raise EvaluationError("E086", detail="at least one (PPS, QS) point")
    for p, q in points:
        if not (0.0 <= p <= 1.0 and 0.0 <= q <= 1.0):
            raise EvaluationError("E086", detail=f"scores between 0 and 1, got ({p}, {q})")
    return sorted(points, key=lambda pq: pq[0])


def aupqc(points: Sequence[Point]) -> float:
    """Area under the privacy-quality curve, Algorithm 3: the rectangle from PPS 0 to the
    least private point at that point's QS, then one trapezoid per next point."""
    pts = _sorted(points)
    p0, q0 = pts[0]
    area = p0 * q0
    for (pa, qa), (pb, qb) in zip(pts, pts[1:]):
        area += (pb - pa) * (qa + qb) / 2
    return area


def qs_at(points: Sequence[Point], p: float) -> float | None:
    """QS@p: the curve's quality at privacy level p, by linear interpolation between the two
    points around p. Below the least private point the curve is flat (the rectangle of
    AUPQC); beyond the most private point it is undefined, and None says so."""
    pts = _sorted(points)
    if p < pts[0][0]:
        return pts[0][1]
    for (pa, qa), (pb, qb) in zip(pts, pts[1:]):
        if pa <= p < pb:
            return qa + (qb - qa) * (p - pa) / (pb - pa)
    last_p = pts[-1][0]
    if p == last_p:
        return pts[-1][1]
    return None
