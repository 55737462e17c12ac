"""Privacy and quality of private translation from Spanish, Catalan or French into English, on
the e-mails written for the tests (tests/data/emails/<lang>/*.txt), per r.

    python3 tools/source_language_eval.py es --ratios 0.1 0.2 0.3 0.5

For each r (PRISM*, entity protection on, seeds 0-2): the share of content words (NOUN, VERB,
ADJ, ADV, PROPN tokens of the pipeline) hidden, the planted secrets that reach the translator
(every capitalised word not at a sentence start, every number, e-mail address and URL of the
e-mails: names, places, companies, amounts, dates, phones; goal 0), and chrF (sacrebleu) of the
private translation against the plain translation of the same text by the same translator.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from prism_translate.api import translate_private  # noqa: E402
from prism_translate.engine.tokenize import analyse  # noqa: E402
from prism_translate.translators import get_translator  # noqa: E402

CONTENT = {"NOUN", "VERB", "ADJ", "ADV", "PROPN"}
_SECRET = re.compile(r"[\w.+-]+@[\w.-]+|https?://\S+|\d[\d.,  ]*\d|\d|(?<=[^.!?:\n¿¡«\"] )[A-ZÀ-Ý][\w·'-]+")


def secrets(text: str) -> set[str]:
    """The e-mail's planted secrets: names and places (capitalised mid-sentence), numbers,
    addresses."""
    body = "\n".join(line for line in text.splitlines() if not re.match(r"^(Asunto|Assumpte|Objet)\b", line))
    found = {m.group().strip().rstrip(".,") for m in _SECRET.finditer(body)}
    for line in body.splitlines():  # signature lines: a name alone on its line
        if re.fullmatch(r"[A-ZÀ-Ý][\w·'-]+(?: (?:i |de |y )?[A-ZÀ-Ý][\w·'-]+)+", line.strip()):
            found.update(line.split())
    return {s for s in found if len(s) > 1 and s not in ("i", "de", "y", "Sr", "Sra", "Dr", "Dra", "Mme", "SARL")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("lang")
    ap.add_argument("--ratios", type=float, nargs="+", default=[0.1, 0.2, 0.3, 0.5])
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    from sacrebleu.metrics import CHRF

    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests/data/emails" / args.lang).glob("*.txt"))]
    translator = get_translator("apertium")
    plain = translator.translate(texts, args.lang, "en")
    content = sum(1 for t in texts for tok in analyse(t, args.lang) if tok.pos in CONTENT and tok.is_word)
    planted = [secrets(t) for t in texts]
    print(f"{args.lang}: {len(texts)} e-mails, {content} content words, {sum(map(len, planted))} planted secrets")
    print("| r | content words hidden | secrets reaching the translator | chrF private vs plain |")
    print("|---|---|---|---|")
    for r in args.ratios:
        hidden = leaked = 0
        outs, refs = [], []
        for seed in range(args.seeds):
            for text, ref, secret in zip(texts, plain, planted):
                res = translate_private(text, "en", source=args.lang, ratio=r, seed=seed, translator=translator)
                toks = analyse(text, args.lang)
                sent_words = set(re.findall(r"[\w·'-]+|\d[\d.,  ]*\d", res.sent))
                hidden += sum(1 for tok in toks if tok.pos in CONTENT and tok.is_word and tok.text not in sent_words)
                leaked += sum(1 for s in secret if s in res.sent)
                outs.append(res.translation)
                refs.append(ref)
        chrf = CHRF().corpus_score(outs, [refs]).score
        print(f"| {r} | {hidden / (content * args.seeds):.0%} | {leaked / args.seeds:.1f} of "
              f"{sum(map(len, planted))} | {chrf:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
