"""The empirical epsilon of the differential-privacy audit (tests/host/engine/test_dp.py): from
samples of what two neighbouring inputs sent, the largest privacy loss the samples support."""

from __future__ import annotations

from collections import Counter

import numpy as np
from scipy.stats import beta as beta_dist

from prism_translate.engine import entities

STAND_IN_NAMES = frozenset(entities.FIRST_NAMES + entities.SURNAMES)
ALPHA = 1e-3  # chance that an audit wrongly finds a violation, all events together


def events(row: tuple[str, ...], forms) -> list[tuple]:
    """The events an output belongs to: the whole text, each position's word, whether each
    position holds a word of V (what tells a word from a kept token) and whether it holds a name
    of the stand-in lists (what tells a name surrogate from a word: those names are names
    Apertium knows, and the dictionaries list many of them too)."""
    return ([("text", row)] + [(j, "word", w) for j, w in enumerate(row)]
            + [(j, "in V", w.lower() in forms) for j, w in enumerate(row)]
            + [(j, "stand-in name", w in STAND_IN_NAMES) for j, w in enumerate(row)])


def empirical_epsilon(a: list[tuple], b: list[tuple], forms=(), alpha: float = ALPHA) -> float:
    """The largest ln(P_a[E] / P_b[E]), either direction, that the samples support at confidence
    1 - alpha over all `events` (Clopper-Pearson intervals, Bonferroni over the events)."""
    ca = Counter(e for row in a for e in events(row, forms))
    cb = Counter(e for row in b for e in events(row, forms))
    keys = list(set(ca) | set(cb))
    level = alpha / (2 * len(keys))
    best = 0.0
    for x, nx, y, ny in ((ca, len(a), cb, len(b)), (cb, len(b), ca, len(a))):
        k = np.array([x[key] for key in keys], dtype=float)
        m = np.array([y[key] for key in keys], dtype=float)
        seen = k > 0
        low = beta_dist.ppf(level, k[seen], nx - k[seen] + 1)
        high = np.where(m[seen] == ny, 1.0, beta_dist.ppf(1 - level, m[seen] + 1, np.maximum(ny - m[seen], 1)))
        best = max(best, float(np.max(np.log(low / high), initial=0.0)))
    return best
