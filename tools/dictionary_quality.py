#!/usr/bin/env python3
"""Top-1 quality of PRISM dictionaries, checked against an independent lexicon: the command
(what it measures: prism_translate.evaluation.dictionary_quality, printed by --help).

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
from prism_translate.evaluation import dictionary_quality  # noqa: E402
from prism_translate.evaluation.dictionary_quality import check  # noqa: E402


def main() -> int:
    usage = __doc__.split("\n\n", 1)[1]
    what = dictionary_quality.__doc__.rsplit("\n\n", 1)[0]
    ap = argparse.ArgumentParser(description=f"{what}\n\n{usage}", formatter_class=argparse.RawDescriptionHelpFormatter)
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
