"""Apertium's morphological analyser and generator of a target language (lt-proc on a pair's
.automorf.bin and .autogen.bin): what a translated word is grammatically ("casa" ->
casa<n><f><sg>), and the word for a lemma with given features (sorprender<vblex><pp><f><sg> ->
"sorprendida"). The dictionary builder files each entry's translation's features with the
analyser, the decoder inflects a restored word like the word it replaces with the generator,
and the fidelity benchmark compares the private translation's words with the plain one's."""

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
# The generator that writes each target language (English restores are inflected by engine/english.py).
GENERATORS = {
    "es": ("apertium-eng-spa/eng-spa.autogen.bin",),
    "fr": ("apertium-fr-es/es-fr.autogen.bin",),
    "ca": ("apertium-eng-cat/eng-cat.autogen.bin",),
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


def _installed(table: dict, lang: str) -> Path | None:
    return next((APERTIUM / p for p in table.get(lang, ()) if (APERTIUM / p).exists()), None)


def analyser_path(lang: str) -> Path | None:
    return _installed(ANALYSERS, lang)


def available(lang: str, generator: bool = False) -> bool:
    return (shutil.which("lt-proc") is not None and analyser_path(lang) is not None
            and (not generator or _installed(GENERATORS, lang) is not None))


def generate(forms: list[tuple[str, tuple[str, ...]]], lang: str) -> list[str | None]:
    """The word for each (lemma, tags), in one lt-proc run; None where the generator has none."""
    path = _installed(GENERATORS, lang)
    if path is None or not forms:
        return [None] * len(forms)
    stream = "\n".join("^" + lemma + "".join(f"<{t}>" for t in tags) + "$" for lemma, tags in forms)
    out = subprocess.run(["lt-proc", "-g", str(path)], input=stream + "\n", capture_output=True, text=True,
                         check=True).stdout.split("\n")
    words = [w.strip().lstrip("~") for w in out[: len(forms)]]
    return [w if w and w[0] not in "#*@" and " " not in w else None for w in words]


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
    # Every line break and control character too: lt-proc reads one text per line.
    clean = [re.sub(r"[\[\]\^\$/<>@\\{}\x00-\x1f\x7f\x85\u2028\u2029]", " ", t) for t in lines]
    out = subprocess.run(["lt-proc", "-w", str(path)], input="\n".join(clean) + "\n", capture_output=True,
                         text=True, check=True).stdout
    rows = out.split("\n")
    return [[_parse(u) for u in _UNIT.findall(row)] for row in rows[: len(lines)]]
