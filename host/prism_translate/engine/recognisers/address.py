"""Postal addresses: a street type of the language (Lexicon.street_types: "calle", "allée",
"carrer"; after the street's name in English, "Baker Street"), the street's name, its number, and
the postcode and town after a comma, as one place: hidden whole behind one stand-in and put back
as written. Word by word, the type and the name's common words were translated ("Carretera de
Falset" came back "Falset Road") or took stand-ins of their own. A type written in lower case
makes an address only with a number ("14 impasse des Glycines", "chemin de la Tour 5"): "la
place de Marie" is no address."""

from __future__ import annotations

import re
from functools import cache

from ..lexicon import lexicon
from .name_runs import END, SEP, listed, run

# a house number ("14", "9 bis", "221B")
HOUSE = rf"\d{{1,4}}(?:[ \t]?(?:bis|ter)|[A-Za-z])?{END}"
_MOST_PARTS = 6  # "Passeig de la Mare de Déu del Coll" (links go with the word after them)


@cache
def _pattern(code: str) -> re.Pattern[str] | None:
    lang = lexicon(code)
    if not lang.street_types:
        return None
    types = listed(lang.street_types)
    postcode = rf"(?:\d{{4,5}}|{lang.postcode})" if lang.postcode else r"\d{4,5}"
    tail = rf"(?:,[ \t]*(?P<postcode>{postcode}){SEP}{run(lang.name_links, 4)})?"
    if lang.modifiers_first:
        street = rf"(?P<before>{HOUSE}),?{SEP}{run(lang.name_links, 3)}{SEP}(?P<type>{types}){END}"
    else:
        # an abbreviation ends in its dot or slash: the name may follow it with no space ("C/Mayor")
        after_type = rf"(?:{END}{SEP}|(?<=[./])[ \t]*)"
        # the floor and door after the number ("17, 2n 1a"): else the postcode and town after them
        # were a place of their own and the parts between went out as numbers
        unit = rf"(?:{lang.address_units}){END}" if lang.address_units else ""
        units = rf"(?:,?{SEP}{unit}(?:,?{SEP}{unit}){{0,2}})?" if unit else ""
        street = (rf"(?:(?P<before>{HOUSE}),?{SEP})?(?P<type>{types}){after_type}{run(lang.name_links, _MOST_PARTS, headed=True)}"
                  rf"(?:,?{SEP}(?P<after>{HOUSE}))?{units}")
    return re.compile(rf"(?<![^\W_]){street}{tail}")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    pattern = _pattern(lang)
    if pattern is None:
        return []
    return [(m.start(), m.end(), "PLACE") for m in pattern.finditer(text)
            if not m.group("type").islower() or m.group("before") or m.groupdict().get("after") or m.group("postcode")]
