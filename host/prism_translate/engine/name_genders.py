"""A first name's gender, from the product's own lists of first names (issue 28): the US Census
list for English (engine/first_names.txt), each language's own list elsewhere
(languages/<code>/first_names.txt); tools/build_first_names.py writes both, a name and its
gender where the sources give one ("ana f", "kim").

The decoder needs it where a stand-in name of another gender than the real one made the
translator agree the words around it with the stand-in ("Ana était très heureux"): it reads
the gender of the real name and of its stand-in here, not from Apertium's analysers, which
lack many names ("Sally" is unknown to the Spanish one that French is made through) and read
an unknown one as masculine. A stand-in is still drawn without regard to the real name's
gender (issue 29): only the decoder, on the user's side, looks the real name up."""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..languages.base import unaccented


def _read(text: str) -> dict[str, str]:
    """name -> "m", "f" or "" (of neither) of a list's lines."""
    rows = (line.split() for line in text.splitlines() if line and not line.startswith("#"))
    return {row[0]: row[1] if len(row) > 1 else "" for row in rows if row}


@cache
def census() -> dict[str, str]:
    """The US Census's first names (lower case, without accents) and their genders."""
    return _read(resources.files(__package__).joinpath("first_names.txt").read_text(encoding="utf-8"))


@cache
def language_names(lang: str) -> dict[str, str]:
    """The language's own first names (lower case) and their genders; empty where it has no list."""
    if not lang.isalpha():
        return {}
    path = resources.files(__package__.rpartition(".")[0]).joinpath("languages").joinpath(lang).joinpath("first_names.txt")
    return _read(path.read_text(encoding="utf-8")) if path.is_file() else {}


def gender(name: str, lang: str) -> str:
    """The gender ("m" or "f") the lists give a first name of a `lang` text; "" where they give
    none (a name of both, a surname, a name they lack). English names are the census's."""
    table = language_names(lang) or (census() if lang == "en" else {})
    word = name.lower()
    return table.get(word) or table.get(unaccented(word)) or ""


def agreed_with(original: str, stand_in: str, lang: str, read: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (gender, number) pairs the translator may have agreed the words after a stand-in name
    with, where they are not the real name's: where the lists give the real name a gender, the
    other one, whatever the stand-in's, since the translator does not follow the lists (French
    writes "Meryl était très enthousiasmé", "Camille gagnant": names its Spanish step knows or
    not are masculine there); else the stand-in's pairs (`read`, what the analysers read in it)."""
    listed = gender(original, lang)
    return {("f" if listed == "m" else "m", "sg")} if listed else pairs(stand_in, lang, read)


def pairs(name: str, lang: str, read: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """A person's name's (gender, number) pairs for the decoder's agreement: the lists' gender,
    singular, where they give one; else `read`, what the analysers read in it."""
    listed = gender(name, lang)
    return {(listed, "sg")} if listed else read
