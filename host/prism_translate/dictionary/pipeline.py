"""A dictionary build from corpus to saved file, for `prism build-dictionary` (which parses the
arguments, asks before a paid translator gets anything, and reports progress):

    corpus sentences -> tagged corpus (cached) -> vocabulary -> probe plan -> cost estimate
    -> throughput sample -> build (resumable, build.run_build) -> dictionary file

The spaCy pipeline comes from the caller (`load_model`): dictionary/ does not import engine/.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import DictionaryError
from ..translators.base import Translator
from . import build, corpus, vocabulary
from .format import Dictionary

Say = Callable[[str], None]


@dataclass
class Prepared:
    """Everything a build needs before anything is sent to the translator."""

    tagged: corpus.TaggedCorpus
    vocab: list[vocabulary.VocabEntry]
    cfg: build.BuildConfig
    plan: build.Plan
    corpus_name: str


def corpus_sentences(path: Path | None, name: str | None, max_sentences: int) -> tuple[list[str], str]:
    """The corpus (a file, one sentence per line, or WordNet's examples) and how to describe it."""
    if path:
        sentences, label = corpus.file_sentences(path), name or path.name
    else:
        sentences, label = corpus.wordnet_sentences(), name or corpus.WORDNET_NAME
    if max_sentences:
        sentences = sentences[:max_sentences]
    if not sentences:
        raise DictionaryError("E070", detail="the corpus holds no usable sentence")
    return sentences, label


def prepare(cfg: build.BuildConfig, corpus_path: Path | None, corpus_name: str | None, max_sentences: int,
            size: int, candidates: int | None, load_model: Callable[[], Any], cache_dir: Path, say: Say) -> Prepared:
    """Read and tag the corpus (cached by its digest), choose the vocabulary and plan the probes."""
    if cfg.source != "en":
        raise DictionaryError("E070", detail="the builder analyses English source text only (--from en)")
    if cfg.k < 2 or size < 1:
        raise DictionaryError("E070", detail="need K >= 2 and --size >= 1")
    sentences, corpus_name = corpus_sentences(corpus_path, corpus_name, max_sentences)
    digest = hashlib.sha256("\n".join(sentences).encode()).hexdigest()[:16]
    cache_dir.mkdir(parents=True, exist_ok=True)
    say(f"tagging {len(sentences)} corpus sentences with spaCy (cached)")
    tagged = corpus.tag(sentences, corpus_name, load_model, cache_dir / f"{digest}.jsonl")
    say(f"choosing {size} vocabulary entries (wordfreq + English analyser)")
    vocab = vocabulary.build_vocabulary(tagged, size, load_model, candidates=candidates or max(60000, 2 * size),
                                       analysers=vocabulary.find_analysers())
    return Prepared(tagged, vocab, cfg, build.make_plan(tagged, vocab, cfg.k, cfg.seed), corpus_name)


def estimate(prepared: Prepared, translator: Translator, rate: float | None = None) -> dict:
    return build.estimate_cost(prepared.plan, prepared.tagged, translator, rate)


def measure_rate(prepared: Prepared, translator: Translator) -> float:
    """Characters per second the build can expect, from a sample of public corpus sentences."""
    sample = [prepared.tagged.text(i) for i in range(min(100, len(prepared.tagged.sentences)))]
    t0 = time.perf_counter()
    translator.translate(sample, prepared.cfg.source, prepared.cfg.target)
    workers = max(1, min(prepared.cfg.workers, 2))
    return sum(map(len, sample)) / max(time.perf_counter() - t0, 1e-6) * workers * 0.8


def build_and_save(prepared: Prepared, translator: Translator, work_dir: Path, output: Path, *, note: str | None,
                   quiet: bool) -> tuple[Dictionary, build.BuildStats]:
    """Run (or resume) the build and write the dictionary to `output`."""
    dictionary, stats = build.run_build(prepared.tagged, prepared.vocab, translator, prepared.cfg, work_dir,
                                        corpus_label=prepared.corpus_name, quiet=quiet, plan=prepared.plan)
    dictionary.meta["corpus_sentences"] = len(prepared.tagged.sentences)
    # Wall time only means something for a build done in one go; a resumed one says so instead.
    dictionary.meta["build_seconds" if not stats.resumed_chunks else "resumed_run_seconds"] = round(stats.seconds, 1)
    if note:
        dictionary.meta["note"] = note
    output.parent.mkdir(parents=True, exist_ok=True)
    dictionary.save(output)
    return dictionary, stats
