"""A kept second process that analyses with spaCy, so that a long text's analysis runs on two
cores: the host analyses the first part while this process analyses the rest
(tokenize.analyse_each). Of several short texts (a long text's chunks, a page's blocks) it takes
whole texts and marks their private values too (recognize.mark, with its Apertium analysers'
look-ups), which the host would otherwise do on its own thread beside encoding and decoding; of
one text, or texts longer than a slice, their line blocks (mark looks across lines, so it runs on
the whole text in the host). Started once (the host's warm-up) and kept warm, each language's
pipeline loaded once: spaCy's `n_process` starts new processes for every call, which cost more
than they saved (issue 18).

A block's tokens depend on its text alone (tokenize.LINES relies on it too), so the tokens are
the same whichever process made them. The host ends the child as it exits (and the child ends
when its stdin closes, should the host die). It reads and sends nothing but pickles over its own
pipes with the host; pickle is safe here, as both ends are this package in processes of the same
user.
"""

from __future__ import annotations

import atexit
import logging
import os
import pickle
import queue
import subprocess
import sys
import threading
from typing import Callable, Generator, Iterable, Sequence

log = logging.getLogger(__name__)
CHILD = "prism_translate.engine.analysis_child"  # the child's module: it imports tokenize, which imports this

# Below this many characters to analyse the text stays in one process: sending the blocks and
# their tokens across costs more than the second core saves.
MIN_SPLIT_CHARS = 1_500
# The host's first share of a text's characters, analysed while the child starts on the rest:
# small, since the host also recognises, encodes and decodes every block; what else the host
# analyses it takes from the end while it would wait for the child (shared).
HOST_SHARE = 1 / 8
# The child's slices shrink from MAX_SLICE_CHARS to SLICE_CHARS, each about a quarter of what is
# left: each nlp.pipe call has a fixed cost (slices of 1,000 characters took 10-15 % more CPU than
# one pass over a 20,000-character text), so the early ones are long; the last ones, which this
# process takes while it would wait and on which the other core may end up waiting, are short.
SLICE_CHARS = 1_000
MAX_SLICE_CHARS = 3_000
# Slices the child holds at once, answered or not yet collected aside: one it analyses, the next
# waiting in its pipe, so that it never waits for the host, which collects in order and meanwhile
# encodes and decodes (fed only a lead beyond what the host had collected, it sat idle for most of
# a page); what is not sent yet stays for the host to take from the end.
IN_FLIGHT = 2


