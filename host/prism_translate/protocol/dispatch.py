"""Action -> handler table for the native-messaging host (PROTOCOL.md).

A handler takes the request's args and a `Call` (call.py) and returns the data of the final
reply. Actions in WORKER run one at a time, in arrival order, on the serve loop's worker thread
(they are long and can be cancelled); the others are answered at once, also while a translation
runs.
"""

from __future__ import annotations

from typing import Callable

from ..errors import ProtocolError
from .actions.cancel import cancel
from .actions.prepare import prepare
from .actions.settings import set_key, settings
from .actions.status import capabilities, ping
from .actions.translate import translate
from .call import Call
from .envelope import Request


def _capabilities(args: dict, call: Call) -> dict:
    return capabilities(args, call, actions=sorted(HANDLERS))


HANDLERS: dict[str, Callable[[dict, Call], dict]] = {
    "capabilities": _capabilities,
    "ping": ping,
    "translate": translate,
    "prepare": prepare,
    "cancel": cancel,
    "settings": settings,
    "set_key": set_key,
}
# `prepare` queues with `translate`: a translation that follows it finds the analysis done.
WORKER = frozenset({"translate", "prepare"})


def handle(request: Request, call: Call) -> dict:
    """Run the request's handler. Unknown action -> E063; other failures propagate as PrismError."""
    handler = HANDLERS.get(request.action)
    if handler is None:
        raise ProtocolError("E063", action=request.action, choices=", ".join(sorted(HANDLERS)))
    return handler(request.args, call)
