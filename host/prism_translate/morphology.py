"""Apertium's morphological analyser of a target language (lt-proc on the pair's .automorf.bin):
what a translated word is grammatically ("casa" -> casa<n><f><sg>). The dictionary builder
files each entry's translation's features with it, and the fidelity benchmark compares the
private translation's words with the plain one's."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

APERTIUM = Path("/usr/share/apertium")
# The analyser that reads each target language: any installed pair whose source side it is.
ANALYSERS = {
    "es": ("apertium-eng-spa/spa-eng.automorf.bin", "apertium-fr-es/es-fr.automorf.bin"),
    "fr": ("apertium-fr-es/fr-es.automorf.bin",),
    "ca": ("apertium-eng-cat/cat-eng.automorf.bin",),
    "en": ("apertium-eng-spa/eng-spa.automorf.bin", "apertium-eng-cat/eng-cat.automorf.bin"),
}
_UNIT = re.compile(r"\^(.*?)\$")
_TAG = re.compile(r"<([^>]+)>")


@dataclass(frozen=True)
class Reading:
    lemma: str
    tags: tuple[str, ...]  # ("n", "f", "sg")


@dataclass(frozen=True)
class Analysis:
    surface: str
    readings: tuple[Reading, ...]  # empty: the analyser does not know the word

    @property
    def known(self) -> bool:
        return bool(self.readings)


def analyser_path(lang: str) -> Path | None:
    return next((APERTIUM / p for p in ANALYSERS.get(lang, ()) if (APERTIUM / p).exists()), None)


def available(lang: str) -> bool:
    return shutil.which("lt-proc") is not None and analyser_path(lang) is not None


def _parse(unit: str) -> Analysis:
    surface, *rest = unit.split("/")
    readings = []
    for r in rest:
        if r.startswith("*"):
            return Analysis(surface, ())
        # a contraction ("del" = de<pr>+el<det>...) is read by its last part, the one that agrees
        part = r.split("+")[-1]
        lemma = part.split("<", 1)[0]
        readings.append(Reading(lemma, tuple(_TAG.findall(part))))
    return Analysis(surface, tuple(readings))


def analyse_text(text: str, lang: str) -> list[Analysis]:
    """Every word of a text with its readings, in order (punctuation included, as Apertium has it)."""
    return analyse_lines([text], lang)[0]


def analyse_lines(lines: list[str], lang: str) -> list[list[Analysis]]:
    """Several texts in one lt-proc run (one line each: newlines inside a text are spaces)."""
    path = analyser_path(lang)
    if path is None:
        raise FileNotFoundError(f"no Apertium analyser for {lang!r} under {APERTIUM}")
    # "[" and "]" would be read as Apertium format blocks; "^", "$", "/", "<", ">" as stream syntax.
    clean = [re.sub(r"[\[\]\^\$/<>@\\{}]", " ", t.replace("\n", " ")) for t in lines]
    out = subprocess.run(["lt-proc", "-w", str(path)], input="\n".join(clean) + "\n", capture_output=True,
                         text=True, check=True).stdout
    rows = out.split("\n")
    return [[_parse(u) for u in _UNIT.findall(row)] for row in rows[: len(lines)]]
