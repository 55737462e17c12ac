"""Italian: what the product knows about it as a target language: how dates are written."""

from __future__ import annotations

from ..base import Lexicon


WORDS = """
months: gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre
weekdays: lunedì martedì mercoledì giovedì venerdì sabato domenica
"""

LEXICON = Lexicon.from_table("it", WORDS)
