"""PRISM Translate: private machine translation on the user's side (Sato, TMLR 2024)."""

from .errors import DictionaryError, EngineError, PrismError, TranslatorError

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it from here)

_API = ("MAX_CHARS", "PrivateTranslation", "scramble", "unscramble", "translate_private", "translate_private_many")

__all__ = ["__version__", *_API, "PrismError", "EngineError", "DictionaryError", "TranslatorError"]


def __getattr__(name: str):
    # The API is imported on first use (PEP 562): it brings in the whole engine, which
    # `prism host` must not pay for before answering `ping` or `capabilities`.
    if name in _API:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
