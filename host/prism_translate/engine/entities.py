"""Surrogates for private entities (names, places, numbers, dates, e-mail addresses, URLs,
phone numbers): values of the same kind that go to the translator instead of the real ones.

A product choice beyond the paper: entities are replaced whatever the ratio r is, and their
surrogates are drawn independently of the text, so they reveal only that an entity of that kind
was there. Each surrogate says how to find it again in the translation and what to put back.
"""

from __future__ import annotations

import random
import re

# Plain, rarely-translated given names and surnames: translators keep them as they are.
FIRST_NAMES = (
    "Aino Bartek Cosmin Dagny Eamon Faustina Goran Halvard Ilse Jorunn Kasimir Liesel Mirko Nadja "
    "Oskar Pernille Radek Sanna Teodor Ulla Vesna Wendelin Yrsa Zoltan Anouk Bogdan Cilla Detlef "
    "Elin Fridolin Greta Hannu Ingrid Jarek Katja Leif Malin Nils Ottilie Pavel"
).split()
SURNAMES = (
    "Abernethy Bjornstad Cwiklinski Dragomir Eriksdottir Fenwicke Grabowski Haverkamp Ingvarsson "
    "Jankowiak Kristiansen Lindqvist Mortensen Nieminen Okonkwo Pietrzak Quarshie Rasmussen "
    "Szczepanski Thorvaldsen Uusitalo Vasilescu Wojcik Zielinski Halloran Oyelaran"
).split()
# Three of these make a word no translator knows: 200 random ones all came back unchanged from
# Apertium eng-spa, eng-cat and eng-spa|es-fr (shorter words can hit real ones: "Vegan").
_SYLLABLES = "ka lo dra mor sen tal bri gan qui nor lis pen tor vak zel um bel dun fi har".split()


def pseudo_word(rng: random.Random, syllables: int = 3) -> str:
    """A pronounceable invented word, for place and organisation names, mail and web addresses."""
    return "".join(rng.choice(_SYLLABLES) for _ in range(syllables))


MONTHS_EN = ("january february march april may june july august september october november december").split()
WEEKDAYS_EN = "monday tuesday wednesday thursday friday saturday sunday".split()
MONTHS = {
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(),
    "ca": "gener febrer març abril maig juny juliol agost setembre octubre novembre desembre".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(),
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(),
}
WEEKDAYS = {
    "es": "lunes martes miércoles jueves viernes sábado domingo".split(),
    "ca": "dilluns dimarts dimecres dijous divendres dissabte diumenge".split(),
    "fr": "lundi mardi mercredi jeudi vendredi samedi dimanche".split(),
    "de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag".split(),
    "it": "lunedì martedì mercoledì giovedì venerdì sabato domenica".split(),
    "pt": "segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado domingo".split(),
}
# Abbreviations spaCy tags inside dates ("Mon", "Sept").
_CALENDAR_ABBR = {w[:3]: w for w in MONTHS_EN + WEEKDAYS_EN} | {"sept": "september"}


def calendar_word(word: str) -> tuple[tuple[str, ...], int] | None:
    """(the English list it belongs to, its index) for a month or weekday name, else None."""
    w = word.lower().rstrip(".")
    w = _CALENDAR_ABBR.get(w, w) if len(w) <= 4 else w
    for table in (MONTHS_EN, WEEKDAYS_EN):
        if w in table:
            return tuple(table), table.index(w)
    return None


def calendar_translation(table: tuple[str, ...], index: int, target: str) -> tuple[str, ...]:
    """How a translator may render a month/weekday: the target-language name (if we know the
    language) and the English name, which some translators keep."""
    names = (MONTHS if table[0] == "january" else WEEKDAYS).get(target)
    english = table[index].capitalize()
    return (names[index], english) if names else (english,)


def _plausible_group(group: str, kind: str, after_colon: bool, rng: random.Random) -> str:
    """A random digit group that still reads as a day, year or minute where the original did, so
    the translator formats it as it would the real one ("82 July" would not be a date)."""
    value = int(group)
    if kind in ("DATE", "TIME"):
        if after_colon and len(group) == 2:
            return f"{rng.randint(0, 59):02d}"
        if len(group) == 4 and 1900 <= value <= 2099:
            return str(rng.randint(1990, 2039))
        if len(group) <= 2 and value <= 31:
            day = rng.randint(1, 12 if kind == "TIME" else 28)
            return f"{day:02d}" if group[0] == "0" else str(day)
    first = "0" if group[0] == "0" else str(rng.randint(1, 9))
    return first + "".join(str(rng.randint(0, 9)) for _ in group[1:])


def surrogate_digits(text: str, rng: random.Random, avoid: set[str], kind: str = "") -> str:
    """Same shape (separators kept, same digit count), other digits; never a value in `avoid`."""
    groups = re.split(r"(\d+)", text)
    for _ in range(50):
        out = [
            _plausible_group(g, kind, i > 0 and groups[i - 1].endswith(":"), rng) if i % 2 else g
            for i, g in enumerate(groups)
        ]
        candidate = "".join(out)
        if candidate != text and digits(candidate) not in avoid:
            return candidate
    return candidate


def digits(s: str) -> str:
    """The digits of a number as written ("$1,250.00" -> "125000")."""
    return "".join(c for c in s if c.isdigit())


def digits_pattern(surrogate: str) -> re.Pattern:
    """Find the surrogate's digits in a translation, whatever separators the translator chose
    ("3,871" may come back as "3.871" or "3 871"; "555-123-4567" as "555 123 4567")."""
    body = r"[^\w\n]{0,3}".join(digits(surrogate))
    return re.compile(rf"(?<!\d){body}(?!\d)")


def restore_digits(found: str, original: str) -> str:
    """Put the original digits into the form the translator gave the surrogate; when the digit
    counts differ (a date's day may have one digit more), give the original as it was."""
    wanted = digits(original)
    if len(wanted) != len(digits(found)):
        return original
    it = iter(wanted)
    return "".join(next(it) if c.isdigit() else c for c in found)


def surrogate_email(rng: random.Random) -> str:
    return f"{pseudo_word(rng, 2)}.{pseudo_word(rng, 2)}@{pseudo_word(rng, 3)}.org"


def surrogate_url(rng: random.Random, original: str) -> str:
    scheme = "https://" if original.lower().startswith("http") else "www."
    return f"{scheme}{pseudo_word(rng, 3)}.org/{pseudo_word(rng, 2)}"


def surrogate_name(rng: random.Random, kind: str, first_in_span: bool) -> str:
    if kind == "PERSON":
        return rng.choice(FIRST_NAMES if first_in_span else SURNAMES)
    return pseudo_word(rng, 3).capitalize()
