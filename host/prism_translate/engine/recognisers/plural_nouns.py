"""Plural common nouns written with a capital where a sentence or a clause starts ("Tenants are
reminded", "Cleaners will finish their rounds", "Limpiadores terminarán", "Enseignants
organiseront", "Professors organitzaran"): the parser makes them the subject and the tagger's NER
often an organisation, but a person is not named by a plural. The language's Apertium analyser
decides: a word it knows only in the plural, as a noun (or a noun and an adjective), and as no
first name or surname, is an ordinary word. A census name stays a name ("Banks will call",
"Torres vendrá", "the Smiths", "Dear Smiths"), and so does a word the tagger's NER calls a person, one before
another capitalised word ("Friends Reunited") and one after a preposition, where an organisation
stands ("bought at Boots")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import NER_NAMES, capitalised, dictionary_words, following, previous, starts

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token


def _greeted(tokens: list[Token], i: int, lang) -> bool:
    """After a greeting ("Dear Tenants,", "Chers Résidents"), where the tagger's NER expects a
    person whatever the word."""
    prev = previous(tokens, i)
    return prev is not None and prev.text.lower() in lang.greetings


def _opens_clause(tokens: list[Token], i: int, lang) -> bool:
    """At a sentence's or a line's start, or after a lower-case "and" or article ("and Governors
    will serve", "the Trustees"); not a word the tagger's NER calls a person there."""
    prev = previous(tokens, i)
    if NER_NAMES.get(tokens[i].ner) == "PERSON":
        return False
    return starts(tokens, i) or prev is not None and prev.text.islower() and (
        prev.text in lang.and_words or prev.pos == "DET" or prev.text in lang.determiners)


def _candidate(tokens: list[Token], i: int, lang) -> bool:
    tok = tokens[i]
    if not (tok.is_word and tok.text.isalpha() and capitalised(tok.text) and not tok.text.isupper()
            and (_greeted(tokens, i, lang) or _opens_clause(tokens, i, lang))):
        return False
    nxt = following(tokens, i)
    return nxt is None or "\n" in tok.ws or not (capitalised(nxt.text) and nxt.is_word)


def _only_plural_nouns(readings: tuple[tuple[str, str], ...]) -> bool:
    return any(pos == "NOUN" for pos, _ in readings) and all(
        pos in ("NOUN", "ADJ") and "Plur" in tag.split(":") for pos, tag in readings)


def ordinary(passage) -> dict[int, str]:
    tokens, lang = passage.tokens, passage.lang
    return dictionary_words(tokens, [i for i in passage.capitalised if _candidate(tokens, i, lang)], lang,
                            _only_plural_nouns)
