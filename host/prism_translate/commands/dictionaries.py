"""`prism dictionaries`: which language pairs are installed, and where they were found."""

from __future__ import annotations

import json

from ..dictionary.format import Dictionary, installed_pairs, search_path
from ..errors import DictionaryError
from ..terminal import printable


def register(sub) -> None:
    p = sub.add_parser("dictionaries", help="list installed dictionaries (language pairs)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
    rows = []
    for pair, path in sorted(installed_pairs().items()):
        try:
            d = Dictionary.load(path)
            meta = d.meta
            rows.append({"pair": pair, "path": str(path), "entries": len(d), "translator": meta["translator"],
                         "K": meta["K"], "estimator": meta["estimator"], "built": meta["built"],
                         "note": meta.get("note", "")})
        except DictionaryError as err:
            rows.append({"pair": pair, "path": str(path), "error": err.message})
    if args.json:
        print(json.dumps({"pairs": rows, "search_path": [str(p) for p in search_path()]}, ensure_ascii=False))
        return 0
    if not rows:
        print("No dictionaries installed. Searched: " + ", ".join(str(p) for p in search_path()))
        print("Build one with: prism build-dictionary --to es")
        return 1
    for r in rows:
        if "error" in r:
            print(printable(f"{r['pair']:8} BROKEN  {r['error']}"))
        else:  # the metadata is the file's own text: printed without control characters
            note = f"  ({r['note']})" if r["note"] else ""
            print(printable(f"{r['pair']:8} {r['entries']:>6} entries  {r['translator']}, K={r['K']}, "
                            f"{r['estimator']}, built {r['built']}  {r['path']}{note}"))
    return 0
