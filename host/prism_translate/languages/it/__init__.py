"""Italian: what the product knows about it as a target language: how dates are written."""

from __future__ import annotations

from ..base import Lexicon


LEXICON = Lexicon(
    "it",
    tuple("gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split()),
    tuple("lunedì martedì mercoledì giovedì venerdì sabato domenica".split()),
)
