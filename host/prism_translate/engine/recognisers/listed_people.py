"""A first name the tagger read as a place or a firm, or did not read at all, is a person where the
language's first-name lists give it and nothing says place or firm ("Paloma llegó tarde",
"Gracias, Paloma,", "la meva amiga Estel", "amb en Pau"): its stand-in must be a person's, or the
translator is told more than the kind the user sees, and a place's stand-in came back as one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .common import capitalised, first_names, previous, wordlike

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token

# what a tagger's place or firm may be that a first name is not
_RELABELLED = frozenset({"PLACE", "ORG"})


def _listed(tok: Token, lang: str) -> bool:
    """In the language's own first-name list; English's is the census's."""
    names = first_names() if lang == "en" else word_classes.first_names(lang)
    return capitalised(tok.text) and wordlike(tok) and tok.text.lower() in names


def as_people(tokens: list[Token], kinds: list[str], passage) -> None:
    """A single listed first name hidden as a place or firm, and not after a place's preposition
    ("à Florence") nor beside another part of the same name ("Victoria Station"), is a person; one
    left a word after an article only people take ("en", "na") is a person too."""
    lang = passage.lang
    for i, tok in enumerate(tokens):
        kind = kinds[i]
        if kind not in _RELABELLED and kind or not _listed(tok, lang.code):
            continue
        prev = previous(tokens, i)
        before = prev.text.lower() if prev is not None and "\n" not in prev.ws else ""
        if not kind:
            if before in lang.person_only_articles:
                kinds[i] = "PERSON"
            continue
        alone = (i == 0 or kinds[i - 1] != kind) and (i + 1 == len(tokens) or kinds[i + 1] != kind)
        if alone and before not in lang.place_prepositions:
            kinds[i] = "PERSON"
