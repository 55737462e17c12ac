"""German: what the product knows about it as a target language: how dates are written."""

from __future__ import annotations

from ..base import Lexicon


LEXICON = Lexicon(
    "de",
    tuple("januar februar märz april mai juni juli august september oktober november dezember".split()),
    tuple("montag dienstag mittwoch donnerstag freitag samstag sonntag".split()),
    capital_months=True,  # written with a capital
)
