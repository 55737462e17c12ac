"""Translator backends by name: one explicit table, each SDK imported inside its adapter."""

from __future__ import annotations

from typing import Mapping

from ..errors import TranslatorError
from .apertium import ApertiumCLI
from .apy import ApertiumAPy
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


def backend(name: str) -> type[Translator]:
    """The class of backend `name`, or E035 listing the backends."""
    try:
        return BACKENDS[name]
    except KeyError:
        raise TranslatorError("E035", name=name, choices=", ".join(sorted(BACKENDS))) from None


def get_translator(name: str, settings: Mapping[str, object] | None = None, key: str | None = None) -> Translator:
    """Build backend `name` from `settings` (config keys such as "deepl.endpoint"; a key not
    given takes the backend's default) and its API `key` (None: none stored), both passed in by the caller: a
    translator reads no settings file and no keyring."""
    cls = backend(name)
    settings = settings or {}
    kwargs = {arg: settings[k] for k, arg in cls.config_keys.items() if k in settings}
    if key is not None:
        kwargs["api_key"] = key
    return cls(**kwargs)
