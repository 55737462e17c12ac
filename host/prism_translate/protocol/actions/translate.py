"""`translate`: private translation of one or more texts, streamed one reply per batch."""

from __future__ import annotations

import re

from ... import config
from ...errors import EngineError, PrismError, ProtocolError
from ..call import Call, only

MAX_REQUEST_CHARS = 100_000  # all texts of one request together
MAX_TEXTS = 2_000  # paragraphs of one page
METHODS = ("star", "r", "mix")  # what users pick; "nodecode" is a research baseline only
OPTIONS = ("target", "method", "ratio", "beta", "protect_entities")


def check_options(target: object, method: object, ratio: object, beta: object, protect: object) -> None:
    if not isinstance(target, str) or not re.fullmatch(r"[a-z]{2,3}", target):
        raise PrismError("E054", key="target", expected="a language code such as 'es'", value=target)
    if method not in METHODS:
        raise EngineError("E022", method=method, choices=", ".join(METHODS))
    if isinstance(ratio, bool) or not isinstance(ratio, (int, float)) or not 0 < ratio <= 1:
        raise EngineError("E023", ratio=ratio)
    if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not 0 <= beta < 1:
        raise PrismError("E054", key="beta", expected="a number in [0, 1)", value=beta)
    if not isinstance(protect, bool):
        raise PrismError("E054", key="protect_entities", expected="true or false", value=protect)


def translate(args: dict, call: Call) -> dict:
    only(args, ("texts", *OPTIONS))
    texts = args.get("texts")
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise ProtocolError("E061", detail="'texts' must be a non-empty list of strings")
    if len(texts) > MAX_TEXTS:
        raise ProtocolError("E061", detail=f"at most {MAX_TEXTS} texts per request, got {len(texts)}")
    size = sum(len(t) for t in texts)
    if size > MAX_REQUEST_CHARS:
        raise ProtocolError("E064", size=size, limit=MAX_REQUEST_CHARS)
    if not any(t.strip() for t in texts):
        raise EngineError("E020")
    settings = config.load()
    target, method, ratio, beta, protect = (args[k] if k in args else settings[k] for k in OPTIONS)
    check_options(target, method, ratio, beta, protect)
    call.stop_if_cancelled()  # cancelled while it waited for the worker

    data: dict = {}
    for batch in call.session.translate_batches(texts, target, method=method, ratio=float(ratio),
                                                 beta=float(beta), protect_entities=protect):
        call.stop_if_cancelled()  # the batch that was running when cancel came is not sent either
        items = [{**result.to_dict(), "text": index} for index, result in batch.items]
        data = {"items": items, "done": batch.done, "total": batch.total}
        if batch.done < batch.total:  # streamed as soon as ready; the last one is the final reply
            call.send(data)
    return data
