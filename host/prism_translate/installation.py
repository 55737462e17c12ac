"""What this installation offers and how its translator is built: the dictionaries installed,
each translator backend with whether it is usable, and the translator the settings name with
its stored API key. An application layer beside api.py (which loads the engine): the front
doors call it for `capabilities`, `prism translators` and `prism doctor`, and api.Session for
the translator it keeps, so that a translator is given its settings and key, never reads them."""

from __future__ import annotations

from typing import Mapping

from . import config, credentials
from .dictionary.format import vocabulary_size
from .errors import DictionaryError, PrismError
from .paths import installed_pairs
from .translators.apy import WARNING as APY_WARNING
from .translators.base import Translator
from .translators.registry import BACKENDS, get_translator


def translator(settings: Mapping[str, object]) -> Translator:
    """The translator `settings` name, built from those settings and its stored API key."""
    name = str(settings["translator"])
    key = credentials.get_key(name) if name in credentials.ENV_VARS else None
    return get_translator(name, settings, key)


def translators(settings: Mapping[str, object]) -> list[dict[str, object]]:
    """Each backend, whether it is usable with `settings`, and what it sees (for `prism
    translators` and `capabilities`)."""
    rows = []
    for name, cls in BACKENDS.items():
        try:
            source = credentials.key_source(name) if name in credentials.ENV_VARS else None
            ready, detail = cls.readiness(settings, source)
        except PrismError as err:
            ready, detail = False, err.message
        row: dict[str, object] = {"name": name, "configured": ready, "detail": detail, "sees": cls.sees,
                                  "takes_key": name in credentials.ENV_VARS, "selected": name == settings["translator"]}
        if name == "apertium-apy":
            row["warning"] = APY_WARNING
        rows.append(row)
    return rows


def pairs() -> list[dict[str, object]]:
    """Each installed dictionary: its pair and vocabulary size (or the error reading it)."""
    found = []
    for name, path in sorted(installed_pairs().items()):
        source, _, target = name.partition("-")
        item: dict[str, object] = {"pair": name, "source": source, "target": target}
        try:
            item["vocab"] = vocabulary_size(path)
        except DictionaryError as err:
            item["error"] = err.to_dict()
        found.append(item)
    return found


def offer(settings: Mapping[str, object]) -> dict[str, object]:
    """What a front door shows of this installation: the dictionaries, and the translators with
    the help of each one's settings."""
    rows = translators(settings)
    for row in rows:
        row["settings"] = {key: config.HELP.get(key, "") for key in BACKENDS[str(row["name"])].config_keys}
    return {"pairs": pairs(), "translators": rows}
