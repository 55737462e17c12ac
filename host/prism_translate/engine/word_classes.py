"""Whether a language's Apertium dictionary knows a word only as a common word: the arbiter when
the tagger reads a capitalised first word as a common word and the recogniser reads it as a name
("Factura pendiente de pago", "Objet : Report de la réunion").

Apertium's analysers list proper nouns with their class ("Quintana<np><cog>", "Santander<np><loc>")
and common words with theirs ("factura<n>"). A word with a proper-noun reading, or unknown to the
analyser, or any failure to run it, answers False: the word stays a name and stays hidden.
The same analysers say which words are people's names when capitalised ("Jordi<np><ant>"): a
chat's "hola jordi" writes one in lower case.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import threading

from ..languages import apertium_reading, fine_tag, language

TIMEOUT = 10  # seconds; a few words per text
_known: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
_names: dict[tuple[str, str, str], bool] = {}
_lock = threading.Lock()


def _common(line: str) -> tuple[tuple[str, str], ...]:
    """The (UPOS, fine tag) readings of one analysed word; () if any reading is a name or unknown."""
    readings = [apertium_reading(r) for r in line.strip().strip("^$").split("/")[1:]]
    if not readings or any(r is None or r[0] in ("PROPN", "X") for r in readings):
        return ()
    return tuple(dict.fromkeys((pos, fine_tag(pos, feats)) for pos, feats, _ in readings))


def _analyse(words: list[str], lang: str) -> list[list[str]] | None:
    """Per word, the analysis line of each of the language's analysers (in their order); None
    when there is no analyser or one fails: the caller caches nothing and asks again."""
    spec = language(lang)
    analysers = [a for a in (spec.analysers if spec else ()) if glob.glob(a)]
    if not analysers or not shutil.which("lt-proc"):
        return None
    per_analyser = []
    for analyser in analysers:
        try:
            out = subprocess.run(["lt-proc", "-w", analyser], input="\n".join(words).encode("utf-8") + b"\n",
                                 capture_output=True, check=True, timeout=TIMEOUT).stdout.decode("utf-8")
        except (subprocess.SubprocessError, OSError):
            return None
        lines = out.splitlines()
        if len(lines) != len(words):
            return None
        per_analyser.append(lines)
    return [list(lines) for lines in zip(*per_analyser)]


def common_readings(words: set[str], lang: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Those of `words` the language's analysers know, and know only as common words, with their
    readings as (UPOS, fine tag), the analyser's order."""
    with _lock:
        todo = sorted(w for w in words if (lang, w) not in _known and "\n" not in w)
    analysed = _analyse(todo, lang) if todo else None
    if analysed is not None:
        found: dict[str, tuple[tuple[str, str], ...]] = {}
        for w, lines in zip(todo, analysed):
            commons = [_common(line) for line in lines]
            # every analyser must read it as a common word
            found[w] = tuple(r for c in commons for r in c) if all(commons) else ()
        with _lock:
            _known.update(((lang, w), v) for w, v in found.items())
    with _lock:
        return {w: r for w in words if (r := _known.get((lang, w)))}


_PERSON_TAGS = ("<np><ant>", "<np><cog>")  # Apertium's first names (anthroponyms) and surnames


def person_names(words: set[str], lang: str) -> set[str]:
    """Those of `words` (lower case) that some analyser of the language knows, capitalised, as a
    first name or a surname ("jordi" -> "Jordi<np><ant>", "garcía" -> "García<np><cog>")."""
    with _lock:
        todo = sorted(w for w in words if (lang, "name", w) not in _names and "\n" not in w)
    analysed = _analyse([w[:1].upper() + w[1:] for w in todo], lang) if todo else None
    if analysed is not None:
        with _lock:
            _names.update(((lang, "name", w), any(tag in line for line in lines for tag in _PERSON_TAGS))
                          for w, lines in zip(todo, analysed))
    with _lock:
        return {w for w in words if _names.get((lang, "name", w))}
