"""`capabilities` and `ping`: what the host offers, and whether it is alive."""

from __future__ import annotations

from ... import __version__, config, installation, policy
from ..call import Call, only
from ..envelope import VERSION
from . import published


def capabilities(args: dict, call: Call, *, actions: list[str]) -> dict:
    """`actions`: the names in dispatch's table, which passes them in (it imports this module)."""
    only(args, ("policy",))
    rules = policy.current(args.get("policy"))
    settings = rules.apply(config.load())
    return {
        "host": __version__,
        "protocol": VERSION,
        "actions": actions,
        "limits": published.limits(),
        "methods": published.methods(),
        **installation.offer(settings),
        "settings": settings.to_dict(),
        "epsilon": published.epsilons(settings),
        "policy": rules.describe(),
    }


def ping(args: dict, call: Call) -> dict:
    only(args, ())
    return {"pong": True}
