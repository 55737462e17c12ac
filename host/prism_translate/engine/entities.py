"""Surrogates for private entities (names, places, numbers, dates, e-mail addresses, URLs,
phone numbers): values of the same kind that go to the translator instead of the real ones.

A product choice beyond the paper: entities are replaced whatever the ratio r is, and their
surrogates are drawn independently of the original values, so they reveal only that a value of
that kind and shape was there. Each surrogate says how to find it again in the translation and what to put back.
"""

from __future__ import annotations

import random
from collections.abc import Set
import re

from . import lexicon

# Names every installed Apertium analyser reads only as a name, which come back unchanged in every
# target (tools/pick_stand_in_names.py). A name the translator does not know broke the sentence
# around it: "Oskar's car" -> "Oskar  el coche", "Oskar thinks" -> "Oskar Cree" (issue 28).
FIRST_NAMES = (
    "Barbara Betty Camille Carmelo Catherine Christine Clint Danielle Doug Fernando Gabriel Gerry "
    "Guillermo Javier Joan Jorge Jules Karina Kevin Leonardo Lola Lucy Magda Margaret Marilyn Martha "
    "Meryl Mikel Moshe Neil Noelia Pedro Raul Rina Roland Sabine Sergio Steve Teresa Vanessa"
).split()
SURNAMES = (
    "Johnson Taylor Martinez Lopez Perez Sanchez James Gibson Spencer Chavez George Gregory Schneider "
    "Blair Christensen Clarke Cameron Miranda Lara Cervantes Michael Noel Downing Kessler Gaston Galindo "
    "Ferreira Bautista Clinton Reagan Cheney Churchill Saavedra Dupont Duval Schweitzer Kirchner "
    "Thatcher Fabian Dumont"
).split()
# Three of these make a word no translator knows: 200 random ones all came back unchanged from
# Apertium eng-spa, eng-cat and eng-spa|es-fr (shorter words can hit real ones: "Vegan").
_SYLLABLES = "ka lo dra mor sen tal bri gan qui nor lis pen tor vak zel um bel dun fi har".split()


def pseudo_word(rng: random.Random, syllables: int = 3) -> str:
    """A pronounceable invented word, for place and organisation names, mail and web addresses."""
    return "".join(rng.choice(_SYLLABLES) for _ in range(syllables))


# Months and weekdays go out as one drawn uniformly from those every tested translator renders as
# a date (Apertium reads "March" as the verb "marcha" and "May" as the modal), whatever the
# original was: repeated translations of one text then say nothing about its date.
_UNSAFE = {("en", "month"): {2, 4}}


def surrogate_calendar(kind: str, rng: random.Random, source: str = "en", avoid: Set[int] = frozenset()) -> int:
    """Index of the month or weekday sent instead of the original (independent of it; only the
    other stand-ins of the same text are avoided while there are enough, so that each is found
    again unambiguously)."""
    size = 12 if kind == "month" else 7
    safe = [i for i in range(size) if i not in _UNSAFE.get((source, kind), ())]
    return rng.choice([i for i in safe if i not in avoid] or safe)


def calendar_renderings(kind: str, index: int, target: str) -> tuple[str, ...]:
    """How a translator may render an English month/weekday: the target-language name and the
    English one, which some translators keep."""
    names: tuple[str, ...] = (lexicon.calendar_name(target, kind, index), lexicon.calendar_name("en", kind, index))
    if kind == "weekday":  # "los martes" is "on Tuesdays": the decoder carries the plural over
        names += (lexicon.calendar_name("en", kind, index) + "s",)
    return tuple(dict.fromkeys(names))


# Languages whose weekdays take an -s in the plural, unless they end in one ("lunes", "dimarts").
PLURAL_WEEKDAYS = frozenset({"en", "es", "ca", "fr"})


def weekday_plural(name: str) -> str:
    return name if name.endswith("s") else name + "s"


