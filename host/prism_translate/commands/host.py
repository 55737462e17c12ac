"""`prism host`: the native-messaging host the browser extension talks to (PROTOCOL.md).

The browser starts it once per connectNative port and keeps it running, so spaCy and the
dictionary load once. Requests are served one after the other until the browser closes stdin.
stdout carries frames only: before serving, file descriptor 1 is pointed at stderr, so a stray
print() of ours or of a library (or a child process) cannot corrupt the channel.
"""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import BinaryIO

from .. import config, credentials
from ..errors import PrismError
from ..protocol import dispatch, envelope, framing

log = logging.getLogger("prism_translate.host")


def default_log_file() -> Path:
    base = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state"))
    return base / "prism-translate" / "host.log"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("host", help="native-messaging host for the browser extension (started by the browser)",
                       description="Serve the PRISM browser extension over native messaging on stdin/stdout. "
                       "Browsers start this through the launcher install_host.py writes.")
    p.add_argument("--log-file", type=Path, default=None,
                   help=f"log file (default {default_log_file()}); logs never hold text or keys")
    # Chrome passes the caller's origin (and --parent-window on Windows), Firefox the manifest
    # path and the add-on id: accepted and logged, never trusted (the manifest decides who may call).
    p.add_argument("caller", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def serve(instream: BinaryIO, outstream: BinaryIO) -> int:
    """Answer framed requests until EOF. Every request gets replies carrying its id; a failing
    request gets an error envelope and the loop keeps serving."""
    def write(message: dict) -> None:
        framing.write_message(outstream, message)

    while True:
        try:
            message = framing.read_message(instream)
        except framing.EndOfStream:
            log.info("browser closed the channel")
            return 0
        except PrismError as err:
            log.warning("unreadable message: %s", err.code)
            write(envelope.error(None, err))
            continue
        req_id = envelope.request_id(message)
        started = time.monotonic()
        try:
            request = envelope.parse_request(message)
            data = dispatch.handle(request, lambda part: write(envelope.ok(request.id, part, more=True)))
            write(envelope.ok(request.id, data))
            log.info("%s %s: ok in %.2f s", request.action, request.id, time.monotonic() - started)
        except PrismError as err:
            log.info("request %s: %s", req_id, err.code)
            write(envelope.error(req_id, err))
        except Exception as exc:  # a bug must not take the port down; the traceback has no payloads
            log.error("request %s: internal error %s\n%s", req_id, type(exc).__name__,
                      "".join(traceback.format_tb(exc.__traceback__)))
            write(envelope.error(req_id, PrismError("E001", detail=type(exc).__name__)))


def _warm_up() -> None:
    """Load spaCy and the default dictionary while the first request is still being typed."""
    from ..dictionary.format import find_dictionary
    from ..engine.tokenize import load_model

    try:
        load_model()
        find_dictionary(str(config.load()["target"]))
    except PrismError as err:
        log.info("warm-up: %s", err.code)  # the first request reports it to the user


def _setup_logging(path: Path, verbose: bool) -> None:
    root = logging.getLogger()
    if not verbose:  # stderr (the browser's log) gets warnings; the file gets the request log
        for existing in root.handlers:
            existing.setLevel(logging.WARNING)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=2,
                                                                        encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def run(args: argparse.Namespace) -> int:
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

    credentials.ignore_vendor_variables()  # the browser's environment is not the user's choice
    _setup_logging(args.log_file or default_log_file(), args.verbose)
    log.info("host started pid=%d caller=%s", os.getpid(), " ".join(args.caller[:2]))
    threading.Thread(target=_warm_up, name="warm-up", daemon=True).start()
    try:
        return serve(instream, outstream)
    except (BrokenPipeError, ConnectionResetError):
        log.info("browser went away while we were replying")
        return 0
