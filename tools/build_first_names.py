"""Build host/prism_translate/engine/first_names.txt and surnames.txt: the US Census 1990 first
names and its 5,000 most frequent surnames (public domain; read from the `names` package's data
files, installed with the `build` extra).

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


if __name__ == "__main__":
    main()
