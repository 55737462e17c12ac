"""The paper's privacy/quality protocol (Sato 2024, section 4) over an MCTest file.

For every method and every grid point: x_pub for each story -> one translator call for all
stories (source -> target) -> y_pri (decoded, except NoDecode and PUP) -> one Apertium call
back to English, so the English-reading evaluator can read it. PPS = 1 - accuracy on x_pub,
QS = accuracy on the back-translated y_pri.

In the reading direction (source other than English: stories rendered into Spanish, read in
English), x_pub and y_pri are in the evaluator's language's place already: PPS = 1 - accuracy on
y_pub (x_pub translated into English), QS = accuracy on y_pri; no back-translation. Translations and evaluator answers are cached by
content hash, so a rerun, or two grid points producing the same text (every r = 0, PRISM* and
NoDecode's x_pub), cost nothing twice.
"""

from __future__ import annotations

import logging
import random
import resource
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from .. import paths
from ..errors import EvaluationError
from . import mctest
from .cache import Cache, digest
from .evaluators import Evaluator
from .metrics import Scale
from .summary import bootstrap, ratios, summarise

log = logging.getLogger(__name__)

PRISM_METHODS = ("star", "r", "mix", "nodecode")
METHODS = (*PRISM_METHODS, "pup", "plaintext")
LABELS = {"star": "PRISM*", "r": "PRISM-R", "mix": "mix", "nodecode": "NoDecode", "pup": "PUP",
          "plaintext": "plaintext (r=0)"}


def ratio_grid(n: int = 20) -> list[float]:
    """The official code's ratios: 0, then n points log-spaced from 0.01 to 1."""
    if n < 2:
        return [0.0, 1.0][: n + 1]
    return [0.0] + [0.01 * 100 ** (i / (n - 1)) for i in range(n)]


def eps_grid(n: int = 20) -> list[float]:
    """The official code's PUP epsilons: linspace(1, 30, n)."""
    return [float(e) for e in np.linspace(1, 30, n)]


@dataclass
class Point:
    method: str
    param: float  # r for PRISM methods, epsilon for PUP
    pps: float
    qs: float
    replaced: float  # share of word tokens changed in x_pub (PRISM: substitutions / words)
    right_pub: list[int] = field(default_factory=list)  # per story: questions answered right from x_pub
    right_pri: list[int] = field(default_factory=list)  # per story: ... from the read-back y_pri


@dataclass
class Result:
    settings: dict
    references: dict  # name -> accuracy (original English, question only, round trip)
    points: list[Point] = field(default_factory=list)
    timing: dict = field(default_factory=dict)
    reference_right: dict = field(default_factory=dict)  # name -> per-story questions answered right
    order: str = "pps"  # how curves are read (metrics.ORDERS)
    bootstrap_samples: int = 1000
    bootstrap_seed: int = 0

    def methods(self) -> list[str]:
        return list(dict.fromkeys(p.method for p in self.points))

    def _grid(self, method: str) -> list[Point]:
        # Grid order from the least private setting: r increasing, PUP's epsilon decreasing.
        pts = [p for p in self.points if p.method == method]
        return sorted(pts, key=lambda p: -p.param if method == "pup" else p.param)

    def curve(self, method: str) -> list[tuple[float, float]]:
        return [(p.pps, p.qs) for p in self._grid(method)]

    def scale(self) -> Scale | None:
        scale = Scale.from_references(self.references)
        return scale if scale.usable else None

    def summary(self) -> dict[str, dict]:
        return summarise({m: self.curve(m) for m in self.methods()}, self.scale(), self.order)

    def ratios(self) -> dict[str, dict]:
        return ratios(self.summary(), LABELS)

    def intervals(self) -> dict | None:
        """Bootstrap 95 % intervals over stories (None when per-story counts are missing or
        resampling is off)."""
        if not self.bootstrap_samples or not self.reference_right:
            return None
        pub = {m: np.array([p.right_pub for p in self._grid(m)]) for m in self.methods()}
        pri = {m: np.array([p.right_pri for p in self._grid(m)]) for m in self.methods()}
        refs = {k: np.array(v) for k, v in self.reference_right.items()}
        return bootstrap(pub, pri, refs, LABELS, samples=self.bootstrap_samples, seed=self.bootstrap_seed,
                         order=self.order)

    def to_json(self) -> dict:
        return {"settings": self.settings, "references": self.references, "scale": asdict(scale) if (scale := self.scale()) else None,
                "summary": self.summary(), "ratios": self.ratios(), "intervals": self.intervals(),
                "points": [asdict(p) for p in self.points], "reference_right": self.reference_right,
                "timing": self.timing}


