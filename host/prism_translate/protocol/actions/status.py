"""`capabilities` and `ping`: what the host offers, and whether it is alive."""

from __future__ import annotations

from ... import __version__, config, policy
from ...dictionary.format import installed_pairs, vocabulary_size
from ...errors import DictionaryError
from ...translators import BACKENDS, registry
from ..call import Call, only
from ..envelope import VERSION
from . import published


def _pairs() -> list[dict]:
    pairs = []
    for name, path in sorted(installed_pairs().items()):
        source, _, target = name.partition("-")
        item = {"pair": name, "source": source, "target": target}
        try:
            item["vocab"] = vocabulary_size(path)
        except DictionaryError as err:
            item["error"] = err.to_dict()
        pairs.append(item)
    return pairs


def _translators() -> list[dict]:
    rows = registry.describe()
    for row in rows:
        row["settings"] = {key: config.HELP.get(key, "") for key in BACKENDS[row["name"]].config_keys}
    return rows


def capabilities(args: dict, call: Call) -> dict:
    from ..dispatch import HANDLERS  # the table imports this module

    only(args, ("policy",))
    rules = policy.current(args.get("policy"))
    settings = rules.apply(config.load())
    return {
        "host": __version__,
        "protocol": VERSION,
        "actions": sorted(HANDLERS),
        "limits": published.limits(),
        "methods": published.methods(),
        "pairs": _pairs(),
        "translators": _translators(),
        "settings": settings.to_dict(),
        "epsilon": published.epsilons(settings),
        "policy": rules.describe(),
    }


def ping(args: dict, call: Call) -> dict:
    only(args, ())
    return {"pong": True}
