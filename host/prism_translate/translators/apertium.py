"""Apertium on the command line: a real translator that runs on this machine.

All texts of a batch go through Apertium as one stream. Texts are joined with marker lines
that Apertium passes through untouched (it keeps line structure), and the output is split at
those markers; a missing or reordered marker is an error, never a guess.

Starting a mode's pipeline (eleven programs loading their transducers) takes ~0.3 s, far more
than translating an e-mail (~15 ms), so the programs are started once and kept running for the
translator object's life, in null-flush mode (-z): each flushes its output when it reads a NUL
byte, so one NUL-terminated stream in gives its translation out, followed by a NUL. They are the
programs `apertium -u MODE` runs (apertium-wblank-mode writes the list), between the same
deformatter and reformatter, which run per call as in APy (they do not flush on NUL); the
programs that carry context from one stream to the next (PER_CALL) run per call too, so the
output is exactly plain Apertium's. A kept pipeline that died is started again and given the
same text (x_pub: the only thing a translator ever gets).

A kept pipeline must never answer one request with another's output. So: characters its stream
cannot carry are replaced before they reach it (`stream_safe`); every batch carries markers
numbered afresh for that request, which must all come back in order; and a pipeline that failed,
gave a reply that does not check, or did not answer within a deadline scaled to the text is
killed and never used again (a fresh one starts for the next request; a reply that did not check
is asked for once more of a fresh pipeline).
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import selectors
import shlex
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import Sequence

from ..errors import TranslatorBadReply, TranslatorError, TranslatorTimeout
from ..morphology import stream_safe
from .base import Translator

log = logging.getLogger(__name__)

# ISO 639-1 pair -> chain of Apertium modes (French goes through Spanish: no eng-fra package).
MODES: dict[tuple[str, str], tuple[str, ...]] = {
    ("en", "es"): ("eng-spa",),
    ("en", "ca"): ("eng-cat",),
    ("en", "fr"): ("eng-spa", "es-fr"),
    ("es", "en"): ("spa-eng",),
    ("ca", "en"): ("cat-eng",),
    ("fr", "en"): ("fr-es", "spa-eng"),
    ("es", "fr"): ("es-fr",),
    ("fr", "es"): ("fr-es",),
}
# The final "." makes each marker a sentence of its own: without it, transfer rules join the
# marker with the next text ("¶¶0¶¶ / Americans like ice" came back as "¶¶A 0¶¶ / americanos ...").
_MARK = "¶¶{}¶¶."
_MARK_RE = re.compile(r"^¶¶(\d+)¶¶\.$", re.M)
# Marker numbers are nonce * _PER_NONCE + index: a reply left over from an earlier request carries
# that request's nonce, so it can never pass for this one's.
_PER_NONCE = 10**6

# A pipeline that has not answered by then is stuck, not slow: Apertium translates about 100,000
# characters a second here, so this is over 50 times its pace, plus a start-up under heavy load.
_DEADLINE_BASE = 20.0
_DEADLINE_CHARS_PER_SECOND = 2000.0


# Programs that carry context from one NUL-flushed stream to the next: kept alive, the tagger
# tagged "Thanks!" after a text ending in "Furniture" differently ("Da las gracias!"), and
# apertium-anaphora links pronouns to earlier sentences. They start fast (~20 ms) and run once
# per call, as in plain mode; the programs around them, which load the big transducers, are kept.
PER_CALL = ("apertium-tagger", "apertium-anaphora")
_DATADIR_RE = re.compile(r'APERTIUM_DATADIR:-([^}"]+)')
# `apertium -u`: $1 = -n, the generator marks no unknown words; $2 (a tagger option) is empty.
_ARGS = ("-n", "")


def _stop(proc: subprocess.Popen) -> None:
    """End a kept pipeline: all its programs share one process group."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait()
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            stream.close()