def _story_seed(seed: int, story: mctest.Story) -> int:
    # The same seed for a story at every grid point and method: PRISM* and NoDecode then send
    # the very same x_pub (as in the paper), and nearby ratios share their random draws.
    return int(digest("story-seed", seed, story.id)[:12], 16)


class Harness:
    def __init__(self, stories: Sequence[mctest.Story], *, translator, evaluator: Evaluator, cache: Cache,
                 source: str = "en", target: str = "es", protect_entities: bool = False,
                 originals: Sequence[mctest.Story] | None = None) -> None:
        self.stories = list(stories)
        # Reading direction: the English stories the foreign ones were rendered from (the
        # "original" reference is read there).
        self.originals = list(originals) if originals is not None else self.stories
        self.translator = translator
        self.evaluator = evaluator
        self.cache = cache
        self.source = source
        self.target = target
        self.protect_entities = protect_entities  # True: as the product runs; False: the paper's protocol
        self.cpu: dict[str, float] = defaultdict(float)  # CPU seconds per phase, Apertium included
        self._tokens: list | None = None

    @property
    def tokens(self) -> list:
        """Each story tokenised and tagged once: spaCy would otherwise redo it at every grid point."""
        if self._tokens is None:
            from ..engine.tokenize import analyse

            with self.phase("encode"):
                self._tokens = [analyse(s.text, self.source) for s in self.stories]
        return self._tokens

    @contextmanager
    def phase(self, name: str):
        start = _cpu_seconds()
        try:
            yield
        finally:
            self.cpu[name] += _cpu_seconds() - start

    # -- cached building blocks ----------------------------------------------------------------

    def translate(self, texts: list[str], source: str, target: str) -> list[str]:
        """One translator call for every text not seen before."""
        label = self.translator.label()
        keys = [digest("translation", label, source, target, t) for t in texts]
        known = self.cache.get_many("translation", keys)
        todo = {k: t for k, t in zip(keys, texts) if k not in known}
        if todo:
            with self.phase("translate"):
                fresh = self.translator.translate(list(todo.values()), source, target)
            got = dict(zip(todo, fresh))
            self.cache.put_many("translation", got)
            known.update(got)
        return [known[k] for k in keys]

    def accuracy(self, texts: list[str]) -> float:
        """Share of the stories' questions the evaluator answers right from the given texts."""
        return sum(self.right(texts)) / (4 * len(self.stories))

    def right(self, texts: list[str]) -> list[int]:
        """Per story, how many of its questions the evaluator answers right from its text."""
        tag = self.evaluator.settings()
        keys = [digest("answers", tag, t, [asdict(q) for q in s.questions]) for t, s in zip(texts, self.stories)]
        known = self.cache.get_many("answers", keys)
        todo = [(k, t, s) for k, t, s in zip(keys, texts, self.stories) if k not in known]
        if todo:
            with self.phase("evaluate"):
                fresh = self.evaluator.answer_many([(t, s.questions) for _, t, s in todo])
            got = {k: a for (k, _, _), a in zip(todo, fresh)}
            self.cache.put_many("answers", got)
            known.update(got)
        return [sum(a == q.answer for a, q in zip(known[k], s.questions)) for k, s in zip(keys, self.stories)]

    def point(self, method: str, param: float, x_pub: list[str], y_pri_of: Callable[[list[str]], list[str]],
              replaced: float) -> Point:
        y_pub = self.translate(x_pub, self.source, self.target)
        if self.source != "en":  # reading direction: the evaluator reads the English translations
            pub, pri = self.right(y_pub), self.right(y_pri_of(y_pub))
        else:
            back = self.translate(y_pri_of(y_pub), self.target, self.source)
            pub, pri = self.right(x_pub), self.right(back)
        n = 4 * len(self.stories)
        return Point(method, param, 1.0 - sum(pub) / n, sum(pri) / n, replaced, pub, pri)

    # -- the methods -----------------------------------------------------------------------------

    def reference_right(self) -> dict[str, list[int]]:
        """Per story, questions answered right from the original, from no story, and from the
        plaintext's round trip: the ends of the normalised scale."""
        texts = [s.text for s in self.stories]
        if self.source != "en":  # the foreign story's plain translation is English's round trip
            round_trip = self.translate(texts, self.source, self.target)
        else:
            round_trip = self.translate(self.translate(texts, self.source, self.target), self.target, self.source)
        return {"original": self.right([s.text for s in self.originals]), "question_only": self.right([""] * len(texts)),
                "round_trip": self.right(round_trip)}

    def references(self) -> dict:
        return {k: sum(v) / (4 * len(self.stories)) for k, v in self.reference_right().items()}

    def plaintext(self) -> Point:
        texts = [s.text for s in self.stories]
        return self.point("plaintext", 0.0, texts, lambda y: y, 0.0)

    def prism(self, method: str, ratio: float, dictionary, seed: int, beta: float) -> Point:
        from .. import api
        from ..engine.encode import encode

        tokens = self.tokens
        with self.phase("encode"):
            encoded = [encode(t, dictionary, method, ratio, beta=beta, rng=random.Random(_story_seed(seed, s)),
                              protect_entities=self.protect_entities) for t, s in zip(tokens, self.stories)]
        words = sum(e.words for e in encoded)
        replaced = sum(e.hidden for e in encoded) / words if words else 0.0

        def decode(y_pub: list[str]) -> list[str]:
            with self.phase("encode"):
                return [api.unscramble(y, e).text for y, e in zip(y_pub, encoded)]

        return self.point(method, ratio, [e.text for e in encoded], decode, replaced)

    def pup(self, eps: float, mechanism, seed: int) -> Point:
        from ..engine.tokenize import detokenize

        x_pub = []
        changed = total = 0
        with self.phase("encode"):
            for story, toks in zip(self.stories, self.tokens):
                rng = np.random.default_rng([_story_seed(seed, story), int(round(eps * 1e6))])
                old = [t.text for t in toks]
                new = mechanism.perturb_words(old, eps, rng)
                x_pub.append(detokenize(toks, new))
                words = [(a, b) for t, a, b in zip(toks, old, new) if t.is_word]
                total += len(words)
                changed += sum(a != b for a, b in words)
        return self.point("pup", eps, x_pub, lambda y: y, changed / total if total else 0.0)


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run(stories: Sequence[mctest.Story], *, methods: Sequence[str], ratios: Sequence[float], epsilons: Sequence[float],
        translator, evaluator: Evaluator, dictionary, cache: Cache, seed: int = 0, beta: float = 0.5,
        target: str = "es", settings: dict | None = None, protect_entities: bool = False, order: str = "pps",
        bootstrap_samples: int = 1000, source: str = "en", originals: Sequence[mctest.Story] | None = None) -> Result:
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise EvaluationError("E085", what="method", name=unknown[0], choices=", ".join(METHODS))
    wall, cpu = time.monotonic(), _cpu_seconds()
    h = Harness(stories, translator=translator, evaluator=evaluator, cache=cache, source=source, target=target,
                protect_entities=protect_entities, originals=originals)
    right = h.reference_right()
    result = Result(settings=dict(settings or {}), references={k: sum(v) / (4 * len(h.stories)) for k, v in right.items()},
                    reference_right=right, order=order, bootstrap_samples=bootstrap_samples, bootstrap_seed=seed)
    log.info("references: %s", result.references)
    for method in methods:
        started = time.monotonic()
        if method == "plaintext":
            result.points.append(h.plaintext())
        elif method == "pup":
            from .pup import PUP

            mechanism = PUP()
            for eps in epsilons:
                result.points.append(h.pup(eps, mechanism, seed))
                log.info("%s eps=%.3g: %s", method, eps, result.points[-1])
        else:
            for r in ratios:
                result.points.append(h.prism(method, r, dictionary, seed, beta))
                log.info("%s r=%.3g: %s", method, r, result.points[-1])
        result.timing[method] = round(time.monotonic() - started, 1)
    result.timing["total_wall_s"] = round(time.monotonic() - wall, 1)
    result.timing["total_cpu_s"] = round(_cpu_seconds() - cpu, 1)
    result.timing["cpu_s_by_phase"] = {k: round(v, 1) for k, v in h.cpu.items()}
    result.timing["cache"] = {"hits": cache.hits, "misses": cache.misses}
    return result


def default_cache_dir() -> Path:
    return paths.cache_dir() / "evaluate"
