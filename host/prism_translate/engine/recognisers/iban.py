"""IBANs: country code, check digits, then groups of letters and digits, written solid or in fours;
python-stdnum checks the checksum (a wrong one is still hidden, as a code)."""

from __future__ import annotations

import re

from .number import has_digit

IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[A-Z0-9]{10,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?)\b")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    if not has_digit(text):
        return []
    from stdnum import iban

    return [(m.start(), m.end(), "IBAN" if iban.is_valid(m.group()) else "CODE") for m in IBAN_RE.finditer(text)]
