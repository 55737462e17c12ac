"""Names after a title ("Mr. van der Berg", "Sra. Gómez", "Dr Álvarez"); the titles themselves are
words. The titles are the language's (Lexicon.titles)."""

from __future__ import annotations

from .common import capitalised
from .names import run, starts_name


def _titles(passage) -> list[int]:
    lower, titles = passage.lower, passage.lang.titles
    return [i for i, word in enumerate(lower) if word.rstrip(".") in titles]


def names_after(passage) -> dict[int, str]:
    tokens, lang = passage.tokens, passage.lang
    found: dict[int, str] = {}
    for i in _titles(passage):
        if capitalised(tokens[i].text):
            j = i + 1 if i + 1 < len(tokens) and tokens[i + 1].text == "." else i
            if starts_name(tokens, j + 1, lang):
                found.update(dict.fromkeys(run(tokens, j + 1, lang), "PERSON"))
    return found


def title_words(passage) -> dict[int, str]:
    return dict.fromkeys(_titles(passage), "")
