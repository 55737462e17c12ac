"""Capitalised runs of common words that only their capital made names: hidden as words.

A notice writes things in title case ("Please bring a Water Bottle", "Sports Day", "Sala de
Profesores", "Salle des Sports"); the general capital rule (capitalised.by_capital) takes such a
run for a name, and a name's stand-in brings the source's words back untranslated. Where every
capitalised word of the run is one the language's Apertium analysers know only as a common
word, none is a first name or surname (census lists or the analysers'), a title, a word for a
kind of place or one that names a firm ("Ltd", "Partners", "Banco"), no word of it is a person
elsewhere in the text, and the run's kinds came from the capital rule alone (not from a
person's place: after a title, in a greeting, a signature or a chat label, which the earlier
recognisers decide, or opening a line before a colon, where a chat's speaker stands), its capitalised words are of kind WORD: encode.py hides them as PRISM*
hides a word, whatever r is, and puts back the original's translation. The function words
inside the run ("de", "des") are not hidden: the translator translates them as in the plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .capitalised import by_capital
from .common import NAME_KINDS, first_names, folded, starts, surnames
from .office_words import capital_runs

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token


def _common_words(words: set[str], lang) -> set[str]:
    """Those of the lower-case words known only as common words, and named by no list of names,
    titles, places or firms."""
    words = {w for w in words if w not in lang.titles and w not in lang.place_words
             and w not in lang.organisation_words and folded(w) not in first_names() and folded(w) not in surnames()}
    common = set(word_classes.common_readings(words, lang.code)) if words else set()
    return common - word_classes.person_names(common, lang.code)


def _sides(passage, kinds: list[str], run: list[int], words: list[int]) -> list[tuple[list[int], list[int]]]:
    """The stretches of a run whose capitalised words the capital rule alone named, cut at its
    "and" words and at its other words ("Traed el Material Escolar y la Bata Blanca": "Traed" is
    a first word read as a verb, and the first name Blanca keeps only its side a name)."""
    deciders = passage.memo["decided_by"]
    sides: list[tuple[list[int], list[int]]] = [([], [])]
    for i in run:
        named = i in words and kinds[i] in NAME_KINDS and deciders[i] is by_capital
        if i in words and not named or passage.lower[i] in passage.lang.and_words:
            sides.append(([], []))
        elif named or sides[-1][1]:  # a side starts at a capitalised word
            sides[-1][0].append(i)
            if named:
                sides[-1][1].append(i)
    # function words after a side's last capitalised word are not its own
    return [(side[:side.index(caps[-1]) + 1], caps) for side, caps in sides if caps]


def _label(tokens: list[Token], run: list[int]) -> bool:
    """A run that opens its line before a colon: where a chat's speaker stands ("Sky Walker: on
    my way"), which the chat recognisers read only where speakers take turns."""
    nxt = tokens[run[-1] + 1] if run[-1] + 1 < len(tokens) else None
    return starts(tokens, run[0]) and nxt is not None and nxt.text == ":"


def as_words(tokens: list[Token], kinds: list[str], passage) -> None:
    """The pass: kinds of such runs' capitalised words become WORD, their function words ""."""
    deciders = passage.memo["decided_by"]
    runs = [(run, words) for whole, all_words in capital_runs(passage) for run, words in _sides(passage, kinds, whole, all_words)
            if not any(tokens[i].text.isupper() and len(tokens[i].text) > 1 for i in words)  # acronyms stay
            and not _label(tokens, run)]
    if not runs:
        return
    # a word that is a person where the earlier recognisers read one ("Dear Mr Baker") stays a name
    people = {tokens[i].text.lower() for i, kind in enumerate(kinds) if kind == "PERSON" and deciders[i] is not by_capital}
    common = _common_words({tokens[i].text.lower() for _, words in runs for i in words}, passage.lang) - people
    for run, words in runs:
        if all(tokens[i].text.lower() in common for i in words):
            for i in run:
                kinds[i] = "WORD" if i in words else ""
