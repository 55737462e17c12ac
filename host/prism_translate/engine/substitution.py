"""What an encoder records of each replaced token (Substitution), the encoded text (Encoded), and
the dictionary entry the encoder reads a token by."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..dictionary.format import Dictionary, Entry
from . import clitics
from .tokenize import Token


@dataclass(frozen=True)
class Substitution:
    index: int  # token position in the encoded text
    kind: str  # "word", "number", "code", "calendar", "name", "email", "url"
    original: str  # what the user wrote (token surface form)
    substitute: str  # what was sent instead
    find: tuple[str, ...]  # what the substitute may look like in the translation, best first
    restore: str  # what to put back: L(w,s,1), a verbatim entity, or a target-language month name
    at: float = 0.0  # relative position (0..1) in x_pub: breaks ties between repeated words
    pos: str = ""  # UPOS of the original word
    in_phrase: bool = False  # one word of a term of several (health.phrases): its wording is a guess
    singular: bool = False  # a singular noun: a plural in the translation is the substitute's, not its own
    # a name followed in the text by a capitalised word: a capital after it in the translation may be its own
    capital_next: bool = False
    # a verb's form class its original's fine tag asks for in the target ("fin", "pp", "inf", "ger";
    # verbs.py), "" when the tag does not settle it
    form: str = ""
    # a noun the translator makes agree as it does the original (the dictionary's probed features
    # are the same): the articles and adjectives it made agree with the substitute stay as they are
    agrees: bool = False
    # a verb's original entry's and substitute's frames (dictionary/frames.py): the words the
    # translator writes after each, which the decoder puts right once the original is back (verbs.py)
    frames: tuple[str, str] = ("", "")
    # an adjective's original entry's and substitute's places against the noun ("pre", "post"; "" not
    # probed; dictionary/agreement_probes.py): the decoder puts the original back on its own side
    sides: tuple[str, str] = ("", "")
    # a verb whose translation makes its subject a dative pronoun ("me gusta"; datives.py): the
    # source's subject pronoun ("I"), "*" when the subject is no pronoun; "" for any other word
    dative: str = ""


@dataclass
class Encoded:
    text: str  # x_pub
    tokens: list[Token]
    substitutions: list[Substitution] = field(repr=False)
    method: str = "star"
    target: str = ""  # the dictionary's target language
    source: str = ""  # ... and its source language
    ratio: float = 0.0
    epsilon: float | None = None
    words: int = 0  # n
    dictionary_words: int = 0  # tokens the dictionary knows

    @property
    def hidden(self) -> int:
        return len(self.substitutions)

    @property
    def hidden_entities(self) -> int:
        return sum(s.kind != "word" for s in self.substitutions)


def dictionary_entry(dictionary: Dictionary, tok: Token) -> Entry | None:
    """The entry the encoder uses for a token: its own (word, UPOS), or for a PROPN the common
    word's entry (coverage figures count exactly what this finds)."""
    if tok.pos == "NUM" and tok.text.isalpha():
        # spaCy tags number words NUM; the dictionary learned them from sentences where they
        # stand as adjectives or nouns ("three" -> "tres"). MCTest asks "How many ...?" a lot.
        return dictionary.lookup(tok.text.lower(), "ADJ") or dictionary.lookup(tok.text.lower(), "NOUN")
    return (dictionary.lookup(tok.text, tok.pos) or (_common_word(dictionary, tok) if tok.pos == "PROPN" else None)
            # Taggers mix up nouns and adjectives of words they know less well ("servidor" ADJ in
            # "Problema con el servidor"): the other one's entry, when the word has no entry of its own tag.
            or (dictionary.lookup(tok.text, _NOUN_ADJ[tok.pos]) if tok.pos in _NOUN_ADJ else None)
            or (_with_pronouns(dictionary, tok) if tok.pos == "VERB" else None))


def _with_pronouns(dictionary: Dictionary, tok: Token) -> Entry | None:
    """The verb's entry for a verb written with its object pronouns ("consultarlo")."""
    return next((e for verb, _ in clitics.splits(tok.text, dictionary.source)
                 if (e := dictionary.lookup(verb, "VERB"))), None)


_NOUN_ADJ = {"NOUN": "ADJ", "ADJ": "NOUN"}


def _common_word(dictionary: Dictionary, tok: Token) -> Entry | None:
    """spaCy tags capitalised common words PROPN ("Dear", "Invoice", "Manager" in e-mails): the
    dictionary's common-noun (or adjective) entry for the lower-case form, if it has one."""
    low = tok.text.lower()
    return dictionary.lookup(low, "NOUN") or dictionary.lookup(low, "ADJ")


def match_case(model: str, word: str) -> str:
    if not word or not model:
        return word
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[0].isupper():
        return word[0].upper() + word[1:]
    return word
