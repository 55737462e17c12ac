"""Repetition adds nothing: the same text with the same settings is always sent as the same
x_pub, within one host session, across sessions and across `prism translate` runs.

Fresh substitutes for every re-translation would let a translator pool the draws: the one
weekday never seen across twenty translations is the original, PRISM*'s most confident word of
a pool never drawn is the word it hides, and PRISM-R's epsilon composes over repeats. So a front
door draws each text's substitutes from a generator seeded by an HMAC of the text and its
settings under the user's own secret key: the same text draws the same substitutes, any other
text draws independently, and nothing of any text is kept anywhere. The key is 32 random bytes
made once, in a 0600 file in the user's data folder; when it cannot be kept there (a read-only
home), a key made at start serves the process, as an in-memory cache did before.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import random
import threading
from pathlib import Path

from . import paths
from .dictionary.format import Dictionary

log = logging.getLogger(__name__)

KEY_FILE = "draws.key"
KEY_BYTES = 32


class KeyedRandom(random.Random):
    """SHA-256 in counter mode from a secret seed: the choices random.Random makes from it
    (choice, sample, shuffle) cannot be foreseen without the seed, unlike the Mersenne Twister's."""

    def __init__(self, seed: bytes) -> None:
        self._seed, self._counter = seed, 0
        super().__init__()

    def seed(self, *args: object, **kwargs: object) -> None:
        pass  # the state is the secret seed given; random.Random.__init__ calls this

    def getrandbits(self, k: int) -> int:
        out = b""
        while len(out) * 8 < k:
            out += hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        return int.from_bytes(out, "big") >> (len(out) * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)


class Draws:
    """The draws of a front door: each text's own generator, keyed by a secret (by default the
    user's, read or made on first use)."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key
        self._lock = threading.Lock()

    def rng(self, text: str, dictionary: Dictionary, settings: tuple) -> KeyedRandom:
        with self._lock:
            if self._key is None:
                self._key = _user_key(paths.data_dir() / KEY_FILE)
        material = [text, dictionary.source, dictionary.target, str(dictionary.path), len(dictionary), *settings]
        digest = hmac.new(self._key, json.dumps(material, ensure_ascii=False).encode("utf-8"), hashlib.sha256)
        return KeyedRandom(digest.digest())


def _user_key(path: Path) -> bytes:
    try:
        kept = path.read_bytes()
    except FileNotFoundError:
        kept = b""
    except OSError as err:
        return _process_key(err)
    if len(kept) == KEY_BYTES:
        return kept
    key = os.urandom(KEY_BYTES)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        paths.private_dir(path.parent)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key)
        if kept:
            os.replace(tmp, path)  # a damaged key file: a new key
        else:
            # linked, not renamed: when two processes start at once, the second keeps the first's
            os.link(tmp, path)
    except FileExistsError:
        key = path.read_bytes()
    except OSError as err:
        return _process_key(err)
    finally:
        tmp.unlink(missing_ok=True)
    return key if len(key) == KEY_BYTES else _process_key(ValueError("damaged key file"))


def _process_key(why: Exception) -> bytes:
    log.info("draws: no key kept (%s): repeats are alike within this process only", why)
    return os.urandom(KEY_BYTES)
