"""Payment card numbers: 13 to 19 digits in groups that pass the Luhn check (python-stdnum)."""

from __future__ import annotations

from .number import GROUPED_DIGITS_RE, has_digit


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    if not has_digit(text):
        return []
    from stdnum import luhn

    found = []
    for m in GROUPED_DIGITS_RE.finditer(text):
        digits = "".join(c for c in m.group() if c.isdecimal())
        if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
            found.append((m.start(), m.end(), "CARD"))
    return found
