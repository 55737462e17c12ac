"""`capabilities` and `ping`: what the host offers, and whether it is alive."""

from __future__ import annotations

from ... import __version__, config, installation, policy
from ...limits import CHUNK_CHARS
from ..call import Call, only
from ..envelope import VERSION
from ...methods import USER_METHODS
from .translate import MAX_REQUEST_CHARS, MAX_TEXTS


def capabilities(args: dict, call: Call, *, actions: list[str]) -> dict:
    """`actions`: the names in dispatch's table, which passes them in (it imports this module)."""
    only(args, ("policy",))
    rules = policy.current(args.get("policy"))
    settings = rules.apply(config.load())
    return {
        "host": __version__,
        "protocol": VERSION,
        "actions": actions,
        "limits": {"max_chars": MAX_REQUEST_CHARS, "max_texts": MAX_TEXTS, "chunk_chars": CHUNK_CHARS},
        "methods": list(USER_METHODS),
        **installation.offer(settings),
        "settings": settings.to_dict(),
        "policy": rules.describe(),
    }


def ping(args: dict, call: Call) -> dict:
    only(args, ())
    return {"pong": True}
