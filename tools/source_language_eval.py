"""Privacy and quality of private translation from Spanish, Catalan or French into English, per r,
on texts written for the tests: the e-mails (tests/data/emails/<lang>/*.txt) and the canary texts
(tests/data/canary/corpus-<lang>.jsonl: e-mails, HR, medical, chat, bank, travel, legal, support,
each with its private values listed).

    python3 tools/source_language_eval.py es --ratios 0.1 0.2 0.3 0.5 --seeds 2 [--methods star r mix]

For each method and r (PRISM* by default; entity protection on, as the product runs; seeds
0..N-1), over all texts:
- content words hidden: NOUN, VERB, ADJ, ADV and PROPN tokens of the source pipeline whose
  form is not in what was sent where they stood (names and numbers are always hidden);
- secrets reaching the translator: the canary texts' listed values that were sent whole or in an
  identifying piece (tests/canary.py's judge and definitions; goal 0), and the values the user
  reads wrong without a mark;
- chrF (sacrebleu, default chrF) of the private translation against the plain translation of the
  same text by the same translator.
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))
sys.path.insert(0, str(ROOT / "tests"))  # the canary judge

import canary  # noqa: E402
from prism_translate.api import translate_private  # noqa: E402
from prism_translate.engine.tokenize import analyse  # noqa: E402
from prism_translate.translators.registry import get_translator  # noqa: E402

CONTENT = {"NOUN", "VERB", "ADJ", "ADV", "PROPN"}


def hidden_share(tokens, sent: str, text: str) -> tuple[int, int]:
    """(content words not sent where they stood, content words), aligned as the canary judge does."""
    blocks = canary.align(text, sent)
    offsets, pos = [], 0
    for tok in tokens:
        offsets.append(pos)
        pos += len(tok.text) + len(tok.ws)
    content = hidden = 0
    for tok, start in zip(tokens, offsets):
        if tok.pos in CONTENT and tok.is_word:
            content += 1
            place = canary.stretch(blocks, start, start + len(tok.text), sent)
            hidden += not canary._word_in(tok.text, place, False)
    return hidden, content


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("lang", choices=("es", "ca", "fr"))
    ap.add_argument("--ratios", type=float, nargs="+", default=[0.1, 0.2, 0.3, 0.5])
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--methods", nargs="+", default=["star"], choices=("star", "r", "mix", "nodecode"))
    args = ap.parse_args()
    from sacrebleu.metrics import CHRF

    emails = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests/data/emails" / args.lang).glob("*.txt"))]
    corpus = canary.load_corpus(canary.corpus_path(args.lang))
    texts = emails + [t.text for t in corpus]
    translator = get_translator("apertium")
    plain = translator.translate(texts, args.lang, "en")
    tokens = [analyse(t, args.lang) for t in texts]
    secrets = sum(len(t.secrets) for t in corpus)
    words = sum(len(t.text.split()) for t in corpus) + sum(len(t.split()) for t in emails)
    print(f"{args.lang}: {len(emails)} e-mails and {len(corpus)} canary texts ({words} words), "
          f"{secrets} listed secrets, seeds 0-{args.seeds - 1}\n")
    print("| method | r | epsilon | content words hidden | secrets reaching the translator (whole / in pieces) | "
          "shown wrong, unmarked | chrF private vs plain |")
    print("|---|---|---|---|---|---|---|")
    for method, r in [(m, r) for m in args.methods for r in args.ratios]:
        eps = None
        hidden = content = whole = pieces = wrong = 0
        outs, refs = [], []
        for seed in range(args.seeds):
            for i, (text, ref) in enumerate(zip(texts, plain)):
                res = translate_private(text, "en", source=args.lang, method=method, ratio=r, seed=seed,
                                        translator=translator)
                eps = res.epsilon
                h, c = hidden_share(tokens[i], res.sent, text)
                hidden, content = hidden + h, content + c
                outs.append(res.translation)
                refs.append(ref)
                if i >= len(emails):
                    item = res.to_dict()  # as the host replies: marks (UTF-16 offsets), unrestored, warnings
                    found = canary.judge(corpus[i - len(emails)], res.sent, item, res.translation,
                                         bool(res.warnings), "en")
                    whole += sum(f.whole for f in found)
                    pieces += sum(bool(f.leaked_pieces) and not f.whole for f in found)
                    wrong += sum(f.output == "wrong" for f in found)
        chrf = CHRF().corpus_score(outs, [refs]).score
        n = args.seeds
        print(f"| {method} | {r} | {'n/a' if eps is None else f'{eps:.2f}'} | {hidden / content:.0%} | "
              f"{whole / n:.1f} / {pieces / n:.1f} of {secrets} | "
              f"{wrong / n:.1f} | {chrf:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
