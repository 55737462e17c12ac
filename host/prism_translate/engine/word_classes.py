"""Whether a language's Apertium dictionary knows a word only as a common word: the arbiter when
the tagger reads a capitalised first word as a common word and the recogniser reads it as a name
("Factura pendiente de pago", "Objet : Report de la réunion").

Apertium's analysers list proper nouns with their class ("Quintana<np><cog>", "Santander<np><loc>")
and common words with theirs ("factura<n>"). A word with a proper-noun reading, or unknown to the
analyser, or any failure to run it, answers False: the word stays a name and stays hidden.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import threading

from ..languages import apertium_reading, fine_tag, language

TIMEOUT = 10  # seconds; a few words per text
_known: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
_lock = threading.Lock()


def _common(line: str) -> tuple[tuple[str, str], ...]:
    """The (UPOS, fine tag) readings of one analysed word; () if any reading is a name or unknown."""
    readings = [apertium_reading(r) for r in line.strip().strip("^$").split("/")[1:]]
    if not readings or any(r is None or r[0] in ("PROPN", "X") for r in readings):
        return ()
    return tuple(dict.fromkeys((pos, fine_tag(pos, feats)) for pos, feats, _ in readings))


def common_readings(words: set[str], lang: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Those of `words` the language's analysers know, and know only as common words, with their
    readings as (UPOS, fine tag), the analyser's order."""
    spec = language(lang)
    analysers = [a for a in (spec.analysers if spec else ()) if glob.glob(a)]
    with _lock:
        todo = sorted(w for w in words if (lang, w) not in _known and "\n" not in w)
    if todo and analysers and shutil.which("lt-proc"):
        found: dict[str, tuple[tuple[str, str], ...]] = {}
        for n, analyser in enumerate(analysers):
            try:
                out = subprocess.run(["lt-proc", "-w", analyser], input="\n".join(todo).encode("utf-8") + b"\n",
                                     capture_output=True, check=True, timeout=TIMEOUT).stdout.decode("utf-8")
            except (subprocess.SubprocessError, OSError):
                return {}  # nothing cached: the next text asks again
            lines = out.splitlines()
            if len(lines) != len(todo):
                return {}
            for w, line in zip(todo, lines):
                common = _common(line)
                # every analyser must read it as a common word
                found[w] = (found.get(w, ()) + common) if common and (n == 0 or found.get(w)) else ()
        with _lock:
            _known.update(((lang, w), v) for w, v in found.items())
    with _lock:
        return {w: r for w in words if (r := _known.get((lang, w)))}
