"""Clock times ("09:24", "18:02:10"): one value. Apertium's Catalan tagger split "09:24" and drew
each half alone ("04:85")."""

from __future__ import annotations

import re

from .number import has_digit

CLOCK_TIME_RE = re.compile(r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\w:]|\.\d)")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "NUMBER") for m in CLOCK_TIME_RE.finditer(text)] if has_digit(text) else []
