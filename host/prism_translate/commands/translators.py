"""`prism translators`: every backend, whether it is usable as configured, and what it sees."""

from __future__ import annotations

import json

from .. import config, installation
from ..terminal import printable


def register(sub) -> None:
    p = sub.add_parser("translators", help="list translator backends, their configuration, what each sees")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
    rows = installation.translators(config.load())
    if args.json:
        print(json.dumps({"translators": rows}, ensure_ascii=False))
        return 0
    for r in rows:
        mark = "*" if r["selected"] else " "
        state = "ready         " if r["configured"] else "not configured"
        print(f"{mark} {r['name']:15} {state}  {printable(str(r['detail']))}")  # quotes settings, e.g. URLs
        print(f"  {'':15} sees: {r['sees']}")
        if r.get("warning"):
            print(f"  {'':15} warning: {r['warning']}")
    print("* = selected (change with `prism config set translator NAME`)")
    return 0
