"""Apertium's morphological analyser and generator of a target language (lt-proc on a pair's
.automorf.bin and .autogen.bin): what a translated word is grammatically ("casa" ->
casa<n><f><sg>), and the word for a lemma with given features (sorprender<vblex><pp><f><sg> ->
"sorprendida"). The dictionary builder files each entry's translation's features with the
analyser, the decoder inflects a restored word like the word it replaces with the generator,
and the fidelity benchmark compares the private translation's words with the plain one's."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import threading
from typing import IO, Any, Callable, Sequence, TypeVar
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache, wraps
from pathlib import Path

from greenlet import getcurrent, greenlet

APERTIUM = Path("/usr/share/apertium")
# The analyser that reads each target language: any installed pair whose source side it is.
ANALYSERS = {
    "es": ("apertium-eng-spa/spa-eng.automorf.bin", "apertium-fr-es/es-fr.automorf.bin"),
    "fr": ("apertium-fr-es/fr-es.automorf.bin",),
    "ca": ("apertium-eng-cat/cat-eng.automorf.bin",),
    "en": ("apertium-eng-spa/eng-spa.automorf.bin", "apertium-eng-cat/eng-cat.automorf.bin"),
    # A pair whose translator reads its source with another analyser than the language's first:
    # each has its own units ("Once upon a time" is one in eng-cat's, three words in eng-spa's).
    "en-ca": ("apertium-eng-cat/eng-cat.automorf.bin",),
}
# The generator that writes each target language (English restores are inflected by engine/english.py).
GENERATORS = {
    "es": ("apertium-eng-spa/eng-spa.autogen.bin",),
    "fr": ("apertium-fr-es/es-fr.autogen.bin",),
    "ca": ("apertium-eng-cat/eng-cat.autogen.bin",),
}
# The post-generator that joins and elides the generator's marked words ("~de el" -> "del", "~le
# entrepôt" -> "l'entrepôt").
POSTGENERATORS = {
    "es": ("apertium-eng-spa/eng-spa.autopgen.bin",),
    "fr": ("apertium-fr-es/es-fr.autopgen.bin",),
    "ca": ("apertium-eng-cat/eng-cat.autopgen.bin",),
}
# The bilingual dictionaries a pair's translator applies, in order (French is made through Spanish).
BILINGUALS = {
    ("en", "es"): ("apertium-eng-spa/eng-spa.autobil.bin",),
    ("en", "ca"): ("apertium-eng-cat/eng-cat.autobil.bin",),
    ("en", "fr"): ("apertium-eng-spa/eng-spa.autobil.bin", "apertium-fr-es/es-fr.autobil.bin"),
}
_UNIT = re.compile(r"\^(.*?)\$")
# Characters Apertium's stream cannot carry. Its programs read text through ICU, whose end-of-file
# value is U+FFFF: a kept program that reads one stops reading that stream and answers every later
# request with the one before (issue 26), and lt-proc drops the rest of its input. NUL is the
# pipelines' flush byte. The other Unicode noncharacters (U+FDD0-U+FDEF, U+xFFFE and U+xFFFF in
# every plane) are not for text interchange either. Each becomes a space: none carries a word, and
# a space keeps the words apart.
_NONCHARACTERS = "\0\ufdd0-\ufdef" + "".join(chr(plane << 16 | 0xFFFE) + chr(plane << 16 | 0xFFFF) for plane in range(17))
_STREAM_UNSAFE = re.compile(f"[{_NONCHARACTERS}]")
# ... and for the analyser, its markup and every line break too (it reads one text per line)
_UNSAFE = re.compile(f"[{_NONCHARACTERS}" + r"\[\]\^\$/<>@\\{}\x00-\x1f\x7f\x85\u2028\u2029]")


def stream_safe(text: str) -> str:
    """text with every character Apertium's stream cannot carry replaced by a space."""
    return _STREAM_UNSAFE.sub(" ", text)


def as_read(text: str) -> str:
    """text as the analyser reads it (analyse_lines): each character it cannot take is a space, so
    offsets in one are offsets in the other."""
    return _UNSAFE.sub(" ", text)
