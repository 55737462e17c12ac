"""Translator backends by name: one explicit table, each SDK imported inside its adapter."""

from __future__ import annotations

from ..errors import TranslatorError
from .apertium import ApertiumCLI
from .base import Translator

BACKENDS: dict[str, type[Translator]] = {
    "apertium": ApertiumCLI,
}


def get_translator(name: str = "apertium", **settings) -> Translator:
    try:
        cls = BACKENDS[name]
    except KeyError:
        raise TranslatorError("E035", name=name, choices=", ".join(sorted(BACKENDS))) from None
    return cls(**settings)
