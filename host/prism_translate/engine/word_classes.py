"""Whether a language's Apertium dictionary knows a word only as a common word: the arbiter when
the tagger reads a capitalised first word as a common word and the recogniser reads it as a name
("Factura pendiente de pago", "Objet : Report de la réunion").

Apertium's analysers list proper nouns with their class ("Quintana<np><cog>", "Santander<np><loc>")
and common words with theirs ("factura<n>"). A word with a proper-noun reading, or unknown to the
analyser, or any failure to run it, answers False: the word stays a name and stays hidden.
The same analysers say which words are people's names when capitalised ("Jordi<np><ant>"): a
chat's "hola jordi" writes one in lower case.

Each analyser runs as one kept `lt-proc -z` process (null-flush mode: a block of words ending in
NUL is answered at once, ending in NUL): starting lt-proc for every text cost ~30 ms of a page's
every paragraph, twice, where the kept process answers in about a millisecond.
"""

from __future__ import annotations

import glob
import os
import select
import shutil
import subprocess
import threading
from functools import cache
from contextlib import contextmanager
from typing import IO, Callable, Iterator

from ..languages import apertium_reading, fine_tag, language
from . import name_genders

TIMEOUT = 10  # seconds for one answer; a few words per text
_known: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
_names: dict[tuple[str, str, str], bool] = {}
_unknown: dict[tuple[str, str], bool] = {}
_lemmas: dict[tuple[str, str, str], frozenset[str]] = {}
_lock = threading.Lock()
_processes: dict[str, subprocess.Popen] = {}  # analyser path -> its kept lt-proc -z
_io_lock = threading.Lock()  # one block of words in flight per process
# (language, word as asked) -> its analysers' lines, while read_ahead holds them
_ahead: dict[tuple[str, str], list[str]] = {}


def _common(line: str) -> tuple[tuple[str, str], ...]:
    """The (UPOS, fine tag) readings of one analysed word; () if any reading is a name or unknown."""
    readings = [apertium_reading(r) for r in line.strip().strip("^$").split("/")[1:]]
    if not readings or any(r is None or r[0] in ("PROPN", "X") for r in readings):
        return ()
    return tuple(dict.fromkeys((pos, fine_tag(pos, feats)) for pos, feats, _ in filter(None, readings)))


@contextmanager
def read_ahead(words: set[str], lang: str) -> Iterator[None]:
    """The analysers' lines for these lower-case words, as written and capitalised, asked in one
    block per analyser and answered from memory while the block runs: a page's blocks asked a
    few words each, one round trip per block and question (about 500 per 20,000-character page,
    most of its analysis' wall time on a busy machine). Only while the block runs: they are the
    words of private text."""
    forms = sorted({f for w in words if "\n" not in w and "\0" not in w for f in (w, w[:1].upper() + w[1:])})
    analysed = _analyse(forms, lang) if forms else None
    added = dict(zip(((lang, f) for f in forms), analysed)) if analysed is not None else {}
    with _lock:
        _ahead.update(added)
    try:
        yield
    finally:
        with _lock:
            for key in added:
                _ahead.pop(key, None)


def _analyse(words: list[str], lang: str) -> list[list[str]] | None:
    """Per word, the analysis line of each of the language's analysers (in their order), those
    read ahead from memory; None when there is no analyser or one fails: the caller caches
    nothing and asks again."""
    with _lock:
        ahead = [_ahead.get((lang, w)) for w in words]
    missing = [w for w, lines in zip(words, ahead) if lines is None]
    asked = _asked(missing, lang) if missing else []
    if asked is None:
        return None
    rest = iter(asked)
    return [list(lines) if lines is not None else next(rest) for lines in ahead]


def _asked(words: list[str], lang: str) -> list[list[str]] | None:
    """_analyse's answer from the analysers' kept processes."""
    spec = language(lang)
    # an analyser with a kept process is there: no look at the file system per text (a page's
    # every block asks)
    analysers = [a for a in (spec.analysers if spec else ()) if a in _processes or glob.glob(a)]
    if not analysers or not all(a in _processes for a in analysers) and not shutil.which("lt-proc"):
        return None
    per_analyser = []
    for analyser in analysers:
        lines = _ask(analyser, words)
        if lines is None or len(lines) != len(words):
            return None
        per_analyser.append(lines)
    return [list(lines) for lines in zip(*per_analyser)]


def _read_block(stream: IO[bytes]) -> bytes:
    """One answer, up to its NUL; OSError if the process ends or says nothing for TIMEOUT s."""
    out = b""
    while not out.endswith(b"\0"):
        if not select.select([stream], [], [], TIMEOUT)[0]:
            raise OSError("lt-proc did not answer")
        chunk = os.read(stream.fileno(), 65536)
        if not chunk:
            raise OSError("lt-proc ended")
        out += chunk
    return out[:-1]


