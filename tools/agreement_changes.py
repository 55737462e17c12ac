"""What bench_fidelity.py's agreement changes are (issue 28): each counted word with its context in
the private and the plain translation, its readings in both, and the nearest restored word.

    .venv/bin/python tools/agreement_changes.py [--pairs en-es ...] [--r 0.2] [--seeds 2] [--split tune]

Each change is put in one class: "plain's own" (bench_fidelity.plains_own, its participles,
adverbs and plurals of singular nouns), "plain's name gender" (bench_fidelity.plains_name_genders: "Luna era muy temerosa",
plain "temeroso", Apertium lacks "Luna" and takes it for masculine) and "plain's name as a word"
(bench_fidelity.plains_name_words: plain "El lliri era segur" for "Lily was sure") and "plain's
finite after a modal" (bench_fidelity.plains_finite_after_modals: plain "Podría arreglamos",
private "Podría arreglar"), the plain translation's own errors, not counted there;
else by where it stands against the restored words (spans of the decoder): "restored" (the
restored word itself is in another form), "near" (within three words of one: what agreed with
the substitute), "far" (no restored word within three words: the sentence was parsed
differently). A class count per pair closes the listing; whether the plain or the private form
is the right one is for the reader of the listing.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_fidelity import (VERBAL, _words, changed_words, corpus, offsets, plains_finite_after_modals,  # noqa: E402
                            plains_name_genders, plains_name_words, plains_own)

from prism_translate import morphology  # noqa: E402
from prism_translate.api import unscramble  # noqa: E402
from prism_translate.dictionary.format import find_dictionary  # noqa: E402
from prism_translate.engine.encode import encode  # noqa: E402
from prism_translate.engine.tokenize import analyse_many  # noqa: E402
from prism_translate.translators.registry import get_translator  # noqa: E402

NEAR = 3  # words


def _tags(word: morphology.Analysis) -> str:
    return "/".join(f"{r.lemma}<{'.'.join(r.tags)}>" for r in word.readings[:3])


def _context(text: str, start: int, width: int = 45) -> str:
    return text[max(0, start - width):start + width].replace("\n", " ")


def listing(pair: str, ratio: float, seeds: int, split: str, translator) -> Counter:
    source, target = pair.split("-")
    bodies = [t for _, t in corpus(source, split)]
    dictionary = find_dictionary(target, source)
    tokens = analyse_many(bodies, source)
    plain = translator.translate(bodies, source, target)
    plain_analysed = morphology.analyse_lines(plain, target)
    classes: Counter = Counter()
    for seed in range(seeds):
        rng = random.Random(seed)  # one draw per seed over the texts, as bench_fidelity.py draws
        encoded = [encode(t, dictionary, "star", ratio, rng=rng) for t in tokens]
        received = translator.translate([e.text for e in encoded], source, target)
        decoded = [unscramble(y, e) for y, e in zip(received, encoded)]
        for n, (enc, dec, ref, ref_an, dec_an) in enumerate(zip(encoded, decoded, plain, plain_analysed,
                                                                morphology.analyse_lines([d.text for d in decoded], target))):
            mine, ref_words = _words(dec_an), _words(ref_an)
            starts, ref_starts = offsets(dec.text, mine), offsets(ref, ref_words)
            changes = changed_words(dec_an, ref_an)
            own = plains_own(changes, dec_an, ref_an, dec, enc.tokens, dictionary)
            genders = plains_name_genders(changes, dec_an, ref_an, dec, ref, source)
            name_words = plains_name_words(changes, dec_an, ref_an, dec, source)
            modals = plains_finite_after_modals(changes, dec_an, ref_an, target)
            for k, (i, j, shared) in enumerate(changes):
                at = starts[i]
                span = min(dec.spans, key=lambda s: min(abs(s.start - at), abs(s.end - at)), default=None)
                gap = 99 if span is None else len(re.findall(
                    r"\w+", dec.text[min(span.end, at):max(span.start, at)]))
                where = "plain's own" if k in own else "plain's name gender" if k in genders else \
                    "plain's name as a word" if k in name_words else \
                    "plain's finite after a modal" if k in modals else \
                    "restored" if span is not None and span.start <= at < span.end else \
                    "near" if gap <= NEAR else "far"
                verb = any(category in VERBAL for _, category in shared)
                classes[where, "verb" if verb else "other"] += 1
                print(f"[{pair} r={ratio} s={seed} t={n}] {where} {'VERB' if verb else ''} "
                      f"{mine[i].surface!r} (plain {ref_words[j].surface!r})")
                print(f"    private: …{_context(dec.text, at)}…")
                print(f"    plain:   …{_context(ref, ref_starts[j])}…")
                print(f"    tags: {_tags(mine[i])}  |  plain {_tags(ref_words[j])}")
                if span is not None:
                    print(f"    nearest restored: {span.sub.original!r} -> sent {span.sub.substitute!r}, "
                          f"came back {span.found!r}, {gap} words away")
    return classes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", nargs="+", default=["en-es", "en-fr", "en-ca"])
    ap.add_argument("--r", type=float, default=0.2)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--split", choices=("tune", "held-out", "all"), default="tune")
    args = ap.parse_args()
    translator = get_translator("apertium")
    for pair in args.pairs:
        classes = listing(pair, args.r, args.seeds, args.split, translator)
        print(f"== {pair} r={args.r}: " + ", ".join(f"{w}/{k}: {c}" for (w, k), c in sorted(classes.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
