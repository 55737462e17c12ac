"""Pick the stand-in names of engine/entities.py (FIRST_NAMES, SURNAMES) from the US Census lists.

    python tools/pick_stand_in_names.py

A stand-in name must read like a name to the translator. Apertium handles a name it knows as a
name: "Todd's car" -> "el coche de Todd"; one it does not know breaks the sentence around it
("Oskar  el coche", "Oskar Cree que" with a capital after it), and the private translation read
worse than the plain one (issue 28). Kept: names that every installed Apertium analyser of a
source language reads only as a proper noun (never a common word, in no language), that come
back unchanged in a possessive and as a subject into every target, four letters or more. The
lists are fixed data: a stand-in is still drawn independently of the original name.
"""

from __future__ import annotations

from pathlib import Path

from prism_translate import morphology
from prism_translate.translators import get_translator

ENGINE = Path(__file__).resolve().parents[1] / "host" / "prism_translate" / "engine"
SOURCES = ("en", "es", "fr", "ca")
TARGETS = ("es", "fr", "ca")
KEEP = 40


def _read(name: str) -> list[str]:
    lines = (ENGINE / name).read_text(encoding="utf-8").splitlines()
    return [w.capitalize() for w in lines if w and not w.startswith("#") and w.isalpha() and len(w) >= 4]


def _only_names(words: list[str], categories: set[str]) -> list[str]:
    kept = set(words)
    for lang in SOURCES:
        if not morphology.available(lang):
            continue
        for word, analysis in zip(words, morphology.analyse_lines(words, lang)):
            readings = [r.tags for a in analysis for r in a.readings]
            if len(analysis) != 1 or not readings or not all(t[:1] == ("np",) and t[1:2] and t[1] in categories
                                                             for t in readings):
                kept.discard(word)
    return [w for w in words if w in kept]


def _unchanged(words: list[str]) -> list[str]:
    translator = get_translator("apertium")
    lines = [f"{w}'s car is red. Then {w} thinks that it is big." for w in words]
    kept = set(words)
    for target in TARGETS:
        for word, out in zip(words, translator.translate(lines, "en", target)):
            first, _, rest = out.partition(".")
            # the possessive read as a name's ("de Todd"), no capital after the subject
            after = rest.split(f" {word} ", 1)
            if f" {word}" not in first or f"{word}  " in out or len(after) < 2 or after[1][:1].isupper():
                kept.discard(word)
    return [w for w in words if w in kept]


def _spread(words: list[str]) -> list[str]:
    step = max(1, len(words) // KEEP)
    return words[::step][:KEEP]


def main() -> None:
    first = _spread(_unchanged(_only_names(_read("first_names.txt"), {"ant"})))
    last = _spread(_unchanged(_only_names(_read("surnames.txt"), {"cog", "ant"})))
    print("FIRST_NAMES =", " ".join(first))
    print("SURNAMES =", " ".join(last))


if __name__ == "__main__":
    main()
