"""A content-addressed store for an evaluation run: translations and evaluator answers.

Keys are SHA-256 digests of everything that determines a value (backend label, languages and
text for a translation; evaluator name and settings, story and questions for answers), so a
changed input can never hit a stale entry and a rerun only pays for what is new. One SQLite
file per cache directory; `Cache(None)` keeps everything in memory.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping
from typing import Any
from pathlib import Path

from ..errors import EvaluationError


def digest(*parts: object) -> str:
    """A stable key for any JSON-serialisable parts."""
    blob = json.dumps(parts, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class Cache:
    def __init__(self, directory: str | Path | None) -> None:
        self.path = None if directory is None else Path(directory) / "evaluate-cache.sqlite"
        try:
            if self.path is not None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            # several runs may share a cache directory: wait for a writer instead of failing
            self._db = sqlite3.connect(":memory:" if self.path is None else str(self.path), timeout=120)
            self._db.execute("CREATE TABLE IF NOT EXISTS kv (kind TEXT, key TEXT, value TEXT, PRIMARY KEY (kind, key))")
        except (OSError, sqlite3.Error) as err:
            raise EvaluationError("E088", path=str(directory), detail=str(err)) from None
        self.hits = 0
        self.misses = 0

    def get_many(self, kind: str, keys: list[str]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        unique = list(dict.fromkeys(keys))
        for i in range(0, len(unique), 500):  # SQLite caps bound parameters per statement
            chunk = unique[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(f"SELECT key, value FROM kv WHERE kind = ? AND key IN ({marks})", [kind, *chunk])
            found.update((k, json.loads(v)) for k, v in rows)
        self.hits += sum(k in found for k in keys)
        self.misses += sum(k not in found for k in keys)
        return found

    def put_many(self, kind: str, items: Mapping[str, object]) -> None:
        try:
            with self._db:
                self._db.executemany(
                    "INSERT OR REPLACE INTO kv VALUES (?, ?, ?)",
                    [(kind, k, json.dumps(v, ensure_ascii=False)) for k, v in items.items()],
                )
        except sqlite3.Error as err:
            raise EvaluationError("E088", path=str(self.path), detail=str(err)) from None

    def close(self) -> None:
        self._db.close()
