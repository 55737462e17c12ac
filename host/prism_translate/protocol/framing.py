"""Native-messaging framing: each message is a 32-bit length in native byte order followed by
that many bytes of UTF-8 JSON (Chrome and Firefox native messaging).

Lengths count bytes of the encoded JSON, never characters. Encoding uses ``json.dumps`` defaults
(ASCII-only, non-ASCII as \\uXXXX), so a frame is byte-for-byte what the PyPI `nativemessaging`
package's ``encode_message`` produces; tests/host/protocol/test_framing.py checks that.

We do not use that package at run time: it exits the process on EOF, reads a truncated frame
as if it were whole, and has no size limits. Here both directions are bounded (browsers refuse
host replies over 1 MB) and an oversized incoming frame is skipped so the stream stays in step.
"""

from __future__ import annotations

import json
import re
import struct
from typing import BinaryIO

from ..errors import ProtocolError

HEADER = struct.Struct("@I")
# Chrome and Firefox drop a host message over 1 MB (and with it the whole port).
MAX_OUTGOING = 1024 * 1024 - 1
# Browser -> host may be up to 4 GB; we accept what the largest allowed request can encode to.
MAX_INCOMING = 1024 * 1024
_SKIP_CHUNK = 64 * 1024
# Deepest nesting of arrays and objects a request may have (ours need 3). Checked on the bytes
# before parsing: json.loads recurses once per level and would die of RecursionError near 1,000.
MAX_DEPTH = 32
_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class EndOfStream(Exception):
    """The browser closed the channel (clean EOF before a header)."""


def encode(message: object) -> bytes:
    body = json.dumps(message, allow_nan=False).encode("utf-8")  # strict JSON: no NaN or Infinity
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
    return parse(body)


def _depth(body: bytes) -> int:
    """How deep arrays and objects nest, counted on the bytes outside strings, stopping early."""
    depth = 0
    for bracket in _STRING.sub(b"", body).translate(None, _NOT_BRACKETS):
        depth += 1 if bracket in b"[{" else -1
        if depth > MAX_DEPTH:
            break
    return depth


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def parse(body: bytes) -> object:
    """A frame's body as strict JSON, or E061: not UTF-8, not JSON (NaN and Infinity included),
    nested deeper than MAX_DEPTH, or holding a lone UTF-16 surrogate (no character: it could not
    be written to the translator, the log or a reply)."""
    if _depth(body) > MAX_DEPTH:
        raise ProtocolError("E061", detail=f"the message nests arrays or objects deeper than {MAX_DEPTH} levels")
    try:
        message = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError) as err:
        raise ProtocolError("E061", detail=f"the message is not UTF-8 JSON ({type(err).__name__})") from None
    try:
        json.dumps(message, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError("E061", detail="the message holds a lone UTF-16 surrogate (\\ud800-\\udfff), "
                            "which is not a character") from None
    return message


def _skip(stream: BinaryIO, size: int) -> None:
    while size > 0:
        part = stream.read(min(size, _SKIP_CHUNK))
        if not part:
            raise EndOfStream
        size -= len(part)
