"""Passwords and PINs written after their label ("password is rosebud", "mot de passe : soleil",
"contraseña del wifi es girasol", 'pw "correct horse battery staple"'): a secret whatever its
shape; and a phrase of many words after its own label ("recovery phrase for the wallet is: harbor
velvet uncle ...", whatever list its words come from). The labels and link words are the
language's (Lexicon.secret_labels, phrase_labels, label_links)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .label import label_starts, value_after

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token

# What a secret after a label may be tagged: taggers call an unknown word after "is" a noun or an
# adjective ("the password is rosebud"); a verb or adverb there is about the password ("is changed
# weekly"), and so is an adjective that does not end the clause ("is valid for a week").
_SECRET_POS = frozenset({"NOUN", "PROPN", "X", "INTJ", "NUM"})
_CLAUSE_MARKS = frozenset({".", ",", ";", "!", "?", "\"", "'", "”", "’", "»", ")"})
_QUOTE_PAIRS = {"\"": "\"", "'": "'", "“": "”", "‘": "’", "«": "»"}
_QUOTED_MAX = 12  # words a quoted secret may have, at most
PHRASE_MIN = 6  # words a phrase after its label has at least (wallets use 12 to 24)


def _quoted(tokens: list[Token], j: int) -> set[int]:
    """The words from token j to the quote that closes the one before it, on the same line (only
    token j when no quote closes within _QUOTED_MAX words)."""
    close = _QUOTE_PAIRS.get(tokens[j - 1].text, "")
    inside: set[int] = set()
    for k in range(j, min(len(tokens), j + _QUOTED_MAX)):
        if tokens[k].text == close or tokens[k].text in ("“", "”") and close in ("“", "”"):
            return inside or {j}
        if "\n" in tokens[k].ws and k > j:
            break
        if tokens[k].is_word:
            inside.add(k)
    return {j}


def _ends_clause(tokens: list[Token], j: int, lang: Lexicon) -> bool:
    return (j + 1 == len(tokens) or "\n" in tokens[j].ws or tokens[j + 1].text in _CLAUSE_MARKS
            or tokens[j + 1].text.lower() in lang.clause_words)


def _secret_at(tokens: list[Token], j: int, lang: Lexicon) -> set[int]:
    tok = tokens[j]
    if j > 0 and tokens[j - 1].text in _QUOTE_PAIRS:
        return _quoted(tokens, j)  # a passphrase of several words ("correct horse battery staple")
    if tok.pos in _SECRET_POS or tok.pos == "ADJ" and tok.tag not in ("JJR", "JJS") and _ends_clause(tokens, j, lang):
        return {j}
    if _field(tokens, j) and _ends_clause(tokens, j, lang) and not tok.stop:
        # one word alone after a field's mark is the password whatever the tagger makes of it
        # ("Mot de passe : bleu", a verb); after "is" an adverb or participle is about it ("est
        # ici", "is changed")
        return {j}
    return set()


def _field(tokens: list[Token], j: int) -> bool:
    """The value follows a field's mark ("password: ", "PIN = "), not a verb."""
    k = j - 1
    while k > 0 and tokens[k].pos == "SPACE":
        k -= 1
    return tokens[k].text in (":", "=")


def _phrase_at(tokens: list[Token], j: int) -> set[int]:
    """The words from token j to the end of the clause when there are PHRASE_MIN or more and none
    is a function word: a list of words, not a sentence about the phrase ("is in the safe")."""
    words: set[int] = set()
    for k in range(j, len(tokens)):
        tok = tokens[k]
        if tok.is_word and not tok.text.isdigit():
            if tok.stop:
                return set()
            words.add(k)
        elif not (tok.text.isdigit() or tok.text in (",", ")") or tok.text == "." and tokens[k - 1].text.isdigit()):
            break  # a clause mark ends it; numbers "1." "2)" may stand between the words
        if "\n" in tok.ws:
            break
    return words if len(words) >= PHRASE_MIN else set()


def find(tokens: list[Token], lang: Lexicon) -> set[int]:
    found: set[int] = set()
    for labels, value in ((lang.secret_labels, lambda j: _secret_at(tokens, j, lang)),
                          (lang.phrase_labels, lambda j: _phrase_at(tokens, j))):
        for i in label_starts(tokens, labels):
            for label in labels:
                at = value_after(tokens, i, label.split(), lang)
                if at is not None and at[1]:
                    found |= value(at[0])
    return found


def token_kinds(passage) -> dict[int, str]:
    return dict.fromkeys(find(passage.tokens, passage.lang), "CODE")
