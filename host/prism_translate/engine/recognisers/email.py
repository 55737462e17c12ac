"""E-mail addresses, written plainly or spelt out against harvesters ("john dot smith at gmail
dot com", "[at]", "(dot)", "arroba", "arobase")."""

from __future__ import annotations

import re

from .url import TOP_LEVEL

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# "at" and "dot" in the languages we read; the last part a common top-level domain.
_AT = r"(?:at|arroba|arobase|arrova)"
_DOT = r"(?:dot|punto|point|punt)"
SPELT_EMAIL_RE = re.compile(
    rf"(?<![\w.])[\w.+-]+(?:\s*[\[(]?\s*{_DOT}\s*[\])]?\s*[\w+-]+)*\s*[\[(]?\s*{_AT}\s*[\])]?\s*[\w-]+"
    rf"(?:\s*[\[(]?\s*{_DOT}\s*[\])]?\s*[\w-]+)*\s*[\[(]?\s*{_DOT}\s*[\])]?\s*"
    rf"{TOP_LEVEL}\b", re.IGNORECASE)


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "EMAIL") for pattern in (EMAIL_RE, SPELT_EMAIL_RE) for m in pattern.finditer(text)]
