"""The one interface every translator backend implements. Backends know nothing of PRISM:
they receive already-scrambled text and return its translation."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Sequence

LANGUAGE_NAMES = {
    "en": "English", "es": "Spanish", "ca": "Catalan", "fr": "French", "de": "German",
    "it": "Italian", "pt": "Portuguese", "nl": "Dutch", "ja": "Japanese", "zh": "Chinese",
}


class Translator(ABC):
    """Translate a batch of texts. Must return exactly one output per input, in order,
    keep each text's line structure, and raise a TranslatorError (never return partial or
    plaintext results) when it cannot."""

    name: str = "base"
    #: what the service sees, for the README table and `prism translators`
    sees: str = ""

    @abstractmethod
    def translate(self, texts: Sequence[str], source: str, target: str) -> list[str]:
        ...

    def translate_one(self, text: str, source: str, target: str) -> str:
        return self.translate([text], source, target)[0]

    def label(self) -> str:
        """Short human description stored in dictionary metadata and reports."""
        return self.name