_TAG = re.compile(r"<([^>]+)>")


@dataclass(frozen=True)
class Reading:
    lemma: str
    tags: tuple[str, ...]  # ("n", "f", "sg")
    joined: tuple[str, ...] = ()  # the parts a contraction joins before this one: ("de<pr>",) of "del"


@dataclass(frozen=True)
class Analysis:
    surface: str
    readings: tuple[Reading, ...]  # empty: the analyser does not know the word

    @property
    def known(self) -> bool:
        return bool(self.readings)


# Files and programs found installed: the decoder asks for them several times per text, and the
# stat calls cost more than its repairs' own work on a page of short blocks. Only what was found
# is remembered, so something installed while the host runs is still seen.
_found: dict[tuple[Path, str], Path] = {}
_programs: set[str] = set()


def _installed(table: dict, lang: str) -> Path | None:
    for name in table.get(lang, ()):
        path = _found.get((APERTIUM, name))
        if path is None and (APERTIUM / name).exists():
            path = _found[APERTIUM, name] = APERTIUM / name
        if path is not None:
            return path
    return None


def _on_path(program: str) -> bool:
    if program not in _programs and shutil.which(program) is not None:
        _programs.add(program)
    return program in _programs


def analyser_path(lang: str) -> Path | None:
    return _installed(ANALYSERS, lang)


def source_reader(source: str, target: str) -> str:
    """The analyser (a key of ANALYSERS, for analyse_lines) that the source -> target translator
    reads its source with: the pair's own where it has one, else the source language's."""
    pair = f"{source}-{target}"
    return pair if _installed(ANALYSERS, pair) is not None else source


def available(lang: str, generator: bool = False) -> bool:
    return (_on_path("lt-proc") and analyser_path(lang) is not None
            and (not generator or _installed(GENERATORS, lang) is not None))


class _Asking(greenlet):
    """One of together()'s calls: its questions to lt-proc wait to go with the others'."""


_Ask = TypeVar("_Ask", bound=Callable[[Any, str], list])
T = TypeVar("T")


def _gathered(ask: _Ask) -> _Ask:
    """ask(items, lang), one answer per item in one round trip to lt-proc, within together() put
    off until every call there waits on lt-proc, and then asked with theirs."""
    @wraps(ask)
    def gathered(items, lang: str) -> list:
        current = getcurrent()
        if isinstance(current, _Asking) and items:
            return current.parent.switch((ask, lang, items))
        return ask(items, lang)
    return gathered  # type: ignore[return-value]


def together(calls: Sequence[Callable[[], T]]) -> list[T]:
    """Each call's result, the calls run side by side in this thread (greenlets, not threads):
    whenever every unfinished call waits for lt-proc, the questions of one kind and language go
    in one round trip. A page's blocks are decoded in a few round trips per repair instead of a
    few per block, each repair asking from the answer before. Each call gets the answers it
    would get alone: lt-proc reads each line on its own (analyse_lines relies on it too). An
    exception of one call ends them all and is raised here."""
    runs = [_Asking(call) for call in calls]
    results: list[Any] = [None] * len(runs)
    answers: dict[int, Any] = dict.fromkeys(range(len(runs)))  # what each waiting call is resumed with
    while answers:
        questions = {}
        for k, answer in answers.items():
            asked = runs[k].switch(answer) if runs[k] else runs[k].switch()  # (not started yet)
            if runs[k].dead:
                results[k] = asked
            else:
                questions[k] = asked
        answers = {}
        groups: dict[tuple, list[int]] = {}
        for k, (ask, lang, _items) in questions.items():
            groups.setdefault((ask, lang), []).append(k)
        for (ask, lang), members in groups.items():
            replies = ask([item for k in members for item in questions[k][2]], lang)
            at = 0
            for k in members:
                answers[k], at = replies[at:at + len(questions[k][2])], at + len(questions[k][2])
    return results


