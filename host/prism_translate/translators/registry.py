"""Translator backends by name: one explicit table, each SDK imported inside its adapter."""

from __future__ import annotations

from .. import config, credentials
from ..errors import PrismError, TranslatorError
from .apertium import ApertiumCLI
from .apy import WARNING as APY_WARNING, ApertiumAPy
from .base import Translator
from .deepl import DeepLTranslator
from .google import GoogleTranslator
from .libretranslate import LibreTranslateTranslator
from .openai import OpenAITranslator

BACKENDS: dict[str, type[Translator]] = {
    "apertium": ApertiumCLI,
    "apertium-apy": ApertiumAPy,
    "openai": OpenAITranslator,
    "deepl": DeepLTranslator,
    "google": GoogleTranslator,
    "libretranslate": LibreTranslateTranslator,
}


def _class(name: str) -> type[Translator]:
    try:
        return BACKENDS[name]
    except KeyError:
        raise TranslatorError("E035", name=name, choices=", ".join(sorted(BACKENDS))) from None


def get_translator(name: str | None = None, **settings) -> Translator:
    """Build backend `name` (default: the configured translator). Its config settings
    (e.g. deepl.endpoint) and stored API key fill in whatever `settings` does not give."""
    stored = config.load()
    cls = _class(name or stored.translator)
    kwargs = {arg: stored[key] for key, arg in cls.config_keys.items()}
    if cls.name in credentials.ENV_VARS and "api_key" not in settings:
        kwargs["api_key"] = credentials.get_key(cls.name)
    kwargs.update(settings)
    return cls(**kwargs)


def from_settings(settings: config.Settings) -> Translator:
    """The translator `settings` name, built from those settings (with the organisation's policy
    applied, its forced endpoint), not from the stored ones."""
    cls = _class(settings.translator)
    return get_translator(cls.name, **{arg: settings[key] for key, arg in cls.config_keys.items()})


def describe() -> list[dict[str, object]]:
    """For `prism translators`: each backend, whether it is usable as configured, and what it sees."""
    stored = config.load()
    rows = []
    for name, cls in BACKENDS.items():
        try:
            source = credentials.key_source(name) if name in credentials.ENV_VARS else None
            ready, detail = cls.readiness(stored, source)
        except PrismError as err:
            ready, detail = False, err.message
        row = {"name": name, "configured": ready, "detail": detail, "sees": cls.sees,
               "takes_key": name in credentials.ENV_VARS, "selected": name == stored["translator"]}
        if name == "apertium-apy":
            row["warning"] = APY_WARNING
        rows.append(row)
    return rows
