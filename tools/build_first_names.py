"""Build host/prism_translate/engine/first_names.txt and surnames.txt: the US Census 1990 first
names and its 5,000 most frequent surnames (public domain; read from the `names` package's data
files, installed with the `build` extra); and each source language's own first names,
languages/<code>/first_names.txt, from Jörg Michael's nam_dict.txt (GNU FDL 1.2; shipped by the
`gender-guesser` package, same extra): the names it finds in the countries where the language is
spoken, and in "Arabia/Persia" (the Maghrebi and Middle-Eastern names common in France and Spain:
"karim", "mehdi"), which the census and Apertium's analysers often lack.

    python tools/build_first_names.py

The recogniser uses the lists only where a name is likely ("Will:" opening a chat line, "Mark and
Will are", "- Dawn" under a message, "Black will send it": a sentence's bare subject), to tell
names that are common words from the words.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "host" / "prism_translate" / "engine"
OUT = ENGINE / "first_names.txt"
HEADER = "# US Census 1990 first names (public domain), lower case; tools/build_first_names.py\n"
SURNAMES = ENGINE / "surnames.txt"
SURNAMES_HEADER = ("# The US Census 1990's 5,000 most frequent surnames (public domain), lower case, in that order; "
                   "tools/build_first_names.py\n")
TOP_SURNAMES = 5000
LANGUAGES = ENGINE.parent / "languages"
# nam_dict.txt's frequency columns (1-based character positions) read for each language
COUNTRY_COLUMNS = {"es": {37: "Spain"}, "ca": {37: "Spain"},
                   "fr": {38: "France", 39: "Belgium", 40: "Luxembourg", 45: "Switzerland"}}
ARABIA_PERSIA = 78
NAM_DICT_HEADER = ("# First names found in {countries} or Arabia/Persia, lower case; tools/build_first_names.py,\n"
                   "# from nam_dict.txt (c) 2007-2008 Jörg Michael, GNU Free Documentation License 1.2 or later\n"
                   "# (shipped by the gender-guesser package); this list is under the same licence (../GFDL-1.2.txt).\n")


def main() -> None:
    spec = importlib.util.find_spec("names")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the `names` package is missing: pip install '.[build]'")
    folder = Path(next(iter(spec.submodule_search_locations)))
    found = set()
    for name in ("dist.female.first", "dist.male.first"):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.split():
                found.add(line.split()[0].lower())
    OUT.write_text(HEADER + "\n".join(sorted(found)) + "\n", encoding="utf-8")
    print(f"{len(found)} names -> {OUT}")
    rows = [line.split() for line in (folder / "dist.all.last").read_text(encoding="utf-8").splitlines()]
    surnames = [row[0].lower() for row in rows if row][:TOP_SURNAMES]
    SURNAMES.write_text(SURNAMES_HEADER + "\n".join(surnames) + "\n", encoding="utf-8")
    print(f"{len(surnames)} surnames -> {SURNAMES}")
    for code, countries in COUNTRY_COLUMNS.items():
        listed = language_names(countries.keys() | {ARABIA_PERSIA})
        out = LANGUAGES / code / "first_names.txt"
        out.write_text(NAM_DICT_HEADER.format(countries=", ".join(countries.values())) + "\n".join(listed) + "\n",
                       encoding="utf-8")
        print(f"{len(listed)} names -> {out}")


def language_names(columns: set[int]) -> list[str]:
    """The names of nam_dict.txt with a frequency in any of `columns`, of one word of three
    letters or more, lower case."""
    spec = importlib.util.find_spec("gender_guesser")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the `gender-guesser` package is missing: pip install '.[build]'")
    data = Path(next(iter(spec.submodule_search_locations))) / "data" / "nam_dict.txt"
    found = set()
    for line in data.read_text(encoding="iso-8859-1").splitlines():
        # a line with "+" in column 30 repeats a name with its letters spelt otherwise (the file's notes)
        name = line[3:29].strip()
        if line[:1] == "#" or line[29:30] == "+" or " " in name or "-" in name or len(name) < 3:
            continue
        if any(line[c - 1:c].strip() for c in columns):
            found.add(name.lower())
    return sorted(found)


if __name__ == "__main__":
    main()
