"""The organisation's local usage record, kept only when its policy asks (usage_record: true):
one JSON line per translation with counts and names, never text, in the user's data folder
(usage.jsonl), for the organisation to collect as it collects other logs."""

from __future__ import annotations

import json
import time
from pathlib import Path

from . import paths


def record_path() -> Path:
    return paths.data_dir() / "usage.jsonl"


def record(results, *, front: str) -> None:
    """Append one line for these results (api.PrivateTranslation objects of one request or
    batch): when, from where, translator, method, r, characters sent, words hidden."""
    results = list(results)
    if not results:
        return
    first = results[0]
    line = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "from": front,
        "translator": first.translator, "method": first.method, "ratio": first.ratio,
        "source": first.source, "target": first.target, "texts": len(results),
        "chars_sent": sum(len(r.sent) for r in results), "words_hidden": sum(r.hidden for r in results),
    }
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")
