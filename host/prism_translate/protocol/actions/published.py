"""What `capabilities` and `settings` publish so that the extension repeats none of the host's
rules: the limits of a request, the methods' names, and ε as the settings in effect give it."""

from __future__ import annotations

import math

from ... import config
from ...dictionary.format import vocabulary_size
from ...paths import installed_pairs
from ...engine.dp import epsilon
from ...errors import DictionaryError
from ...limits import CHUNK_CHARS, MAX_REQUEST_CHARS, MAX_TEXTS
from ...methods import NAMES, USER_METHODS
from ..framing import MAX_INCOMING


def limits() -> dict:
    return {"max_chars": MAX_REQUEST_CHARS, "max_texts": MAX_TEXTS, "chunk_chars": CHUNK_CHARS,
            "max_request_bytes": MAX_INCOMING}


def methods() -> dict:
    return {name: NAMES[name] for name in USER_METHODS}


def epsilons(settings: config.Settings) -> dict:
    """ε per word of each installed dictionary into the target, at the method, r and β in effect
    (engine/dp.py); null for PRISM*, which gives none."""
    out: dict = {}
    for name, path in sorted(installed_pairs().items()):
        if name.partition("-")[2] != settings.target:
            continue
        try:
            eps = epsilon(settings.method, settings.ratio, vocabulary_size(path), settings.beta)
        except DictionaryError:
            continue  # listed with its error in `pairs`
        out[name] = None if eps is None or math.isinf(eps) else eps
    return out
