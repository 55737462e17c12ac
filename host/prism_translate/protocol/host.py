"""The host process as the browser starts it: take the channel off fds 0/1, set up the log,
warm up spaCy and the dictionary once the first reply is out, serve until the browser closes stdin.

stdout carries frames only: before serving, file descriptor 1 is pointed at stderr, so a stray
print() of ours or of a library (or a child process) cannot corrupt the channel.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
import threading
import time
from pathlib import Path
from typing import BinaryIO

from .. import credentials, paths, policy
from ..engine import without_torch
from ..errors import PrismError
from .call import LazySession
from .serve import serve, shown

log = logging.getLogger("prism_translate.host")


def default_log_file() -> Path:
    return paths.log_dir() / "host.log"


class _Replied(io.RawIOBase):
    """The channel out, noting when the first reply has gone out."""

    def __init__(self, stream: BinaryIO, replied: threading.Event) -> None:
        super().__init__()
        self.stream, self.replied = stream, replied

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        return self.stream.write(data)

    def flush(self) -> None:
        self.stream.flush()
        self.replied.set()


def _warm_up(session: LazySession, replied: threading.Event) -> None:
    """Load what the first translation needs (api.Session.warm_up) while the user is still
    selecting text. It starts once the first reply is out: the extension's first message (sent
    when the browser starts, or on a selection) is a ping, or the options page's `capabilities`,
    which importing the engine and spaCy next to it would slow down several times. A first
    `translate` loads what it needs itself (each load is guarded, whichever thread is first);
    one that comes during the warm-up waits for it (LazySession.warm_up). What it gets ready
    follows the settings in effect: a translator the organisation's policy forces, not the
    user's stored one."""
    replied.wait()
    started = time.monotonic()
    try:
        session.warm_up(policy.effective()[1])
        log.info("warm-up done in %.1f s", time.monotonic() - started)
    except PrismError as err:
        log.info("warm-up: %s", err.code)  # the first request reports it to the user


class _QuietLog(logging.handlers.RotatingFileHandler):
    """The host's log file. A log that cannot be written (a full disk, a folder made read-only)
    must not disturb the host nor fill the browser's log with tracebacks: the first failure is
    one line on stderr, later ones are silent (each record is still tried: space may come back)."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        if not self.failed:
            self.failed = True
            err = sys.exc_info()[1]
            reason = paths.explain(err)[0] if isinstance(err, OSError) else type(err).__name__
            try:
                sys.stderr.write(f"prism host: cannot write the log {self.baseFilename} ({reason}); "
                                 "the host goes on without it\n")
            except (OSError, ValueError):  # no stderr left either: nothing more to tell
                pass


def _setup_logging(path: Path, verbose: bool) -> None:
    root = logging.getLogger()
    if not verbose:  # stderr (the browser's log) gets warnings; the file gets the request log
        for existing in root.handlers:
            existing.setLevel(logging.WARNING)
    try:
        paths.private_dir(path.parent)
        handler: logging.Handler = _QuietLog(path, maxBytes=1_000_000, backupCount=2, encoding="utf-8",
                                             errors="backslashreplace")
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def run(log_file: Path | None, verbose: bool, caller: list[str]) -> int:
    if sys.platform == "win32":  # no newline translation on the channel
        import msvcrt

        msvcrt.setmode(0, os.O_BINARY)
        msvcrt.setmode(1, os.O_BINARY)
    # Take private copies of the channel, then point fds 0/1 away from it.
    instream = os.fdopen(os.dup(0), "rb", buffering=0)
    outstream = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")
    sys.stdout = sys.stderr

    # The browser's umask is not the user's choice either: whatever the host creates (the log, its
    # rotations, settings, keys, their folders) is the user's alone, even under umask 000.
    os.umask(0o077)
    credentials.ignore_vendor_variables()  # the browser's environment is not the user's choice
    _setup_logging(log_file or default_log_file(), verbose)
    log.info("host started pid=%d caller=%s", os.getpid(), shown(" ".join(caller[:2])))
    without_torch()
    session, replied = LazySession(), threading.Event()
    warm = threading.Thread(target=_warm_up, args=(session, replied), name="warm-up", daemon=True)
    warm.start()
    status = serve(instream, _Replied(outstream, replied), session)
    # Finalizing the interpreter while the warm-up is inside spaCy's or Apertium's start-up can
    # abort the process (CI saw exit -6 after a request sent at start-up): let it end first.
    warm.join(60)
    return status
