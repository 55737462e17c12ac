"""User settings of the host and CLI (never secrets: API keys live in the OS keyring).

Precedence, highest first: command-line flags > environment (PRISM_<KEY>) > the settings file
($XDG_CONFIG_HOME/prism-translate/config.json) > DEFAULTS.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

DEFAULTS: dict[str, object] = {
    "target": "es",
    "method": "star",
    "ratio": 0.2,
    "beta": 0.5,
    "translator": "apertium",
    "protect_entities": True,
}


def config_dir() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "prism-translate"


def config_path() -> Path:
    return config_dir() / "config.json"


def load() -> dict[str, object]:
    settings = dict(DEFAULTS)
    try:
        with open(config_path(), encoding="utf-8") as f:
            stored = json.load(f)
        if isinstance(stored, dict):
            settings.update(stored)
    except (OSError, ValueError):
        pass
    for key in list(settings):
        env = os.environ.get(f"PRISM_{key.upper()}")
        if env is not None:
            settings[key] = env
    return settings


def save(updates: dict[str, object]) -> None:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(path, encoding="utf-8") as f:
            stored = json.load(f)
    except (OSError, ValueError):
        stored = {}
    stored.update(updates)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(stored, f, indent=2, sort_keys=True)
    os.replace(tmp, path)
