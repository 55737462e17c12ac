"""`cancel`: stop a running or queued translate request after its current batch."""

from __future__ import annotations

from ...errors import ProtocolError
from ..call import Call, only
from ..envelope import MAX_ID_LENGTH


def cancel(args: dict, call: Call) -> dict:
    only(args, ("request",))
    target = args.get("request")
    if not isinstance(target, str) or not 0 < len(target) <= MAX_ID_LENGTH:
        raise ProtocolError("E061", detail=f"'request' must be the id (1 to {MAX_ID_LENGTH} characters) of a "
                            "translate request")
    return {"cancelled": call.jobs.cancel(target)}
