"""Spanish, Catalan, French: in a paragraph about health, the words the language's Apertium analyser
does not know at all are health words too ("sigue con cefaleas", "essoufflement", "sevrage
tabagique", "àcid fòlic"). Medical jargon is where every list built from WordNet and the shipped
dictionaries runs out, and such a word would reach the translator as written; hidden, it comes back
as written too (the dictionary has no translation for it), so hiding it costs the reader nothing
that the translator would have given."""

from __future__ import annotations

from wordfreq import zipf_frequency

from . import word_classes
from .tokenize import Token

# Shorter unknown words are mostly chat spellings and abbreviations ("xfa", "bss"), not jargon.
MIN_LETTERS = 5
# A word this frequent in the language's running text (wordfreq's Zipf scale: 3 in a million words
# and more) is an everyday word the dictionary lacks ("courriel", "adquirida"), not jargon: the
# jargon it lacks is rarer ("essoufflement" 2.8, "disnea" 2.5, "fòlic" 2.4).
EVERYDAY_ZIPF = 3.5


def _shaped(tok: Token) -> bool:
    """A word of letters, in lower case or opening its sentence ("Essoufflement depuis mars")."""
    text = tok.text.replace("·", "")
    # Apertium's Catalan tagger calls a word it does not know X, as it does symbols
    return ((tok.is_word or tok.pos == "X") and len(text) >= MIN_LETTERS and text.isalpha()
            and (text.islower() or tok.sent_start and text[1:].islower()))


def _lines(tokens: list[Token]) -> list[int]:
    """The number of the line (of the text between line breaks) each token stands on."""
    out, line = [], 0
    for tok in tokens:
        out.append(line)
        line += tok.ws.count("\n") > 0
    return out


def jargon(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """The unknown nouns and adjectives (or words the tagger cannot read) of a paragraph in which
    `found` holds a health term: a paragraph keeps to one matter, and one about health has its
    jargon; an unknown verb is a spelling or a word the dictionary lacks ("pautó"), no condition."""
    line = _lines(tokens)
    about_health = {line[i] for i in found}
    candidates = {i: t.text.lower() for i, t in enumerate(tokens) if line[i] in about_health and i not in found
                  and t.pos in ("NOUN", "ADJ", "PROPN", "X") and _shaped(t)}
    unknown = word_classes.unknown_words(set(candidates.values()), lang)
    return {i for i, word in candidates.items() if word in unknown and zipf_frequency(word, lang) < EVERYDAY_ZIPF}
