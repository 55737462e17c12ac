"""End-to-end fixtures: Debian's Chromium with the unpacked extension, the host installed into the
test profile by install_host.py, real spaCy and real Apertium.

Every request Chromium makes goes through `Site`, which is both the fixture web server (pages on
mail.example.test / cdn.example.test, so nothing resolves outside) and the browser's proxy: it
records each request, so tests can assert what left the browser. The translator is the real
Apertium behind tests/e2e/bin/apertium, which records what the translator received.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
EXTENSION = REPO / "extension"
CHROMIUM = "/usr/bin/chromium"
SITES = {"mail.example.test", "cdn.example.test"}
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css"}


@dataclass
class Site:
    """Fixture pages + recording proxy."""

    requests: list[dict] = field(default_factory=list)
    port: int = 0

    def handler(site):  # noqa: N805 - closes over the Site
        class Handler(BaseHTTPRequestHandler):
            def _record(self, body: bytes = b"") -> dict:
                if self.command == "CONNECT":
                    url = f"connect://{self.path}"  # a TLS tunnel request: refused, so nothing passes
                elif "://" in self.path:
                    url = self.path
                else:
                    url = f"http://{self.headers.get('Host', '')}{self.path}"
                entry = {"method": self.command, "url": url, "body": body.decode("utf-8", "replace"),
                         "headers": dict(self.headers)}
                site.requests.append(entry)
                return entry

            def do_GET(self):  # noqa: N802
                entry = self._record()
                parts = urlsplit(entry["url"])
                target = (HERE / "pages" / parts.path.lstrip("/")).resolve()
                if parts.hostname not in SITES or HERE / "pages" not in target.parents or not target.is_file():
                    self.send_error(404 if parts.hostname in SITES else 502)
                    return
                data = target.read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", TYPES.get(target.suffix, "application/octet-stream"))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):  # noqa: N802
                self._record(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                self.send_error(404)

            def do_CONNECT(self):  # noqa: N802
                self._record()
                self.send_error(403)

            def log_message(self, *args):
                pass

        return Handler


@pytest.fixture(scope="session")
def site():
    s = Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), s.handler())
    s.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield s
    server.shutdown()


@dataclass
class Stack:
    root: Path
    env: dict
    profile: Path
    context: object
    site: Site
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


@pytest.fixture(scope="session")
def stack(site, tmp_path_factory):
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed: .ci/run installs it (apt-get install chromium)")
    if shutil.which("apertium", path="/usr/bin") is None:
        pytest.fail("apertium is not installed: .ci/run installs it")
    root = tmp_path_factory.mktemp("e2e-stack")
    (root / "e2e").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED" and not k.startswith("PRISM_")}
    env.update(
        HOME=str(root / "home"), XDG_CONFIG_HOME=str(root / "config"), XDG_DATA_HOME=str(root / "data"),
        XDG_STATE_HOME=str(root / "state"), XDG_CACHE_HOME=str(root / "cache"),
        PATH=f"{HERE / 'bin'}{os.pathsep}{os.environ['PATH']}",
        PRISM_E2E_DIR=str(root / "e2e"), PRISM_DICTIONARIES=str(_dictionaries(root)),
    )
    (root / "home").mkdir()
    profile = root / "profile"
    stack = Stack(root, env, profile, None, site)
    installed = stack.install()
    assert installed.returncode == 0, installed.stderr
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, env=env,
            viewport={"width": 1280, "height": 800},
            args=[
                f"--disable-extensions-except={EXTENSION}", f"--load-extension={EXTENSION}",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--disable-default-apps",
                # every request, loopback included, goes through the recording proxy
                f"--proxy-server=http://127.0.0.1:{site.port}", "--proxy-bypass-list=<-loopback>",
            ],
        )
        stack.context = context
        # Playwright's view too (pages and, with the env flag below, service workers)
        context.on("request", lambda r: stack.seen_by_playwright.append(
            {"url": r.url, "body": r.post_data or "", "headers": r.headers}))
        stack.worker()
        try:
            yield stack
        finally:
            context.close()


@pytest.fixture
def e2e(stack):
    """A clean slate per test: one tab, empty records, the normal translator."""
    for page in stack.context.pages:
        page.close()
    stack.reset_records()
    yield stack
    stack.set_mode("normal")
