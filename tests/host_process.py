"""A real host process driven over its pipes by the tests: start, one call, stop."""

from __future__ import annotations

import subprocess
import sys
import threading

from prism_translate.protocol import framing


def start(env: dict, code: str | None = None) -> subprocess.Popen:
    argv = [sys.executable, "-m", "prism_translate.cli", "host", "chrome-extension://abc/"]
    if code is not None:
        argv = [sys.executable, "-c", code]
    return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def call(proc: subprocess.Popen, message: dict, timeout: float = 120) -> dict:
    """Send one request and read one reply; a reply that never comes (missing flush) fails."""
    proc.stdin.write(framing.encode(message))
    proc.stdin.flush()
    box: list = []
    reader = threading.Thread(target=lambda: box.append(framing.read_message(proc.stdout)), daemon=True)
    reader.start()
    reader.join(timeout)
    assert box, "the host did not reply (unflushed stdout?)"
    return box[0]


def stop(proc: subprocess.Popen) -> tuple[int, bytes]:
    proc.stdin.close()
    try:
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, proc.stderr.read()
