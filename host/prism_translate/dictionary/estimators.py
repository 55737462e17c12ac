"""Scoring target words v as translations of a probed source word (w, s).

Both estimators read the same evidence, one `Probe` per probe sentence i:
  - `probe`: the set of target words in the translation of sentence i with w put in the slot,
  - `base`: the set of target words in the translation of the unmodified sentence i (from R),
plus `Background`: in how many of the |D| translations of R each v occurs.

paper_ratio (Sato 2024, section 3.2): Pr[v in R_ws] / Pr[v in R]. Rare background words get a
huge ratio from one accidental occurrence, so noise can outrank the real translation.

contrastive: v counts in probe i only when it is absent from the base translation of sentence i
(so only words the substitution introduced count), and candidates are ranked by how surprising
that count is under v's background rate: -log10 P[Binomial(n_v, p_v) >= c_v]. The confidence of
an entry is the top word's probe frequency c_v / n_v.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

ESTIMATORS = ("contrastive", "paper")
# Checkpoints store target words, so they are keyed by this: bump it when target_words changes.
WORDS_VERSION = 2
# Letters, with Catalan's middle dot kept inside a word (pel·lícula is one word).
_WORD = re.compile(r"[^\W\d_]+(?:·[^\W\d_]+)*")


def target_words(translation: str) -> frozenset[str]:
    """Lower-cased whole words of a translation (apostrophes and hyphens split, as the decoder's
    whole-word search does: French l'argent -> l, argent; Catalan pel·lícula stays whole)."""
    return frozenset(m.group().lower() for m in _WORD.finditer(translation))


@dataclass(frozen=True)
class Probe:
    probe: frozenset[str]
    base: frozenset[str]


@dataclass
class Background:
    """Document frequency of each target word over the translations R of the corpus D."""

    df: Counter
    size: int

    @classmethod
    def from_translations(cls, word_sets: Iterable[frozenset[str]]) -> "Background":
        df: Counter = Counter()
        n = 0
        for ws in word_sets:
            df.update(ws)
            n += 1
        return cls(df, n)

    def rate(self, v: str) -> float:
        """Pr[v in R], add-half smoothed so unseen words get a small non-zero rate."""
        return (self.df.get(v, 0) + 0.5) / (self.size + 1)


def binom_sf_log10(c: int, n: int, p: float) -> float:
    """-log10 P[X >= c] for X ~ Binomial(n, p), computed in log space (exact for small n)."""
    if c <= 0:
        return 0.0
    if c > n:
        return math.inf
    p = min(max(p, 1e-12), 1 - 1e-12)
    lp, lq = math.log(p), math.log1p(-p)
    terms = [
        math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp + (n - k) * lq
        for k in range(c, n + 1)
    ]
    top = max(terms)
    log_tail = top + math.log(sum(math.exp(t - top) for t in terms))
    return -log_tail / math.log(10)


@dataclass(frozen=True)
class Scored:
    candidates: tuple[str, ...]
    scores: tuple[float, ...]
    confidence: float


def paper_ratio(probes: Sequence[Probe], bg: Background, top: int = 5) -> Scored:
    """Rank v by Pr[v in R_ws] / Pr[v in R]; confidence = Pr[top word in R_ws]."""
    k = len(probes)
    counts = Counter(v for p in probes for v in p.probe)
    if not k or not counts:
        return Scored((), (), 0.0)
    ranked = sorted(counts, key=lambda v: (-(counts[v] / k) / bg.rate(v), v))[:top]
    return Scored(
        tuple(ranked),
        tuple((counts[v] / k) / bg.rate(v) for v in ranked),
        counts[ranked[0]] / k,
    )


def contrastive(
    probes: Sequence[Probe], bg: Background, top: int = 5, min_count: int = 2, min_score: float = 3.0
) -> Scored:
    """Rank v by binomial significance of its contrastive count; see the module docstring.

    Candidates need at least `min_count` contrastive occurrences (one occurrence is noise);
    when no word reaches it, the entry has no candidates and is dropped. Candidates after the
    first also need a significance of `min_score` (p <= 0.001): articles and prepositions that
    an inflection sometimes drags in would mislead the decoder.
    """
    counts: Counter = Counter()
    for p in probes:
        counts.update(p.probe - p.base)
    scored = []
    for v, c in counts.items():
        if c < min_count:
            continue
        n = sum(1 for p in probes if v not in p.base)
        scored.append((binom_sf_log10(c, n, bg.rate(v)), c / n, v))
    if not scored:
        return Scored((), (), 0.0)
    scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
    scored = scored[:1] + [t for t in scored[1:top] if t[0] >= min_score]
    return Scored(
        tuple(v for _, _, v in scored),
        tuple(min(s, 999.0) for s, _, _ in scored),
        scored[0][1],
    )


def estimate(name: str, probes: Sequence[Probe], bg: Background, top: int = 5) -> Scored:
    if name == "paper":
        return paper_ratio(probes, bg, top)
    return contrastive(probes, bg, top)
