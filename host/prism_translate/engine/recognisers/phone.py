"""Phone numbers, as the phonenumbers library validates them."""

from __future__ import annotations

from .number import has_digit

# Numbers written with their country code are found whatever the region; national formats are
# tried for the regions of the languages we serve.
REGIONS = ("US", "GB", "ES", "FR", "DE")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    if not has_digit(text):  # five regions' matchers over a text without a digit find nothing
        return []
    import phonenumbers

    return [(m.start, m.end, "PHONE") for region in REGIONS
            for m in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID)]
