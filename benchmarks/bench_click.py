"""A click in real Chromium: "Translate privately" on a selected e-mail -> the overlay has the
translation, next to the translator's own time for the same text, measured in the same run.

    .venv/bin/python benchmarks/bench_click.py [--repeat 5] [--open 3,8]

Uses the e2e suite's pieces (tests/e2e: Debian's Chromium with the unpacked extension, the host
installed by install_host.py into a fresh profile, the fixture pages behind a local server, real
spaCy and real Apertium, without the suite's recording double in front of it). Times, per click: the Alt+Shift+L handler (what the context menu runs)
in the service worker, from the keypress to the overlay's result delivered to the page
(Playwright's call adds a few ms).
- first click: the browser has been open --open seconds (the extension started the host then),
  in a fresh browser and profile for each value;
- warm click: later clicks on the same selection (all browsers together);
- warm click after a right-click: the user right-clicks the selection (the host analyses it
  meanwhile, nothing is sent) and chooses "Translate privately" LEAD seconds later (--lead,
  0.4 s: a quick hand), timed from that choice as above.
Floors: the translator's own call on the same text (Apertium's kept pipeline, warm), and
`apertium -u eng-spa` as a command (what one call cost before pipelines were kept).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from conftest import Site  # noqa: E402  (the e2e fixture server)
from e2e_helpers import frame_by_url, open_page, select_text, shortcut  # noqa: E402
from e2e_stack import Stack, isolated_env, launch_chromium  # noqa: E402

from prism_translate.translators.apertium import ApertiumCLI  # noqa: E402


def clicks(site: Site, open_s: float, repeat: int, lead: float) -> tuple[list[float], list[float], str]:
    """A fresh profile: install the host, start Chromium, wait until it has been open open_s
    seconds, then click repeat + 1 times on the same selection, then repeat times after a
    right-click lead seconds earlier. Returns the click times (the first one first), the times
    after a right-click, and the selected text."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = isolated_env(root)
        env["PATH"] = os.environ["PATH"]  # the real Apertium: the suite's recording double is two Python starts per call
        stack = Stack(root, env, root / "profile", None, site)
        installed = stack.install()
        assert installed.returncode == 0, installed.stderr
        (root / "config" / "prism-translate").mkdir(parents=True, exist_ok=True)
        (root / "config" / "prism-translate" / "config.json").write_text('{"translator": "apertium"}')
        with sync_playwright() as p:
            stack.context = launch_chromium(p, stack.profile, env, site.port)
            opened = time.perf_counter()
            stack.worker()
            page = open_page(stack, "gmail.html")
            body = frame_by_url(page, "about:srcdoc")
            text = select_text(body, "#msg")
            time.sleep(max(0.0, open_s - (time.perf_counter() - opened)))
            times = []
            for _ in range(repeat + 1):
                start = time.perf_counter()
                result = shortcut(stack)
                times.append(time.perf_counter() - start)
                assert result.get("ok", True) is not False, result
                select_text(body, "#msg")
            after_right_click = []
            for _ in range(repeat):
                body.locator("#msg").click(button="right")
                time.sleep(lead)
                start = time.perf_counter()
                result = shortcut(stack)
                after_right_click.append(time.perf_counter() - start)
                assert result.get("ok", True) is not False, result
                select_text(body, "#msg")
            stack.context.close()
    return times, after_right_click, text


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--open", default="3,8",
                        help="seconds the browser is open before the first click, one fresh browser each")
    parser.add_argument("--lead", type=float, default=0.4, help="seconds from the right-click to the choice")
    args = parser.parse_args()
    site = Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), site.handler())
    site.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    firsts, warm, led = {}, [], []
    for open_s in [float(x) for x in args.open.split(",")]:
        times, after_right_click, text = clicks(site, open_s, args.repeat, args.lead)
        firsts[open_s] = times[0]
        warm += times[1:]
        led += after_right_click
    server.shutdown()

    translator = ApertiumCLI()
    translator.translate([text], "en", "es")
    own, command = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        translator.translate([text], "en", "es")
        own.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run(["apertium", "-u", "eng-spa"], input=text.encode(), capture_output=True, check=True)
        command.append(time.perf_counter() - start)
    warm_s, own_s, command_s = statistics.median(warm), statistics.median(own), statistics.median(command)
    print(f"selection: {len(text.split())} words; load average {os.getloadavg()[0]:.1f}")
    for open_s, first in firsts.items():
        print(f"first click, browser open {open_s:.0f} s: {first:.2f} s (ratio {first / own_s:.1f} to the "
              "translator's own call)")
    print(f"warm click -> overlay: {warm_s:.3f} s; translator's own call {own_s:.3f} s (ratio {warm_s / own_s:.2f}); "
          f"apertium -u command {command_s:.3f} s (ratio {warm_s / command_s:.2f})")
    led_s = statistics.median(led)
    print(f"warm click {args.lead:.1f} s after a right-click -> overlay: {led_s:.3f} s (ratio {led_s / own_s:.2f} "
          "to the translator's own call)")


if __name__ == "__main__":
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    main()
