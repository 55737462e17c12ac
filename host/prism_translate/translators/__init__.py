from .base import Translator
from .registry import BACKENDS, get_translator

__all__ = ["Translator", "BACKENDS", "get_translator"]