def _plausible_group(group: str, kind: str, before: str, after: str, rng: random.Random) -> str:
    """A random digit group that still reads as a day, year, hour or minute where the original
    did, so the translator formats it as it would the real one ("82 July" would not be a date,
    "5:68am" came back as "5:68soy"), with as many digits as the original: a day drawn with one
    digit more came back as the original glued to the stand-in's tail ("9:30amam", "3rd.º").
    What decides the range is the group's format and what stands around it, never its value nor
    the tagger's label, which follows the value ("in 1990" a date, "in 2024" not): a stand-in's
    range would tell the translator which kind of value it hides."""
    if len(group) == 2 and (before.endswith(":") or kind in ("TIME", "TIME12") and before in (".", "h", "H")):
        return f"{rng.randint(0, 59):02d}"
    if kind == "NUMERIC_DATE" and len(group) == 2 and group[0] != "0":
        # 10-12 is a day and a month alike: "25/27/2025" is no date read either way round
        return str(rng.randint(10, 12))
    if len(group) == 4 and group[0] != "0":
        # a year where there was one; any other four-digit count reads no worse as one
        return str(rng.randint(1990, 2039))
    if len(group) == 2 and (kind in ("TIME", "TIME12") or after[:1] == ":" or after[:1].lower() in ("a", "p")):
        # a two-digit hour keeps its format (24-hour or am/pm), not whether it was before 10:
        # "09:30" and "19:30" draw alike, "09:30am" and "11:30am" too
        twelve = kind == "TIME12" or after[:1].lower() in ("a", "p")
        return f"{rng.randint(1, 12) if twelve else rng.randint(0, 23):02d}"
    if len(group) == 1 or len(group) == 2 and group[0] == "0":
        return group[:-1] + str(rng.randint(1, 9))
    if len(group) == 2:
        return str(rng.randint(10, 28))  # a day of any month, an hour, a count alike
    first = "0" if group[0] == "0" else str(rng.randint(1, 9))
    return first + "".join(str(rng.randint(0, 9)) for _ in group[1:])


# A date written with digits only ("2025-03-14", "14/03/2025"), whatever the tagger called it.
_NUMERIC_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})"
                          r"|(?:[012]?\d|3[01])/(?:0?\d|1[0-2])")  # "el 5/3": day and month
# An hour and its minutes written with a dot or an "h" ("a las 9.30", "14h45"): drawn as a time,
# "58.86 h" is none (as a decimal, "7.41" reads no worse than "7.70").
CLOCK_RE = re.compile(r"(?:[01]?\d|2[0-3])[.hH][0-5]\d(?:\s?(?:[ap]\.?m\.?|h))?", re.IGNORECASE)


# a time on the 12-hour clock ("9:30am", "11 p.m.")
_TWELVE_HOUR = re.compile(r"\d\s?[ap]\.?m\b", re.IGNORECASE)


def surrogate_digits(text: str, rng: random.Random, avoid: set[str], kind: str = "") -> str:
    """Same shape (separators kept, same digit count), digits drawn independently of the original
    (only other surrogates of the same text are avoided, so decoding stays unambiguous)."""
    if _NUMERIC_DATE.fullmatch(text):
        kind = "NUMERIC_DATE"  # a translator, an LLM above all, may "correct" a date such as "74/00/6622"
    elif CLOCK_RE.fullmatch(text):
        kind = "TIME"
    if _TWELVE_HOUR.search(text):
        kind = "TIME12"
    groups = re.split(r"(\d+)", text)
    for _ in range(50):
        out = [
            _plausible_group(g, kind, groups[i - 1], groups[i + 1], rng) if i % 2 else g
            for i, g in enumerate(groups)
        ]
        candidate = _fix_ordinal("".join(out))
        if digits(candidate) not in avoid:
            return candidate
    return candidate


_ORDINAL = re.compile(r"(\d+)(st|nd|rd|th)\b", re.IGNORECASE)


def _fix_ordinal(text: str) -> str:
    """"3rd" drawn as "7rd" reads as no number at all: give the new number its own suffix."""
    def suffix(m: re.Match) -> str:
        n = int(m.group(1))
        right = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return m.group(1) + (right.upper() if m.group(2).isupper() else right)
    return _ORDINAL.sub(suffix, text)


def surrogate_code(text: str, rng: random.Random, avoid: set[str]) -> str:
    """Same shape as a code or password (letters, digits and separators where they were), every
    letter and digit drawn anew: no piece of the original ("hunter2", a bank's code) goes out."""
    # Consonants only: a run of letters drawn from them is never a word the translator would
    # translate ("HUT-25979" came back as "cabaña"), so the code goes through untouched.
    upper = "BCDFGHJKLMNPQRSTVWXZ"
    lower = upper.lower()
    for _ in range(50):
        out = "".join(rng.choice(upper) if c.isupper() else rng.choice(lower) if c.isalpha()
                      else str(rng.randint(0, 9)) if c.isdecimal() else c for c in text)
        # Not digits followed by an ordinal's or a unit's letters: "FM3 3RD" came back "3.º".
        if out.lower() not in avoid and not _READS_AS_QUANTITY.search(out):
            return out
    return out


