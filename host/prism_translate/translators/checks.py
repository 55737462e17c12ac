"""The checks a translator's own settings must pass: a usable URL, a usable prompt template.
The backends run them on what they are built with; config runs them on what a user enters."""

from __future__ import annotations

from urllib.parse import urlsplit

from ..errors import PrismError


def check_url(key: str, value: str, *, empty: bool = False) -> str:
    """A usable http(s) URL without a trailing slash (or "" when `empty` is allowed), else E054
    naming the setting to fix."""
    if value == "" and empty:
        return value
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PrismError("E054", key=key, expected="an http:// or https:// URL" + (" (or empty)" if empty else ""),
                         value=value)
    return value.rstrip("/")


def check_prompt(key: str, value: str) -> str:
    """A prompt template with {text} (and optionally {language}, {source_language}), else E054."""
    try:
        usable = "{text}" in value and bool(value.format(text="", language="", source_language=""))
    except (KeyError, IndexError, ValueError):
        usable = False
    if not usable:
        raise PrismError("E054", key=key, value=value,
                         expected="a template with {text} and optionally {language} and {source_language}")
    return value
