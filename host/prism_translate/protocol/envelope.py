"""Request and reply envelopes (PROTOCOL.md). Every reply carries the protocol version and the
id of the request it answers, so the extension can pair replies with requests over one port.

    request  {"v": 1, "id": "r7", "action": "translate", "args": {...}}
    success  {"v": 1, "id": "r7", "ok": true,  "more": false, "data": {...}}
    error    {"v": 1, "id": "r7", "ok": false, "error": {"code": "E064", "message": "..."}}

A request may be answered by several success replies: all but the last have "more": true.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PrismError, ProtocolError

VERSION = 1
MAX_ID_LENGTH = 64


@dataclass(frozen=True)
class Request:
    id: str
    action: str
    args: dict


def parse_request(message: object) -> Request:
    """Validate the envelope (not the action's args). Raises ProtocolError E061/E062."""
    if not isinstance(message, dict):
        raise ProtocolError("E061", detail="a request must be a JSON object")
    unknown = sorted(set(message) - {"v", "id", "action", "args"})
    if unknown:
        raise ProtocolError("E061", detail=f"unknown envelope field(s) {', '.join(unknown)}")
    if message.get("v") != VERSION:
        raise ProtocolError("E062", version=message.get("v"), supported=VERSION)
    req_id = message.get("id")
    if not isinstance(req_id, str) or not 0 < len(req_id) <= MAX_ID_LENGTH:
        raise ProtocolError("E061", detail=f"'id' must be a string of 1 to {MAX_ID_LENGTH} characters")
    action = message.get("action")
    if not isinstance(action, str) or not action:
        raise ProtocolError("E061", detail="'action' must be a non-empty string")
    args = message.get("args", {})
    if not isinstance(args, dict):
        raise ProtocolError("E061", detail="'args' must be a JSON object")
    return Request(req_id, action, args)


def request_id(message: object) -> str | None:
    """The id of a message that failed validation, if it has a usable one (to pair the error)."""
    if isinstance(message, dict):
        req_id = message.get("id")
        if isinstance(req_id, str) and 0 < len(req_id) <= MAX_ID_LENGTH:
            return req_id
    return None


def ok(req_id: str, data: dict, *, more: bool = False) -> dict:
    return {"v": VERSION, "id": req_id, "ok": True, "more": more, "data": data}


def error(req_id: str | None, err: PrismError) -> dict:
    return {"v": VERSION, "id": req_id, "ok": False, "error": err.to_dict()}
