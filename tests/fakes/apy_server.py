"""Run the real Apertium APy (Debian package apertium-apy) for tests, bound to 127.0.0.1.

APy itself has no option to choose the address and listens on all interfaces; this launcher,
run by the system Python that the Debian package installs into, narrows tornado's bind() to
the loopback address before starting APy's own main()."""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

LAUNCHER = """
import sys
import tornado.tcpserver
_bind = tornado.tcpserver.TCPServer.bind
def bind(self, port, address=None, *args, **kwargs):
    return _bind(self, port, "127.0.0.1", *args, **kwargs)
tornado.tcpserver.TCPServer.bind = bind
from apertium_apy.apy import main
sys.argv = ["apertium-apy"] + sys.argv[1:]
main()
"""
MODES = Path("/usr/share/apertium/modes")


def available() -> str | None:
    """Why the real APy cannot run here, or None when it can."""
    if shutil.which("apertium-apy") is None:
        return "apertium-apy is not installed (apt-get install apertium-apy; .ci/run does)"
    if not MODES.is_dir():
        return f"no Apertium modes in {MODES} (apt-get install apertium-eng-spa)"
    return None


@contextlib.contextmanager
def real_apy(timeout: float = 60.0):
    """Yield the base URL of a freshly started APy; stop it afterwards."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    python = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable
    # APy logs a line per request: into a pipe nobody reads, it blocked after about 930 requests
    errors = tempfile.TemporaryFile()
    proc = subprocess.Popen([python, "-c", LAUNCHER, "-p", str(port), str(MODES)],
                            stdout=subprocess.DEVNULL, stderr=errors)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                errors.seek(0)
                raise RuntimeError(f"apertium-apy exited: {errors.read().decode(errors='replace')[-500:]}")
            try:
                with urllib.request.urlopen(f"{url}/listPairs", timeout=2) as resp:
                    if json.load(resp).get("responseStatus") == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("apertium-apy did not start in time")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        errors.close()