class _Kept:
    """Consecutive programs of a mode, running in null-flush mode until stopped."""

    def __init__(self, script: str, errors) -> None:
        self.script = script
        self.errors = errors
        self.proc: subprocess.Popen | None = None
        self._finalizer: weakref.finalize | None = None

    def stop(self) -> None:
        if self._finalizer is not None:
            self._finalizer()
        self.proc = None

    def start(self) -> None:
        """Have the programs running (they load their transducers while nothing waits on them)."""
        if self.proc is None or self.proc.poll() is not None:
            if self.proc is not None:
                log.warning("an apertium pipeline had exited (%s); starting it again", self.proc.returncode)
                self.stop()
            self.proc = subprocess.Popen(["bash", "-c", self.script, "apertium", *_ARGS], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=self.errors, start_new_session=True)
            assert self.proc.stdin is not None  # PIPE
            os.set_blocking(self.proc.stdin.fileno(), False)
            self._finalizer = weakref.finalize(self, _stop, self.proc)

    def run(self, data: bytes, deadline: float) -> bytes | None:
        """One NUL-free stream through; None when the programs died on the way."""
        self.start()
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None  # started, PIPE
        stdin, stdout = self.proc.stdin, self.proc.stdout
        out = bytearray()
        pending = memoryview(data + b"\0")
        with selectors.DefaultSelector() as sel:
            # Write and read together: a long text does not fit the pipes' buffers.
            sel.register(stdin, selectors.EVENT_WRITE)
            sel.register(stdout, selectors.EVENT_READ)
            while not out.endswith(b"\0"):
                left = deadline - time.monotonic()
                if left <= 0:
                    self.stop()  # it may still be working on this text: nothing else may go in
                    raise TimeoutError
                for key, _ in sel.select(left):
                    if key.fileobj is stdout:
                        chunk = os.read(stdout.fileno(), 65536)
                        if not chunk:
                            self.stop()
                            return None
                        out += chunk
                    else:
                        try:
                            pending = pending[os.write(stdin.fileno(), pending):]
                        except BrokenPipeError:
                            self.stop()
                            return None
                        if not pending:
                            sel.unregister(stdin)
        return bytes(out[:-1])


