"""Spanish, Catalan, French: in a text about health, the words the language's Apertium analyser
does not know at all are health words too ("sigue con cefaleas", "essoufflement", "sevrage
tabagique", "àcid fòlic"). Medical jargon is where every list built from WordNet and the shipped
dictionaries runs out, and such a word would reach the translator as written; hidden, it comes back
as written too (the dictionary has no translation for it), so hiding it costs the reader nothing
that the translator would have given."""

from __future__ import annotations

from . import word_classes
from .tokenize import Token

# Shorter unknown words are mostly chat spellings and abbreviations ("xfa", "bss"), not jargon.
MIN_LETTERS = 5


def _shaped(tok: Token) -> bool:
    """A word of letters, in lower case or opening its sentence ("Essoufflement depuis mars")."""
    text = tok.text.replace("·", "")
    # Apertium's Catalan tagger calls a word it does not know X, as it does symbols
    return ((tok.is_word or tok.pos == "X") and len(text) >= MIN_LETTERS and text.isalpha()
            and (text.islower() or tok.sent_start and text[1:].islower()))


def jargon(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """The unknown words of a text in which `found` holds a health term."""
    if not found:
        return set()
    candidates = {i: t.text.lower() for i, t in enumerate(tokens) if i not in found and _shaped(t)}
    unknown = word_classes.unknown_words(set(candidates.values()), lang)
    return {i for i, word in candidates.items() if word in unknown}
