"""Per-method summaries of a run (AUPQC, QS@p, the normalised scale), the ratios the paper's
Table 1 compares, and their bootstrap confidence intervals over stories.

The bootstrap resamples stories with replacement (a story's 4 questions stay together, as they
share one text) and recomputes every point's PPS and QS from the per-story counts of questions
answered right, then every summary and ratio; the interval is the 2.5th to 97.5th percentile.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .metrics import Point, Scale, area_above, aupqc, qs_at, qs_at_t

QS_LEVELS = (0.5, 0.6, 0.65)
T_LEVELS = (0.5, 0.8, 0.95)
# PRISM* over each baseline (the paper's Table 1 comparisons) and over PRISM-R.
RATIOS = (("star", "nodecode"), ("star", "pup"), ("star", "r"))
RATIO_KEYS = ("aupqc", "area_above", "qs@0.5", "qs@t0.95")


def summarise(curves: dict[str, Sequence[Point]], scale: Scale | None, order: str = "pps") -> dict[str, dict]:
    """{method: {"aupqc", "qs@P"..., and with a scale "area_above", "qs@tT"...}}; None where a
    method's curve does not reach the level."""
    out = {}
    for method, curve in curves.items():
        row = {"aupqc": aupqc(curve, order), **{f"qs@{p}": qs_at(curve, p, order) for p in QS_LEVELS}}
        if scale is not None:
            row["area_above"] = area_above(curve, scale)
            row.update({f"qs@t{t}": qs_at_t(curve, t, scale) for t in T_LEVELS})
            row["max_t"] = max(scale.t(p) for p, _ in curve)
        out[method] = row
    return out


def ratio_names(labels: dict[str, str]) -> dict[str, tuple[str, str]]:
    return {f"{labels[a]}/{labels[b]}": (a, b) for a, b in RATIOS}


def ratios(summary: dict[str, dict], labels: dict[str, str]) -> dict[str, dict]:
    """{"PRISM*/NoDecode": {"aupqc": ..., ...}, ...}; None where a side is undefined."""
    out = {}
    for name, (a, b) in ratio_names(labels).items():
        if a in summary and b in summary:
            row = {}
            for key in RATIO_KEYS:
                x, y = summary[a].get(key), summary[b].get(key)
                row[key] = None if x is None or y is None or y == 0 else x / y
            out[name] = row
    return out


def bootstrap(right_pub: dict[str, np.ndarray], right_pri: dict[str, np.ndarray], references: dict[str, np.ndarray],
              labels: dict[str, str], *, samples: int = 1000, seed: int = 0, order: str = "pps",
              level: float = 0.95) -> dict:
    """Percentile intervals of every summary value and ratio.

    right_pub / right_pri: per method an array (points x stories) of questions answered right
    (out of 4) from x_pub / from y_pri, points in grid order; references: per reference text
    ("original", "question_only", "round_trip") an array over stories. Resamples where a value
    is undefined (a curve that does not reach a level) are left out of its interval, and
    "defined" says in how many of the resamples it existed."""
    n = len(next(iter(references.values())))
    rng = np.random.default_rng(seed)
    draws: dict[tuple[str, str, str], list[float]] = {}
    for _ in range(samples):
        idx = rng.integers(0, n, n)
        refs = {k: float(v[idx].sum()) / (4 * n) for k, v in references.items()}
        scale: Scale | None = Scale.from_references(refs)
        if scale is not None and not scale.usable:  # a resample where the stories help the evaluator no more than no story
            scale = None
        curves: dict[str, Sequence[Point]] = {m: list(zip((1.0 - right_pub[m][:, idx].sum(axis=1) / (4 * n)).tolist(),
                              (right_pri[m][:, idx].sum(axis=1) / (4 * n)).tolist())) for m in right_pub}
        summ = summarise(curves, scale, order)
        for method, row in summ.items():
            for key, value in row.items():
                draws.setdefault(("summary", method, key), []).append(value)
        for name, row in ratios(summ, labels).items():
            for key, value in row.items():
                draws.setdefault(("ratios", name, key), []).append(value)
    lo, hi = 100 * (1 - level) / 2, 100 * (1 + level) / 2
    out: dict = {"samples": samples, "level": level, "summary": {}, "ratios": {}}
    for (part, name, key), values in draws.items():
        got = [v for v in values if v is not None]
        interval = [float(np.percentile(got, lo)), float(np.percentile(got, hi))] if got else None
        out[part].setdefault(name, {})[key] = {"ci": interval, "defined": len(got) / samples}
    return out