class _Mode:
    """One Apertium mode as `apertium -u MODE` runs it, between deformatter and reformatter:
    kept pipelines, with the PER_CALL programs started afresh for every stream."""

    def __init__(self, name: str, kept_script: str, plain_script: str) -> None:
        self.name = name
        self.errors = tempfile.TemporaryFile()  # a pipe nobody reads could fill up and block Apertium
        kept, plain = kept_script.strip().split(" | "), plain_script.strip().split(" | ")
        if len(kept) != len(plain):
            raise ValueError(f"apertium-wblank-mode wrote {len(kept)} and {len(plain)} programs for {name}")
        self.steps: list[_Kept | list[str]] = []
        group: list[str] = []
        for with_z, without in zip(kept, plain):
            argv = [_ARGS[int(a[1]) - 1] if a in ("$1", "$2") else a for a in shlex.split(without)]
            if argv[0] in PER_CALL:
                if group:
                    self.steps.append(_Kept(" | ".join(group), self.errors))
                    group = []
                self.steps.append([a for a in argv if a])
            else:
                group.append(with_z)
        if group:
            self.steps.append(_Kept(" | ".join(group), self.errors))

    def start(self) -> None:
        for step in self.steps:
            if isinstance(step, _Kept):
                step.start()

    def stop(self) -> None:
        for step in self.steps:
            if isinstance(step, _Kept):
                step.stop()

    def last_error(self) -> str:
        self.errors.seek(0)
        lines = self.errors.read().decode("utf-8", "replace").strip().splitlines()
        self.errors.seek(0)
        self.errors.truncate()
        return lines[-1] if lines else "no message"

    def run(self, data: bytes, deadline: float) -> bytes:
        """Raises TimeoutError past the deadline, RuntimeError when a program fails."""
        for step in self.steps:
            if isinstance(step, _Kept):
                out = step.run(data, deadline)
                if out is None:  # died (killed, out of memory): once more, freshly started
                    out = step.run(data, deadline)
                if out is None:
                    raise RuntimeError(self.last_error())
            else:
                try:
                    proc = subprocess.run(step, input=data, capture_output=True,
                                          timeout=max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    raise TimeoutError from None
                if proc.returncode != 0:
                    err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
                    raise RuntimeError(f"{step[0]}: {err[-1] if err else proc.returncode}")
                out = proc.stdout
            data = out
        return data


class ApertiumCLI(Translator):
    name = "apertium"
    sees = "nothing leaves the machine (local process)"

    def __init__(self, binary: str = "apertium", timeout: float = 600.0, datadir: str | None = None) -> None:
        self.binary = binary
        self.timeout = timeout
        self.datadir = datadir
        # Idle pipelines by mode: a caller takes one (or starts one) and gives it back, so a pipeline
        # holds one stream at a time and parallel callers (the dictionary builder) get one each.
        self._idle: dict[str, list[_Mode]] = {}
        self._lock = threading.Lock()

    def label(self) -> str:
        return "apertium (command line)"

    @classmethod
    def readiness(cls, settings, key_source):
        path = shutil.which("apertium")
        if path is None:
            return False, "`apertium` is not installed (sudo apt-get install apertium apertium-eng-spa ...)"
        pairs = ", ".join(f"{s}->{t}" for s, t in MODES)
        return True, f"{path}; pairs {pairs}"

    def _chain(self, source: str, target: str) -> tuple[str, ...]:
        if shutil.which(self.binary) is None:
            raise TranslatorError(
                name=self.name, detail="`apertium` is not installed (Debian/Ubuntu: sudo apt-get install apertium "
                "apertium-eng-spa apertium-eng-cat apertium-fr-es)"
            )
        chain = MODES.get((source, target))
        if chain is None:
            raise TranslatorError("E036", name=self.name, source=source, target=target)
        return chain

    def _modes_dir(self) -> Path:
        """Where `apertium` finds its modes: $APERTIUM_DATADIR, else the default its script names."""
        datadir = self.datadir or os.environ.get("APERTIUM_DATADIR")
        if datadir is None:
            found = _DATADIR_RE.search(Path(shutil.which(self.binary) or self.binary).read_text(errors="replace"))
            datadir = found.group(1) if found else "/usr/share/apertium"
        return Path(datadir) / "modes"

    def _start(self, mode: str) -> _Mode:
        path = self._modes_dir() / f"{mode}.mode"
        scripts = [subprocess.run(["apertium-wblank-mode", *z, str(path)], capture_output=True) for z in (["-z"], [])]
        if not path.is_file() or any(p.returncode != 0 for p in scripts):
            raise TranslatorError(name=self.name, detail=f"Apertium mode {mode} is not installed ({path}); "
                                  "reinstall its language pair (sudo apt-get install apertium-eng-spa ...)")
        return _Mode(mode, *(p.stdout.decode("utf-8") for p in scripts))

    def _format(self, program: str, data: bytes) -> bytes:
        try:
            proc = subprocess.run([program], input=data, capture_output=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise TranslatorTimeout(name=self.name, seconds=self.timeout) from None
        if proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            raise TranslatorError(name=self.name, detail=f"{program} failed: {err[-1] if err else proc.returncode}")
        return proc.stdout

    def _checkout(self, mode: str) -> _Mode:
        """An idle pipeline of this mode, or a new one: it holds one stream at a time."""
        with self._lock:
            idle = self._idle.setdefault(mode, [])
            runner = idle.pop() if idle else None
        return runner or self._start(mode)

    def _checkin(self, mode: str, runner: _Mode, usable: bool) -> None:
        """Give a pipeline back, or kill it when what it last did may leave it out of step."""
        if not usable:
            runner.stop()
            return
        with self._lock:
            self._idle.setdefault(mode, []).append(runner)

    def _seconds(self, data: str) -> float:
        return min(self.timeout, _DEADLINE_BASE + len(data) / _DEADLINE_CHARS_PER_SECOND)

    def _through(self, runner: _Mode, mode: str, data: str) -> str:
        """What `apertium -u MODE` prints for data, through this pipeline."""
        seconds = self._seconds(data)
        try:
            deformatted = self._format("apertium-destxt", data.encode("utf-8"))  # drops NUL bytes
            out = runner.run(deformatted, time.monotonic() + seconds)
        except TimeoutError:
            raise TranslatorTimeout(name=self.name, seconds=round(seconds, 1)) from None
        except RuntimeError as err:
            raise TranslatorError(name=self.name, detail=f"mode {mode} failed: {err}") from None
        return self._format("apertium-retxt", out).decode("utf-8", "replace")

    def _run(self, mode: str, data: str) -> str:
        """What `apertium -u MODE` prints for data (stream-safe text)."""
        runner = self._checkout(mode)
        usable = False
        try:
            out = self._through(runner, mode, data)
            usable = True
            return out
        finally:
            self._checkin(mode, runner, usable)

    def prepare(self, source: str, target: str) -> None:
        """Start the pair's pipelines now, so the first translation does not wait for them."""
        for mode in self._chain(source, target):
            with self._lock:
                if self._idle.get(mode):
                    continue
            runner = self._start(mode)
            runner.start()
            with self._lock:
                self._idle.setdefault(mode, []).append(runner)

    def close(self) -> None:
        """Stop the kept pipelines (they also stop when this object is collected, or with the process)."""
        with self._lock:
            for runners in self._idle.values():
                for runner in runners:
                    runner.stop()

    def translate(self, texts: Sequence[str], source: str, target: str) -> list[str]:
        chain = self._chain(source, target)
        if not texts:
            return []
        texts = [stream_safe(t) for t in texts]
        try:
            return self._translate_once(chain, texts)
        except TranslatorBadReply:
            # the pipelines that gave it are gone; fresh ones get the same x_pub once more
            return self._translate_once(chain, texts)

    def _translate_once(self, chain: tuple[str, ...], texts: list[str]) -> list[str]:
        nonce = secrets.randbelow(9 * _PER_NONCE) + _PER_NONCE
        if len(texts) >= _PER_NONCE:
            raise TranslatorBadReply(name=self.name, detail=f"{len(texts)} texts in one batch")
        # Marker lines may only be recognised at line starts: protect texts that contain one.
        # A blank line before each marker ends the paragraph: otherwise a text ending in "last" or
        # "more" takes the next marker's number ("then you'll be last" + "¶¶1¶¶" -> "¶¶1 ¶¶").
        numbers = [nonce * _PER_NONCE + i for i in range(len(texts) + 1)]
        data = "\n".join(f"{_MARK.format(n)}\n{t}\n" for n, t in zip(numbers, texts)) + f"\n{_MARK.format(numbers[-1])}\n"
        if len(_MARK_RE.findall(data)) != len(texts) + 1:
            raise TranslatorBadReply(name=self.name, detail="input contains PRISM's batch marker")
        runners = [(mode, self._checkout(mode)) for mode in chain]
        usable = False
        try:
            for mode, runner in runners:
                data = self._through(runner, mode, data)
            out = self._split(data, texts, numbers)
            usable = True
            return out
        finally:
            for mode, runner in runners:
                self._checkin(mode, runner, usable)

    def _split(self, data: str, texts: list[str], numbers: list[int]) -> list[str]:
        """The batch's outputs, text by text, after checking that every marker of this request came back."""
        marks = list(_MARK_RE.finditer(data))
        if [int(m.group(1)) for m in marks] != numbers:
            raise TranslatorBadReply(name=self.name, detail="batch markers lost; outputs cannot be matched to inputs")
        out = []
        for i in range(len(texts)):
            chunk = data[marks[i].end() + 1 : marks[i + 1].start()]
            out.append(chunk[:-2] if chunk.endswith("\n\n") else chunk)
            if out[-1].count("\n") != texts[i].count("\n"):
                raise TranslatorBadReply(name=self.name, detail=f"text {i + 1} came back with a different number "
                                         "of lines")
        return out
