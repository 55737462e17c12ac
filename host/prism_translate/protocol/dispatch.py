"""Action -> handler table for the native-messaging host (PROTOCOL.md).

A handler takes the request's args and a `send(data)` callable for intermediate replies
(long translations stream one reply per batch) and returns the data of the final reply.
Handlers validate their args strictly and raise coded PrismErrors; they never log args,
which carry private text or API keys.
"""

from __future__ import annotations

import logging
import re
from importlib import metadata
from typing import Callable

from .. import api, config, credentials
from ..dictionary.format import find_dictionary, installed_pairs
from ..errors import DictionaryError, EngineError, PrismError, ProtocolError, TranslatorError
from ..translators import BACKENDS, registry
from .envelope import VERSION, Request

log = logging.getLogger(__name__)

Send = Callable[[dict], None]

METHODS = ("star", "r", "mix")  # what users pick; "nodecode" is a research baseline only
MAX_REQUEST_CHARS = 100_000  # all texts of one request together
MAX_TEXTS = 2_000  # paragraphs of one page
CHUNK_CHARS = 2_000  # one text is cut into pieces of at most this many characters ...
BATCH_CHARS = 6_000  # ... and pieces go to the translator (and back as one reply) in batches of this size
MAX_SECRET = 4_096


def _version() -> str:
    try:
        return metadata.version("prism-translate")
    except metadata.PackageNotFoundError:
        return "unknown"


def _only(args: dict, allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(args) - set(allowed))
    if unknown:
        raise ProtocolError("E061", detail=f"unknown argument(s) {', '.join(unknown)}; allowed: {', '.join(allowed)}")


# -- capabilities / status ---------------------------------------------------------------------


def _pairs() -> list[dict]:
    pairs = []
    for name in sorted(installed_pairs()):
        source, _, target = name.partition("-")
        item = {"pair": name, "source": source, "target": target}
        try:
            item["vocab"] = len(find_dictionary(target, source))
        except DictionaryError as err:
            item["error"] = err.to_dict()
        pairs.append(item)
    return pairs


def _translators() -> list[dict]:
    rows = registry.describe()
    for row in rows:
        row["settings"] = {key: config.HELP.get(key, "") for key in BACKENDS[row["name"]].config_keys}
    return rows


def _settings() -> dict:
    stored = config.load()
    return {k: v for k, v in stored.items() if k in config.DEFAULTS}


def capabilities(args: dict, send: Send) -> dict:
    _only(args, ())
    return {
        "host": _version(),
        "protocol": VERSION,
        "actions": sorted(HANDLERS),
        "limits": {"max_chars": MAX_REQUEST_CHARS, "max_texts": MAX_TEXTS, "chunk_chars": CHUNK_CHARS},
        "methods": list(METHODS),
        "pairs": _pairs(),
        "translators": _translators(),
        "settings": _settings(),
    }


def ping(args: dict, send: Send) -> dict:
    _only(args, ())
    return {"pong": True}


# -- translate ---------------------------------------------------------------------------------

_CUTS = (re.compile(r"\n[ \t]*\n\s*"), re.compile(r"[.!?…][\"'”’)\]]*\s+"), re.compile(r"\s+"))


def split_text(text: str, limit: int = CHUNK_CHARS) -> list[tuple[str, str, str]]:
    """Cut text into (leading space, body, trailing space) pieces with bodies of at most `limit`
    characters, preferring paragraph breaks, then sentence ends, then any space.
    Joining lead + body + trail over all pieces gives back the text exactly."""
    pieces, pos = [], 0
    while pos < len(text):
        end = len(text)
        if end - pos > limit:
            window = text[pos:pos + limit]
            end = pos + limit
            for cut in _CUTS:
                last = None
                for last in cut.finditer(window):
                    pass
                if last is not None and last.end() > 0 and last.start() > 0:
                    end = pos + last.end()
                    break
        pieces.append(text[pos:end])
        pos = end
    out = []
    for piece in pieces:
        body = piece.strip()
        if not body:
            out.append((piece, "", ""))
            continue
        lead = piece[: len(piece) - len(piece.lstrip())]
        trail = piece[len(piece.rstrip()):]
        out.append((lead, body, trail))
    return out


def _option(args: dict, key: str, settings: dict) -> object:
    return args[key] if key in args else settings[key]


def _check_options(target: object, method: object, ratio: object, beta: object, protect: object) -> None:
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


