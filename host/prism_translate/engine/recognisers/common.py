"""What the token-level recognisers share: where lines and sentences start, the census name lists,
the spaCy labels that name people, organisations and places."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from .. import name_genders, word_classes
from ..lexicon import unaccented

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token

NAME_KINDS = frozenset({"PERSON", "ORG", "PLACE"})
# spaCy NER labels (English and the other languages' models) -> our name kinds.
NER_NAMES = {"PERSON": "PERSON", "PER": "PERSON", "ORG": "ORG", "GPE": "PLACE", "LOC": "PLACE", "FAC": "PLACE"}
FUNCTION_POS = frozenset({"PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "PUNCT"})
# What opens a sentence, a line, a label's value or a quotation (punctuation, any language).
STARTERS = frozenset({":", "-", "•", "*", ">", "(", "[", "\"", "“", "«", "'", "‘", "¿", "¡", "—", "–"})


# previous and following are asked of most tokens by several recognisers: plain loops, with no
# generator per call and no copy of the rest of the text (quadratic on a long one)
def previous(tokens: list[Token], i: int) -> Token | None:
    """The token before token i, whitespace skipped."""
    for j in range(i - 1, -1, -1):
        if tokens[j].pos != "SPACE":
            return tokens[j]
    return None


def following(tokens: list[Token], i: int) -> Token | None:
    """The token after token i, whitespace skipped."""
    for j in range(i + 1, len(tokens)):
        if tokens[j].pos != "SPACE":
            return tokens[j]
    return None


def wordlike(tok: Token) -> bool:
    """A word, or a token the tagger could not read that is made of letters: Apertium's Catalan
    tagger calls an unknown word X, as it does symbols ("arnau", "montse")."""
    return tok.is_word or tok.pos == "X" and tok.text[:1].isalpha()


def capitalised(text: str) -> bool:
    return text[:1].isupper()


def lines(tokens: list[Token]) -> list[list[int]]:
    """Token indices per line of the text (SPACE tokens and empty lines left out); a quoted
    reply's line without its "> " marks, so it reads as the same line unquoted ("> Hola Marta,")."""
    found: list[list[int]] = [[]]
    for i, t in enumerate(tokens):
        if t.pos != "SPACE" and t.text and (found[-1] or t.text.strip(">")):
            found[-1].append(i)
        breaks = t.ws.count("\n") + (t.text.count("\n") if t.pos == "SPACE" else 0)
        for _ in range(breaks):
            found.append([])
    return [line for line in found if line]


@cache
def _by_first_word(phrases: tuple[str, ...]) -> dict[str, list[list[str]]]:
    """The phrases' words, by their first word: a line is compared only with those it opens with."""
    index: dict[str, list[list[str]]] = {}
    for phrase in phrases:
        words = phrase.split()
        if words:
            index.setdefault(words[0], []).append(words)
    return index


def phrase_at(tokens: list[Token], line: list[int], phrases: tuple[str, ...]) -> int:
    """How many tokens at the start of the line form one of the phrases (longest), else 0."""
    if not line:
        return 0
    best = 0
    for words in _by_first_word(phrases).get(tokens[line[0]].text.lower(), ()):
        if len(words) <= len(line) and all(tokens[line[k]].text.lower() == w for k, w in enumerate(words)):
            best = max(best, len(words))
    return best


def starts(tokens: list[Token], i: int) -> bool:
    """The token opens a sentence, a line, a list's item, a label's value or a quotation: its
    capital says nothing."""
    prev = previous(tokens, i)
    return tokens[i].sent_start or prev is None or "\n" in prev.ws or prev.text in STARTERS or _numbered(tokens, i)


def _numbered(tokens: list[Token], i: int) -> bool:
    """After a list item's number at a line's start ("1. Bins: ...", "2) Parking"): the tagger
    often reads the number and its point as the sentence."""
    if i < 2 or tokens[i - 1].text not in (".", ")") or not tokens[i - 2].text.isdigit():
        return False
    return i == 2 or "\n" in tokens[i - 3].ws or tokens[i - 3].pos == "SPACE" and "\n" in tokens[i - 3].text


def lower_case_text(passage) -> bool:
    """Every line opens with a lower-case letter (or with no letter: a time stamp, a quote), as
    chats write: there a capital says nothing, and a name may have none."""
    tokens = passage.tokens
    firsts = [next((tokens[i].text for i in line if tokens[i].text[:1].isalpha()), "") for line in passage.lines]
    return any(firsts) and not any(w[:1].isupper() for w in firsts)


def labels_line(tokens: list[Token], i: int) -> bool:
    """A line's first word before a colon ("Invoice:", "Password:", "Léa :")."""
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return starts(tokens, i) and nxt is not None and nxt.text == ":"


def folded(word: str) -> str:
    """"Léa" -> "lea": the census lists names without accents."""
    return unaccented(word.lower())


def _read_list(name: str) -> frozenset[str]:
    text = resources.files(__package__.rpartition(".")[0]).joinpath(name).read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


@cache
def first_names() -> frozenset[str]:
    """US Census first names, lower case (first_names.txt; tools/build_first_names.py)."""
    return frozenset(name_genders.census())


@cache
def surnames() -> frozenset[str]:
    """The US Census's 5,000 most frequent surnames, lower case (surnames.txt; tools/build_first_names.py)."""
    return _read_list("surnames.txt")


def dictionary_words(tokens: list[Token], found: list[int], lang,
                     readings_say: Callable[[tuple[tuple[str, str], ...]], bool]) -> dict[int, str]:
    """Of the tokens at `found`, those to leave as ordinary words: their lower-case
    word is no kind of place, no census first name or surname and no name to the language's
    analyser, and its dictionary readings (UPOS, tag) are what `readings_say` wants."""
    words = {tokens[i].text.lower() for i in found} - lang.place_words
    words = {w for w in words if folded(w) not in first_names() and folded(w) not in surnames()}
    if not words:
        return {}
    common = {w for w, readings in word_classes.common_readings(words, lang.code).items()
              if readings_say(readings)} - word_classes.person_names(words, lang.code)
    return {i: "" for i in found if tokens[i].text.lower() in common}
