"""Repetition adds nothing: within one process, the same text with the same settings is sent as
the same x_pub.

Fresh substitutes for every re-translation would let a translator pool the draws: the one
weekday never seen across twenty translations is the original, and PRISM-R's epsilon composes
over repeats. Re-sending the first draw reveals nothing new. The cache lives in memory only, is
keyed by an HMAC of the text and settings under a random key made at start (so its keys say
nothing about the text, even in a memory dump without the key), holds a bounded number of
texts, and is gone when the process ends. Across processes (each `prism translate` run) nothing
is kept: there, surrogates drawn independently of the value are what keeps repeats safe.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import threading
from collections import OrderedDict
from typing import Any, Callable

from .dictionary.format import Dictionary
from .engine.encode import Encoded

SIZE = 256  # texts (chunks of at most api.CHUNK_CHARS characters): a few hundred kB of memory


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


class RepeatCache(KeyedCache):
    def __init__(self, size: int = SIZE) -> None:
        super().__init__(size)

    def encoded(self, text: str, dictionary: Dictionary, settings: tuple,
                encode: Callable[[], Encoded]) -> Encoded:
        """The Encoded this text got the first time with these settings, else a fresh one."""
        material = [text, dictionary.source, dictionary.target, str(dictionary.path), len(dictionary), *settings]
        kept = self.get(material)
        return kept if kept is not None else self.put(material, encode())
