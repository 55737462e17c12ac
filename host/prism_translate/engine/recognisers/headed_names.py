"""Organisations and natural places named by a head word of their kind and a name: a firm, a
school, a court, a clinic, a hotel, a cooperative ("Cabinet Rigaud & Associés", "École
élémentaire Jules-Ferry", "JUZGADO DE PRIMERA INSTANCIA N.º 4 DE ALBACETE", "Hostal Ca na
Margalida"; Lexicon.organisation_heads), a company's legal form before or after its name ("SCI Les
Hauts de Pessac", "Talleres Ruiz, S.L."; Lexicon.legal_forms, any language's: names travel), a lake,
a mountain, a beach ("Lagos de Covadonga"; Lexicon.place_heads). Each is one value, hidden whole
behind one stand-in and put back as written: word by word, the head and the name's common words
came back translated around the stand-ins of the others."""

from __future__ import annotations

import re
from functools import cache

from ...languages import stop_words
from ..lexicon import LEXICONS, lexicon
from .name_runs import END, NAME, SEP, UPPER, links, listed, run

_MOST_PARTS = 6
# one or two words in lower case between the head and the name, describing the head ("élémentaire",
# "judiciaire", "d'appel", "d'imagerie médicale"), where the head has a capital; not in English,
# which puts them before
_DESCRIBED = r"[a-zß-öø-ÿœ][^\W\d_]{3,}"
_MOST_DESCRIBED = 2


def _heads(words: frozenset[str]) -> str:
    """The heads as `listed` reads them, but a capitalised entry matches only capitalised or in
    capitals: an everyday word in lower case ("Centro", "Comunidad": "el centro de Madrid" is a
    place in a town, "el Centro de Salud Delicias" an organisation)."""
    capitalised = {w for w in words if w[:1].isupper() and w[1:].islower()}
    exact = (re.escape(f) for w in capitalised for f in (w, w.upper()))
    return rf"(?:{'|'.join((listed(words - capitalised), *exact))})"


@cache
def _forms() -> str:
    return listed(form for lang in LEXICONS.values() for form in lang.legal_forms)


@cache
def _patterns(code: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    lang = lexicon(code)
    if not lang.organisation_heads:
        return ()
    name = run(lang.name_links, _MOST_PARTS, headed=True)
    apart, joined = links(lang.name_links)
    function_word = rf"(?i:{'|'.join(map(re.escape, stop_words(code)))}){END}"
    one_described = rf"{SEP}(?:{apart}{END}{SEP}|{joined})?(?!{function_word}){_DESCRIBED}{END}"
    described = "" if lang.modifiers_first else rf"(?P<described>(?:{one_described}){{1,{_MOST_DESCRIBED}}})?"
    if lang.modifiers_first:  # before its name, an English head takes "of" ("University of Leeds"; not "School Office")
        name = rf"(?={apart}{END}){name}"
    # a name with no head before it does not open on a function word ("Between Harrow & Finch LLP"),
    # nor on a greeting's or a thanks' word ("Gracias Hermanos Pérez SL"); a capital first, as NAME
    # starts: the case-blind alternations were tried at every word's start (two thirds of the
    # character recognisers' time on a page)
    formulas = {w for entry in (*lang.greetings, *lang.signoffs) for w in entry.split()}
    named = rf"(?=[{UPPER}])(?!{function_word}|(?i:{'|'.join(map(re.escape, formulas))}){END})"
    found = [(rf"(?P<head>{_heads(lang.organisation_heads)}){END}{described}{SEP}{name}(?:,?{SEP}{_forms()}{END})?", "ORG"),
             # a firm's name before its form: capitalised words, "&" between ("John Smith of Acme Corp" is two)
             (rf"{named}{NAME}(?:{SEP}(?:&{SEP})?{NAME}){{0,{_MOST_PARTS - 1}}},?{SEP}{_forms()}{END}", "ORG")]
    if not lang.modifiers_first:  # "SCI Les Hauts", "SAS Durand"; English puts the form after the name
        found.append((rf"(?P<head>{_forms()}){END}{SEP}{name}", "ORG"))
    else:  # "Riverside Hotel", "Oakfield Primary School"; not "The Hotel"
        capitalised = "|".join(re.escape(w[:1].upper() + w[1:]) for w in lang.organisation_heads)
        found.append((rf"{named}{NAME}(?:{SEP}{NAME}){{0,3}}{SEP}(?:{capitalised}){END}", "ORG"))
    if lang.place_heads:
        found.append((rf"(?P<head>{listed(lang.place_heads)}){END}{SEP}{name}", "PLACE"))
    return tuple((re.compile(rf"(?<![^\W_]){pattern}"), kind) for pattern, kind in found)


def _named(m: re.Match[str]) -> bool:
    """A head in lower case names something only right before the name ("el colegio San José"; not
    "la clínica dental Sonrisa")."""
    head = m.groupdict().get("head") or "X"
    return not head.islower() or not m.groupdict().get("described")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    """The headed names, the first pattern's where two overlap (a head before a run that a legal
    form ends: "Factura de Talleres Ruiz SL" is "Talleres Ruiz SL")."""
    found: list[tuple[int, int, str]] = []
    for pattern, kind in _patterns(lang):
        found += [(m.start(), m.end(), kind) for m in pattern.finditer(text) if _named(m)
                  and all(m.end() <= a or m.start() >= b for a, b, _ in found)]
    return sorted(found)
