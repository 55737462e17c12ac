"""End-to-end fixtures: Debian's Chromium with the unpacked extension, the host installed into the
test profile by install_host.py, real spaCy and real Apertium.

Every request Chromium makes goes through `Site`, which is both the fixture web server (pages on
mail.example.test / cdn.example.test, so nothing resolves outside) and the browser's proxy: it
records each request, so tests can assert what left the browser. The translator is the real
Apertium, with the doubles tests/e2e/bin/apertium-destxt and apertium-retxt (one script) around its
pipeline: they record what the translator received and can make it fail, stall or mangle its output.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from e2e_helpers import installed_dictionary, reading
from e2e_stack import CHROMIUM, HERE, SITES, Stack, isolated_env, launch_chromium, close_setup_page

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


@pytest.fixture(scope="session")
def stack(site, tmp_path_factory):
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed: .ci/run installs it (apt-get install chromium)")
    root = tmp_path_factory.mktemp("e2e-stack")
    env = isolated_env(root)
    profile = root / "profile"
    stack = Stack(root, env, profile, None, site)
    installed = stack.install()
    assert installed.returncode == 0, installed.stderr
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with sync_playwright() as p:
        context = launch_chromium(p, profile, env, site.port)
        stack.playwright = p
        stack.context = context
        # Playwright's view too (pages and, with the env flag below, service workers)
        context.on("request", lambda r: stack.seen_by_playwright.append(
            {"url": r.url, "body": r.post_data or "", "headers": r.headers}))
        stack.worker()
        close_setup_page(stack.worker())  # opened on install (test_webmail.py looks at it); tests start without it
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


@pytest.fixture
def with_es_en(e2e):
    """The shipped es-en dictionary next to en-es, for this test only (no language chosen)."""
    with installed_dictionary(e2e, "es-en"):
        yield e2e


@pytest.fixture
def reading_english(with_es_en):
    """...and English as the language the user reads."""
    with reading(with_es_en, "en"):
        yield with_es_en


@pytest.fixture
def reading_french_news(e2e):
    """The shipped fr-en dictionary next to en-es, and English as the language the user reads."""
    with installed_dictionary(e2e, "fr-en"), reading(e2e, "en"):
        yield e2e
