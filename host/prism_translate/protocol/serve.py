"""The serve loop: read framed requests until EOF and answer each one (PROTOCOL.md "Lifecycle").

Requests are read on the calling thread. Long actions (dispatch.WORKER: translate) are queued to
one worker thread and run one at a time in arrival order; everything else, `cancel` included, is
answered at once, also while a translation runs. Replies from both threads go through one
writer that holds a lock, so frames are never interleaved. Every request gets replies carrying
its id; a failing request gets an error envelope and the loop keeps serving.
"""

from __future__ import annotations

import functools
import logging
import queue
import threading
import time
import traceback
from typing import TYPE_CHECKING, BinaryIO, Protocol

from ..errors import PrismError
from . import dispatch, envelope, framing
from .call import Call, Jobs, LazySession

if TYPE_CHECKING:
    from .. import api

log = logging.getLogger("prism_translate.host")


def shown(value: object) -> str:
    """An id or action name as a log line may hold it: a short prefix, control characters
    (NUL, ESC, CR, LF) and lone surrogates escaped, so one request cannot forge or break lines."""
    return repr(str(value)[:64])[1:-1]


class Channel(Protocol):
    """Where frames go: stdout's binary buffer, or a wrapper of it (protocol/host.py)."""

    def write(self, data: bytes, /) -> int | None: ...

    def flush(self) -> None: ...


class Writer:
    """The only writer of frames. A browser that went away (broken pipe) ends the serving."""

    def __init__(self, stream: Channel) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self.closed = False

    def write(self, message: dict) -> None:
        frame = framing.encode(message)  # E060 for a reply over the limit: raised to the caller
        with self._lock:
            if self.closed:
                return
            try:
                self._stream.write(frame)
                self._stream.flush()  # the browser waits for the whole frame
            except (BrokenPipeError, ConnectionResetError):
                log.info("browser went away while we were replying")
                self.closed = True

    def ok(self, req_id: str, data: dict, *, more: bool = False) -> None:
        self.write(envelope.ok(req_id, data, more=more))

    def error(self, req_id: str | None, err: PrismError) -> None:
        self.write(envelope.error(req_id, err))


def answer(request: envelope.Request, call: Call, writer: Writer) -> None:
    """Run one request and write its final reply or its error."""
    started = time.monotonic()
    try:
        writer.ok(request.id, dispatch.handle(request, call))
        log.info("%s %s: ok in %.2f s", shown(request.action), shown(request.id), time.monotonic() - started)
    except PrismError as err:
        log.info("%s %s: %s", shown(request.action), shown(request.id), err.code)
        writer.error(request.id, err)
    except Exception as exc:  # a bug must not take the port down; the traceback has no payloads
        log.error("%s %s: internal error %s\n%s", shown(request.action), shown(request.id), type(exc).__name__,
                  "".join(traceback.format_tb(exc.__traceback__)))
        writer.error(request.id, PrismError("E001", detail=type(exc).__name__))


def _work(jobs_queue: queue.Queue, writer: Writer, session: api.Session | LazySession, jobs: Jobs) -> None:
    while (job := jobs_queue.get()) is not None:
        request, cancelled = job
        try:
            if not writer.closed:
                send = lambda data, req_id=request.id: writer.ok(req_id, data, more=True)  # noqa: E731
                answer(request, Call(session, send, jobs, cancelled), writer)
        finally:
            jobs.done(request.id)


def serve(instream: BinaryIO, outstream: Channel, session: api.Session | LazySession | None = None) -> int:
    """Answer framed requests until EOF; returns the exit status (0). At EOF, requests already
    queued are still answered (a pipe of requests gets all its replies)."""
    writer = Writer(outstream)
    session = session or LazySession()
    jobs = Jobs()
    jobs_queue: queue.Queue = queue.Queue()
    worker = threading.Thread(target=_work, args=(jobs_queue, writer, session, jobs), name="worker", daemon=True)
    worker.start()
    try:
        while not writer.closed:
            try:
                message = framing.read_message(instream)
            except framing.EndOfStream:
                log.info("browser closed the channel")
                break
            except PrismError as err:
                log.warning("unreadable message: %s", err.code)
                writer.error(None, err)
                continue
            try:
                request = envelope.parse_request(message)
                if request.action in dispatch.WORKER:
                    jobs_queue.put((request, jobs.add(request.id)))
                    continue
            except PrismError as err:
                log.info("request %s: %s", shown(envelope.request_id(message)), err.code)
                writer.error(envelope.request_id(message), err)
                continue
            answer(request, Call(session, functools.partial(writer.ok, request.id, more=True), jobs), writer)
    finally:
        jobs_queue.put(None)
        worker.join()
    return 0
