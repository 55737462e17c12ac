"""Phone numbers, as the phonenumbers library validates them."""

from __future__ import annotations

import re

# Numbers written with their country code are found whatever the region; national formats are
# tried for the regions of the languages we serve.
REGIONS = ("US", "GB", "ES", "FR", "DE")


_DIGIT = re.compile(r"\d")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    if not _DIGIT.search(text):  # five regions' matchers over a text without a digit find nothing
        return []
    import phonenumbers

    return [(m.start, m.end, "PHONE") for region in REGIONS
            for m in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID)]