# The generator's answers in any request, up to about _GENERATED_KEPT of them, in memory only (as
# _words keeps the analyser's): lt-proc writes each unit and each phrase on its own, so an answer
# is the same whatever was asked beside it, and a page's decoders ask for the same few forms
# ("el<det><def><m><sg>") again in every batch, each batch a round trip per repair stage.
_GENERATED_KEPT = 20_000
_generated: dict[tuple, str | None] = {}
_UNKNOWN = object()


def _remembered(kind: str, ask: Callable[[list, str], list[str | None]], items: list, lang: str) -> list[str | None]:
    """ask(items, lang) for the items not answered before, the others from _generated."""
    found = {item: _generated.get((kind, lang, item), _UNKNOWN) for item in items}
    todo = [item for item, answer in found.items() if answer is _UNKNOWN]
    if todo:
        answers = ask(todo, lang)
        if len(_generated) > _GENERATED_KEPT:
            _generated.clear()
        for item, answer in zip(todo, answers):
            found[item] = _generated[kind, lang, item] = answer
    return [found[item] for item in items]  # type: ignore[misc]


def generate(forms: list[tuple[str, tuple[str, ...]]], lang: str) -> list[str | None]:
    """The word for each (lemma, tags), in one lt-proc run; None where the generator has none."""
    if _installed(GENERATORS, lang) is None or not forms:
        return [None] * len(forms)
    return _remembered("g", _generate, [(lemma, tuple(tags)) for lemma, tags in forms], lang)


@_gathered
def _generate(forms: list[tuple[str, tuple[str, ...]]], lang: str) -> list[str | None]:
    path = _installed(GENERATORS, lang)
    assert path is not None  # generate() checked
    stream = "\n".join("^" + lemma + "".join(f"<{t}>" for t in tags) + "$" for lemma, tags in forms)
    out = _lt_proc(["-g", str(path)], stream + "\n").split("\n")
    words = [w.strip().lstrip("~") for w in out[: len(forms)]]
    return [w if w and w[0] not in "#*@" and " " not in w else None for w in words]


def generate_phrases(phrases: list[list[tuple[str, tuple[str, ...]] | str]], lang: str) -> list[str | None]:
    """Each phrase written out: (lemma, tags) units by the generator, plain words as they are, then
    the post-generator's contractions and elisions over the whole ("de" + "el" -> "del", "le" +
    "entrepôt" -> "l'entrepôt"); None where the generator has no word for a unit."""
    if _installed(GENERATORS, lang) is None or _installed(POSTGENERATORS, lang) is None or not phrases:
        return [None] * len(phrases)
    frozen = [tuple(u if isinstance(u, str) else (u[0], tuple(u[1])) for u in phrase) for phrase in phrases]
    return _remembered("p", _generate_phrases, frozen, lang)


@_gathered
def _generate_phrases(phrases: list[tuple[tuple[str, tuple[str, ...]] | str, ...]], lang: str) -> list[str | None]:
    gen, post = _installed(GENERATORS, lang), _installed(POSTGENERATORS, lang)
    assert gen is not None and post is not None  # generate_phrases() checked
    stream = "\n".join(" ".join(u if isinstance(u, str) else "^" + u[0] + "".join(f"<{t}>" for t in u[1]) + "$"
                                for u in phrase) for phrase in phrases)
    generated = _lt_proc(["-g", str(gen)], stream + "\n").split("\n")[: len(phrases)]
    bad = [any(w[:1] in "#*@" for w in line.split()) for line in generated]
    # each phrase a stream of its own: in one, the post-generator elided a phrase's last word into
    # the next phrase's first across the line break (Catalan "el" + "un" -> "l'un" and ""), so a
    # block's articles depended on the other blocks decoded beside it. Each ends in a line with a
    # full stop: the post-generator writes a word by what comes after it, and at the end of a
    # stream it wrote "la agua" (not "el agua"), as the last phrase of a batch had been.
    out = [answer.split("\n")[0] for answer in _lt_proc_each(["-p", str(post)], [line + "\n.\n" for line in generated])]
    return [None if b else line.strip().replace("~", "") for line, b in zip(out, bad)]


