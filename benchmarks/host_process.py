"""`prism host` in its own process, as the browser starts it, for the benchmarks."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from prism_translate.engine import analysis_process
from prism_translate.protocol import framing


def load() -> str:
    """The 1-minute load average, printed with every row: the machine is shared."""
    return f"load {os.getloadavg()[0]:.1f}"


class Host:
    """`prism host` in an isolated home (XDG directories under `home`), with `env` added."""

    def __init__(self, home: Path, env: dict[str, str] | None = None) -> None:
        # as installed: bytecode cached (pip compiles it), so a developer's PYTHONDONTWRITEBYTECODE goes
        full = {k: v for k, v in os.environ.items() if not k.startswith("PRISM_") and k != "PYTHONDONTWRITEBYTECODE"}
        full.update(XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
                    XDG_DATA_HOME=str(home / "data"), **(env or {}))
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "prism_translate.cli", "host", "chrome-extension://bench/"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=full)
        self.n = 0

    def start(self, action: str, **args) -> str:
        """Send a request without waiting for its reply; returns its id."""
        self.n += 1
        self.proc.stdin.write(framing.encode({"v": 1, "id": str(self.n), "action": action, "args": args}))
        self.proc.stdin.flush()
        return str(self.n)

    def finish(self, req_id: str) -> dict:
        """Read replies up to the final one of req_id (earlier requests' replies are skipped)."""
        while True:
            reply = framing.read_message(self.proc.stdout)
            if reply.get("id") == req_id and not reply.get("more"):
                break
        if not reply["ok"]:
            raise SystemExit(f"request {req_id}: {reply['error']['message']}")
        return reply["data"]

    def ask(self, action: str, **args) -> tuple[float, dict]:
        start = time.perf_counter()
        data = self.finish(self.start(action, **args))
        return time.perf_counter() - start, data

    def peak_rss_mib(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024

    def second_process_peak_rss_mib(self) -> float:
        """Peak RSS of the host's kept second analysis process (0 when it has none)."""
        # each thread lists its own children, and the host starts that process from its warm-up thread
        tasks = Path(f"/proc/{self.proc.pid}/task").iterdir()
        children = [pid for task in tasks for pid in (task / "children").read_text().split()]
        for pid in children:
            if analysis_process.CHILD.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                status = Path(f"/proc/{pid}/status").read_text()
                return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024
        return 0.0

    def wait_for_second_process(self, mib: float = 100.0, timeout: float = 300.0) -> None:
        """Until the second analysis process holds a loaded pipeline (about 150 MiB)."""
        deadline = time.monotonic() + timeout
        while self.second_process_peak_rss_mib() < mib and time.monotonic() < deadline:
            time.sleep(0.5)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(600)  # it first lets its warm-up end: a minute or more on a loaded machine
