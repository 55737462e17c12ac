"""Can function words be hidden without decoding them? (issue 19, docs/evaluation.md)

The channel PRISM* leaves open at r = 1 is the function words. Some of them a translator renders
the same way whatever their neighbour in a class ("his"/"their"/"her" -> "su", "at"/"in" -> "en",
"he"/"she" dropped by Spanish): swapping those at random costs the user nothing and needs no
decoding. This measures, on tuning stories only:

1. the probe: for every frequent function word (spaCy stop word, by fine tag) and every other of
   its tag, the share of story sentences whose translation is unchanged when the one stands for
   the other (Apertium en -> es);
2. the effect: PRISM* at r = 1, then every function word with a partner at or above each threshold
   swapped at random (itself included), read by the offline evaluator (PPS, t) and translated,
   decoded, back-translated and read again (QS).

    python tools/function_word_swaps.py [--stories 60] [--thresholds 0.95 0.85 0.75]
"""

from __future__ import annotations

import argparse
import random
import subprocess
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from prism_translate import api, languages
from prism_translate.dictionary.format import find_dictionary
from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import detokenize
from prism_translate.evaluation import evaluators, mctest
from prism_translate.evaluation.cache import Cache
from prism_translate.evaluation.run import Harness, _story_seed, default_cache_dir
from prism_translate.translators.registry import get_translator

TUNING = ("mc160.train", "mc160.dev", "mc500.train", "mc500.dev")
MIN_OCCURRENCES = 15  # a function word seen less often than this in the probe's stories is left out
PROBE_SENTENCES = 25  # sentences per function word


def sentences(tokens) -> list[list]:
    out, cur = [], []
    for t in tokens:
        if t.sent_start and cur:
            out.append(cur)
            cur = []
        cur.append(t)
    return out + [cur] if cur else out


def probe(harness: Harness, rng: random.Random) -> dict[tuple[str, str, str], float]:
    """(word, stand-in, fine tag) -> share of sentences translated identically."""
    stops = languages.stop_words("en")
    sents = [s for toks in harness.tokens for s in sentences(toks)]
    seen: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for si, sent in enumerate(sents):
        for ti, t in enumerate(sent):
            if t.is_word and t.text.lower() in stops:
                seen[t.text.lower(), t.tag].append((si, ti))
    common = {k: v for k, v in seen.items() if len(v) >= MIN_OCCURRENCES}
    by_tag: dict[str, list[str]] = defaultdict(list)
    for word, tag in common:
        by_tag[tag].append(word)
    pairs = []
    for (word, tag), where in common.items():
        for si, ti in rng.sample(where, min(PROBE_SENTENCES, len(where))):
            texts = [t.text for t in sents[si]]
            original = detokenize(sents[si], texts).replace("\n", " ")
            for other in by_tag[tag]:
                if other != word:
                    texts[ti] = other.capitalize() if sents[si][ti].text[0].isupper() else other
                    pairs.append(((word, other, tag), original, detokenize(sents[si], texts).replace("\n", " ")))
    lines = sorted({p[1] for p in pairs} | {p[2] for p in pairs})
    out = subprocess.run(["apertium", "-u", "eng-spa"], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    translated = dict(zip(lines, out))
    same: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for key, a, b in pairs:
        same[key][0] += translated[a] == translated[b]
        same[key][1] += 1
    return {k: n / total for k, (n, total) in same.items()}


def measure(harness: Harness, dictionary, partners: dict[tuple[str, str], list[str]], protect: bool):
    encoded, swapped = [], 0
    for toks, story in zip(harness.tokens, harness.stories):
        enc = encode(toks, dictionary, "star", 1.0, rng=random.Random(_story_seed(0, story)), protect_entities=protect)
        out = [t.text for t in toks]
        for s in enc.substitutions:
            out[s.index] = s.substitute
        hidden = {s.index for s in enc.substitutions}
        rng = random.Random(_story_seed(1, story))
        for i, t in enumerate(toks):
            choices = partners.get((t.text.lower(), t.tag)) if i not in hidden else None
            if choices:
                pick = rng.choice([t.text.lower()] + choices)
                swapped += pick != t.text.lower()
                out[i] = pick.capitalize() if t.text[0].isupper() else pick
        encoded.append(replace(enc, text=detokenize(toks, out)))
    point = harness.point("star", 1.0, [e.text for e in encoded],
                          lambda y_pub: [api.unscramble(y, e).text for y, e in zip(y_pub, encoded)], 0.0)
    return point, swapped


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--stories", type=int, default=60)
    p.add_argument("--thresholds", type=float, nargs="+", default=[0.95, 0.85, 0.75])
    p.add_argument("--cache-dir", type=Path, default=default_cache_dir())
    args = p.parse_args()
    stories = mctest.sample([s for name in TUNING for s in mctest.load(name)], args.stories, 7)
    dictionary = find_dictionary("es")
    print("| protocol | partners kept when identical in at least | function words swapped | PPS | t | QS | QS/QS_rt |")
    print("|---|---|---|---|---|---|---|")
    evaluator, translator, cache = evaluators.get_evaluator("sw+d+minilm"), get_translator("apertium"), Cache(args.cache_dir)
    shares: dict[tuple[str, str, str], float] = {}
    for protect in (False, True):
        harness = Harness(stories, translator=translator, evaluator=evaluator, cache=cache, protect_entities=protect)
        shares = shares or probe(harness, random.Random(1))
        refs = harness.references()
        plain_pps, empty_pps = 1 - refs["original"], 1 - refs["question_only"]
        for threshold in [1.01] + args.thresholds:
            partners: dict[tuple[str, str], list[str]] = defaultdict(list)
            for (word, other, tag), share in shares.items():
                if share >= threshold:
                    partners[word, tag].append(other)
            point, swapped = measure(harness, dictionary, partners, protect)
            t = (point.pps - plain_pps) / (empty_pps - plain_pps)
            label = "none (PRISM* as it is)" if threshold > 1 else f"{threshold:.2f}"
            print(f"| {'product' if protect else 'paper'} | {label} | {swapped} | {point.pps:.3f} | {t:.2f} "
                  f"| {point.qs:.3f} | {point.qs / refs['round_trip']:.2f} |")
        if not protect:
            kept = sorted((s, k) for k, s in shares.items() if s >= min(args.thresholds))
            print("\npartners:", ", ".join(f"{w}->{o} ({tag}) {s:.2f}" for s, (w, o, tag) in reversed(kept)), "\n")


if __name__ == "__main__":
    main()
