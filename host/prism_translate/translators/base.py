"""The one interface every translator backend implements. Backends know nothing of PRISM:
they receive already-scrambled text and return its translation."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Mapping, Sequence

from ..errors import TranslatorError

LANGUAGE_NAMES = {
    "en": "English", "es": "Spanish", "ca": "Catalan", "fr": "French", "de": "German",
    "it": "Italian", "pt": "Portuguese", "nl": "Dutch", "ja": "Japanese", "zh": "Chinese",
}


def language_name(name: str, code: str, source: str, target: str) -> str:
    try:
        return LANGUAGE_NAMES[code]
    except KeyError:
        raise TranslatorError("E036", name=name, source=source, target=target) from None


class Translator(ABC):
    """Translate a batch of texts. Must return exactly one output per input, in order,
    keep each text's line structure, and raise a TranslatorError (never return partial or
    plaintext results) when it cannot."""

    name: str = "base"
    #: what the service sees, for the README table and `prism translators`
    sees: str = ""
    #: whether an API key is read from credentials (keyring / environment)
    needs_key: bool = False
    #: config key -> constructor argument, filled by registry.get_translator from the settings it is given
    config_keys: Mapping[str, str] = {}

    @abstractmethod
    def translate(self, texts: Sequence[str], source: str, target: str) -> list[str]:
        ...

    def prepare(self, source: str, target: str) -> None:
        """Get ready to translate source->target (start local processes) before the first call.
        Sends nothing anywhere; backends with nothing to start keep this no-op."""

    def label(self) -> str:
        """Short human description stored in dictionary metadata and reports."""
        return self.name

    @classmethod
    def readiness(cls, settings: Mapping[str, object], key_source: str | None) -> tuple[bool, str]:
        """(usable?, one line saying why) from settings alone, without contacting the service."""
        if cls.needs_key and key_source is None:
            return False, f"no API key: run `prism config set-key {cls.name}`"
        return True, f"API key from {key_source}" if key_source else "ready"
