"""Alphanumeric postcodes, one value though written in two parts: UK ("DE22 3TB", "SW1A 2AA"),
Canada ("K1A 0B1"), Ireland's Eircode ("D02 X285"). Digit-only postcodes are numbers anyway (and
"1012 AB", Dutch, reads like "1999 AD": its digits are hidden as a number)."""

from __future__ import annotations

import re

from .number import has_digit

POSTCODE_RE = re.compile(r"\b(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d|[A-Z]\d{2} [A-Z\d]{4})\b")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "CODE") for m in POSTCODE_RE.finditer(text)
            if any(c.isalpha() for c in m.group()) and any(c.isdecimal() for c in m.group())] if has_digit(text) else []
