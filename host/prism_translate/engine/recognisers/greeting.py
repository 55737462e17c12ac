"""Greetings and sign-offs ("Dear", "Good morning", "Best regards,"): their words are words the
tagger may call proper nouns, never names; the name a greeting opens on is a person's ("Hi
Marta", "hey will,"). The formulas are the language's (Lexicon.greetings, signoffs)."""

from __future__ import annotations

from .. import word_classes
from .common import phrase_at
from .names import run

_PUNCTUATION = (",", "!", ".", "-", "—")


def signoff_line(tokens, line: list[int], lang) -> bool:
    words = [tokens[i].text.lower() for i in line if tokens[i].text not in _PUNCTUATION]
    return " ".join(words) in lang.signoffs


def formula_words(passage) -> dict[int, str]:
    """The words of a greeting that opens a line and of a sign-off line."""
    tokens, lang = passage.tokens, passage.lang
    found: dict[int, str] = {}
    for line in passage.lines:
        found.update(dict.fromkeys(line[:phrase_at(tokens, line, lang.greetings)], ""))
        if signoff_line(tokens, line, lang):
            found.update(dict.fromkeys((i for i in line if tokens[i].text not in _PUNCTUATION), ""))
    return found


def greeted_names(passage) -> dict[int, str]:
    """The capitalised name run after a greeting that opens a line ("Dear Ms Moreno,")."""
    found: dict[int, str] = {}
    for line in passage.lines:
        k = phrase_at(passage.tokens, line, passage.lang.greetings)
        if k and k < len(line):
            found.update(dict.fromkeys(run(passage.tokens, line[k], passage.lang), "PERSON"))
    return found


def addressed(passage) -> set[int]:
    """The word a greeting or a thanks opening a line is addressed to, when a comma, a mark or the
    line's end follows it: a name even when it is also a word ("hey will,", "ei marta!", "merci
    rose !")."""
    tokens, found = passage.tokens, set()
    openers = passage.lang.greetings + passage.lang.signoffs
    for line in passage.lines:
        k = phrase_at(tokens, line, openers)
        if k and k < len(line):
            i = line[k]
            after = line[k + 1] if k + 1 < len(line) else None
            if after is None or "\n" in tokens[i].ws or tokens[after].text in (",", "!", ".", ":", "?"):
                found.add(i)
    return found


def signed_off(passage) -> set[int]:
    """A word alone on the line under a sign-off ("Gràcies,\nmontse", "cheers,\ntash"): the
    signer, in lower case as chats and quick notes write it."""
    tokens, lines = passage.tokens, passage.lines
    return {lines[n][0] for n in range(1, len(lines))
            if len(lines[n]) == 1 and signoff_line(tokens, lines[n - 1], passage.lang)}


def _vocative_at(tokens, line: list[int], lang) -> int | None:
    """The capitalised word a line opens on with a comma after it ("Montse, t'adjunto ...",
    "Nines,"), that is no greeting, sign-off, office or chat word ("Ok,"), nor in capitals ("FYI,")."""
    if len(line) < 2 or tokens[line[1]].text != ",":
        return None
    word = tokens[line[0]].text
    lower = word.lower()
    if not (word.isalpha() and word[:1].isupper() and not word.isupper()) or lower in lang.office_words \
            or lower in lang.chat_words \
            or phrase_at(tokens, line, lang.greetings + lang.signoffs):
        return None
    return line[0]


def vocatives(passage) -> dict[int, str]:
    """A line, quoted or not, that opens by calling someone ("> Montse, t'adjunto el pressupost"):
    a person, though no list knows a nickname, unless the dictionary knows the word as an ordinary
    one, which is how a line opens as often ("Sorry, ...", "Bueno, ...", "Merci,")."""
    tokens, lang = passage.tokens, passage.lang
    found = {at: tokens[at].text.lower() for line in passage.lines if (at := _vocative_at(tokens, line, lang)) is not None}
    if not found:
        return {}
    known = word_classes.common_readings(set(found.values()), lang.code)
    return {at: "PERSON" for at, word in found.items() if not known.get(word)}
