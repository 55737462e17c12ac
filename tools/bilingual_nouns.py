"""The nouns of an Apertium bilingual dictionary with their first translation, read from the
compiled transducer that Debian ships (tools/build_health_terms.py uses it).

`lt-expand` cannot read compiled dictionaries, so the transducer is dumped with `lt-print` (ATT
arcs) and walked from its start state: every path whose source side is a lemma and the <n> tag
is a noun entry. Apertium orders an entry's translations itself (the first is what it uses when
no lexical-selection rule picks another), so the lemmas found are put through `lt-proc -b` and its
first answer is kept.

    python tools/bilingual_nouns.py /usr/share/apertium/apertium-eng-spa/spa-eng.autobil.bin
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

APERTIUM = Path("/usr/share/apertium")
# The bilingual transducers, source language -> English (French has none: it goes through Spanish).
TO_ENGLISH = {"es": APERTIUM / "apertium-eng-spa" / "spa-eng.autobil.bin",
              "ca": APERTIUM / "apertium-eng-cat" / "cat-eng.autobil.bin"}
FRENCH_TO_SPANISH = APERTIUM / "apertium-fr-es" / "fr-es.autobil.bin"
# States on a path: a lemma with its tags is shorter than this.
DEPTH = 60
NOUN = "<n>"


def _arcs(bidix: Path) -> tuple[dict[int, list[tuple[str, int]]], set[int]]:
    """Source-side arcs of the transducer's largest section (its entries; the others are regular
    expressions, which come first in fr-es), and its final states."""
    dump = subprocess.run(["lt-print", str(bidix)], capture_output=True, check=True, text=True).stdout
    arcs: dict[int, list[tuple[str, int]]] = defaultdict(list)
    final = set()
    for line in max(dump.split("\n--\n"), key=len).splitlines():
        fields = line.split("\t")
        if len(fields) >= 4:
            arcs[int(fields[0])].append(("" if fields[2] == "ε" else fields[2], int(fields[1])))
        elif fields[0]:
            final.add(int(fields[0]))
    return arcs, final


def noun_entries(bidix: Path) -> set[str]:
    """The source sides of the noun entries, as "lemma<n><tags>"."""
    arcs, final = _arcs(bidix)
    found: set[str] = set()
    path = {0}  # the states on the current path: the transducer loops (digits, punctuation)

    def walk(state: int, seen: str) -> None:
        if NOUN in seen and state in final:
            found.add(seen)
        if len(path) >= DEPTH:
            return
        for symbol, target in arcs[state]:
            tag = symbol.startswith("<")
            # a lemma's letters, then its tags, the first of them <n>; nothing after the tags
            if target in path or (tag and NOUN not in seen and symbol != NOUN) or (NOUN in seen and symbol and not tag):
                continue
            path.add(target)
            walk(target, seen + symbol)
            path.discard(target)

    walk(0, "")
    return found


def translations(bidix: Path) -> dict[str, list[str]]:
    """Source noun lemma -> its translations' lemmas, Apertium's first (the one it uses) first."""
    entries = sorted(noun_entries(bidix))
    query = "".join(f"^{e}$\n" for e in entries).encode()
    answer = subprocess.run(["lt-proc", "-b", str(bidix)], input=query, capture_output=True, check=True).stdout
    out: dict[str, list[str]] = defaultdict(list)
    for entry, line in zip(entries, answer.decode().splitlines()):
        found = [re.sub(r"[#<].*", "", t).strip() for t in line.strip("^$").split("/")[1:]]
        if found and not found[0].startswith("@"):  # "@": Apertium has no translation
            known = out[entry.split("<", 1)[0]]  # a lemma has one entry per gender or number
            known += [t for t in found if t not in known]
    return dict(out)


if __name__ == "__main__":
    for lemma, english in sorted(translations(Path(sys.argv[1])).items()):
        print(lemma, *english, sep="\t")
