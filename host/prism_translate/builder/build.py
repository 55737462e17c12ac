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
import hashlib
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

from ..errors import DictionaryError, TranslatorBadReply
from ..translators.base import Translator
from ..dictionary.corpus import TaggedCorpus, slot_index
from ..dictionary.estimators import ESTIMATORS, WORDS_VERSION, Background, Probe, estimate, target_words
from ..dictionary.format import Dictionary, Entry
from ..dictionary.vocabulary import VocabEntry

log = logging.getLogger(__name__)

# Published list prices (checked 2026-11, see dictionaries/README.md), per million characters sent.
# DeepL API Pro: EUR 0.00002 per character (plus EUR 4.99 a month). Google Cloud Translation:
# US$20 per million characters. OpenAI: per million tokens in / out; English is about 4
# characters per token and a translation about as long as its source.
PER_MILLION_CHARS = {"deepl": (20.0, "EUR"), "google": (20.0, "USD")}
PAID_BACKENDS = frozenset({"deepl", "google", "openai"})
OPENAI_PER_MILLION_TOKENS = {"gpt-4.1-mini": (0.40, 1.60), "gpt-4.1": (2.00, 8.00), "gpt-4.1-nano": (0.10, 0.40),
                             "gpt-4o-mini": (0.15, 0.60), "gpt-4o": (2.50, 10.00)}


def price_per_million_chars(translator: Translator) -> tuple[float, str] | None:
    """(price, currency) for a million characters through this translator; None when unknown
    or free (local Apertium, a self-hosted LibreTranslate)."""
    if translator.name == "openai":
        rates = OPENAI_PER_MILLION_TOKENS.get(getattr(translator, "model", ""))
        return ((rates[0] + rates[1]) / 4, "USD") if rates else None
    return PER_MILLION_CHARS.get(translator.name)


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
    price = price_per_million_chars(translator)
    return {
        "entries": len(plan.entries),
        "probes": sum(len(t) for t in plan.probe_texts),
        "corpus_sentences": len(corpus.sentences),
        "characters": chars,
        "seconds": chars / rate_chars_per_s if rate_chars_per_s else None,
        "cost": round(chars / 1e6 * price[0], 2) if price else None,
        "currency": price[1] if price else None,
        "paid": translator.name in PAID_BACKENDS,  # a paid API with an unknown price still costs money
    }


def _digest(obj: object) -> str:
    return hashlib.sha256(json.dumps(obj, ensure_ascii=False).encode()).hexdigest()[:16]


class Checkpoint:
    """Append-only JSON-lines files in a work folder, one line per finished chunk.

    A file's name is a digest of everything that determines its content (pair, translator,
    corpus, K, seed, chunk size), and each probe line also carries a digest of its entries, so
    builds of different sizes share a folder safely: a 3,000-entry build is the prefix of a
    12,000-entry one and its chunks are reused. A line cut short by a kill is ignored."""

    def __init__(self, folder: Path, name: str, identity: dict) -> None:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / f"{name}-{_digest(identity)}.jsonl"

    def read(self) -> dict[int, tuple[str, list]]:
        done: dict[int, tuple[str, list]] = {}
        if self.path.is_file():
            with open(self.path, encoding="utf-8") as f:
                for line in f:
                    try:
                        key, tag, value = json.loads(line)
                    except (json.JSONDecodeError, ValueError):
                        continue
                    done[key] = (tag, value)
        return done

    def append(self, key: int, tag: str, value: list) -> None:
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps([key, tag, value], ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())


@dataclass
class BuildStats:
    seconds: float = 0.0
    translate_seconds: float = 0.0
    probes_sent: int = 0
    chars_sent: int = 0
    resumed_chunks: int = 0


def translate_robust(translator: Translator, texts: list[str], source: str, target: str) -> list[str | None]:
    """Translate a batch; when the reply cannot be matched to the inputs (a batch-level
    TranslatorBadReply), split the batch in halves and retry, so one odd sentence costs only
    itself (None) instead of the whole build. Other translator errors stop the build."""
    try:
        return list(translator.translate(texts, source, target))
    except TranslatorBadReply as err:
        if len(texts) == 1:
            log.warning("translator could not translate one probe; skipped (%s)", err.code)
            return [None]
    mid = len(texts) // 2
    return translate_robust(translator, texts[:mid], source, target) + translate_robust(
        translator, texts[mid:], source, target)


