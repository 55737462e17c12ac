#!/usr/bin/env python3
"""Builder throughput next to the raw throughput of the same translator, in one run.

raw:     the translator alone, the same number of texts in the same batch size and parallelism.
builder: run_build on the first N corpus sentences and a small vocabulary (translate D, probe,
         checkpoint, estimate), in a fresh work folder.
Prints texts/s for both and their ratio (builder / raw; 1.0 = no overhead). A warm-up call
comes first (the first Apertium run reads its data files from disk), then raw and builder
alternate --repeat times and the best time of each is kept, so neither pays for the other's
cold start or a moment of load.

    python3 tools/dictionary_throughput.py --to es --sentences 1000 --entries 50
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from prism_translate.builder import build  # noqa: E402
from prism_translate.dictionary import corpus, vocabulary  # noqa: E402
from prism_translate.engine.tokenize import analyse_sentences, load_model  # noqa: E402
from prism_translate import config, installation  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--to", default="es")
    ap.add_argument("--translator", default="apertium")
    ap.add_argument("--sentences", type=int, default=1000)
    ap.add_argument("--entries", type=int, default=50)
    ap.add_argument("-K", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    translator = installation.translator({**config.load(), "translator": args.translator})
    tagged = corpus.tag(corpus.wordnet_sentences()[: args.sentences], "WordNet examples", analyse_sentences)
    vocab = vocabulary.build_vocabulary(tagged, args.entries, load_model, candidates=2000, analysers=vocabulary.find_analysers())
    cfg = build.BuildConfig("en", args.to, k=args.K, workers=args.workers)
    plan = build.make_plan(tagged, vocab, cfg.k, cfg.seed)
    texts = [tagged.text(i) for i in range(len(tagged.sentences))] + [t for ts in plan.probe_texts for t in ts]
    step = cfg.chunk * cfg.k
    batches = [texts[i:i + step] for i in range(0, len(texts), step)]

    def run_raw() -> float:
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=cfg.workers) as pool:
            list(pool.map(lambda b: translator.translate(b, "en", args.to), batches))
        return time.perf_counter() - t0

    def run_builder() -> float:
        with tempfile.TemporaryDirectory() as work:
            t0 = time.perf_counter()
            build.run_build(tagged, vocab, translator, cfg, Path(work), quiet=True, plan=plan)
            return time.perf_counter() - t0

    translator.translate(batches[0][:50], "en", args.to)
    raw, built = float("inf"), float("inf")
    for _ in range(max(1, args.repeat)):
        raw = min(raw, run_raw())
        built = min(built, run_builder())

    print(json.dumps({
        "translator": translator.label(), "pair": f"en-{args.to}", "texts": len(texts), "K": cfg.k,
        "entries": len(plan.entries), "workers": cfg.workers, "repeat": args.repeat,
        "raw_texts_per_s": round(len(texts) / raw, 1), "builder_texts_per_s": round(len(texts) / built, 1),
        "ratio": round(raw / built, 3),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
