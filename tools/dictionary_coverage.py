#!/usr/bin/env python3
"""Coverage of PRISM dictionaries: the share of NOUN/VERB/ADJ/ADV/PROPN word tokens of a text
collection that the encoder finds in the dictionary (spaCy tags from the engine's analyse(), the encoder's
own dictionary_entry(): the (word, UPOS) entry, or for a capitalised common word tagged PROPN
its NOUN/ADJ entry).

Collections: `mctest` (story texts of the MCTest sets shipped in host/prism_translate/data/mctest; a benchmark set, read here only
to measure) and `emails` (tests/data/emails/*.txt, business e-mails written for the tests).
Two figures: all content tokens, and content tokens outside entities (names, numbers, dates are
replaced by entity protection whatever the dictionary holds).

    python3 tools/dictionary_coverage.py dictionaries/en-es.json dictionaries/en-ca.json
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from prism_translate.dictionary.format import Dictionary  # noqa: E402
from prism_translate.evaluation import mctest  # noqa: E402
from prism_translate.evaluation.dictionary_coverage import coverage, email_texts, mctest_texts, tokens  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--mctest", type=Path, default=mctest.SHIPPED)
    ap.add_argument("--emails", type=Path, default=ROOT / "tests" / "data" / "emails")
    ap.add_argument("--tokens-cache", type=Path, help="keep the tagged tokens here (tagging is the slow part)")
    args = ap.parse_args()
    source = Dictionary.load(args.files[0]).source
    if source != "en":  # Spanish, Catalan, French: the e-mails written in that language
        sets = {f"emails-{source}": list(tokens(email_texts(args.emails / source), source))}
    elif args.tokens_cache and args.tokens_cache.is_file():
        sets = pickle.loads(args.tokens_cache.read_bytes())
    else:
        sets = {"mctest": list(tokens(mctest_texts(args.mctest))), "emails": list(tokens(email_texts(args.emails)))}
        if args.tokens_cache:
            args.tokens_cache.write_bytes(pickle.dumps(sets))
    for f in args.files:
        d = Dictionary.load(f)
        for name, toks in sets.items():
            print(json.dumps({"file": str(f), "entries": len(d), "collection": name, **coverage(d, toks)},
                             ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
