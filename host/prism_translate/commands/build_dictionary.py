"""`prism build-dictionary --to es`: probe a translator with public corpus text and write a
PRISM word translation dictionary (see dictionaries/README.md)."""

from __future__ import annotations

import datetime
import hashlib
import os
import sys
import time
from pathlib import Path

from ..dictionary import build, corpus, vocabulary
from ..dictionary.estimators import ESTIMATORS
from ..engine.tokenize import analyse_sentences, load_model
from ..languages import LANGUAGES
from ..errors import DictionaryError
from ..translators.apertium import ApertiumCLI
from ..translators.registry import BACKENDS, get_translator


def _cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "prism-translate"


def _data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "prism-translate"


def register(sub) -> None:
    p = sub.add_parser(
        "build-dictionary",
        help="build a word translation dictionary by probing a translator",
        description="Build a PRISM dictionary for SOURCE->TARGET by probing a translator with public "
        "corpus sentences (WordNet examples by default). Only that public text is sent. Resumable: "
        "run the same command again after an interruption.",
    )
    p.add_argument("--to", dest="target", required=True, help="target language code, e.g. es")
    p.add_argument("--from", dest="source", default="en",
                   help=f"source language, one with an analyser: {', '.join(LANGUAGES)} (default en)")
    p.add_argument("--translator", default="apertium", choices=sorted(BACKENDS), help="backend to probe")
    p.add_argument("-K", "--probes", dest="k", type=int, default=20, help="probe sentences per entry (default 20)")
    p.add_argument("--size", type=int, default=35000,
                   help="vocabulary entries to probe (default 35000, as the shipped dictionaries)")
    p.add_argument("--candidates", type=int,
                   help="how many of wordfreq's most frequent English forms to consider "
                        "(default: twice --size, at least 60000)")
    p.add_argument("--estimator", choices=ESTIMATORS, default="contrastive", help="candidate scoring")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="parallel translator calls")
    p.add_argument("--chunk", type=int, default=50, help="entries per translator call")
    p.add_argument("--seed", type=int, default=0, help="slot sampling seed (same seed, same dictionary)")
    p.add_argument("--corpus", type=Path, help="plain-text corpus, one sentence per line in the source language "
                   "(default: WordNet example sentences; for another source, rendered into it by Apertium)")
    p.add_argument("--corpus-name", help="how the corpus is described in the dictionary's metadata")
    p.add_argument("--max-sentences", type=int, default=0, help="use only the first N corpus sentences")
    p.add_argument("--work-dir", type=Path, help="checkpoint folder (default: under ~/.cache/prism-translate)")
    p.add_argument("-o", "--output", type=Path, help="where to write (default: the user's dictionary folder)")
    p.add_argument("--note", help="free text stored as meta.note (e.g. a quality warning)")
    p.add_argument("--estimate-only", action="store_true", help="print the estimate and stop")
    p.add_argument("-y", "--yes", action="store_true",
                   help="accept the cost of a paid translator without asking (needed without a terminal)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _say(*parts: object) -> None:
    print("prism:", *parts, file=sys.stderr, flush=True)


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


def _confirm(accepted: bool) -> None:
    if accepted:
        return
    if not sys.stdin.isatty():
        raise DictionaryError("E070", detail="this translator is paid; re-run with --yes to accept the cost above "
                                             "(or fewer entries: --size)")
    print("prism: send this public corpus text to the paid translator? [y/N] ", end="", file=sys.stderr, flush=True)
    if input().strip().lower() not in ("y", "yes"):
        raise DictionaryError("E070", detail="cancelled: nothing was sent")


def _rendered(sentences: list[str], lang: str, cache: Path) -> list[str]:
    """WordNet's English examples in another language, rendered once by the local Apertium
    (cached): the builder needs public sentences in the source language to put words into."""
    digest = hashlib.sha256(("\n".join(sentences) + lang).encode()).hexdigest()[:16]
    path = cache / f"rendered-{lang}-{digest}.txt"
    if path.is_file():
        return path.read_text(encoding="utf-8").split("\n")
    _say(f"rendering {len(sentences)} corpus sentences into {lang} with Apertium (once, cached)")
    out = corpus.render(sentences, lang, ApertiumCLI().translate)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(out), encoding="utf-8")
    os.replace(tmp, path)
    return out