def _ask(analyser: str, words: list[str]) -> list[str] | None:
    """The analysis line of each word from the analyser's kept process (started on first use,
    started afresh once if it died); None if it cannot answer."""
    block = "\n".join(words).encode("utf-8") + b"\n\0"
    with _io_lock:
        for _ in range(2):
            proc = _processes.get(analyser)
            try:
                if proc is None or proc.poll() is not None:
                    proc = _processes[analyser] = subprocess.Popen(
                        ["lt-proc", "-z", "-w", analyser], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.DEVNULL)
                assert proc.stdin is not None and proc.stdout is not None  # both PIPE
                proc.stdin.write(block)
                proc.stdin.flush()
                return _read_block(proc.stdout).decode("utf-8").splitlines()
            except (OSError, ValueError):
                if proc is not None:
                    proc.kill()
                _processes.pop(analyser, None)
    return None


def common_readings(words: set[str], lang: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Those of `words` the language's analysers know, and know only as common words, with their
    readings as (UPOS, fine tag), the analyser's order."""
    with _lock:
        todo = sorted(w for w in words if (lang, w) not in _known and "\n" not in w and "\0" not in w)
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


def noun_lemmas(words: set[str], lang: str) -> dict[str, frozenset[str]]:
    """Those of `words` the language's analysers know only as common words, with the lemmas of
    their noun readings ("profesores" -> {"profesor"}, "livreurs" -> {"livreur"})."""
    with _lock:
        todo = sorted(w for w in words if (lang, "lemma", w) not in _lemmas and "\n" not in w and "\0" not in w)
    analysed = _analyse(todo, lang) if todo else None
    if analysed is not None:
        found = {}
        for w, lines in zip(todo, analysed):
            readings = [r for line in lines for r in line.strip().strip("^$").split("/")[1:]]
            common = all(_common(line) for line in lines)
            found[(lang, "lemma", w)] = frozenset(r.split("<", 1)[0] for r in readings if "<n>" in r) if common else frozenset()
        with _lock:
            _lemmas.update(found)
    with _lock:
        return {w: lemmas for w in words if (lemmas := _lemmas.get((lang, "lemma", w)))}


_PERSON_TAGS = ("<np><ant>", "<np><cog>")  # Apertium's first names (anthroponyms) and surnames


@cache
def first_names(lang: str) -> frozenset[str]:
    """The language's own first names (languages/<code>/first_names.txt; tools/build_first_names.py),
    where the language has such a list."""
    return frozenset(name_genders.language_names(lang))


def person_names(words: set[str], lang: str) -> set[str]:
    """Those of `words` (lower case) that some analyser of the language knows, capitalised, as a
    first name or a surname ("jordi" -> "Jordi<np><ant>", "garcía" -> "García<np><cog>"), or
    that the language's list of first names holds ("mehdi", "nerea": names Apertium lacks)."""
    return {w for w in words if w in first_names(lang)} | _named(words, lang, "name", _tagged(_PERSON_TAGS))


def proper_names(words: set[str], lang: str) -> set[str]:
    """Those of `words` (lower case) that some analyser of the language knows, capitalised, as a
    proper noun of any kind: a person, a place, an organisation ("nice" -> "Nice<np><top>")."""
    return _named(words, lang, "proper", _tagged(("<np>",)))


def surnames_only(words: set[str], lang: str) -> set[str]:
    """Those of `words` (lower case) whose only proper-noun readings, capitalised, are surnames
    ("hall" -> "Hall<np><cog>", as are "main", "east", "park"): a place's, an organisation's or
    a first name's reading ("Nice<np><top>", "Summer<np><ant>") leaves a word out."""
    def surname_only(lines: list[str]) -> bool:
        proper = [r for line in lines for r in line.strip().strip("^$").split("/")[1:] if "<np>" in r]
        return bool(proper) and all("<np><cog>" in r for r in proper)
    return _named(words, lang, "surname only", surname_only)


def _tagged(tags: tuple[str, ...]) -> Callable[[list[str]], bool]:
    """Whether some analyser's line has one of the tags."""
    return lambda lines: any(tag in line for line in lines for tag in tags)


def _named(words: set[str], lang: str, kind: str, named: Callable[[list[str]], bool]) -> set[str]:
    with _lock:
        todo = sorted(w for w in words if (lang, kind, w) not in _names and "\n" not in w and "\0" not in w)
    analysed = _analyse([w[:1].upper() + w[1:] for w in todo], lang) if todo else None
    if analysed is not None:
        with _lock:
            _names.update(((lang, kind, w), named(lines)) for w, lines in zip(todo, analysed))
    with _lock:
        return {w for w in words if _names.get((lang, kind, w))}


def unknown_words(words: set[str], lang: str) -> set[str]:
    """Those of `words` that no analyser of the language knows in any form, as written or
    capitalised ("cefaleas", "essoufflement", "fòlic"): a word Apertium's dictionaries lack, which
    the translator would pass through as it is. Empty when an analyser cannot be run."""
    with _lock:
        todo = sorted(w for w in words if (lang, w) not in _unknown and "\n" not in w and "\0" not in w)
    # each word as written and capitalised: a name the analyser knows is not unknown
    analysed = _analyse(todo + [w[:1].upper() + w[1:] for w in todo], lang) if todo else None
    if analysed is not None:
        lines = [all("/*" in line for line in per) for per in analysed]
        with _lock:
            _unknown.update(((lang, w), lines[k] and lines[k + len(todo)]) for k, w in enumerate(todo))
    with _lock:
        return {w for w in words if _unknown.get((lang, w))}
