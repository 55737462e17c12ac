"""Portuguese: what the product knows about it as a target language: how dates are written."""

from __future__ import annotations

from ..base import Lexicon


WORDS = """
months: janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro
weekdays: segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado domingo
"""

LEXICON = Lexicon.from_table("pt", WORDS)