def _run_chunks(
    jobs: list[tuple[int, list[str]]], translator: Translator, cfg: BuildConfig,
    save: Callable[[int, list], None], progress, stats: BuildStats, units: Callable[[int], int],
) -> None:
    """Translate each job's texts (in parallel), turn outputs into sorted word lists, save."""

    def work(job: tuple[int, list[str]]) -> tuple[int, list, float]:
        t0 = time.perf_counter()
        outs = translate_robust(translator, job[1], cfg.source, cfg.target)
        return job[0], [None if o is None else sorted(target_words(o)) for o in outs], time.perf_counter() - t0

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
    if cfg.estimator not in ESTIMATORS:
        raise DictionaryError("E070", detail=f"unknown estimator {cfg.estimator!r} (choose {', '.join(ESTIMATORS)})")
    t_start = time.perf_counter()
    plan = plan or make_plan(corpus, vocab, cfg.k, cfg.seed)
    if not plan.entries:
        raise DictionaryError("E070", detail="no vocabulary entry has K usable corpus slots")
    identity = {"source": cfg.source, "target": cfg.target, "translator": translator.label(),
                "corpus": corpus.digest(), "step": cfg.chunk * cfg.k, "words": WORDS_VERSION}
    stats = BuildStats()

    # 1. R: the corpus translated once, in chunks too.
    n = len(corpus.sentences)
    step = cfg.chunk * cfg.k
    base_jobs = [(c, [corpus.text(i) for i in range(c * step, min(n, (c + 1) * step))])
                 for c in range((n + step - 1) // step)]
    base_ck = Checkpoint(work_dir, "base", identity)
    base_done = {c: v for c, (tag, v) in base_ck.read().items() if tag == _digest(base_jobs[c][1])}
    base_words = _translate_chunks(base_jobs, base_done, base_ck, translator, cfg, stats, quiet,
                                   "translate D", "sent", lambda texts: len(texts))

    # 2. Probes, chunk by chunk of entries.
    chunks = [(c, [t for texts in plan.probe_texts[c * cfg.chunk:(c + 1) * cfg.chunk] for t in texts])
              for c in range((len(plan.entries) + cfg.chunk - 1) // cfg.chunk)]
    probe_ck = Checkpoint(work_dir, "probes", {**identity, "k": cfg.k, "seed": cfg.seed, "chunk": cfg.chunk})
    probe_done = {c: v for c, (tag, v) in probe_ck.read().items() if c < len(chunks) and tag == _digest(chunks[c][1])}
    probe_words = _translate_chunks(chunks, probe_done, probe_ck, translator, cfg, stats, quiet,
                                    "probe", "entry", lambda texts: len(texts) // cfg.k)

    # 3. Estimate.
    base_sets = [None if w is None else frozenset(w) for w in base_words]
    bg = Background.from_translations(w for w in base_sets if w is not None)
    evidence = evidence_per_entry(plan, probe_words, base_sets, cfg.k)
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


def evidence_per_entry(plan: Plan, probe_words: list[list[str] | None], base_words: list[frozenset[str] | None],
                       k: int) -> list[list[Probe]]:
    """Pair each probe's target words with those of its unmodified sentence (probes whose
    sentence or probe could not be translated are left out)."""
    out = []
    for idx, slots in enumerate(plan.slots):
        rows = probe_words[idx * k:(idx + 1) * k]
        out.append([Probe(frozenset(p), base) for p, (i, _) in zip(rows, slots)
                    if p is not None and (base := base_words[i]) is not None])
    return out


def _translate_chunks(jobs, done: dict, ck: Checkpoint, translator: Translator, cfg: BuildConfig,
                      stats: BuildStats, quiet: bool, desc: str, unit: str, units: Callable[[list], int]) -> list:
    """Translate the jobs not yet `done` (with a progress bar), checkpoint each, and return all
    outputs' word lists in job order."""
    try:
        from tqdm import tqdm
    except ImportError:
        raise DictionaryError("E070", detail="the progress display needs tqdm: pip install 'prism-translate[build]'") from None

    stats.resumed_chunks += len(done)
    todo = [j for j in jobs if j[0] not in done]
    total = sum(units(t) for _, t in jobs)
    with tqdm(total=total, initial=total - sum(units(t) for _, t in todo), desc=desc, unit=unit,
              disable=quiet, file=sys.stderr, dynamic_ncols=True) as bar:
        def save(key: int, words: list) -> None:
            done[key] = words
            ck.append(key, _digest(jobs[key][1]), words)
        _run_chunks(todo, translator, cfg, save, bar, stats, lambda key: units(jobs[key][1]))
    stats.chars_sent += sum(len(t) for _, texts in todo for t in texts)
    return [w for c, _ in jobs for w in done[c]]
