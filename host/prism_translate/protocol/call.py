"""What a handler gets besides its args: the host session, a way to stream intermediate replies,
and whether its request was cancelled. Handlers validate their args strictly and raise coded
PrismErrors; they never log args, which carry private text or API keys."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator

from ..errors import ProtocolError

if TYPE_CHECKING:
    from .. import api, config


def only(args: dict, allowed: tuple[str, ...]) -> None:
    """Refuse arguments an action does not take (a typo must not be silently ignored)."""
    unknown = sorted(set(args) - set(allowed))
    if unknown:
        raise ProtocolError("E061", detail=f"unknown argument(s) {', '.join(unknown)}; allowed: "
                            f"{', '.join(allowed) or 'none'}")


class Jobs:
    """Requests that run on the worker, by id, so that `cancel` can reach them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[str, threading.Event] = {}

    def add(self, req_id: str) -> threading.Event:
        with self._lock:
            if req_id in self._running:
                raise ProtocolError("E061", detail="'id' is already used by a request that has not finished")
            self._running[req_id] = threading.Event()
            return self._running[req_id]

    def cancel(self, req_id: str) -> bool:
        with self._lock:
            event = self._running.get(req_id)
        if event is None:
            return False
        event.set()
        return True

    def done(self, req_id: str) -> None:
        with self._lock:
            self._running.pop(req_id, None)


class LazySession:
    """The host's one api.Session, built by whichever thread needs it first. Building it imports
    the whole engine, which `ping`, `capabilities` and `settings` never use: a cold host answers
    those without paying for it (the warm-up builds it once the first reply is out)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._session: api.Session | None = None
        self._busy = threading.Lock()  # held by the warm-up and by each translation, whole

    def get(self) -> api.Session:
        with self._lock:
            if self._session is None:
                from .. import api

                self._session = api.Session()
            return self._session

    def forget_translator(self) -> None:
        if self._session is not None:  # none built yet: nothing to forget
            self._session.forget_translator()

    def warm_up(self, settings: config.Settings) -> None:
        """api.Session.warm_up on the calling thread, never at the same time as a translation:
        one asked meanwhile waits for it, and it waits for one already running. Two threads
        loading the same things compete for the interpreter (spaCy, the dictionary and the
        language identifier: 9 s one after the other, 12 s side by side, at load 28 on 2 cores),
        and importing spaCy's English modules from two threads at once can deadlock."""
        with self._busy:
            self.get().warm_up(settings)

    def translate_batches(self, texts, target: str, **options) -> Iterator[api.Batch]:
        with self._busy:  # released when the caller has the last batch or stops (cancel)
            yield from self.get().translate_batches(texts, target, **options)

    def analyse_ahead(self, texts, source: str, stop=None, settings=None) -> int:
        with self._busy:  # after the warm-up: the pipeline it loads is the one used here
            return self.get().analyse_ahead(texts, source, stop, settings)


@dataclass
class Call:
    session: api.Session | LazySession
    send: Callable[[dict], None]  # one intermediate reply ("more": true)
    jobs: Jobs
    cancelled: threading.Event = field(default_factory=threading.Event)

    def stop_if_cancelled(self) -> None:
        if self.cancelled.is_set():
            raise ProtocolError("E090")
