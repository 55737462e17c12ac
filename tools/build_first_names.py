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
names that are common words from the words. Each name is followed by its gender ("m" or "f")
where the source gives one: the decoder makes what agreed with a stand-in name agree with the
restored name (engine/name_genders.py). A census name is of a gender when nine in ten of those
who bear it are of it ("jamie", "kim" are of neither); a nam_dict.txt name when every line of it
says male ("M", "1M", "?M") or every line female.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "host" / "prism_translate" / "engine"
OUT = ENGINE / "first_names.txt"
HEADER = ("# US Census 1990 first names (public domain), lower case, each with its gender (m, f) where nine in ten\n"
          "# of its bearers are of it; tools/build_first_names.py\n")
SURNAMES = ENGINE / "surnames.txt"
SURNAMES_HEADER = ("# The US Census 1990's 5,000 most frequent surnames (public domain), lower case, in that order; "
                   "tools/build_first_names.py\n")
TOP_SURNAMES = 5000
LANGUAGES = ENGINE.parent / "languages"
# nam_dict.txt's frequency columns (1-based character positions) read for each language
COUNTRY_COLUMNS = {"es": {37: "Spain"}, "ca": {37: "Spain"},
                   "fr": {38: "France", 39: "Belgium", 40: "Luxembourg", 45: "Switzerland"}}
ARABIA_PERSIA = 78
NAM_DICT_HEADER = ("# First names found in {countries} or Arabia/Persia, lower case, each with its gender (m, f) where\n"
                   "# nam_dict.txt gives one; tools/build_first_names.py,\n"
                   "# from nam_dict.txt (c) 2007-2008 Jörg Michael, GNU Free Documentation License 1.2 or later\n"
                   "# (shipped by the gender-guesser package); this list is under the same licence (../GFDL-1.2.txt).\n")


def main() -> None:
    spec = importlib.util.find_spec("names")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the `names` package is missing: pip install '.[build]'")
    folder = Path(next(iter(spec.submodule_search_locations)))
    shares: dict[str, dict[str, float]] = {}
    for gender, name in (("f", "dist.female.first"), ("m", "dist.male.first")):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.split():
                # the second column: the share of the census's women (or men) of that name, in per cent
                shares.setdefault(line.split()[0].lower(), {})[gender] = float(line.split()[1])
    found = {name: _census_gender(share) for name, share in shares.items()}
    OUT.write_text(HEADER + _lines(found), encoding="utf-8")
    print(f"{len(found)} names -> {OUT}")
    rows = [line.split() for line in (folder / "dist.all.last").read_text(encoding="utf-8").splitlines()]
    surnames = [row[0].lower() for row in rows if row][:TOP_SURNAMES]
    SURNAMES.write_text(SURNAMES_HEADER + "\n".join(surnames) + "\n", encoding="utf-8")
    print(f"{len(surnames)} surnames -> {SURNAMES}")
    for code, countries in COUNTRY_COLUMNS.items():
        listed = language_names(countries.keys() | {ARABIA_PERSIA})
        out = LANGUAGES / code / "first_names.txt"
        out.write_text(NAM_DICT_HEADER.format(countries=", ".join(countries.values())) + _lines(listed),
                       encoding="utf-8")
        print(f"{len(listed)} names -> {out}")


def _census_gender(share: dict[str, float]) -> str:
    """A census name's gender: the one of nine in ten of its bearers (the census counts about as
    many men as women), "" when neither."""
    f, m = share.get("f", 0.0), share.get("m", 0.0)
    return "f" if f >= 9 * m else "m" if m >= 9 * f else ""


def _lines(genders: dict[str, str]) -> str:
    """The list's lines: a name and its gender where it has one ("ana f", "kim")."""
    return "".join(f"{name} {gender}".rstrip() + "\n" for name, gender in sorted(genders.items()))


def language_names(columns: set[int]) -> dict[str, str]:
    """The names of nam_dict.txt with a frequency in any of `columns`, of one word of three
    letters or more, lower case, each with its gender ("m", "f"; "" where its lines say both,
    or unisex)."""
    spec = importlib.util.find_spec("gender_guesser")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the `gender-guesser` package is missing: pip install '.[build]'")
    data = Path(next(iter(spec.submodule_search_locations))) / "data" / "nam_dict.txt"
    found: dict[str, set[str]] = {}
    for line in data.read_text(encoding="utf-8").splitlines():  # its columns count characters
        # a line with "+" in column 30 repeats a name with its letters spelt otherwise (the file's notes)
        name = line[3:29].strip()
        if line[:1] == "#" or line[29:30] == "+" or " " in name or "-" in name or len(name) < 3:
            continue
        if any(line[c - 1:c].strip() for c in columns):
            # the gender code in the first columns: "M", "1M", "?M", "F", "1F", "?F", "?" (unisex), "=" (a short form)
            code = line[:2].strip()
            found.setdefault(name.lower(), set()).add(code[-1] if code[-1:] in "MF" and code != "?" else "?")
    return {name: next(iter(codes)).lower() if len(codes) == 1 and codes != {"?"} else "" for name, codes in found.items()}


if __name__ == "__main__":
    main()
