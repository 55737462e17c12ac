"""Native-messaging framing: each message is a 32-bit length in native byte order followed by
that many bytes of UTF-8 JSON (Chrome and Firefox native messaging).

Lengths count bytes of the encoded JSON, never characters. Encoding uses ``json.dumps`` defaults
(ASCII-only, non-ASCII as \\uXXXX), so a frame is byte-for-byte what the PyPI `nativemessaging`
package's ``encode_message`` produces; tests/host/test_protocol_framing.py checks that.

We do not use that package at run time: it exits the process on EOF, reads a truncated frame
as if it were whole, and has no size limits. Here both directions are bounded (browsers refuse
host replies over 1 MB) and an oversized incoming frame is skipped so the stream stays in step.
"""

from __future__ import annotations

import json
import struct
from typing import BinaryIO

from ..errors import ProtocolError

HEADER = struct.Struct("@I")
# Chrome and Firefox drop a host message over 1 MB (and with it the whole port).
MAX_OUTGOING = 1024 * 1024 - 1
# Browser -> host may be up to 4 GB; we accept what the largest allowed request can encode to.
MAX_INCOMING = 1024 * 1024
_SKIP_CHUNK = 64 * 1024


class EndOfStream(Exception):
    """The browser closed the channel (clean EOF before a header)."""


def encode(message: object) -> bytes:
    body = json.dumps(message).encode("utf-8")
    if len(body) > MAX_OUTGOING:
        raise ProtocolError("E060", size=len(body), limit=MAX_OUTGOING)
    return HEADER.pack(len(body)) + body


def write_message(stream: BinaryIO, message: object) -> None:
    stream.write(encode(message))
    stream.flush()  # the browser waits for the whole frame; buffering would hang it


def _read_exact(stream: BinaryIO, size: int) -> bytes:
    parts, missing = [], size
    while missing:
        part = stream.read(missing)
        if not part:
            break
        parts.append(part)
        missing -= len(part)
    return b"".join(parts)


def read_message(stream: BinaryIO, limit: int = MAX_INCOMING) -> object:
    """Read one message. Raises EndOfStream on EOF at a frame boundary, ProtocolError E060 for an
    oversized frame (its body is consumed, so the next read starts at the next frame) and E061
    for a body that is not UTF-8 JSON. A frame cut short by EOF also ends the stream."""
    header = _read_exact(stream, HEADER.size)
    if not header:
        raise EndOfStream
    if len(header) < HEADER.size:
        raise EndOfStream  # the browser went away mid-header: nothing left to answer
    (size,) = HEADER.unpack(header)
    if size > limit:
        _skip(stream, size)
        raise ProtocolError("E060", size=size, limit=limit)
    body = _read_exact(stream, size)
    if len(body) < size:
        raise EndOfStream  # truncated frame: the sender is gone
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise ProtocolError("E061", detail=f"the message is not UTF-8 JSON ({type(err).__name__})") from None


def _skip(stream: BinaryIO, size: int) -> None:
    while size > 0:
        part = stream.read(min(size, _SKIP_CHUNK))
        if not part:
            raise EndOfStream
        size -= len(part)
