"""Framing byte by byte, against the PyPI `nativemessaging` package as the reference encoder."""

from __future__ import annotations

import io
import json
import struct

import nativemessaging
import pytest

from prism_translate.errors import ProtocolError
from prism_translate.protocol import framing

MESSAGES = [
    {"v": 1, "id": "a", "ok": True, "data": {}},
    {"text": "Aucun identifiant trouvé — ñandú 漢字 🙂", "n": [1, 2.5, None, False]},
    {"nested": {"quote": "\"<script>\"", "newline": "a\nb\tc", "nul": "\u0000"}},
    "just a string",
]


@pytest.mark.parametrize("message", MESSAGES)
def test_frames_are_byte_identical_to_the_nativemessaging_package(message):
    ref = nativemessaging.encode_message(message)
    assert framing.encode(message) == ref["length"] + ref["content"]


@pytest.mark.parametrize("message", MESSAGES)
def test_length_counts_bytes_in_native_byte_order(message):
    frame = framing.encode(message)
    (length,) = struct.unpack("=I", frame[:4])  # native order, standard size
    assert length == len(frame) - 4
    assert json.loads(frame[4:].decode("utf-8")) == message


def test_reads_raw_utf8_as_browsers_send_it():
    # Chrome does not escape non-ASCII: the header must count UTF-8 bytes, not characters.
    body = json.dumps({"text": "Aucun identifiant trouvé 漢字"}, ensure_ascii=False).encode("utf-8")
    stream = io.BytesIO(struct.pack("@I", len(body)) + body)
    assert framing.read_message(stream) == {"text": "Aucun identifiant trouvé 漢字"}
    with pytest.raises(framing.EndOfStream):
        framing.read_message(stream)


def test_round_trip_of_several_messages_on_one_stream():
    stream = io.BytesIO()
    for m in MESSAGES:
        framing.write_message(stream, m)
    stream.seek(0)
    assert [framing.read_message(stream) for _ in MESSAGES] == MESSAGES


class _Trickle(io.RawIOBase):
    """A pipe that hands out at most 3 bytes per read, as real pipes may."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        part, self.data = self.data[: min(n, 3)], self.data[min(n, 3):]
        return part


def test_short_reads_are_reassembled():
    assert framing.read_message(_Trickle(framing.encode({"x": "y" * 100}))) == {"x": "y" * 100}


def test_clean_eof_and_truncated_frames_end_the_stream():
    with pytest.raises(framing.EndOfStream):
        framing.read_message(io.BytesIO(b""))
    with pytest.raises(framing.EndOfStream):
        framing.read_message(io.BytesIO(b"\x05\x00"))  # half a header
    with pytest.raises(framing.EndOfStream):
        framing.read_message(io.BytesIO(struct.pack("@I", 10) + b'{"a"'))  # body cut short


def test_invalid_json_is_a_coded_error_and_the_stream_stays_in_step():
    stream = io.BytesIO(struct.pack("@I", 5) + b"{oops" + framing.encode({"next": 1}))
    with pytest.raises(ProtocolError) as err:
        framing.read_message(stream)
    assert err.value.code == "E061"
    assert framing.read_message(stream) == {"next": 1}


def test_oversized_incoming_frame_is_skipped_with_E060():
    big = json.dumps({"x": "a" * 2000}).encode()
    stream = io.BytesIO(struct.pack("@I", len(big)) + big + framing.encode({"after": True}))
    with pytest.raises(ProtocolError) as err:
        framing.read_message(stream, limit=1000)
    assert err.value.code == "E060"
    assert framing.read_message(stream, limit=1000) == {"after": True}


def test_replies_over_one_megabyte_are_refused_not_sent():
    out = io.BytesIO()
    with pytest.raises(ProtocolError) as err:
        framing.write_message(out, {"text": "é" * 200_000})  # 1.2 MB once \u-escaped
    assert err.value.code == "E060"
    assert out.getvalue() == b""
    framing.write_message(out, {"text": "a" * (framing.MAX_OUTGOING - 20)})
    assert len(out.getvalue()) <= 1024 * 1024 + 4
