"""User names after their label, with or without a link ("usuario rcaballero", "identifiant :
mdurand", "username jsmith"): a word the language's dictionary does not know as a common word
("the user asked" is a sentence). The labels are the language's (Lexicon.account_labels)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .common import FUNCTION_POS
from .label import label_starts, value_after

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token


def find(tokens: list[Token], lang: Lexicon) -> set[int]:
    accounts: dict[int, str] = {}
    for i in label_starts(tokens, lang.account_labels):
        for label in lang.account_labels:
            at = value_after(tokens, i, label.split(), lang)
            if at is not None and not tokens[at[0]].stop and tokens[at[0]].pos not in FUNCTION_POS:
                accounts[at[0]] = tokens[at[0]].text.lower()
    known = word_classes.common_readings(set(accounts.values()), lang.code) if accounts else {}
    return {j for j, word in accounts.items() if word not in known}


def token_kinds(passage) -> dict[int, str]:
    return dict.fromkeys(find(passage.tokens, passage.lang), "CODE")
