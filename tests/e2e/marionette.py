"""A minimal client for Firefox's Marionette protocol (`firefox --marionette`): messages are
`<length>:<json>`, requests [0, id, command, params], replies [1, id, error, result].
Playwright drives only its own patched Firefox builds, so the Debian Firefox ESR is driven here."""

from __future__ import annotations

import json
import socket
import time

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
SHADOW = "shadow-6066-11e4-a52e-4f735466cecf"


class MarionetteError(Exception):
    pass


class Marionette:
    def __init__(self, port: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=120)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.buffer = b""
        self.last_id = 0
        self._read()  # the server's hello

    def _read(self) -> object:
        while b":" not in self.buffer:
            self.buffer += self._recv()
        size, _, rest = self.buffer.partition(b":")
        while len(rest) < int(size):
            rest += self._recv()
        message, self.buffer = rest[: int(size)], rest[int(size):]
        return json.loads(message)

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise MarionetteError("Firefox closed the Marionette connection")
        return chunk

    def __call__(self, command: str, **params) -> dict:
        self.last_id += 1
        data = json.dumps([0, self.last_id, command, params]).encode()
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        while True:
            reply = self._read()
            if reply[1] == self.last_id:
                break
        if reply[2]:
            raise MarionetteError(reply[2].get("message", reply[2]))
        return reply[3]

    def script(self, source: str, *args, asynchronous: bool = False):
        command = "WebDriver:ExecuteAsyncScript" if asynchronous else "WebDriver:ExecuteScript"
        return self(command, script=source, args=list(args))["value"]

    def close(self) -> None:
        self.sock.close()
