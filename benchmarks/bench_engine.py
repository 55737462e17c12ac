"""Where the time of one private translation goes, on long texts without repeats, as ratios
measured in one run.

    .venv/bin/python benchmarks/bench_engine.py [--to es] [--repeat 3]

Per size (20,000 and 100,000 characters of MCTest stories, benchmarks/corpus.py; every run its
own stories, so no cache of the host's helps): a bare `nlp.pipe` of the text's lines (spaCy's
own time, the floor), the host's analysis (spaCy, token building, the recogniser), encoding,
Apertium's translation of x_pub (its kept pipeline, warm), decoding as the product does it (with
the agreement and verb repairs, api.unscramble) and the checks, the two also in CPU time. The host's
own work is everything but spaCy's pipe and Apertium. The analysis is also run as the host runs
it, with the kept second process (engine/analysis_process.py) analysing the later half of the
blocks on the other core (interleaved with the one-process run, each with the line cache
emptied); its memory is printed. PRISM* hides a text's most confident words first, and a longer
text's budget reaches past its nouns to more verbs, whose repairs cost more: the last
100,000-character text is also decoded in five pieces of its paragraphs (the same words hidden),
which shows how decoding scales with length alone. Also the dictionary load next to a bare json.loads. Medians of
--repeat runs; the load average is printed with every row.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from host_process import load  # noqa: E402

from prism_translate.dictionary.format import Dictionary, installed_pairs  # noqa: E402
from prism_translate.engine import verify, without_torch  # noqa: E402
from prism_translate.api import keep_loaded, unscramble  # noqa: E402
from prism_translate.engine.encode import encode  # noqa: E402
from prism_translate.engine.pools import prepare  # noqa: E402
from prism_translate.engine import tokenize  # noqa: E402
from prism_translate.engine.tokenize import _blocks, analyse, load_model  # noqa: E402
from prism_translate.translators.apertium import ApertiumCLI  # noqa: E402


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def in_pieces(y: str, enc, n: int = 5) -> list[tuple[str, object]]:
    """The translation and its encoding cut into n runs of whole paragraphs (Apertium keeps the
    blank lines), each with its own substitutions, their places re-read within the piece: the
    same words hidden as in the whole, decoded as n shorter texts."""
    x = enc.text
    xs, ys = ([0, *(m.end() for m in re.finditer(r"\n\n", t)), len(t) + 2] for t in (x, y))
    assert len(xs) == len(ys), "the translation lost a paragraph break"
    cuts = [round((len(xs) - 1) * k / n) for k in range(n + 1)]
    out = []
    for a, b in zip(cuts, cuts[1:]):
        start, end = xs[a], xs[b] - 2
        subs = [replace(s, at=(s.at * len(x) - start) / max(1, end - start)) for s in enc.substitutions
                if start <= s.at * len(x) <= end]
        out.append((y[ys[a]:ys[b] - 2], replace(enc, text=x[start:end], substitutions=subs)))
    return out


def decode_cpu(y: str, enc) -> float:
    cpu = time.process_time()
    verify.check(unscramble(y, enc), enc.text, enc.target)
    return time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--to", default="es")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    without_torch()

    path = installed_pairs()[f"en-{args.to}"]
    raw = statistics.median(timed(lambda: json.loads(path.read_text(encoding="utf-8")))[0] for _ in range(args.repeat))
    full = statistics.median(timed(lambda: Dictionary.load(path))[0] for _ in range(args.repeat))
    dictionary = Dictionary.load(path)
    print(f"dictionary {path.name}: {len(dictionary)} entries; load {full * 1000:.0f} ms = {full / raw:.2f} x a bare "
          f"json.loads ({raw * 1000:.0f} ms); {load()}")

    nlp = load_model()
    prepare(dictionary)
    translator = ApertiumCLI()
    translator.translate(["Warm-up."], "en", args.to)
    analyse("Warm-up, Anna Smith paid 12 EUR.")
    second = tokenize.start_second_process("en")
    while not second.ready("en"):
        time.sleep(0.1)
    second_process = tokenize._second
    keep_loaded()  # as the host does after its warm-up
    skip = 0
    medians, verbs = {}, {}
    print(f"{'chars':>8} {'nlp.pipe':>9} {'analyse':>8} {'2 procs':>8} {'encode':>7} {'Apertium':>9} {'decode':>7} "
          f"{'check':>6}  host's own / Apertium")
    for size in (20_000, 100_000):
        rows = []
        for _ in range(args.repeat):
            text, used = corpus.long_text_and_stories(size, skip=skip)
            skip += used
            lines = _blocks(text)[1]
            t_pipe, _ = timed(lambda: list(nlp.pipe(lines, batch_size=64)))
            runs = {}
            for two in (len(rows) % 2 == 0, len(rows) % 2 == 1):  # interleaved, each first in turn
                tokenize.LINES = tokenize.KeyedCache(2_500)
                tokenize._second = second_process if two else None
                runs[two] = timed(lambda: analyse(text))
            tokenize._second = second_process
            (t_an, tokens), (t_an2, tokens2) = runs[False], runs[True]
            assert tokens2 == tokens
            t_en, enc = timed(lambda: encode(tokens, dictionary, "star", 0.2, rng=random.Random(0)))
            t_tr, (y,) = timed(lambda: translator.translate([enc.text], "en", args.to))
            cpu = time.process_time()
            t_de, dec = timed(lambda: unscramble(y, enc))  # as the product decodes: with the repairs
            t_ch, _ = timed(lambda: verify.check(dec, enc.text, args.to))
            cpu = time.process_time() - cpu
            rows.append((t_pipe, t_an, t_en, t_tr, t_de, t_ch, t_an2, cpu))
            verbs[size] = sum(s.pos == "VERB" for s in enc.substitutions) / len(enc.substitutions)
        m = [statistics.median(r[i] for r in rows) for i in range(8)]
        medians[size] = m
        own = (m[1] - m[0]) + m[2] + m[4] + m[5]
        print(f"{len(text):>8} {m[0]:>8.2f}s {m[1]:>7.2f}s {m[6]:>7.2f}s {m[2]:>6.2f}s {m[3]:>8.2f}s {m[4]:>6.3f}s {m[5]:>5.3f}s  "
              f"{own:.2f} s / {m[3]:.2f} s = {own / m[3]:.2f} (analysis beside spaCy {m[1] - m[0]:.2f} s); {load()}",
              flush=True)
    small, big = medians[20_000], medians[100_000]
    print(f"decode + check, 100,000 / 20,000 characters: {big[4] + big[5]:.3f} / {small[4] + small[5]:.3f} s = "
          f"{(big[4] + big[5]) / (small[4] + small[5]):.2f}; in CPU time {big[7]:.3f} / {small[7]:.3f} s = "
          f"{big[7] / small[7]:.2f}; {load()}")
    # PRISM* hides the most confident words first; a longer text's budget reaches past its nouns
    # to more verbs, whose repairs cost more: the same encoding whole and in pieces shows the scaling
    parts, wholes = [], []
    for _ in range(2):  # alternated: the second decode of the same words finds the analyser's answers parsed
        parts.append(sum(decode_cpu(*piece) for piece in in_pieces(y, enc)))
        wholes.append(decode_cpu(y, enc))
    print(f"decode + check of the last {len(text):,}-character text, whole / in 5 pieces of its paragraphs "
          f"(the same words hidden), CPU: {statistics.median(wholes):.3f} / {statistics.median(parts):.3f} s = "
          f"{statistics.median(wholes) / statistics.median(parts):.2f}; verbs among the hidden words: "
          f"{verbs[20_000]:.1%} at 20,000 characters, {verbs[100_000]:.1%} at 100,000; {load()}")
    rss = int(re.search(r"VmHWM:\s+(\d+)", Path(f"/proc/{second.pid}/status").read_text()).group(1)) / 1024
    print(f"second analysis process: peak RSS {rss:.0f} MiB; {load()}")
    tokenize.stop_second_process()


if __name__ == "__main__":
    main()
