"""German: what the product knows about it as a target language: how dates are written."""

from __future__ import annotations

from ..base import Lexicon


WORDS = """
months: januar februar märz april mai juni juli august september oktober november dezember
weekdays: montag dienstag mittwoch donnerstag freitag samstag sonntag
"""

LEXICON = Lexicon.from_table(
    "de", WORDS,
    capital_months=True,  # written with a capital
)
