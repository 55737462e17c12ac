"""Where the time of one private translation goes, as ratios measured in one run.

    .venv/bin/python benchmarks/bench_engine.py [--to es] [--repeat 5]

Reports the dictionary load time next to a bare json.load of the same file, and spaCy analysis,
encoding, decoding next to the translator call itself, on the example e-mail repeated to a
few sizes. Numbers are medians of --repeat runs on this machine; compare ratios, not seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from prism_translate.dictionary.format import Dictionary, installed_pairs
from prism_translate.engine.decode import decode
from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse, load_model
from prism_translate.translators import get_translator

ROOT = Path(__file__).resolve().parents[1]


def timed(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--to", default="es")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    path = installed_pairs()[f"en-{args.to}"]
    raw, _ = timed(lambda: json.loads(path.read_text(encoding="utf-8")), args.repeat)
    full, dictionary = timed(lambda: Dictionary.load(path), args.repeat)
    print(f"dictionary {path.name}: {len(dictionary)} entries, {path.stat().st_size / 1e6:.1f} MB")
    print(f"  load {full * 1000:.0f} ms = {full / raw:.2f} x a bare json.loads ({raw * 1000:.0f} ms)")

    load_model()
    translator = get_translator("apertium")
    email = (ROOT / "examples" / "email.txt").read_text(encoding="utf-8")
    print(f"{'chars':>8} {'analyse':>9} {'encode':>8} {'translate':>10} {'decode':>8}  PRISM/translate")
    for copies in (1, 10, 50):
        text = "\n\n".join([email] * copies)
        t_an, tokens = timed(lambda: analyse(text), args.repeat)
        t_en, enc = timed(lambda: encode(tokens, dictionary, "star", 0.2, rng=random.Random(0)), args.repeat)
        t_tr, (y,) = timed(lambda: translator.translate([enc.text], "en", args.to), args.repeat)
        t_de, _ = timed(lambda: decode(y, enc.substitutions), args.repeat)
        prism = t_an + t_en + t_de
        print(f"{len(text):>8} {t_an * 1000:>7.0f}ms {t_en * 1000:>6.1f}ms {t_tr * 1000:>8.0f}ms "
              f"{t_de * 1000:>6.1f}ms  {prism / t_tr:.2f}")


if __name__ == "__main__":
    main()
