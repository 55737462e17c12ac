"""E-mail addresses, written plainly or spelt out against harvesters ("john dot smith at gmail
dot com", "[at]", "(dot)", "arroba", "arobase")."""

from __future__ import annotations

import re

from .url import TOP_LEVEL

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# "at" and "dot" in the languages we read, bare or in brackets ("(at)", "[arroba]", "{dot}"); the
# last part a common top-level domain.
_AT = r"(?:at|arroba|arobase|arrova)"
_DOT = r"(?:\s*[\[({<]?\s*(?:dot|punto|point|punt)\s*[\])}>]?\s*)"
# Once "at" is unmistakable (in brackets, or a word that means nothing else: "arroba",
# "arobase"), the dots may be plain ones: "luz.moreno.g (arroba) gmail.com", "pau(at)uni.cat";
# a bare English "at" needs a spelt dot ("look at google.com" is a sentence).
_SURE_AT = r"(?:\s*[\[({<]\s*(?:at|arroba|arobase|arrova)\s*[\])}>]\s*|\s+(?:arroba|arobase|arrova)\s+)"
_ANY_DOT = rf"(?:{_DOT}|\.)"


def _spelt(at: str, dot: str) -> re.Pattern:
    return re.compile(rf"(?<![\w.])[\w.+-]+(?:{dot}[\w+-]+)*{at}[\w-]+(?:{dot}[\w-]+)*{dot}{TOP_LEVEL}\b", re.IGNORECASE)


SPELT_EMAIL_RE = _spelt(rf"\s*[\[(]?\s*{_AT}\s*[\])]?\s*", _DOT)
BRACKETED_EMAIL_RE = _spelt(_SURE_AT, _ANY_DOT)


# What each pattern cannot match without (an "@"; a spelt dot; an unmistakable "at"): a text
# without it is not scanned by that pattern, whose leading [\w.+-]+ tries every word.
_CUES = ((EMAIL_RE, re.compile("@")), (SPELT_EMAIL_RE, re.compile(r"dot|punt|point", re.IGNORECASE)),
         (BRACKETED_EMAIL_RE, re.compile(_SURE_AT, re.IGNORECASE)))


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "EMAIL") for pattern, cue in _CUES if cue.search(text) for m in pattern.finditer(text)]
