"""Translator doubles for engine tests: they isolate PRISM's round trip from a real translator's
quirks (the real ones, Apertium and the vendor fakes, are tested elsewhere)."""

from __future__ import annotations

import re

from prism_translate.translators.base import Translator
from prism_translate.errors import TranslatorError


def word_by_word(dictionary):
    """A translate function: each word the dictionary knows becomes its top translation, anything
    else (names, codes, numbers, invented words) stays as it is."""
    tops = {}
    for entry in dictionary.entries:
        tops.setdefault(entry.word.lower(), entry.top)

    def translate(text: str) -> str:
        return re.sub(r"[A-Za-z]+", lambda m: tops.get(m.group().lower(), m.group()), text)

    return translate


class WordByWord(Translator):
    name = "word-by-word"

    def __init__(self, dictionary) -> None:
        self.fn = word_by_word(dictionary)

    def translate(self, texts, source, target):
        return [self.fn(t) for t in texts]


class Rewriting(WordByWord):
    """Word by word, then one regular-expression rewrite of every output: how a real translator
    takes a value apart or reorders it."""

    def __init__(self, dictionary, pattern: str, replacement: str) -> None:
        super().__init__(dictionary)
        self.pattern, self.replacement = re.compile(pattern), replacement

    def translate(self, texts, source, target):
        return [self.pattern.sub(self.replacement, t) for t in super().translate(texts, source, target)]


class Mangler(Translator):
    """Changes every digit it is given: a value that cannot come back."""

    name = "mangler"

    def translate(self, texts, source, target):
        return [re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), t) for t in texts]


class Recorder(Translator):
    name = "recorder"

    def __init__(self, fail: bool = False):
        self.sent: list[str] = []
        self.fail = fail

    def translate(self, texts, source, target):
        self.sent.extend(texts)
        if self.fail:
            raise TranslatorError(name=self.name, detail="service down")
        return [t.upper() for t in texts]
