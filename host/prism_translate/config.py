"""User settings of the host and CLI (never secrets: API keys live in the OS keyring, see
credentials.py).

Precedence, highest first: command-line flags > environment (PRISM_<KEY>, dots as underscores:
PRISM_OPENAI_BASE_URL) > the settings file ($XDG_CONFIG_HOME/prism-translate/config.json) >
DEFAULTS. Values from the environment are converted to the type of the default.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .errors import PrismError

DEFAULTS: dict[str, object] = {
    "target": "es",
    "method": "star",
    "ratio": 0.2,
    "beta": 0.5,
    "translator": "apertium",
    "protect_entities": True,
    # translator backends (read by translators.registry through each backend's config_keys)
    "openai.model": "gpt-4.1-mini",
    "openai.base_url": "",
    "openai.prompt": "Directly translate {source_language} to {language}: {text}",
    "openai.timeout": 60.0,
    "deepl.endpoint": "auto",
    "deepl.timeout": 30.0,
    "google.url": "https://translation.googleapis.com",
    "google.timeout": 30.0,
    "libretranslate.url": "",
    "libretranslate.char_limit": 2000,
    "libretranslate.timeout": 30.0,
    "apy.url": "",
    "apy.timeout": 60.0,
}

HELP: dict[str, str] = {
    "openai.model": "chat model name (any model the server at openai.base_url offers)",
    "openai.base_url": "empty for api.openai.com; e.g. http://localhost:11434/v1 (Ollama), "
    "http://localhost:8000/v1 (vLLM), http://localhost:1234/v1 (LM Studio), "
    "https://RESOURCE.openai.azure.com/openai/v1 (Azure OpenAI)",
    "openai.prompt": "prompt template: {text}, {language}, {source_language}",
    "deepl.endpoint": "auto (':fx' keys -> free), free, pro, or a URL",
    "google.url": "Cloud Translation API root",
    "libretranslate.url": "your LibreTranslate server, e.g. http://localhost:5000",
    "libretranslate.char_limit": "longest text the server accepts (its --char-limit)",
    "apy.url": "your Apertium APy server, e.g. http://127.0.0.1:2737",
}


def config_dir() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "prism-translate"


def config_path() -> Path:
    return config_dir() / "config.json"


def env_name(key: str) -> str:
    return "PRISM_" + key.upper().replace(".", "_").replace("-", "_")


def coerce(key: str, value: object) -> object:
    """value converted to the type of key's default (strings from the CLI or the environment)."""
    default = DEFAULTS.get(key)
    if default is None or not isinstance(value, str) or isinstance(default, str):
        return value
    text = value.strip()
    try:
        if isinstance(default, bool):
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        kind = {bool: "true or false", int: "a whole number", float: "a number"}[type(default)]
        raise PrismError("E054", key=key, expected=kind, value=value) from None
    return value


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
        env = os.environ.get(env_name(key))
        if env is not None:
            settings[key] = coerce(key, env)
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


def set_value(key: str, raw: str) -> object:
    """Validate and store one setting given as text (`prism config set KEY VALUE`)."""
    if key not in DEFAULTS:
        raise PrismError("E053", key=key, choices=", ".join(sorted(DEFAULTS)))
    value = coerce(key, raw)
    save({key: value})
    return value
