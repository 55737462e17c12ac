"""Where the value after a label stands ("password is rosebud", "usuario: rcaballero", "contraseña
del wifi es girasol"): shared by the password and user-name recognisers."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token

# What may stand between a label and its value in any language ("PIN: ", 'clave = "'); the
# language adds its words ("is", "es", "est": Lexicon.label_links).
LINK_MARKS = frozenset({":", "=", "-", "\"", "'", "“", "”", "‘", "’", "«", "»"})
QUALIFIER = 4  # words at most between a label and its link ("del wifi", "for the portal")


def wordish(tok: Token) -> bool:
    """A word, or letters the tagger does not know (Catalan's makes "wifi", "girasol" X)."""
    return tok.is_word or tok.pos == "X" and any(c.isalnum() for c in tok.text)


def links(lang: Lexicon) -> frozenset[str]:
    return LINK_MARKS | lang.label_links


def value_after(tokens: list[Token], i: int, words: list[str], lang: Lexicon) -> tuple[int, bool] | None:
    """Where the value after a label at token i stands, and whether a link ("is", ":") came
    between; None when the label is not there."""
    if [t.text.lower() for t in tokens[i:i + len(words)]] != words:
        return None
    linking = links(lang)
    j, linked = _past_qualifier(tokens, i + len(words), linking), False
    while j < len(tokens) and (tokens[j].pos == "SPACE" or tokens[j].text.lower() in linking):
        linked |= tokens[j].pos != "SPACE"
        j += 1
    return (j, linked) if j < len(tokens) and wordish(tokens[j]) else None


def _past_qualifier(tokens: list[Token], j: int, linking: frozenset[str]) -> int:
    """What the password is for may come between the label and its link ("contraseña del wifi es
    girasol", "password for the portal is ..."): where the link stands, or j without one."""
    k = j
    while (k < len(tokens) and k - j < QUALIFIER and wordish(tokens[k])
           and tokens[k].text.lower() not in linking and "\n" not in tokens[k - 1].ws):
        k += 1
    return k if k > j and k < len(tokens) and tokens[k].text.lower() in linking - {"-"} else j


def label_starts(tokens: list[Token], labels: tuple[str, ...]) -> list[int]:
    """Only where a label can start: every token against every label was a quarter of the
    recogniser's time."""
    first = {label.split()[0] for label in labels}
    return [i for i, t in enumerate(tokens) if t.text.lower() in first]
