"""The regular expressions of a name written on the characters, which the address and the headed
name recognisers build on: a capitalised word, the lower-case links a name holds ("de la", "d'",
"na"), a run of such parts, and a listed word in the cases it is written in."""

from __future__ import annotations

import re
from collections.abc import Iterable

# Capitals of the Latin scripts the source languages write (Python's re has no \p{Lu})
UPPER = "A-ZÀ-ÖØ-ÞŒŠŽŸ"
# a capitalised word, hyphens and apostrophes inside ("Croix-Blanche", "O'Neill"); not a letter of
# an initialism ("S" of "S.L.")
NAME = rf"[{UPPER}][^\W_]*(?:[-'’][^\W\d_]+)*(?!\.[{UPPER}])"
SEP = r"[ \t]+"
# a word's end: no letter or digit right after it
END = r"(?![^\W_])"
# a street's, a court's number ("n.º 4", "núm. 3")
NUMBER_SIGN = r"(?i:n\.?[ \t]?[º°o]\.?|núm\.?|num\.?|número)[ \t]?\d{1,3}"


def listed(words: Iterable[str]) -> str:
    """An alternation of listed words: one written in lower case matches it in lower case,
    capitalised or in capitals; one with a capital in it (an acronym, a legal form) only as written,
    with or without dots between its capitals ("S.L.", "SL")."""
    forms = set()
    for word in words:
        if word != word.lower():
            forms.add(r"\.?".join(re.escape(c) for c in word) + r"\.?" if word.isupper() else re.escape(word) + r"\.?")
        else:
            forms |= {re.escape(w) for w in (word, word[:1].upper() + word[1:], word.upper())}
    # longest first: "ctra." before "ctra"
    return "(?:" + "|".join(sorted(forms, key=len, reverse=True)) + ")"


def links(words: Iterable[str]) -> tuple[str, str]:
    """The name's link words, as two patterns: those written apart ("de", "del", "&") and those
    joined to the next word ("d'", "l'")."""
    words = set(words) | {"&"}
    apart = [w for w in words if not w.endswith(("'", "’"))]
    joined = [w for w in words if w.endswith(("'", "’"))]
    return listed(apart), listed(joined) if joined else "(?!)"


def part(link_words: Iterable[str]) -> str:
    """A number sign ("n.º 4"; first: "N" is a name word too), or a name word after any links ("del
    Pescador", "de l'Ermita")."""
    apart, joined = links(link_words)
    return rf"(?:{NUMBER_SIGN}|(?:{apart}{END}{SEP}|{joined})*{NAME})"


def run(link_words: Iterable[str], most: int, headed: bool = False) -> str:
    """One to `most` name parts in a row; the first a name word, or, after a head or a street type
    (`headed`), a name word after links too ("Calle del Pescador")."""
    first = part(link_words) if headed else rf"(?:{NUMBER_SIGN}|{NAME})"
    return rf"{first}(?:{SEP}{part(link_words)}){{0,{most - 1}}}"
