"""Where the time of one private translation goes, on long texts without repeats, as ratios
measured in one run.

    .venv/bin/python benchmarks/bench_engine.py [--to es] [--repeat 3]

Per size (20,000 and 100,000 characters of MCTest stories, benchmarks/corpus.py, no story twice
in a text): each round five texts of 20,000 characters, and the five joined as the text of
100,000, so both sizes hold the same kind and mix of text; the long text first in one round, last
in the next, as the analyser's answers are remembered across texts (as in the host). Per text:
a bare `nlp.pipe` of the text's lines (spaCy's own time, the floor), the host's analysis (spaCy, token building, the recogniser), encoding,
Apertium's translation of x_pub (its kept pipeline, warm), decoding as the product does it (with
the agreement and verb repairs, api.unscramble) and the checks, the two also in CPU time. The host's
own work is everything but spaCy's pipe and Apertium. The analysis is also run as the host runs
it, with the kept second process (engine/analysis_process.py) analysing the later half of the
blocks on the other core (interleaved with the one-process run, each with the line cache
emptied); its memory is printed. Decode + check of the long text is given over the mean of its
five texts' each decoded alone (wall and CPU, the median of the rounds' ratios). The same text
does not hide the same words whole and in five: PRISM* hides a text's most confident words
first, a word everywhere or nowhere, and no substitute may be a word of the text, so a longer
text's budget reaches past its nouns to more verbs, whose repairs cost more; each row shows the
verbs hidden per 1,000 characters (about 1.4 at 20,000 and 4.4 at 100,000 characters of the same
stories). The last long text is also decoded in five pieces of its paragraphs (the same words
hidden), which shows how decoding scales with length alone. Also the dictionary load next to a
bare json.loads. Medians of --repeat rounds (at most 3: the stories run out); the load average
is printed with every row.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, replace
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


@dataclass
class Tools:
    nlp: object
    dictionary: Dictionary
    translator: ApertiumCLI
    second_process: object
    to: str
    runs: int = 0  # texts run so far: which analysis goes first alternates


def run(text: str, tools: Tools) -> tuple[tuple[str, str, object], tuple[float, ...]]:
    """One text through every stage: (the text, its translation, its encoding) and the times
    (pipe, analyse, encode, Apertium, decode, check, analyse with 2 processes, verbs hidden per
    1,000 characters, decode + check in wall time, the same in CPU time)."""
    lines = _blocks(text)[1]
    t_pipe, _ = timed(lambda: list(tools.nlp.pipe(lines, batch_size=64)))
    runs = {}
    tools.runs += 1
    for two in (tools.runs % 2 == 1, tools.runs % 2 == 0):  # interleaved, each first in turn
        tokenize.LINES = tokenize.KeyedCache(2_500)
        tokenize._second = tools.second_process if two else None
        runs[two] = timed(lambda: analyse(text))
    tokenize._second = tools.second_process
    (t_an, tokens), (t_an2, tokens2) = runs[False], runs[True]
    assert tokens2 == tokens
    t_en, enc = timed(lambda: encode(tokens, tools.dictionary, "star", 0.2, rng=random.Random(0)))
    t_tr, (y,) = timed(lambda: tools.translator.translate([enc.text], "en", tools.to))
    cpu = time.process_time()
    t_de, dec = timed(lambda: unscramble(y, enc))  # as the product decodes: with the repairs
    t_ch, _ = timed(lambda: verify.check(dec, enc.text, tools.to))
    cpu = time.process_time() - cpu
    verbs = 1000 * sum(s.pos == "VERB" for s in enc.substitutions) / len(text)
    return (text, y, enc), (t_pipe, t_an, t_en, t_tr, t_de, t_ch, t_an2, verbs, t_de + t_ch, cpu)


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
    tools = Tools(nlp, dictionary, translator, second_process, args.to)
    skip = 0
    rows: dict[int, list[tuple[int, tuple[float, ...]]]] = {20_000: [], 100_000: []}
    ratios = []  # per round: (wall, CPU) of the long text's decode + check over the five pieces' mean
    print(f"{'chars':>8} {'nlp.pipe':>9} {'analyse':>8} {'2 procs':>8} {'encode':>7} {'Apertium':>9} {'decode':>7} "
          f"{'check':>6} {'verbs/1k':>8}  host's own / Apertium")
    for k in range(args.repeat):
        # five texts of 20,000 characters built alike, then the five joined as the long text: the
        # same stories, so the two sizes differ in length, not in what the text holds. The analyser's
        # answers are remembered across texts (as in the host), so which goes first alternates
        pieces = []
        for _ in range(5):
            text, used = corpus.long_text_and_stories(20_000, skip=skip)
            skip += used
            pieces.append(text)
        # (the short texts. times only: an analysis kept alive is scanned by every later collection)
        if k % 2:
            small = [(len(text), run(text, tools)[1]) for text in pieces]
        (text, y, enc), times = run("\n\n".join(pieces), tools)  # the last one is decoded in pieces below
        if not k % 2:
            small = [(len(text), run(text, tools)[1]) for text in pieces]
        rows[20_000] += small
        rows[100_000].append((len(text), times))
        ratios.append(tuple(times[i] / statistics.mean(r[1][i] for r in small) for i in (-2, -1)))
    for done in rows.values():
        m = [statistics.median(r[1][i] for r in done) for i in range(len(done[0][1]))]
        own = (m[1] - m[0]) + m[2] + m[4] + m[5]
        chars = statistics.median(r[0] for r in done)
        print(f"{chars:>8.0f} {m[0]:>8.2f}s {m[1]:>7.2f}s {m[6]:>7.2f}s {m[2]:>6.2f}s {m[3]:>8.2f}s {m[4]:>6.3f}s "
              f"{m[5]:>5.3f}s {m[7]:>8.2f}  {own:.2f} s / {m[3]:.2f} s = {own / m[3]:.2f} (analysis beside spaCy "
              f"{m[1] - m[0]:.2f} s; medians of {len(done)} texts); {load()}", flush=True)
    wall, cpu = statistics.median(r[0] for r in ratios), statistics.median(r[1] for r in ratios)
    print(f"decode + check of 100,000 characters / the mean of its five 20,000-character texts decoded alone: "
          f"{wall:.2f} in wall time, {cpu:.2f} in CPU time (medians of {len(ratios)} rounds); {load()}")
    # PRISM* hides the most confident words first; a longer text's budget reaches past its nouns
    # to more verbs, whose repairs cost more: the same encoding whole and in pieces shows the scaling
    parts, wholes = [], []
    for _ in range(2):  # alternated: the second decode of the same words finds the analyser's answers parsed
        parts.append(sum(decode_cpu(*piece) for piece in in_pieces(y, enc)))
        wholes.append(decode_cpu(y, enc))
    print(f"decode + check of the last {len(text):,}-character text, whole / in 5 pieces of its paragraphs "
          f"(the same words hidden), CPU: {statistics.median(wholes):.3f} / {statistics.median(parts):.3f} s = "
          f"{statistics.median(wholes) / statistics.median(parts):.2f}; {load()}")
    rss = int(re.search(r"VmHWM:\s+(\d+)", Path(f"/proc/{second.pid}/status").read_text()).group(1)) / 1024
    print(f"second analysis process: peak RSS {rss:.0f} MiB; {load()}")
    tokenize.stop_second_process()


if __name__ == "__main__":
    main()
