"""Which substitutes cost the private translation its chrF (issue 28): bench_fidelity.py says how
much is lost, this says by which hidden words.

    .venv/bin/python benchmarks/fidelity_losses.py [--pairs en-es ...] [--r 1] [--seeds 2]
        [--split tune] [--examples 25] [--file TEXTS.jsonl]

For each text the plain translation is cut into sentences and each is paired with the stretch of
the decoded private translation its words align to (difflib over words), so a text whose private
translation ends or joins sentences elsewhere is still shared out sentence by sentence. Each
sentence's chrF loss (100 - sentence chrF, weighted by its share of the text's characters) is
shared out among the substitutions restored in it (by the decoder's spans; a sentence without any
goes to "no restored word": stand-ins left, a sentence reworded around another). The loss is
summed by the original word's UPOS and fine tag, by the substitute's pair (original ->
substitute), and the worst sentences are printed with what was sent. Where the two split into
sentences differently, the words around each differing sentence end are listed with the
substitutions restored there, so the cause can be seen.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fidelity import corpus  # noqa: E402

from prism_translate.api import unscramble  # noqa: E402
from prism_translate.dictionary.format import find_dictionary  # noqa: E402
from prism_translate.engine.encode import encode  # noqa: E402
from prism_translate.engine.tokenize import analyse_many  # noqa: E402
from prism_translate.translators.registry import get_translator  # noqa: E402

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")
# a word with the line break after it: Apertium moves a line break with the words it reorders
_WORD = re.compile(r"\S+(?:[ \t]*\n)?")
_END = re.compile(r"[.!?]\W*$|\n$")


def sentences(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group().strip()]


def _words(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _WORD.finditer(text)]


def _word_map(ref: str, rw: list, dec: str, dw: list) -> tuple[list[int], list]:
    """For each word of the plain translation, the index of the private translation's word it
    aligns to (a replaced stretch spread evenly over its counterpart; a deleted one at its end);
    and the opcodes."""
    matcher = SequenceMatcher(None, [ref[a:b] for a, b in rw], [dec[a:b] for a, b in dw], autojunk=False)
    opcodes = matcher.get_opcodes()
    mapped = [0] * len(rw)
    for _, i1, i2, j1, j2 in opcodes:
        for i in range(i1, i2):
            mapped[i] = j1 + (i - i1) * (j2 - j1) // (i2 - i1)
    return mapped, opcodes


def paired(dec: str, ref: str) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], list]:
    """The plain translation's sentences, each with the stretch of the private one it aligns to
    (also when both have as many: one may end a sentence early and join two later), and the
    opcodes where the two end sentences differently."""
    theirs = sentences(ref)
    rw, dw = _words(ref), _words(dec)
    mapped, opcodes = _word_map(ref, rw, dec, dw)
    firsts = [next((k for k, (a, _) in enumerate(rw) if a >= c), len(rw)) for c, _ in theirs]
    cuts = [0] + [dw[mapped[k]][0] if k < len(rw) and mapped[k] < len(dw) else len(dec) for k in firsts[1:]]
    cuts = [max(cuts[:i + 1]) for i in range(len(cuts))] + [len(dec)]
    splits = [op for op in opcodes if op[0] != "equal" and _ends(ref, rw[op[1]:op[2]]) != _ends(dec, dw[op[3]:op[4]])]
    return [((cuts[i], cuts[i + 1]), t) for i, t in enumerate(theirs)], splits


def _ends(text: str, words: list) -> int:
    return sum(1 for a, b in words if _END.search(text[a:b]))


def _stops(text: str, words: list) -> int:
    return sum(1 for a, b in words if _END.search(text[a:b].rstrip()))


def _split_causes(dec, ref: str, splits: list, by_split: Counter, examples: list) -> None:
    """Count each differing sentence end by the substitutions restored within a few words of it."""
    rw, dw = _words(ref), _words(dec.text)
    for _, i1, i2, j1, j2 in splits:
        lo, hi = dw[max(0, j1 - 3)][0] if dw else 0, dw[min(len(dw), j2 + 3) - 1][1] if dw else 0
        near = [f"{s.sub.original} -> {s.sub.substitute}" for s in dec.spans if lo <= s.start < hi]
        punctuation = _stops(ref, rw[i1:i2]) != _stops(dec.text, dw[j1:j2])
        by_split["(a sentence's punctuation)" if punctuation else "(a line break only)"] += 1
        for key in near or ["(no restored word near)"]:
            by_split[key] += 1
        examples.append((" ".join(ref[a:b].strip() + "⏎" * ("\n" in ref[a:b]) for a, b in rw[max(0, i1 - 3):i2 + 3]),
                         dec.text[lo:hi].replace("\n", "⏎"), ", ".join(near)))


def losses(pair: str, ratio: float, seeds: int, split: str, translator, file: Path | None = None) -> tuple:
    from sacrebleu.metrics import CHRF

    chrf = CHRF()
    source, target = pair.split("-")
    bodies = [t for _, t in corpus(source, split, file)]
    dictionary = find_dictionary(target, source)
    tokens = analyse_many(bodies, source)
    plain = translator.translate(bodies, source, target)
    by_class: Counter = Counter()
    by_word: Counter = Counter()
    by_split: Counter = Counter()
    split_examples: list = []
    worst = []
    total = 0.0
    for seed in range(seeds):
        rng = random.Random(seed)
        encoded = [encode(t, dictionary, "star", ratio, rng=rng) for t in tokens]
        received = translator.translate([e.text for e in encoded], source, target)
        for enc, sent, ref in zip(encoded, received, plain):
            dec = unscramble(sent, enc)
            pairs, splits = paired(dec.text, ref)
            _split_causes(dec, ref, splits, by_split, split_examples)
            for (a, b), (c, d) in pairs:
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
    return by_class, by_word, worst, total, by_split, split_examples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", nargs="+", default=["en-es", "en-fr", "en-ca"])
    ap.add_argument("--r", type=float, default=1.0)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--split", choices=("tune", "held-out", "all"), default="tune")
    ap.add_argument("--examples", type=int, default=25)
    ap.add_argument("--file", type=Path, help="JSON lines of texts, as bench_fidelity.py --file, instead of --split")
    args = ap.parse_args()
    translator = get_translator("apertium")
    for pair in args.pairs:
        by_class, by_word, worst, total, by_split, split_examples = losses(pair, args.r, args.seeds, args.split, translator,
                                                                           args.file)
        print(f"\n## {pair}, r = {args.r}: chrF loss by the hidden word's UPOS and tag (sum {total:.1f})")
        for key, value in by_class.most_common(15):
            print(f"{value:7.1f}  {key}")
        print("\nby substitution:")
        for key, value in by_word.most_common(20):
            print(f"{value:7.1f}  {key}")
        print("\nworst sentences (plain / private / substitutions):")
        for loss, ref, ours, subs in sorted(worst, reverse=True)[:args.examples]:
            print(f"{loss:6.1f}  {ref}\n        {ours}\n        [{subs}]")
        print("\nsentence ends that differ, by kind and by the substitutions restored near them:")
        for key, value in by_split.most_common(15):
            print(f"{value:7d}  {key}")
        for ref, ours, subs in split_examples[:args.examples]:
            print(f"        {ref}\n        {ours}\n        [{subs}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
