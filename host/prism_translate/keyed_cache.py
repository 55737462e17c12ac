"""A bounded in-memory cache keyed by HMACs of what it holds: the analysis ahead (api), the
repeat cache (repeat.py) and the per-line analysis cache (engine/tokenize.py) keep private text's
analysis or encoding in memory only, under keys that say nothing about the text."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import threading
from collections import OrderedDict
from typing import Any


class KeyedCache:
    """A bounded in-memory cache whose keys are HMACs of what they stand for, under a key made
    at start: the keys say nothing about the text, even in a memory dump without the key."""

    def __init__(self, size: int) -> None:
        self._key = os.urandom(32)
        self._size = size
        self._items: OrderedDict[bytes, Any] = OrderedDict()
        self._lock = threading.Lock()

    def _digest(self, material: list) -> bytes:
        return hmac.new(self._key, json.dumps(material, ensure_ascii=False).encode("utf-8"), hashlib.sha256).digest()

    def get(self, material: list) -> Any:
        key = self._digest(material)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return None

    def put(self, material: list, value: Any) -> Any:
        """Keep `value` unless one is kept already; return the kept one."""
        key = self._digest(material)
        with self._lock:
            self._items.setdefault(key, value)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
            return self._items[key]

    def __len__(self) -> int:
        return len(self._items)