_READS_AS_QUANTITY = re.compile(r"\d(st|nd|rd|th|km|kg|mg|ml|mm|cm|pm|m|g|h|l|x)\b", re.IGNORECASE)


def digits(s: str) -> str:
    """The digits of a number as written ("$1,250.00" -> "125000")."""
    return "".join(c for c in s if c.isdecimal())


def digits_pattern(surrogate: str) -> re.Pattern:
    """Find the surrogate's digits in a translation, whatever separators the translator chose
    ("3,871" may come back as "3.871" or "3 871"; "555-123-4567" as "555 123 4567"; a word
    between them may be translated: "ext. 42", "6h17"), but not as the decimals or thousands of
    a longer number ("43" is not the end of "$3,722.43"), nor the start of a code ("8" is not in
    "KJ7 8WT" or "1w58"; an ordinal's "8th" or a unit's "8km" is lower-case)."""
    parts = re.split(r"(\d)", surrogate)
    body = parts[1]
    for gap, digit in zip(parts[2::2], parts[3::2]):
        word = any(c.isalpha() for c in gap)
        body += (r"[^\w\n]{0,3}[^\W\d_]{1,12}\.?[^\w\n]{0,3}" if word else r"[^\w\n]{0,3}") + digit
    return re.compile(rf"(?<![\dA-Za-z])(?<!\d[.,]){body}(?!\d)(?![.,]\d)(?![A-Z])(?![A-Za-z]\d)")


def restore_digits(found: str, original: str) -> str:
    """Put the original digits into the form the translator gave the surrogate; when the digit
    counts differ (a date's day may have one digit more), give the original as it was."""
    wanted = digits(original)
    if len(wanted) != len(digits(found)):
        return original
    it = iter(wanted)
    return _fix_ordinal("".join(next(it) if c.isdecimal() else c for c in found))


def surrogate_email(rng: random.Random) -> str:
    # No dot (nor "-" or "_") in the local part: Apertium eng-cat reads "a.b@c.org" as two nouns and
    # swaps them ("c.org@a.b"), and a separator lets a syllable read as a word ("pensen_" -> "think_").
    return f"{pseudo_word(rng, 2)}{pseudo_word(rng, 2)}@{pseudo_word(rng, 3)}.org"


def surrogate_url(rng: random.Random, original: str) -> str:
    scheme = "https://" if original.lower().startswith("http") else "www."
    # digits in the path: Apertium translated a path of syllables that spelt a word ("filis" -> "spin")
    return f"{scheme}{pseudo_word(rng, 3)}.org/{pseudo_word(rng, 2)}{rng.randint(10, 99)}"


def surrogate_name(rng: random.Random, first_in_span: bool, original: str = "") -> str:
    """A stand-in name of the original's shape: "Al-Farsi" gets two parts joined the same way.
    Every name draws from the same lists, whatever kind the tagger gave it:
    a person the tagger took for an organisation ("Boris") must not get a stand-in that says so."""
    # an address or a headed name of several words ("Lieu-dit La Croix-Blanche") is one name
    # An apostrophe's parts are one name's ("O'Brien", "Guivarc'h"): a stand-in "D'Bautista" reads
    # as the elided "de" in Catalan, French and Spanish ("Bautista's Marta") and did not come back.
    parts = re.split(r"(-)", original) if original and not re.search(r"\s", original) else [original]
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
        elif len(part) == 1:  # "J-P": one letter says next to nothing
            out.append(part)
        elif len(part) == 2:  # "Al-": as many letters, not a name of their own
            # In the original's case ("Al" -> "Bk"): two capitals read as an acronym the
            # translator spells out ("LP" -> "elepé"), and a final m/r/g makes a unit or a
            # title ("Km", "Mr", "Kg"); such a stand-in would not come back.
            first = rng.choice("BDGKLMNPRTVZ")
            second = rng.choice("bdklnptvz")
            out.append(first + (second.upper() if part[1].isupper() else second))
        else:
            out.append(rng.choice(FIRST_NAMES if first_in_span and i == 0 else SURNAMES))
    return "".join(out)