def translate_lemmas(lemmas: list[tuple[str, tuple[str, ...]]], source: str, target: str) -> list[Reading | None]:
    """Each source (lemma, tags) as the pair's bilingual dictionaries give it, their first
    translation at each step ("ice cream"<n><sg> -> helado<n><m><sg>), in one lt-proc run per
    step; None where a dictionary has none or the pair has no dictionaries installed."""
    steps = BILINGUALS.get((source, target), ())
    if not lemmas or not steps or not all((APERTIUM / step).exists() for step in steps) or not _on_path("lt-proc"):
        return [None] * len(lemmas)
    found: list[Reading | None] = [Reading(lemma, tags) for lemma, tags in lemmas]
    for step in steps:
        asked = [r for r in found if r is not None]
        stream = "\n".join("^" + r.lemma + "".join(f"<{t}>" for t in r.tags) + "$" for r in asked)
        replies = iter(_lt_proc(["-b", str(APERTIUM / step)], stream + "\n").split("\n"))
        found = [_first_translation(next(replies, "")) if r is not None else None for r in found]
    return found


def _first_translation(row: str) -> Reading | None:
    """The first translation of a bilingual dictionary's reply, None when it has none ("@")."""
    units = _UNIT.findall(row)
    readings = _parse(units[0]).readings if units else ()
    return readings[0] if readings and not readings[0].lemma.startswith("@") else None


@lru_cache(maxsize=20_000)  # the same few thousand words come back in every reply; an Analysis is immutable
def _parse(unit: str) -> Analysis:
    surface, *rest = unit.split("/")
    readings = []
    for r in rest:
        if r.startswith("*"):
            return Analysis(surface, ())
        # a contraction ("del" = de<pr>+el<det>...) is read by its last part, the one that agrees
        *joined, part = r.split("+")
        lemma = part.split("<", 1)[0]
        readings.append(Reading(lemma, tuple(_TAG.findall(part)), tuple(joined)))
    return Analysis(surface, tuple(readings))


def analyse_text(text: str, lang: str) -> list[Analysis]:
    """Every word of a text with its readings, in order (punctuation included, as Apertium has it)."""
    return analyse_lines([text], lang)[0]


# What a write to an empty pipe takes without waiting for its reader (Linux holds 64 KiB).
_PIPE_ROOM = 16_384