def translate(args: dict, send: Send) -> dict:
    _only(args, ("texts", "target", "method", "ratio", "beta", "protect_entities"))
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
    target, method, ratio, beta, protect = (
        _option(args, k, settings) for k in ("target", "method", "ratio", "beta", "protect_entities"))
    _check_options(target, method, ratio, beta, protect)
    # Fail before anything is translated when the pair is missing (E010 lists installed pairs).
    find_dictionary(target)

    pieces = [(i, *piece) for i, text in enumerate(texts) for piece in split_text(text, CHUNK_CHARS)]
    batches, current, current_size = [], [], 0
    for piece in pieces:
        if current and current_size + len(piece[2]) > BATCH_CHARS:
            batches.append(current)
            current, current_size = [], 0
        current.append(piece)
        current_size += len(piece[2])
    batches.append(current)

    done = 0
    for number, batch in enumerate(batches, 1):
        results = api.translate_private_many(
            [body for _, _, body, _ in batch], target, method=method, ratio=float(ratio), beta=float(beta),
            protect_entities=protect)
        items = []
        for (index, lead, _body, trail), result in zip(batch, results):
            item = result.to_dict()
            for key in ("translation", "sent", "received"):
                item[key] = lead + item[key] + trail
            shift = len(lead.encode("utf-16-le")) // 2  # marks count UTF-16 units of the translation
            item["marks"] = [{**m, "start": m["start"] + shift, "end": m["end"] + shift} for m in item["marks"]]
            item["text"] = index
            items.append(item)
        done += len(batch)
        data = {"items": items, "done": done, "total": len(pieces)}
        if number < len(batches):  # streamed as soon as ready; the last one is the final reply
            send(data)
    return data


# -- settings and keys -------------------------------------------------------------------------


def _check_type(key: str, value: object) -> None:
    """JSON values must have the type of the setting's default (ints are fine for floats)."""
    default = config.DEFAULTS[key]
    kinds = {bool: (bool,), int: (int,), float: (int, float), str: (str,)}[type(default)]
    if not isinstance(value, kinds) or (isinstance(value, bool) and not isinstance(default, bool)):
        expected = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}[type(default)]
        raise PrismError("E054", key=key, expected=expected, value=value)


def settings(args: dict, send: Send) -> dict:
    _only(args, ("set",))
    updates = args.get("set", {})
    if not isinstance(updates, dict):
        raise ProtocolError("E061", detail="'set' must be a JSON object")
    if updates:
        for key, value in updates.items():
            if key not in config.DEFAULTS:
                raise PrismError("E053", key=key, choices=", ".join(sorted(config.DEFAULTS)))
            if key not in ("ratio", "beta"):  # those two get the clearer range errors below
                _check_type(key, value)
        merged = {**config.load(), **updates}
        _check_options(*(merged[k] for k in ("target", "method", "ratio", "beta", "protect_entities")))
        if merged["translator"] not in BACKENDS:
            raise TranslatorError("E035", name=merged["translator"], choices=", ".join(sorted(BACKENDS)))
        if "target" in updates:
            find_dictionary(updates["target"])
        config.save(updates)
        log.info("settings changed: %s", ", ".join(sorted(updates)))
    return {"settings": _settings()}


def set_key(args: dict, send: Send) -> dict:
    """Store an API key in the OS keyring (or the 0600 file): the extension never keeps it."""
    _only(args, ("backend", "secret"))
    backend, secret = args.get("backend"), args.get("secret")
    if not isinstance(backend, str) or not isinstance(secret, str) or len(secret) > MAX_SECRET:
        raise ProtocolError("E061", detail=f"'backend' and 'secret' must be strings (secret: at most {MAX_SECRET})")
    where = credentials.set_key(backend, secret)
    return {"backend": backend, "configured": credentials.has_key(backend), "stored_in": where}


HANDLERS: dict[str, Callable[[dict, Send], dict]] = {
    "capabilities": capabilities,
    "ping": ping,
    "translate": translate,
    "settings": settings,
    "set_key": set_key,
}


def handle(request: Request, send: Send) -> dict:
    """Run the request's handler. Unknown action -> E063; other failures propagate as PrismError."""
    handler = HANDLERS.get(request.action)
    if handler is None:
        raise ProtocolError("E063", action=request.action, choices=", ".join(sorted(HANDLERS)))
    return handler(request.args, send)

