#!/usr/bin/env python3
"""Top-1 quality of PRISM dictionaries, checked against an independent lexicon.

For a random sample of entries (the same keys in every file given, so two estimators built from
the same probes are compared on the same words), the top candidate v of (w, s) counts as right
when some lemma of v (target-language analyser) is a translation of some lemma of w with UPOS s
(source-language analyser) in the lexicon:
  apertium   Apertium's own bilingual dictionary for the pair (eng-spa, eng-cat, spa-eng,
             cat-eng; en->fr composes eng-spa and es-fr, fr->en fr-es and spa-eng). Lenient: any
             sense, any lemma.
  freedict   FreeDict (Debian dict-freedict-eng-fra, -spa-eng, -fra-eng) for the pairs that have
             one; small (4,500-8,800 headwords), so fewer entries can be checked.
Entries whose English lemma the lexicon lacks cannot be checked and are skipped: entries are
drawn in a seeded random order until --sample of them are checked ("drawn" says how many it took).

    python3 tools/dictionary_quality.py dictionaries/en-es.json /tmp/en-es-paper.json --sample 500
    python3 tools/dictionary_quality.py dictionaries/es-en.json --lexicon freedict
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from prism_translate.dictionary.format import Dictionary  # noqa: E402
from prism_translate.evaluation.dictionary_quality import check  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--lexicon", choices=("apertium", "freedict"), default="apertium")
    ap.add_argument("--sample", type=int, default=500, help="entries to check (default 500)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    dicts = [Dictionary.load(f) for f in args.files]
    try:
        results = check(dicts, args.lexicon, args.sample, args.seed)
    except LookupError as e:
        raise SystemExit(str(e)) from None
    for r in results:
        print(json.dumps(r, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