class _Kept:
    """One lt-proc kept running in null-flush mode (-z): loading a transducer takes 0.1-0.3 s,
    more than the few words the decoder asks about. Each request is one stream ending in NUL."""

    def __init__(self, args: list[str]) -> None:
        self.args = args
        self.proc: subprocess.Popen | None = None
        self.lock = threading.Lock()

    def start(self) -> None:
        """Have lt-proc running (it loads its transducer while nothing waits on it). Call with lock held."""
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(["lt-proc", "-z", *self.args], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def run(self, text: str) -> str:
        return self.run_each([text])[0]

    def run_each(self, texts: list[str]) -> list[str]:
        """Each text a stream of its own, all in one round trip: lt-proc reads each afresh (its
        post-generator joins words across a line break, not across streams)."""
        with self.lock:
            self.start()
            assert self.proc is not None  # started
            stdin, stdout = self.proc.stdin, self.proc.stdout
            assert stdin is not None and isinstance(stdout, io.BufferedReader)  # both PIPE
            # A NUL ends a request and a noncharacter makes lt-proc drop the rest of the stream:
            # either would leave the next caller reading this one's answer.
            data = b"".join(stream_safe(text).encode("utf-8") + b"\0" for text in texts)
            try:
                return self._exchange(stdin, stdout, data)
            except BaseException:
                # whatever it was in the middle of answering must not reach the next caller
                self.proc.kill()
                self.proc.wait()
                self.proc = None
                raise

    def _exchange(self, stdin: IO[bytes], stdout: io.BufferedReader, data: bytes) -> list[str]:
        def feed() -> None:
            stdin.write(data)
            stdin.flush()

        # A whole dictionary's translations fill the pipes: written from another thread. The
        # few words the decoder asks about fit in the empty pipe and are written here (a
        # thread per call cost more than lt-proc's answer).
        writer = threading.Thread(target=feed, daemon=True) if len(data) > _PIPE_ROOM else None
        if writer is None:
            feed()
        else:
            writer.start()
        out = b""
        # lt-proc ends its answer to each stream with a NUL, as each stream ends (stream_safe kept the
        # streams free of any other)
        streams, ended = data.count(b"\0"), 0
        while ended < streams:
            chunk = stdout.read1(65536)
            if not chunk:
                raise OSError(f"lt-proc {' '.join(self.args)} stopped")
            out += chunk
            ended += chunk.count(b"\0")
        if writer is not None:
            writer.join()
        return out[:-1].decode("utf-8").split("\0")


_kept: dict[tuple[str, ...], _Kept] = {}


def _lt_proc(args: list[str], text: str) -> str:
    return _kept.setdefault(tuple(args), _Kept(args)).run(text)


def _lt_proc_each(args: list[str], texts: list[str]) -> list[str]:
    return _kept.setdefault(tuple(args), _Kept(args)).run_each(texts)


def start(lang: str) -> None:
    """Start the kept lt-proc programs the decoder asks about a target language (analyser,
    generator, post-generator), asking nothing: a long-lived process's warm-up, so that the first
    translation that needs one does not wait 0.1-0.3 s for its transducer to load (the first
    page's decode started the generator and the post-generator cold)."""
    if not _on_path("lt-proc"):
        return
    for flag, table in (("-w", ANALYSERS), ("-g", GENERATORS), ("-p", POSTGENERATORS)):
        path = _installed(table, lang)
        if path is not None:
            kept = _kept.setdefault((flag, str(path)), _Kept([flag, str(path)]))
            with kept.lock:
                kept.start()


_scope = threading.local()


@contextmanager
def remembering() -> Iterator[None]:
    """Within it, analyse_lines answers a line it was asked before (in this thread) from memory:
    a page's blocks ask about the same words, and each question was a round trip to lt-proc.
    What it holds is dropped at the end of the block."""
    outer = getattr(_scope, "read", None)
    if outer is None:
        _scope.read = {}
    try:
        yield
    finally:
        if outer is None:
            _scope.read = None


# Short lines (a word or a few: what the decoder asks about restored words and their neighbours)
# analysed in any request, up to about _WORDS_KEPT of them, in memory only, as _parse keeps the
# analyser's units: about half of what a page's decoding asks was asked by a page before.
_WORD_LINE = 40
_WORDS_KEPT = 20_000
_words: dict[tuple[str, str], list[Analysis]] = {}


def analyse_lines(lines: list[str], lang: str) -> list[list[Analysis]]:
    """Several texts in one request to a kept lt-proc (one line each)."""
    path = analyser_path(lang)
    if path is None:
        raise FileNotFoundError(f"no Apertium analyser for {lang!r} under {APERTIUM}")
    # Every line break and control character too: lt-proc reads one text per line. Each line is
    # analysed on its own, so a line asked for again (the decoder asks about "la", "casa" for
    # every place they stand) is analysed and parsed once: reading the replies cost more than
    # lt-proc's work.
    read = getattr(_scope, "read", None)
    if read is None:
        read = {}
    unique = []
    for line in dict.fromkeys(lines):
        if (lang, line) not in read:
            known = _words.get((lang, line))
            if known is None:
                unique.append(line)
            else:
                read[lang, line] = known
    if unique:
        if len(_words) > _WORDS_KEPT:
            _words.clear()
        for line, units in zip(unique, _read(unique, lang)):
            read[lang, line] = units
            if len(line) <= _WORD_LINE:
                _words[lang, line] = units
    return [list(read[lang, line]) for line in lines]


@_gathered
def _read(lines: list[str], lang: str) -> list[list[Analysis]]:
    """The analyser's units of each line, in one round trip."""
    rows = _lt_proc(["-w", str(analyser_path(lang))], "\n".join(as_read(t) for t in lines) + "\n").split("\n")
    return [[_parse(u) for u in _UNIT.findall(row)] for row in rows[:len(lines)]]
