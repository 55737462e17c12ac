"""Which tokens are private values, decided from what each token *is*, not only from what the
tagger called it: the registries of recognisers (recognisers/__init__.py) run in their order.

- `char_spans(text)`: values found on the raw characters, whatever the language and the tagger
  (e-mail addresses, URLs, IBANs, cards, phones, codes, numbers, hyphenated names).
- `mark(tokens, lang)`: every token's kind, from the first token recogniser that speaks of it.

Kinds (Token.entity): PERSON, ORG, PLACE, EMAIL, URL, PHONE, IBAN, CARD, CODE, NUMBER, CALENDAR,
and WORD: a capitalised common word hidden as a word (recognisers/common_runs.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .lexicon import lexicon
from .recognisers import LOCAL_NUMBERS, PASSES, SPANS, TOKENS
from .recognisers.amount import spelt_value
from .recognisers.calendar import plural_weekday
from .recognisers.passage import Passage
from .recognisers.spelt_number import spelt_digits

if TYPE_CHECKING:  # pragma: no cover
    from .tokenize import Token

__all__ = ["CODE_KINDS", "DIGIT_KINDS", "char_spans", "mark", "plural_weekday", "spelt_digits",
           "spelt_value"]

# Kinds whose surrogate keeps the original's shape of digits (restored digit by digit).
DIGIT_KINDS = frozenset({"NUMBER", "PHONE", "CARD"})
# Kinds restored verbatim from a surrogate of the same shape.
CODE_KINDS = frozenset({"CODE", "IBAN"})


def char_spans(text: str, numbers: bool = False, lang: str = "en") -> list[tuple[int, int, str]]:
    """Private values found on the characters: (start, end, kind), non-overlapping, in order.
    Earlier recognisers win where spans overlap. With `numbers`, numbers written with spaces or
    dots between groups ("3 870,20", "4.870,50") are one value too: the Spanish and French
    pipelines and Apertium split them. Words (digits said as words) are read in the text's
    language `lang`."""
    found = [span for recogniser in SPANS + ((LOCAL_NUMBERS,) if numbers else ()) for span in recogniser(text, lang)]
    kept: list[tuple[int, int, str]] = []
    for start, end, kind in found:  # precedence order
        if all(end <= a or start >= b for a, b, _ in kept):
            kept.append((start, end, kind))
    return sorted(kept)


def mark(tokens: list[Token], lang_code: str = "en") -> list[Token]:
    """Tokens with `entity` set to the kind of private value each one is ("" for words)."""
    passage = Passage(tokens, lexicon(lang_code))
    decided: list[str | None] = [None] * len(tokens)
    # which recogniser decided each token: a pass tells a name by its capital alone from one by its place
    deciders: list = [None] * len(tokens)
    for recogniser in TOKENS:
        for i, kind in recogniser(passage).items():
            if decided[i] is None:
                decided[i], deciders[i] = kind, recogniser
    passage.memo["decided_by"] = deciders
    kinds = [kind or "" for kind in decided]
    for join in PASSES:
        join(tokens, kinds, passage)
    ordinary = passage.first_words[0]
    out = []
    for i, (tok, kind) in enumerate(zip(tokens, kinds)):
        first = bool(kind) and (i == 0 or kinds[i - 1] != kind or tokens[i - 1].pos == "SPACE"
                                or "\n" in tokens[i - 1].ws or tok.ner_start)
        if i in ordinary and not kind:
            tok = replace(tok, pos=ordinary[i][0], tag=ordinary[i][1])
        # most tokens are words the tagger's analysis left as they are: kept, not copied
        out.append(tok if tok.entity == kind and tok.ent_start == first else replace(tok, entity=kind, ent_start=first))
    return out
