"""The host's own CPU per stage, beside spaCy's, on a 20,000-character page of short blocks and on
one long text (benchmarks/corpus.py, without repeats, each run its own text), warm.

    .venv/bin/python benchmarks/bench_stages.py [--repeat 3]
    PYTHONPATH=/tmp/base/host .venv/bin/python benchmarks/bench_stages.py   (another commit's
    package, from `git archive <commit> host | tar -x -C /tmp/base`, with a link to dictionaries/)

CPU time of this process (time.process_time: what the other jobs of a loaded machine take is not
counted), per stage: a bare `nlp.pipe` of the same line blocks (spaCy's own work, for reference);
the character recognisers (recognize.char_spans) and the rest of token building from spaCy's
docs (the line cache and joining, small, are left out); the token recognisers (recognize.mark); encoding (its entity and health stand-ins, and
PRISM*, with its units read ahead as api._encoder does); decoding (as the product does it, with the agreement and verb repairs: api.unscramble, the
texts side by side as api._complete has them, morphology.together)
and the checks of Apertium's translation of x_pub. The host's own work is the
sum of all but the bare pipe; Apertium's translation (wall time: it runs in its own processes) is
printed beside it. One process analyses (the host's kept second process is not started).
Medians of --repeat runs; the load average is printed with every row.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from host_process import load  # noqa: E402

from prism_translate.dictionary.format import Dictionary, installed_pairs  # noqa: E402
from prism_translate.engine import encode as encoding, pools, recognize, stand_ins, tokenize, verify, without_torch  # noqa: E402
from prism_translate import morphology  # noqa: E402
from prism_translate.api import keep_loaded, unscramble  # noqa: E402
from prism_translate.translators.apertium import ApertiumCLI  # noqa: E402

STAGES = ("char_spans", "tokens", "mark", "entities", "health", "PRISM*", "encode, rest", "decode", "check")
spent: Counter = Counter()


def timed(name: str, fn):
    """fn, its CPU time added to `spent[name]` (nested stages are taken out of their caller's below)."""
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - start
    return wrapper


def instrument() -> None:
    recognize.char_spans = timed("char_spans", recognize.char_spans)
    recognize.mark = timed("mark", recognize.mark)
    tokenize._doc_tokens = timed("_doc_tokens", tokenize._doc_tokens)  # the char_spans inside taken out below
    stand_ins.protect_entities = timed("entities", stand_ins.protect_entities)
    encoding._protect_health = timed("health", encoding._protect_health)
    encoding._encode_star = timed("PRISM*", encoding._encode_star)
    if hasattr(encoding, "read_units_ahead"):  # PRISM*'s reading of the units, ahead of the texts
        encoding.read_units_ahead = timed("PRISM*", encoding.read_units_ahead)


def run(texts: list[str], nlp, dictionary, translator) -> dict[str, float]:
    blocks = [block for text in texts for block in tokenize._blocks(text)[1]]
    start = time.process_time()
    list(nlp.pipe(blocks, batch_size=64))
    pipe = time.process_time() - start
    spent.clear()
    tokenize.LINES = tokenize.KeyedCache(2_500)
    analysed = tokenize.analyse_many(texts)
    start = time.process_time()
    # as api._encoder encodes a request's texts: their units read ahead, a few dozen to a round
    # trip (read_units_ahead, absent before 4023cea: there each text reads its own)
    ahead = getattr(encoding, "read_units_ahead", None)
    encoded, read = [], 0
    with morphology.remembering():
        for k, tokens in enumerate(analysed):
            if ahead is not None and k == read:
                read += ahead(texts[k:], "en", "star")
            encoded.append(encoding.encode(tokens, dictionary, "star", 0.2, rng=random.Random(0)))
    encode = time.process_time() - start
    wall = time.perf_counter()
    received = translator.translate([e.text for e in encoded], "en", dictionary.target)
    apertium = time.perf_counter() - wall
    start = time.process_time()
    # as api._complete decodes a request's texts: side by side, their repairs' questions to lt-proc
    # in a few round trips per pass (one block after another took about 750 on the page, not 26)
    with morphology.remembering():
        decoded = morphology.together([partial(unscramble, y, e) for y, e in zip(received, encoded)])
    spent["decode"] = time.process_time() - start
    start = time.process_time()
    for d, e in zip(decoded, encoded):
        verify.check(d, e.text, dictionary.target)
    spent["check"] = time.process_time() - start
    # token building: our tokens from spaCy's docs and the merges of what char_spans found
    spent["tokens"] = spent["_doc_tokens"] - spent["char_spans"]
    spent["encode, rest"] = encode - spent["entities"] - spent["health"] - spent["PRISM*"]
    row = {stage: spent[stage] for stage in STAGES}
    row["own"] = sum(row.values())
    row["nlp.pipe"], row["Apertium"] = pipe, apertium
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    without_torch()
    dictionary = Dictionary.load(installed_pairs()["en-es"])
    pools.prepare(dictionary)
    nlp = tokenize.load_model("en")
    translator = ApertiumCLI()
    translator.translate(["Warm-up."], "en", "es")
    instrument()
    skip = 0
    warm = corpus.page(20_000, skip=250)[0] + [corpus.long_text(20_000, skip=280)]  # first uses of pools, lt-proc
    run(warm, nlp, dictionary, translator)
    keep_loaded()  # as the host does after its warm-up
    columns = ("nlp.pipe", *STAGES, "own", "Apertium")
    print(f"{'':>6} " + " ".join(f"{c:>12}" for c in columns) + "  own / Apertium")
    for kind in ("page", "long"):
        rows = []
        for _ in range(args.repeat):
            if kind == "page":
                texts, used = corpus.page(20_000, skip=skip)
            else:
                text, used = corpus.long_text_and_stories(20_000, skip=skip)
                texts = [text]
            skip += used
            rows.append(run(texts, nlp, dictionary, translator))
        m = {c: statistics.median(r[c] for r in rows) for c in columns}
        print(f"{kind:>6} " + " ".join(f"{m[c]:>11.3f}s" for c in columns)
              + f"  {m['own'] / m['Apertium']:.2f}; {len(texts)} texts, {sum(map(len, texts))} characters; {load()}",
              flush=True)


if __name__ == "__main__":
    main()
