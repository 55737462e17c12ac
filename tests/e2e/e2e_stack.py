"""The isolated browser-independent parts of the e2e setup: a fresh environment for a browser and
the host it starts, and `Stack`, the handle tests use to steer the translator double and to read
what the translator and the host saw."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
EXTENSION = REPO / "extension"
CHROMIUM = "/usr/bin/chromium"
SITES = {"mail.example.test", "cdn.example.test"}


@dataclass
class Stack:
    root: Path
    env: dict
    profile: Path
    context: object
    site: object  # conftest.Site: the fixture server and recording proxy
    playwright: object = None  # the session's Playwright (a test may start a browser of its own)
    seen_by_playwright: list = field(default_factory=list)

    # -- the translator double -----------------------------------------------------------------
    @property
    def state(self) -> Path:
        return self.root / "e2e"

    def set_mode(self, mode: str) -> None:
        (self.state / "mode").write_text(mode)

    def translator_calls(self) -> list[dict]:
        path = self.state / "translator.log"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def reset_records(self) -> None:
        """Forget what earlier tests recorded; back to the settings install_host.py leaves."""
        (self.state / "translator.log").unlink(missing_ok=True)
        (self.root / "config" / "prism-translate" / "config.json").write_text('{"translator": "apertium"}')
        self.site.requests.clear()
        self.seen_by_playwright.clear()
        self.set_mode("normal")

    # -- the host ------------------------------------------------------------------------------
    def install(self, *extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, str(REPO / "install_host.py"), "--browser", "chromium", "--user-data-dir",
             str(self.profile), "--python", sys.executable, *extra],
            env=self.env, capture_output=True, text=True, timeout=120)

    def host_log(self) -> str:
        path = self.root / "state" / "prism-translate" / "host.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def host_pids(self) -> list[int]:
        return [int(p) for p in re.findall(r"host started pid=(\d+)", self.host_log())]

    def live_host_pids(self) -> list[int]:
        return [p for p in self.host_pids() if _alive(p)]

    # -- the extension -------------------------------------------------------------------------
    def worker(self):
        for w in self.context.service_workers:
            if w.url.startswith("chrome-extension://") and w.url.endswith("/background/service_worker.js"):
                return w
        return self.context.wait_for_event("serviceworker", timeout=30000)


def launch_chromium(playwright, profile: Path, env: dict, proxy_port: int, extension: Path = EXTENSION):
    """Debian's Chromium with the unpacked extension in a persistent profile, every request
    (loopback included) through the recording proxy on proxy_port."""
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, env=env, viewport={"width": 1280, "height": 800},
        args=[f"--disable-extensions-except={extension}", f"--load-extension={extension}",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--no-first-run", "--disable-default-apps",
              f"--proxy-server=http://127.0.0.1:{proxy_port}", "--proxy-bypass-list=<-loopback>"])


def close_setup_page(worker, timeout: float = 30) -> None:
    """Close the setup page the extension opens once installed (welcome/welcome.html?installed),
    found through the extension's own tabs API: Playwright may not list a tab opened while it
    was still connecting."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        closed = worker.evaluate("""async () => {
            const tabs = (await chrome.tabs.query({})).filter((t) => (t.url || t.pendingUrl || '').includes('/welcome/welcome.html?installed'));
            await Promise.all(tabs.map((t) => chrome.tabs.remove(t.id)));
            return tabs.length;
        }""")
        if closed:
            return
        time.sleep(0.1)
    raise AssertionError("the extension opened no setup page when installed")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().split(") ")[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def _dictionaries(root: Path) -> Path:
    """The shipped en-es dictionary (the real one the product installs)."""
    shipped = REPO / "dictionaries" / "en-es.json"
    if not shipped.exists():
        pytest.fail("dictionaries/en-es.json is not shipped")
    folder = root / "dictionaries"
    folder.mkdir()
    shutil.copy(shipped, folder / "en-es.json")
    return folder


PASSED_THROUGH = frozenset({
    "PATH", "PYTHONPATH", "VIRTUAL_ENV", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "DISPLAY", "WAYLAND_DISPLAY",
    "XAUTHORITY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "PLAYWRIGHT_BROWSERS_PATH", "CI",
})


def isolated_env(root: Path) -> dict:
    """Environment for the browser and the host it starts: a fresh home, settings, data and log
    folders under root, the recording Apertium double first on PATH, the shipped dictionary, no
    keyring but keyring's fail backend. Only what a browser and the host need is passed through
    from the developer's environment (PATH, PYTHONPATH for runs from a worktree, locale, display):
    no API keys, no PRISM_* settings, no PYTHONUNBUFFERED (it would hide a missing flush)."""
    if shutil.which("apertium", path="/usr/bin") is None:
        pytest.fail("apertium is not installed: .ci/run installs it")
    (root / "e2e").mkdir()
    (root / "home").mkdir()
    env = {k: v for k, v in os.environ.items() if k in PASSED_THROUGH}
    env.update(
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        HOME=str(root / "home"), XDG_CONFIG_HOME=str(root / "config"), XDG_DATA_HOME=str(root / "data"),
        XDG_STATE_HOME=str(root / "state"), XDG_CACHE_HOME=str(root / "cache"),
        PATH=f"{HERE / 'bin'}{os.pathsep}{os.environ['PATH']}",
        PRISM_E2E_DIR=str(root / "e2e"), PRISM_DICTIONARIES=str(_dictionaries(root)),
        PRISM_POLICY=str(root / "policy.json"),  # none unless a test writes it, whatever /etc holds
    )
    return env