class AnalysisProcess:
    """The host's end: ask the child for a language's pipeline, send it blocks, collect tokens."""

    def __init__(self) -> None:
        self._proc = subprocess.Popen([sys.executable, "-m", CHILD], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        self._ready: set[str] = set()  # languages whose pipeline the child has loaded
        self._asked: set[str] = set()
        self._replies: queue.Queue = queue.Queue()
        self._pending = 0  # replies of requests whose caller stopped before collecting them
        self._write = threading.Lock()
        threading.Thread(target=self._read, name="analysis-process", daemon=True).start()
        # Ended before this process's own teardown: closing the pipe the reader thread is blocked
        # on would otherwise wait for that thread, and it for the child (the host hung on exit).
        atexit.register(self.close)

    @property
    def pid(self) -> int:
        return self._proc.pid

    def alive(self) -> bool:
        return self._proc.poll() is None

    def _send(self, message: tuple) -> bool:
        try:
            with self._write:
                assert self._proc.stdin is not None  # started with stdin=PIPE
                pickle.dump(message, self._proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                self._proc.stdin.flush()
            return True
        except (OSError, ValueError):  # the child is gone: the host analyses alone
            return False

    def _read(self) -> None:
        assert self._proc.stdout is not None  # started with stdout=PIPE
        while True:
            try:
                kind, value = pickle.load(self._proc.stdout)
            except (EOFError, OSError, pickle.UnpicklingError):
                self._replies.put(None)
                return
            if kind == "ready":
                self._ready.add(value)
            else:
                self._replies.put(value)

    def load(self, lang: str) -> None:
        """Have the child load a language's pipeline (once; it answers when done)."""
        if lang not in self._asked:
            self._asked.add(lang)
            self._send(("load", lang, None))

    def ready(self, lang: str) -> bool:
        return lang in self._ready and self.alive()

    def submit(self, lang: str, items: Sequence[str], kind: str = "lines") -> bool:
        """Start analysing line blocks (kind "lines") or whole texts, marked ("texts");
        collect() returns their tokens. False: the child cannot."""
        while self._pending:  # a request abandoned earlier (a cancelled translation): its reply goes
            self._pending -= 1
            if self._replies.get() is None:
                self._pending = 0  # the child is gone: no more replies will come
                return False
        return self._send((kind, lang, list(items)))

    def collect(self):
        """The tokens of each block of the earliest submit not collected yet, or None when the
        child failed."""
        return self._replies.get()

    def answered(self) -> int:
        """How many replies collect() would return at once."""
        return self._replies.qsize()

    def abandon(self) -> None:
        """The caller will not collect the last submit's reply."""
        self._pending += 1

    def close(self) -> None:
        """End the child at once (it may be loading a pipeline): it holds nothing to keep."""
        self._proc.kill()
        self._proc.wait()


def split_at(blocks: Sequence[str]) -> int:
    """Where the host's share of blocks ends and the child's begins: the host takes the first
    HOST_SHARE of the characters (they are sent first), the child the rest; len(blocks) when the
    text is too short to split."""
    total = sum(len(b) for b in blocks)
    if total < MIN_SPLIT_CHARS or len(blocks) < 2:
        return len(blocks)
    done = 0
    for k, block in enumerate(blocks):
        if done + len(block) / 2 >= total * HOST_SHARE:
            return max(k, 1)
        done += len(block)
    return len(blocks)


def slices(blocks: Sequence[str], start: int) -> list[tuple[int, int]]:
    """The child's share, blocks[start:], cut into runs of a quarter of the characters left, from
    MAX_SLICE_CHARS down to SLICE_CHARS: each is answered as soon as it is analysed, and the host
    encodes and sends it while the child goes on."""
    out: list[tuple[int, int]] = []
    left = sum(len(b) for b in blocks[start:])
    size = goal = 0
    for k in range(start, len(blocks)):
        if out and size < goal:
            out[-1] = (out[-1][0], k + 1)
        else:
            out.append((k, k + 1))
            size, goal = 0, min(MAX_SLICE_CHARS, max(SLICE_CHARS, left // 4))
        size += len(blocks[k])
        left -= len(blocks[k])
    return out


def shared(process: AnalysisProcess, lang: str, blocks: Sequence[str],
           here: Callable[[Sequence[str]], Iterable[list]], kind: str = "lines") -> Generator[list, None, None]:
    """The tokens of each block (of each text, with `kind` "texts"), in order, analysed on two
    cores: `here` (this process) takes the first share (split_at) while the child analyses the
    rest slice by slice, IN_FLIGHT slices at a time, topped up whenever this process hands on a
    block; whenever the next slice is the child's and it has not answered yet, this process takes
    the last slice not sent to the child instead of waiting. So neither core waits for the other
    whatever else each runs (the host's encoding and decoding, other jobs), and each slice is
    analysed once. When the child fails, this process analyses the rest."""
    cut = split_at(blocks)
    parts = slices(blocks, cut)
    size = [sum(len(b) for b in blocks[a:b]) for a, b in parts]
    half = sum(size) // 2  # of a short text, so that this process may take the other half meanwhile
    front, back, sent, collected = 0, len(parts), 0, 0  # parts[:sent] went to the child, parts[back:] are done here
    mine: dict[int, list] = {}
    alive = True

    def feed() -> None:
        nonlocal sent, alive
        while alive and sent < back:
            busy = range(collected + process.answered(), sent)  # sent, not answered yet
            # the last slice never waits behind another in the child's pipe: this process takes it
            # (it would wait on the child at the end otherwise)
            if len(busy) >= IN_FLIGHT or (busy and (sum(size[k] for k in busy) >= half or sent + 1 == back)):
                return
            alive = process.submit(lang, blocks[slice(*parts[sent])], kind)
            sent += alive

    try:
        feed()
        for tokens in here(blocks[:cut]):
            yield tokens
            feed()
        while front < len(parts):
            feed()
            if front in mine:
                tokens = mine.pop(front)
            elif front < sent and alive:
                if sent < back and not process.answered():
                    back -= 1
                    mine[back] = list(here(blocks[slice(*parts[back])]))
                    continue
                tokens = process.collect()
                collected += 1
                if tokens is None:  # the child is gone: its later replies will not come
                    alive = False
                    tokens = list(here(blocks[slice(*parts[front])]))
            else:  # sent to a child that is gone, or the child could not take it
                tokens = list(here(blocks[slice(*parts[front])]))
            front += 1
            for block in tokens:
                yield block
                feed()  # as this process encodes each block, the child is never left without work
    finally:
        if alive:
            for _ in range(sent - collected):
                process.abandon()
