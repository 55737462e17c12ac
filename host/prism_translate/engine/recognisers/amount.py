"""Amounts said in words ("mille deux cents", "dos mil quinientos", "one thousand two hundred and
fifty"), and a single number word that is an amount or a day ("vint-i-cinc euros", "veinticuatro
de septiembre"). The words are the language's (languages/<code>: digit_words, hundreds,
multipliers, and_words, currency_words)."""

from __future__ import annotations

import re
from functools import cache

from ..lexicon import lexicon
from .spelt_number import alternation, first_parts, may_say, spelt_digits


@cache
def _amount_words(lang_code: str) -> tuple[re.Pattern, re.Pattern, dict[str, tuple[str, int]], frozenset[str]] | None:
    """A pattern for a run of number words, one for each word, and each word's role: ("add", n)
    for 0..99 and whole hundreds, ("times", n) for the multipliers."""
    lang = lexicon(lang_code)
    if not lang.multipliers:
        return None
    roles = {w.lower(): ("add", int(v)) for w, v in lang.digit_words if w.lower() not in lang.digit_only_words}
    roles |= {w.lower(): ("add", v) for w, v in lang.hundreds}
    roles |= {w.lower(): ("times", v) for w, v in lang.multipliers}
    word = alternation(roles)
    joint = r"(?:[ \t]+|[ \t]*-[ \t]*)" + "".join(f"(?:{re.escape(a)}[ \t]+)?" for a in sorted(lang.and_words))
    run = re.compile(rf"(?<![\w-]){word}(?:{joint}{word})*(?![\w-])", re.IGNORECASE)
    return run, re.compile(rf"(?<![\w-]){word}(?![\w-])", re.IGNORECASE), roles, first_parts(roles)


def _names_a_unit(text: str, end: int, value: int, lang_code: str) -> bool:
    """One number word followed by a currency ("vint-i-cinc euros") or, up to 31, a month
    ("veinticuatro de septiembre"), a linking word between allowed."""
    lang = lexicon(lang_code)
    after = text[end:end + 40].lower().split()
    after = after[1:] if after[:1] and after[0] in lang.of_words else after
    word = after[0].strip(".,;:!?") if after else ""
    return word in lang.currency_words or lang.is_month(word) and value <= 31


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    """Two number words or more, one of them a hundred, a thousand or more ("two hundred", "mil
    dos-cents"; "a thousand thanks" and "mil euros" stay words); or one that names an amount or
    a day, as its digits would."""
    found = _amount_words(lang)
    if found is None or not may_say(text, found[3]):
        return []
    run, each, roles, _ = found
    out = []
    for m in run.finditer(text):
        said = [roles[w.lower()] for w in each.findall(m.group())]
        if len(said) >= 2 and any(role == "times" or n >= 100 for role, n in said) \
                or len(said) == 1 and _names_a_unit(text, m.end(), said[0][1], lang):
            out.append((*m.span(), "NUMBER"))
    return out


def spelt_value(text: str, lang_code: str) -> str:
    """The digits of a number said as words: an amount's value ("mille deux cents" -> "1200"),
    or the digits read out one by one or in pairs (spelt_digits)."""
    found = _amount_words(lang_code)
    if found and text.lower() in found[2]:  # one word: "vint-i-cinc", "mil"
        return str(found[2][text.lower()][1])
    if [s[:2] for s in spans(text, lang_code)] != [(0, len(text))]:
        return spelt_digits(text, lang_code)
    assert found is not None  # spans() found an amount, so the language has amount words
    _, each, roles, _ = found
    total = current = 0
    for w in each.findall(text):
        role, n = roles[w.lower()]
        if role == "add":
            current += n
        elif n == 100:
            current = (current or 1) * 100
        else:
            total += (current or 1) * n
            current = 0
    return str(total + current)
