"""`translate`: private translation of one or more texts, streamed one reply per batch."""

from __future__ import annotations

import re
from typing import Any

from ... import policy, usage
from ...errors import EngineError, PrismError, ProtocolError
from ...limits import MAX_REQUEST_CHARS, MAX_TEXTS, by_strength
from ..call import Call, only

OPTIONS = ("target", "method", "ratio", "beta", "protect_entities")  # settings a request may override


def texts_and_source(args: dict) -> tuple[list[str], str]:
    """The request's texts and source language, checked."""
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
    source = args.get("source", "en")  # the page's or selection's language, detected by the browser
    if not isinstance(source, str) or not re.fullmatch(r"[a-z]{2,3}", source):
        raise PrismError("E054", key="source", expected="a language code such as 'es'", value=source)
    return texts, source


def translate(args: dict, call: Call) -> dict:
    only(args, ("texts", "source", "min_hidden", "page", "policy", *OPTIONS))
    texts, source = texts_and_source(args)
    # the organisation's policy (system file and the browser's managed one): forced values in
    # place, and a request that breaks a rule refused before anything is read or sent
    rules, stored = policy.effective(args.get("policy"))
    asked = {key: args[key] for key in OPTIONS if key in args}
    rules.check({"translator": stored.translator, "target": stored.target, **asked}, page=args.get("page") is True)
    settings = stored.override(asked)
    # a short selection: the share of its content words that must be hidden, or nothing is sent
    min_hidden = args.get("min_hidden")
    if min_hidden is not None and (isinstance(min_hidden, bool) or not isinstance(min_hidden, (int, float))
                                   or not 0 <= min_hidden <= 1):
        raise PrismError("E054", key="min_hidden", expected="a number from 0 to 1", value=min_hidden)
    call.stop_if_cancelled()  # cancelled while it waited for the worker
    # A request that names no r nor min_hidden leaves the short-text rule to the host, as the CLI
    # does: its short texts go in a group of their own
    groups: list[tuple[list[int], dict[str, Any]]] = (by_strength(texts, page=args.get("page") is True) if "ratio" not in asked and min_hidden is None
              else [(list(range(len(texts))), {} if min_hidden is None else {"min_hidden": min_hidden})])
    if args.get("page") is True and len(groups) > 1:
        # A page's short lines refuse nothing (by_strength): they go with its paragraphs, each at its
        # own r, in one analysis pass and as few requests as a plain client sends; one group after
        # the other left the second's analysis waiting for the first's replies, and took a request more.
        ratios = [settings.ratio] * len(texts)
        for indices, options in groups:
            for i in indices:
                ratios[i] = options.get("ratio", settings.ratio)
        groups = [(list(range(len(texts))), {"ratios": ratios})]

    data: dict = {}
    done, total = 0, len(texts)  # pieces so far / in the request (a group's texts count one each until it starts)
    for n, (indices, options) in enumerate(groups):
        total -= len(indices)
        for batch in call.session.translate_batches([texts[i] for i in indices], settings.target, source=source,
                                                     method=settings.method, ratio=options.get("ratio", settings.ratio),
                                                     beta=settings.beta, protect_entities=settings.protect_entities,
                                                     min_hidden=options.get("min_hidden"), ratios=options.get("ratios"),
                                                     settings=settings, stop=call.stop_if_cancelled):
            call.stop_if_cancelled()  # the batch that was running when cancel came is not sent either
            if rules.usage_record:
                usage.record((result for _, result in batch.items), front="browser")
            items = [{**result.to_dict(), "text": indices[index]} for index, result in batch.items]
            if not rules.show_sent:
                items = [policy.without_sent(item) for item in items]
            data = {"items": items, "done": done + batch.done, "total": total + batch.total}
            if batch.done < batch.total or n + 1 < len(groups):  # streamed as soon as ready; the last one is the final reply
                call.send(data)
        done, total = data["done"], data["total"]
    return data
