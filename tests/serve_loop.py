"""The host's serve loop driven in-process by the tests: framed requests in, every reply out.
Plain functions (fixtures live in the conftest files)."""

from __future__ import annotations

import io
from typing import BinaryIO

from prism_translate import api
from prism_translate.protocol import framing
from prism_translate.protocol.serve import serve


def req(action: str, req_id: str = "r1", **args) -> dict:
    return {"v": 1, "id": req_id, "action": action, "args": args}


def read_replies(out: BinaryIO) -> list[dict]:
    """Every framed message written to out, in order."""
    out.seek(0)
    read = []
    while True:
        try:
            read.append(framing.read_message(out))
        except framing.EndOfStream:
            return read


def exchange(*requests: object, raw: bytes = b"", session: api.Session | None = None) -> list[dict]:
    """Feed framed requests to the serve loop; return every reply it wrote, in order."""
    inp = io.BytesIO(raw + b"".join(framing.encode(r) for r in requests))
    out = io.BytesIO()
    assert serve(inp, out, session) == 0
    return read_replies(out)


def small_session() -> api.Session:
    """A session that cuts texts into 120-character chunks and 250-character batches."""
    session = api.Session()
    session.chunk_chars, session.batch_chars = 120, 250
    return session
