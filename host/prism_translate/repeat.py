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

from typing import Callable

from .dictionary.format import Dictionary
from .engine.encode import Encoded
from .keyed_cache import KeyedCache

SIZE = 256  # texts (chunks of at most api.CHUNK_CHARS characters): a few hundred kB of memory


class RepeatCache(KeyedCache):
    def __init__(self, size: int = SIZE) -> None:
        super().__init__(size)

    def encoded(self, text: str, dictionary: Dictionary, settings: tuple,
                encode: Callable[[], Encoded]) -> Encoded:
        """The Encoded this text got the first time with these settings, else a fresh one."""
        material = [text, dictionary.source, dictionary.target, str(dictionary.path), len(dictionary), *settings]
        kept = self.get(material)
        return kept if kept is not None else self.put(material, encode())
