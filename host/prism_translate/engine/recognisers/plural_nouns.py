"""Plural common nouns written with a capital where a sentence or a clause starts ("Tenants are
reminded", "Cleaners will finish their rounds", "Limpiadores terminarán", "Enseignants
organiseront", "Professors organitzaran"): the parser makes them the subject and the tagger's NER
often an organisation, but a person is not named by a plural. The language's Apertium analyser
decides: a word it knows only in the plural, as a noun (or a noun and an adjective), and as no
first name or surname, is an ordinary word. A census name stays a name ("Banks will call",
"Torres vendrá", "the Smiths", "Dear Smiths"), and so does a word the tagger's NER calls a person, one before
another capitalised word ("Friends Reunited") and one after a preposition, where an organisation
stands ("bought at Boots").

A plural title of two or three words opening a clause ("Teaching Assistants should park", "Los
Profesores Tutores piden", "Els Mestres Tutors demanen") is ordinary too when its head (its last
word in English, its first in Spanish, French and Catalan) is the plural of a word for a job
(role_words.txt) and each other word is a listed office word, or one the dictionary reads as an
adjective, a participle or a gerund, or as a plural agreeing with the head. A firm named by
partners after a noun keeps its name ("Summit Partners will call": "Summit" is a singular noun
alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .common import NER_NAMES, capitalised, dictionary_words, first_names, folded, following, previous, starts
from .office_words import capital_runs

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


def _title_opens_clause(tokens: list[Token], run: list[int], lang) -> bool:
    """The run opens a clause, an article or "and" before it aside ("Los Profesores Tutores"), and
    no capitalised word goes on after it."""
    prev, nxt = previous(tokens, run[0]), following(tokens, run[-1])
    opens = starts(tokens, run[0]) or prev is not None and (
        prev.text.lower() in lang.and_words or prev.pos == "DET" or prev.text.lower() in lang.determiners) and (
        prev.text.islower() or starts(tokens, tokens.index(prev, max(0, run[0] - 3))))
    return opens and (nxt is None or "\n" in tokens[run[-1]].ws or not (capitalised(nxt.text) and nxt.is_word))


def _modifies(word: str, readings: dict, lang) -> bool:
    """A word beside a plural title's head: listed, or an adjective, a participle, a gerund or a
    plural to the dictionary ("Teaching", "Tutores")."""
    if word in lang.office_words:
        return True
    tags = [tag.split(":") for pos, tag in readings.get(word, ())]
    return any(pos == "ADJ" for pos, _ in readings.get(word, ())) or any(
        "Part" in t or "Ger" in t or "Plur" in t for t in tags)


def plural_titles(passage) -> dict[int, str]:
    """The words of plural titles opening a clause (see above)."""
    tokens, lang = passage.tokens, passage.lang
    runs = [(run, [tokens[i].text.lower() for i in words]) for run, words in capital_runs(passage)
            if 2 <= len(words) <= 3 and _title_opens_clause(tokens, run, lang)]
    if not runs:
        return {}
    asked = {w for _, lower in runs for w in lower}
    readings = word_classes.common_readings(asked, lang.code)
    lemmas = word_classes.noun_lemmas(asked, lang.code)
    named = word_classes.person_names(asked, lang.code)
    found: dict[int, str] = {}
    for run, lower in runs:
        head = lower[-1] if lang.modifiers_first else lower[0]
        if any(w in named or folded(w) in first_names() for w in lower) or not lemmas.get(head, frozenset()) & lang.role_words:
            continue
        if all("Plur" in tag.split(":") for _, tag in readings[head]) and all(
                _modifies(w, readings, lang) for w in lower if w != head):
            found.update(dict.fromkeys(run, ""))
    return found
