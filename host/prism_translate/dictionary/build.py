"""Build a word translation dictionary by probing a translator (PRISM paper sections 3.2, 3.5).

1. Translate the public corpus D once: R.
2. For each vocabulary entry (w, s) pick K corpus slots with the same fine tag as w (same UPOS
   when the tag is too rare), seeded per entry, put w there and translate those probes.
3. Score target words with an estimator (estimators.py) into ranked candidates + confidence.

Work is cut into chunks of entries; chunks run on `workers` threads (each translator call may
be a process or an HTTP request) and every finished chunk is appended to a checkpoint file, so
an interrupted build resumes where it stopped. Slots depend only on (seed, word, UPOS), never on
chunking or order: a resumed build gives the same dictionary as an uninterrupted one.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import random
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ..errors import DictionaryError
from ..translators.base import Translator
from .corpus import TaggedCorpus, slot_index
from .estimators import ESTIMATORS, Background, Probe, estimate, target_words
from .format import Dictionary, Entry
from .vocabulary import VocabEntry

log = logging.getLogger(__name__)

# Published list prices, for the up-front estimate (checked 2026-11; see dictionaries/README.md).
# DeepL API Pro: US$25 per million characters. OpenAI gpt-4o-mini: US$0.15 / 1M input tokens and
# US$0.60 / 1M output tokens; about 4 characters per token, output about as long as input.
PRICES_PER_MILLION_CHARS: dict[str, float] = {
    "deepl": 25.0,
    "openai": (0.15 + 0.60) / 4,
}


@dataclass(frozen=True)
class BuildConfig:
    source: str
    target: str
    k: int = 20
    seed: int = 0
    estimator: str = "contrastive"
    top: int = 5  # candidates kept per entry
    chunk: int = 50  # entries per translator call (K * chunk probe texts)
    workers: int = 2


@dataclass
class Plan:
    """Everything that will be sent, computed up front (so the estimate is exact)."""

    entries: list[VocabEntry]
    slots: list[list[tuple[int, int]]]  # per entry: K (sentence, token) slots
    probe_texts: list[list[str]]

    def chars(self) -> int:
        return sum(len(t) for texts in self.probe_texts for t in texts)


def place(word: str, pos: str, slot_text: str, first: bool) -> str:
    """The surface form w takes in a slot: proper nouns keep their case; a sentence-initial
    capital is kept so the probe reads like the original sentence."""
    if pos != "PROPN" and first and slot_text[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def make_plan(corpus: TaggedCorpus, vocab: Sequence[VocabEntry], k: int, seed: int) -> Plan:
    by_tag, by_pos = slot_index(corpus)
    slots_all, texts_all, kept = [], [], []
    for e in vocab:
        pool = by_tag.get(e.tag, [])
        if len(pool) < 4 * k:  # too few slots of this tag for K distinct sentences: fall back to UPOS
            pool = by_pos.get(e.pos, [])
        rng = random.Random(f"{seed}\0{e.word}\0{e.pos}")
        chosen: list[tuple[int, int]] = []
        used: set[int] = set()
        for _ in range(20 * k):
            if len(chosen) == k or not pool:
                break
            i, j = pool[rng.randrange(len(pool))]
            if i in used or corpus.sentences[i][j].text.lower() == e.word.lower():
                continue
            used.add(i)
            chosen.append((i, j))
        if len(chosen) < k:
            log.warning("skipping %s/%s: fewer than K=%d usable slots", e.word, e.pos, k)
            continue
        kept.append(e)
        slots_all.append(chosen)
        texts_all.append(
            [corpus.text(i, j, place(e.word, e.pos, corpus.sentences[i][j].text, j == 0)) for i, j in chosen]
        )
    return Plan(kept, slots_all, texts_all)


def estimate_cost(plan: Plan, corpus: TaggedCorpus, translator: Translator, rate_chars_per_s: float | None) -> dict:
    base_chars = sum(len(corpus.text(i)) for i in range(len(corpus.sentences)))
    chars = base_chars + plan.chars()
    price = PRICES_PER_MILLION_CHARS.get(translator.name)
    return {
        "entries": len(plan.entries),
        "probes": sum(len(t) for t in plan.probe_texts),
        "corpus_sentences": len(corpus.sentences),
        "characters": chars,
        "seconds": chars / rate_chars_per_s if rate_chars_per_s else None,
        "cost_usd": chars / 1e6 * price if price is not None else 0.0,
        "priced": price is not None,
    }


# -- checkpoints -------------------------------------------------------------------------------


class Checkpoint:
    """A folder holding manifest.json, base.jsonl (R) and probes.jsonl (one line per chunk)."""

    def __init__(self, folder: Path, manifest: dict) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        mpath = self.folder / "manifest.json"
        if mpath.is_file():
            old = json.loads(mpath.read_text())
            diff = sorted(k for k in set(old) | set(manifest) if old.get(k) != manifest.get(k))
            if diff:
                raise DictionaryError("E071", path=str(self.folder), detail="differs in " + ", ".join(diff))
        else:
            mpath.write_text(json.dumps(manifest, indent=1))

    def _read(self, name: str) -> dict[int, list]:
        done: dict[int, list] = {}
        path = self.folder / name
        if path.is_file():
            with open(path, encoding="utf-8") as f:
                for line in f:
                    try:
                        row = json.loads(line)
                    except json.JSONDecodeError:  # a line cut by a kill: that chunk is redone
                        continue
                    done[row[0]] = row[1]
        return done

    def _append(self, name: str, key: int, value: list) -> None:
        with open(self.folder / name, "a", encoding="utf-8") as f:
            f.write(json.dumps([key, value], ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def base(self) -> dict[int, list]:
        return self._read("base.jsonl")

    def add_base(self, chunk: int, words: list) -> None:
        self._append("base.jsonl", chunk, words)

    def probes(self) -> dict[int, list]:
        return self._read("probes.jsonl")

    def add_probes(self, chunk: int, words: list) -> None:
        self._append("probes.jsonl", chunk, words)


@dataclass
class BuildStats:
    seconds: float = 0.0
    translate_seconds: float = 0.0
    probes_sent: int = 0
    chars_sent: int = 0
    resumed_chunks: int = 0


def _run_chunks(
    jobs: list[tuple[int, list[str]]], translator: Translator, cfg: BuildConfig,
    save: Callable[[int, list], None], progress, stats: BuildStats, units: Callable[[int], int],
) -> None:
    """Translate each job's texts (in parallel), turn outputs into sorted word lists, save."""

    def work(job: tuple[int, list[str]]) -> tuple[int, list, float]:
        t0 = time.perf_counter()
        outs = translator.translate(job[1], cfg.source, cfg.target)
        return job[0], [sorted(target_words(o)) for o in outs], time.perf_counter() - t0

    with ThreadPoolExecutor(max_workers=max(1, cfg.workers)) as pool:
        pending = set()
        it = iter(jobs)
        for job in it:
            pending.add(pool.submit(work, job))
            if len(pending) >= 2 * cfg.workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                key, words, secs = fut.result()  # a TranslatorError stops the build; finished chunks are kept
                save(key, words)
                stats.translate_seconds += secs
                stats.probes_sent += len(words)
                progress.update(units(key))
                nxt = next(it, None)
                if nxt is not None:
                    pending.add(pool.submit(work, nxt))


