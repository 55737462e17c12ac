"""Tokens and tags from Apertium's own tagger, for a source language without a spaCy pipeline
(Catalan): analyser (`lt-proc -w`), constraint grammar (`cg-proc`), HMM tagger
(`apertium-tagger -g -p`), the first three stages of the installed translator.

Apertium reads a stream format, so the text is escaped on the way in; on the way out each
lexical unit's surface form is found again in the original text, so offsets (and with them
exact detokenization) come from the text itself, never from Apertium's output blanks.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass

from ..errors import EngineError
from ..languages import APERTIUM_NAMES, Language, apertium_reading

TIMEOUT = 600  # seconds for one text: the builder tags its corpus in slices well under this
_SPECIAL = re.compile(r"([\[\]\\^$@/<>{}])")
_UNIT = re.compile(r"\^((?:[^$\\]|\\.)*)\$")
_UNESCAPE = re.compile(r"\\(.)")


@dataclass(frozen=True)
class Unit:
    start: int  # offset of the surface form in the text
    end: int
    pos: str  # UPOS
    feats: dict
    entity: str  # PERSON, GPE, ORG for Apertium's name classes, else ""
    lemma: str = ""


def _split_surface(body: str) -> tuple[str, str]:
    """`surface/analysis` with escapes: split at the first unescaped slash."""
    i = 0
    while i < len(body):
        if body[i] == "\\":
            i += 2
            continue
        if body[i] == "/":
            return _UNESCAPE.sub(r"\1", body[:i]), body[i + 1:]
        i += 1
    return _UNESCAPE.sub(r"\1", body), ""


def tag(text: str, lang: Language) -> list[Unit]:
    """The lexical units of `text`, in order, each located in `text`."""
    if lang.tagger is None or shutil.which("lt-proc") is None or shutil.which("apertium-tagger") is None:
        raise EngineError("E028", lang=lang.name, install=lang.pip)
    automorf, rlx, prob = lang.tagger
    stream = _SPECIAL.sub(r"\\\1", text) + "\n"  # without a final blank the last unit is held back
    try:
        out = subprocess.run(
            f"lt-proc -w '{automorf}' | cg-proc -w '{rlx}' | apertium-tagger -g -p '{prob}'", shell=True,
            input=stream.encode("utf-8"), capture_output=True, check=True, timeout=TIMEOUT,
        ).stdout.decode("utf-8", "replace")
    except (subprocess.CalledProcessError, OSError):
        raise EngineError("E028", lang=lang.name, install=lang.pip) from None
    except subprocess.TimeoutExpired:
        raise EngineError("E001", detail=f"Apertium's {lang.name} tagger took over {TIMEOUT} s") from None
    units: list[Unit] = []
    at = 0
    for m in _UNIT.finditer(out):
        surface, analysis = _split_surface(m.group(1))
        start = text.find(surface, at) if surface else -1
        if start < 0:
            continue  # Apertium changed the surface (it never should): the text stays as it is
        reading = apertium_reading(analysis.lstrip("*"))
        feats: dict[str, str]
        tags: list[str]
        if reading is None:  # unknown to the analyser: a capitalised word is taken as a name
            pos, feats, tags = ("PROPN" if surface[:1].isupper() else "X"), {}, []
            if any(c.isdecimal() for c in surface):
                pos = "NUM"
        else:
            pos, feats, tags = reading
        entity = next((APERTIUM_NAMES[t] for t in tags if t in APERTIUM_NAMES), "") if pos == "PROPN" else ""
        lemma = analysis.lstrip("*").split("<", 1)[0].lower()
        units.append(Unit(start, start + len(surface), pos, feats, entity, lemma))
        at = start + len(surface)
    return _periphrastic_past(units)


def _periphrastic_past(units: list[Unit]) -> list[Unit]:
    """Catalan's past tense is "anar" + infinitive ("va obrir", "van revisar"); the tagger reads
    "va" as the verb "to go". As an auxiliary it is a function word, never a substitute."""
    out = list(units)
    for i, (u, nxt) in enumerate(zip(units, units[1:])):
        if u.lemma == "anar" and u.pos == "VERB" and nxt.pos == "VERB" and nxt.feats.get("VerbForm") == "Inf":
            out[i] = Unit(u.start, u.end, "AUX", u.feats, "", u.lemma)
    return out
