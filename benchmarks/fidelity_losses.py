"""Which substitutes cost the private translation its chrF (issue 28): bench_fidelity.py says how
much is lost, this says by which hidden words.

    .venv/bin/python benchmarks/fidelity_losses.py [--pairs en-es ...] [--r 1] [--seeds 2]
        [--split tune] [--examples 25]

For each text the plain and the decoded private translation are cut into sentences; where both
have as many, each sentence's chrF loss (100 - sentence chrF, weighted by its share of the
text's characters) is shared out among the substitutions restored in it (by the decoder's spans;
a sentence without any goes to "no restored word": stand-ins left, a sentence reworded around
another). The loss is summed by the original word's UPOS and fine tag, by the substitute's
pair (original -> substitute), and the worst sentences are printed with what was sent.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fidelity import corpus  # noqa: E402

from prism_translate.api import unscramble  # noqa: E402
from prism_translate.dictionary.format import find_dictionary  # noqa: E402
from prism_translate.engine.encode import encode  # noqa: E402
from prism_translate.engine.tokenize import analyse_many  # noqa: E402
from prism_translate.translators.registry import get_translator  # noqa: E402

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")


def sentences(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group().strip()]


def losses(pair: str, ratio: float, seeds: int, split: str, translator) -> tuple[Counter, Counter, list, float]:
    from sacrebleu.metrics import CHRF

    chrf = CHRF()
    source, target = pair.split("-")
    bodies = [t for _, t in corpus(source, split)]
    dictionary = find_dictionary(target, source)
    tokens = analyse_many(bodies, source)
    plain = translator.translate(bodies, source, target)
    by_class: Counter = Counter()
    by_word: Counter = Counter()
    worst = []
    total = 0.0
    for seed in range(seeds):
        rng = random.Random(seed)
        encoded = [encode(t, dictionary, "star", ratio, rng=rng) for t in tokens]
        received = translator.translate([e.text for e in encoded], source, target)
        for enc, sent, ref in zip(encoded, received, plain):
            dec = unscramble(sent, enc)
            ours, theirs = sentences(dec.text), sentences(ref)
            if len(ours) != len(theirs):
                loss = 100 - chrf.sentence_score(dec.text, [ref]).score
                by_class["(sentences split differently)"] += loss
                total += loss
                continue
            for (a, b), (c, d) in zip(ours, theirs):
                score = chrf.sentence_score(dec.text[a:b].strip(), [ref[c:d].strip()]).score
                loss = (100 - score) * (d - c) / max(1, len(ref))
                total += loss
                if loss <= 0:
                    continue
                inside = [s.sub for s in dec.spans if a <= s.start < b and s.sub.kind == "word"]
                if not inside:
                    by_class["(no restored word)"] += loss
                    continue
                for sub in inside:
                    tok = enc.tokens[sub.index]
                    by_class[f"{sub.pos} {tok.tag}"] += loss / len(inside)
                    by_word[f"{sub.original} -> {sub.substitute}"] += loss / len(inside)
                worst.append((loss, ref[c:d].strip(), dec.text[a:b].strip(),
                              ", ".join(f"{s.original}->{s.substitute}" for s in inside)))
    return by_class, by_word, worst, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", nargs="+", default=["en-es", "en-fr", "en-ca"])
    ap.add_argument("--r", type=float, default=1.0)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--split", choices=("tune", "held-out", "all"), default="tune")
    ap.add_argument("--examples", type=int, default=25)
    args = ap.parse_args()
    translator = get_translator("apertium")
    for pair in args.pairs:
        by_class, by_word, worst, total = losses(pair, args.r, args.seeds, args.split, translator)
        print(f"\n## {pair}, r = {args.r}: chrF loss by the hidden word's UPOS and tag (sum {total:.1f})")
        for key, value in by_class.most_common(15):
            print(f"{value:7.1f}  {key}")
        print("\nby substitution:")
        for key, value in by_word.most_common(20):
            print(f"{value:7.1f}  {key}")
        print("\nworst sentences (plain / private / substitutions):")
        for loss, ref, ours, subs in sorted(worst, reverse=True)[:args.examples]:
            print(f"{loss:6.1f}  {ref}\n        {ours}\n        [{subs}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