def run_build(
    corpus: TaggedCorpus, vocab: Sequence[VocabEntry], translator: Translator, cfg: BuildConfig,
    work_dir: Path, *, corpus_label: str = "", quiet: bool = False, plan: Plan | None = None,
) -> tuple[Dictionary, BuildStats]:
    """Run (or resume) a build and return the dictionary; see the module docstring."""
    from tqdm import tqdm

    if cfg.estimator not in ESTIMATORS:
        raise DictionaryError("E070", detail=f"unknown estimator {cfg.estimator!r} (choose {', '.join(ESTIMATORS)})")
    t_start = time.perf_counter()
    plan = plan or make_plan(corpus, vocab, cfg.k, cfg.seed)
    if not plan.entries:
        raise DictionaryError("E070", detail="no vocabulary entry has K usable corpus slots")
    manifest = {
        "source": cfg.source, "target": cfg.target, "translator": translator.label(), "k": cfg.k,
        "seed": cfg.seed, "chunk": cfg.chunk, "corpus": corpus.digest(),
        "vocabulary": [[e.word, e.pos, e.tag] for e in plan.entries][:3] + [len(plan.entries)],
    }
    ckpt = Checkpoint(work_dir, manifest)
    stats = BuildStats()

    # 1. R: the corpus translated once, in chunks too.
    n = len(corpus.sentences)
    step = cfg.chunk * cfg.k
    base_jobs_all = [(c, [corpus.text(i) for i in range(c * step, min(n, (c + 1) * step))])
                     for c in range((n + step - 1) // step)]
    base_done = ckpt.base()
    stats.resumed_chunks += len(base_done)
    jobs = [j for j in base_jobs_all if j[0] not in base_done]
    with tqdm(total=n, initial=n - sum(len(t) for _, t in jobs), desc="translate D", unit="sent",
              disable=quiet, file=sys.stderr, dynamic_ncols=True) as bar:
        def save_base(key: int, words: list) -> None:
            base_done[key] = words
            ckpt.add_base(key, words)
        _run_chunks(jobs, translator, cfg, save_base, bar, stats, lambda key: len(base_jobs_all[key][1]))
        stats.chars_sent += sum(len(t) for _, texts in jobs for t in texts)
    base_words = [frozenset(w) for c in range(len(base_jobs_all)) for w in base_done[c]]

    # 2. Probes, chunk by chunk of entries.
    chunks = [(c, [t for texts in plan.probe_texts[c * cfg.chunk:(c + 1) * cfg.chunk] for t in texts])
              for c in range((len(plan.entries) + cfg.chunk - 1) // cfg.chunk)]
    probe_done = ckpt.probes()
    stats.resumed_chunks += len(probe_done)
    jobs = [j for j in chunks if j[0] not in probe_done]
    total = len(plan.entries)
    with tqdm(total=total, initial=total - sum(len(t) for _, t in jobs) // cfg.k, desc="probe", unit="entry",
              disable=quiet, file=sys.stderr, dynamic_ncols=True) as bar:
        def save_probe(key: int, words: list) -> None:
            probe_done[key] = words
            ckpt.add_probes(key, words)
        _run_chunks(jobs, translator, cfg, save_probe, bar, stats, lambda key: len(chunks[key][1]) // cfg.k)
        stats.chars_sent += sum(len(t) for _, texts in jobs for t in texts)

    # 3. Estimate.
    bg = Background.from_translations(base_words)
    evidence = evidence_per_entry(plan, probe_done, base_words, cfg)
    entries = []
    for e, probes in zip(plan.entries, evidence):
        scored = estimate(cfg.estimator, probes, bg, cfg.top)
        if scored.candidates:
            entries.append(Entry(e.word, e.pos, e.tag, scored.confidence, scored.candidates, scored.scores))
    stats.seconds = time.perf_counter() - t_start
    meta = {
        "source": cfg.source, "target": cfg.target, "translator": translator.label(),
        "corpus": corpus_label or corpus.name, "K": cfg.k, "estimator": cfg.estimator,
        "built": datetime.date.today().isoformat(), "seed": cfg.seed, "top": cfg.top,
        "vocabulary": len(plan.entries), "probes": sum(len(t) for t in plan.probe_texts),
    }
    if not entries:
        raise DictionaryError("E070", detail="no entry got a candidate; is the translator returning text?")
    return Dictionary(meta, entries), stats


def evidence_per_entry(plan: Plan, probe_done: dict[int, list], base_words: list[frozenset[str]],
                       cfg: BuildConfig) -> list[list[Probe]]:
    """Pair each probe's target words with those of its unmodified sentence."""
    flat = [w for c in range(len(probe_done)) for w in probe_done[c]]
    out = []
    for idx, slots in enumerate(plan.slots):
        rows = flat[idx * cfg.k:(idx + 1) * cfg.k]
        out.append([Probe(frozenset(p), base_words[i]) for p, (i, _) in zip(rows, slots)])
    return out
