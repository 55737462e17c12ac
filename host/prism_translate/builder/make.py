"""Make one dictionary from start to finish, as `prism build-dictionary` asks: read and tag the
public corpus, choose the vocabulary, estimate what will be sent, get the user's consent for a
paid translator, probe (build.py) and save where the host finds it.

The analyser comes in as functions (the engine imports this package, so this package cannot
import the engine), and so do the messages and the consent: the caller decides how to show and ask.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .. import paths
from ..errors import DictionaryError
from ..languages import LANGUAGES
from ..translators.apertium import ApertiumCLI
from ..translators.base import Translator
from ..dictionary import corpus, features, vocabulary
from ..dictionary.estimators import ESTIMATORS
from . import build

__all__ = ["ESTIMATORS", "MakeRequest", "make_dictionary"]


@dataclass(frozen=True)
class MakeRequest:
    """What to build; every field is a `prism build-dictionary` option of the same name."""

    target: str
    source: str = "en"
    translator: str = "apertium"
    k: int = 20
    size: int = 35000
    candidates: int | None = None  # None: twice `size`, at least 60000
    estimator: str = "contrastive"
    workers: int = 2
    chunk: int = 50
    seed: int = 0
    corpus: Path | None = None  # None: WordNet's example sentences
    corpus_name: str | None = None
    max_sentences: int = 0
    work_dir: Path | None = None  # None: the user's cache folder
    output: Path | None = None  # None: the user's dictionary folder
    note: str | None = None
    estimate_only: bool = False
    quiet: bool = False


def _describe(est: dict, translator, k: int) -> str:
    if est["cost"] is not None:
        cost = f"{est['cost']:,.2f} {est['currency']} at list price"
    elif est["paid"]:
        cost = "price unknown for this model: check the vendor's price list"
    else:
        cost = "no known per-character price (local or self-hosted: free)"
    minutes = (f"about {est['seconds'] / 60:.0f} min" if est["seconds"] is not None
               else "time measured once you accept")
    return (f"{est['entries']} entries x K={k} = {est['probes']} probes + {est['corpus_sentences']} corpus "
            f"sentences: {est['characters']:,} characters to {translator.label()}, {minutes}, {cost}")


def _rendered(sentences: list[str], lang: str, cache: Path, say: Callable[[str], None]) -> list[str]:
    """WordNet's English examples in another language, rendered once by the local Apertium
    (cached): the builder needs public sentences in the source language to put words into."""
    digest = hashlib.sha256(("\n".join(sentences) + lang).encode()).hexdigest()[:16]
    path = cache / f"rendered-{lang}-{digest}.txt"
    if path.is_file():
        return path.read_text(encoding="utf-8").split("\n")
    say(f"rendering {len(sentences)} corpus sentences into {lang} with Apertium (once, cached)")
    out = corpus.render(sentences, lang, ApertiumCLI().translate)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(out), encoding="utf-8")
    os.replace(tmp, path)
    return out


def make_dictionary(request: MakeRequest, *, analyse_sentences: Callable[[list[str], str], list],
                    load_model: Callable, say: Callable[[str], None], approve: Callable[[], None],
                    build_translator: Callable[[str], Translator]) -> Path | None:
    """Build and save the dictionary; return where it was written (None after an estimate only).

    `analyse_sentences(texts, lang)` and `load_model` are the engine's analyser; `say` shows a
    progress line; `approve()` returns when the user accepts a paid translator's cost shown just
    before, and raises a DictionaryError when they do not; `build_translator(name)` gives the
    translator to probe, with its settings and key (the caller reads them)."""
    r = request
    if r.source not in LANGUAGES or r.source == r.target:
        raise DictionaryError("E070", detail=f"no analyser for source {r.source!r} to {r.target!r} "
                                             f"(sources: {', '.join(LANGUAGES)})")
    if r.k < 2 or r.size < 1:
        raise DictionaryError("E070", detail="need K >= 2 and --size >= 1")
    translator = build_translator(r.translator)
    cache = paths.cache_dir() / "corpus"
    cache.mkdir(parents=True, exist_ok=True)

    if r.corpus:
        sentences = corpus.file_sentences(r.corpus)
        name = r.corpus_name or r.corpus.name
    else:
        sentences = corpus.wordnet_sentences()
        name = r.corpus_name or corpus.WORDNET_NAME
        if r.source != "en":
            # Machine-made derivative of public text (the WordNet licence allows derivatives).
            sentences = [s for s in _rendered(sentences, r.source, cache, say) if s]
            name = r.corpus_name or (f"{corpus.WORDNET_NAME}, rendered into {r.source} by Apertium "
                                     f"(machine-made, {datetime.date.today().isoformat()})")
    if r.max_sentences:
        sentences = sentences[: r.max_sentences]
    if not sentences:
        raise DictionaryError("E070", detail="the corpus holds no usable sentence")
    language = "" if r.source == "en" else r.source  # English caches keep their names
    digest = hashlib.sha256(("\n".join(sentences) + language).encode()).hexdigest()[:16]
    say(f"tagging {len(sentences)} corpus sentences ({LANGUAGES[r.source].name} pipeline, cached)")
    tagged = corpus.tag(sentences, name, lambda texts: analyse_sentences(texts, r.source), cache / f"{digest}.jsonl")

    say(f"choosing {r.size} vocabulary entries (wordfreq + {LANGUAGES[r.source].name} analyser)")
    vocab = vocabulary.build_vocabulary(tagged, r.size, load_model, lang=r.source,
                                       candidates=r.candidates or max(60000, 2 * r.size),
                                       analysers=vocabulary.find_analysers(r.source))
    cfg = build.BuildConfig(r.source, r.target, k=r.k, seed=r.seed, estimator=r.estimator,
                            chunk=r.chunk, workers=r.workers)
    plan = build.make_plan(tagged, vocab, cfg.k, cfg.seed)

    est = build.estimate_cost(plan, tagged, translator, None)
    if est["paid"]:
        # Nothing, not even the throughput sample, goes to a paid API before the user agrees.
        say(_describe(est, translator, cfg.k))
        if r.estimate_only:
            return None
        approve()
    # Throughput from a small sample of corpus sentences (public text), for the time estimate.
    sample = [tagged.text(i) for i in range(min(100, len(tagged.sentences)))]
    t0 = time.perf_counter()
    translator.translate(sample, r.source, r.target)
    rate = sum(map(len, sample)) / max(time.perf_counter() - t0, 1e-6) * max(1, min(cfg.workers, 2)) * 0.8
    say(_describe(build.estimate_cost(plan, tagged, translator, rate), translator, cfg.k))
    if r.estimate_only:
        return None

    work = r.work_dir or paths.cache_dir() / "build"
    output = r.output or paths.data_dir() / "dictionaries" / f"{r.source}-{r.target}.json"
    say(f"checkpoints in {work}")
    dictionary, stats = build.run_build(tagged, vocab, translator, cfg, work, corpus_label=name,
                                        quiet=r.quiet, plan=plan)
    dictionary.meta["corpus_sentences"] = len(tagged.sentences)
    # Wall time only means something for a build done in one go; a resumed one says so instead.
    dictionary.meta["build_seconds" if not stats.resumed_chunks else "resumed_run_seconds"] = round(stats.seconds, 1)
    if r.note:
        dictionary.meta["note"] = r.note
    # what each translation is grammatically and how the translator reads each word, for
    # substitutes that agree and keep the sentence's structure (features.py); a paid translator is
    # not asked for the words alone: the user agreed to the estimate above, which leaves them out
    dictionary = features.annotate(
        dictionary, None if est["paid"] else lambda words: translator.translate(words, r.source, r.target))
    output.parent.mkdir(parents=True, exist_ok=True)
    dictionary.save(output)
    say(f"wrote {len(dictionary)} entries to {output} in {stats.seconds / 60:.1f} min "
        f"({stats.probes_sent} texts translated now, {stats.resumed_chunks} chunks resumed)")
    return output
