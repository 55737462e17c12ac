"""PRISM Translate: private machine translation on the user's side (Sato, TMLR 2024)."""

from .api import MAX_CHARS, PrivateTranslation, scramble, translate_private, translate_private_many, unscramble
from .errors import DictionaryError, EngineError, PrismError, TranslatorError

__all__ = [
    "MAX_CHARS", "PrivateTranslation", "scramble", "unscramble", "translate_private", "translate_private_many",
    "PrismError", "EngineError", "DictionaryError", "TranslatorError",
]
