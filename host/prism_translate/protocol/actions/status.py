"""`capabilities` and `ping`: what the host offers, and whether it is alive."""

from __future__ import annotations

from ... import __version__, config, policy
from ...dictionary.format import installed_pairs, vocabulary_size
from ...errors import DictionaryError
from ...limits import CHUNK_CHARS
from ...translators import BACKENDS, registry
from ..call import Call, only
from ..envelope import VERSION
from ...methods import USER_METHODS
from .translate import MAX_REQUEST_CHARS, MAX_TEXTS


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
    return {
        "host": __version__,
        "protocol": VERSION,
        "actions": sorted(HANDLERS),
        "limits": {"max_chars": MAX_REQUEST_CHARS, "max_texts": MAX_TEXTS, "chunk_chars": CHUNK_CHARS},
        "methods": list(USER_METHODS),
        "pairs": _pairs(),
        "translators": _translators(),
        "settings": rules.apply(config.load()).to_dict(),
        "policy": rules.describe(),
    }


def ping(args: dict, call: Call) -> dict:
    only(args, ())
    return {"pong": True}