def run(args) -> int:
    if args.source not in LANGUAGES or args.source == args.target:
        raise DictionaryError("E070", detail=f"no analyser for source {args.source!r} to {args.target!r} "
                                             f"(sources: {', '.join(LANGUAGES)})")
    if args.k < 2 or args.size < 1:
        raise DictionaryError("E070", detail="need K >= 2 and --size >= 1")
    translator = get_translator(args.translator)
    cache = _cache_home() / "corpus"
    cache.mkdir(parents=True, exist_ok=True)

    if args.corpus:
        sentences = corpus.file_sentences(args.corpus)
        name = args.corpus_name or args.corpus.name
    else:
        sentences = corpus.wordnet_sentences()
        name = args.corpus_name or corpus.WORDNET_NAME
        if args.source != "en":
            # Machine-made derivative of public text (the WordNet licence allows derivatives).
            sentences = [s for s in _rendered(sentences, args.source, cache) if s]
            name = args.corpus_name or (f"{corpus.WORDNET_NAME}, rendered into {args.source} by Apertium "
                                        f"(machine-made, {datetime.date.today().isoformat()})")
    if args.max_sentences:
        sentences = sentences[: args.max_sentences]
    if not sentences:
        raise DictionaryError("E070", detail="the corpus holds no usable sentence")
    language = "" if args.source == "en" else args.source  # English caches keep their names
    digest = hashlib.sha256(("\n".join(sentences) + language).encode()).hexdigest()[:16]
    _say(f"tagging {len(sentences)} corpus sentences ({LANGUAGES[args.source].name} pipeline, cached)")
    tagged = corpus.tag(sentences, name, lambda texts: analyse_sentences(texts, args.source), cache / f"{digest}.jsonl")

    _say(f"choosing {args.size} vocabulary entries (wordfreq + {LANGUAGES[args.source].name} analyser)")
    vocab = vocabulary.build_vocabulary(tagged, args.size, load_model, lang=args.source,
                                       candidates=args.candidates or max(60000, 2 * args.size),
                                       analysers=vocabulary.find_analysers(args.source))
    cfg = build.BuildConfig(args.source, args.target, k=args.k, seed=args.seed, estimator=args.estimator,
                            chunk=args.chunk, workers=args.workers)
    plan = build.make_plan(tagged, vocab, cfg.k, cfg.seed)

    est = build.estimate_cost(plan, tagged, translator, None)
    if est["paid"]:
        # Nothing, not even the throughput sample, goes to a paid API before the user agrees.
        _say(_describe(est, translator, cfg.k))
        if args.estimate_only:
            return 0
        _confirm(args.yes)
    # Throughput from a small sample of corpus sentences (public text), for the time estimate.
    sample = [tagged.text(i) for i in range(min(100, len(tagged.sentences)))]
    t0 = time.perf_counter()
    translator.translate(sample, args.source, args.target)
    rate = sum(map(len, sample)) / max(time.perf_counter() - t0, 1e-6) * max(1, min(cfg.workers, 2)) * 0.8
    _say(_describe(build.estimate_cost(plan, tagged, translator, rate), translator, cfg.k))
    if args.estimate_only:
        return 0

    work = args.work_dir or _cache_home() / "build"
    output = args.output or _data_home() / "dictionaries" / f"{args.source}-{args.target}.json"
    _say(f"checkpoints in {work}")
    dictionary, stats = build.run_build(tagged, vocab, translator, cfg, work, corpus_label=name,
                                        quiet=args.quiet, plan=plan)
    dictionary.meta["corpus_sentences"] = len(tagged.sentences)
    # Wall time only means something for a build done in one go; a resumed one says so instead.
    dictionary.meta["build_seconds" if not stats.resumed_chunks else "resumed_run_seconds"] = round(stats.seconds, 1)
    if args.note:
        dictionary.meta["note"] = args.note
    output.parent.mkdir(parents=True, exist_ok=True)
    dictionary.save(output)
    _say(f"wrote {len(dictionary)} entries to {output} in {stats.seconds / 60:.1f} min "
         f"({stats.probes_sent} texts translated now, {stats.resumed_chunks} chunks resumed)")
    return 0
