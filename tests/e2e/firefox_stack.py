"""Firefox ESR with the extension installed, driven over Marionette: the stack of the Firefox
browser tests (test_firefox.py, test_managed_policy.py)."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from e2e_stack import EXTENSION, REPO, Stack, isolated_env
from e2e_helpers import ARM_S, BASE
from marionette import ELEMENT, SHADOW, Marionette


FIREFOX = "/usr/bin/firefox-esr"


GECKO_ID = "prism-translate@prism-translate.org"


UUID = "3f0c9a52-7d1e-4b6a-8e2f-5c9d0a1b7e64"  # pinned so the test can open the options page


CLICK = ({"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0})  # WebDriver pointer actions


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Firefox:
    def __init__(self, stack: Stack, marionette: Marionette) -> None:
        self.stack = stack
        self.m = marionette
        self.options_tab = ""
        self.setup_tab = ""

    def new_tab(self, before: set, timeout: float = 20) -> str:
        """The one tab opened since the handles in `before` were taken."""
        deadline = time.monotonic() + timeout
        while not set(self.m("WebDriver:GetWindowHandles")) - before:
            assert time.monotonic() < deadline, "no new tab"
            time.sleep(0.1)
        [tab] = set(self.m("WebDriver:GetWindowHandles")) - before
        return tab

    def open_tab(self, url: str) -> str:
        before = set(self.m("WebDriver:GetWindowHandles"))
        self.m("WebDriver:NewWindow", type="tab")
        [tab] = set(self.m("WebDriver:GetWindowHandles")) - before
        self.m("WebDriver:SwitchToWindow", handle=tab)
        self.m("WebDriver:Navigate", url=url)
        return tab

    def close_tab(self) -> None:
        self.m("WebDriver:CloseWindow")
        self.m("WebDriver:SwitchToWindow", handle=self.options_tab)

    def open_options(self) -> str:
        # WebDriver may not navigate to moz-extension: pages; the browser chrome may.
        before = set(self.m("WebDriver:GetWindowHandles"))
        self.m("Marionette:SetContext", value="chrome")
        self.m("WebDriver:ExecuteScript", script="openTrustedLinkIn(arguments[0], 'tab');",
               args=[f"moz-extension://{UUID}/options/options.html"])
        self.m("Marionette:SetContext", value="content")
        tab = self.new_tab(before)
        self.m("WebDriver:SwitchToWindow", handle=tab)
        return tab

    def run_handler(self, page_tab: str, call: str):
        """Run a PrismHandlers function in the background page, from the options page (an
        extension page), on the page tab: what the menu, shortcut and toolbar button run."""
        self.m("WebDriver:SwitchToWindow", handle=self.options_tab)
        result = self.m.script(
            """const [call, done] = arguments;
            (async () => {
              const bg = await browser.runtime.getBackgroundPage();
              const me = await browser.tabs.getCurrent();
              const target = (await browser.tabs.query({})).filter((t) => t.id !== me.id).pop();
              return bg.PrismHandlers[call](target.id);
            })().then((r) => done(JSON.stringify(r)), (e) => done(JSON.stringify({ error: String(e) })));""",
            call, asynchronous=True)
        self.m("WebDriver:SwitchToWindow", handle=page_tab)
        return json.loads(result)

    def in_overlay(self, action, timeout: float = 90):
        """Run action(m) inside the overlay's extension page (the iframe in the closed shadow root:
        WebDriver reaches closed roots and extension frames; page scripts do not)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                host = self.m("WebDriver:FindElement", using="css selector", value="prism-translate-overlay")["value"]
                root = self.m("WebDriver:GetShadowRoot", id=host[ELEMENT])["value"][SHADOW]
                frame = self.m("WebDriver:FindElementFromShadowRoot", shadowRoot=root, using="css selector",
                               value="iframe")["value"]
                self.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])
                try:
                    return action(self.m)
                finally:
                    self.m("WebDriver:SwitchToParentFrame")
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def pointer(self, *steps: dict) -> None:
        """Real mouse input (WebDriver actions) in the current frame, in its viewport's coordinates."""
        self.m("WebDriver:PerformActions", actions=[{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                                                     "actions": list(steps)}])
        self.m("WebDriver:ReleaseActions")

    def keys(self, *combo: str) -> None:
        """Press keys together (e.g. CONTROL, "z"), as the user does."""
        down = [{"type": "keyDown", "value": k} for k in combo]
        up = [{"type": "keyUp", "value": k} for k in reversed(combo)]
        self.m("WebDriver:PerformActions", actions=[{"type": "key", "id": "keyboard", "actions": down + up}])
        self.m("WebDriver:ReleaseActions")

    def press_in_overlay(self, label: str) -> None:
        """The mouse onto an overlay button, a moment's rest (the overlay takes no hurried click
        that writes into the page), a click; dispatched in the frame that holds the overlay, which
        stays when the overlay closes."""
        def where(m):
            for button in m("WebDriver:FindElements", using="css selector", value="button"):
                if m("WebDriver:GetElementText", id=button[ELEMENT])["value"] == label:
                    return m("WebDriver:GetElementRect", id=button[ELEMENT])
            raise AssertionError(f"no {label} button")
        button = self.in_overlay(where)
        host = self.m("WebDriver:FindElement", using="css selector", value="prism-translate-overlay")["value"]
        frame = self.m("WebDriver:GetElementRect", id=host[ELEMENT])
        x, y = frame["x"] + button["x"] + button["width"] / 2, frame["y"] + button["y"] + button["height"] / 2
        x, y = x - self.m.script("return scrollX"), y - self.m.script("return scrollY")
        self.pointer({"type": "pointerMove", "duration": 150, "origin": "viewport", "x": int(x), "y": int(y)},
                     {"type": "pause", "duration": int(ARM_S * 1000)}, *CLICK)

    def text_once_it_says(self, element_id: str, words: str, timeout: float = 60) -> str:
        """The text of the element with this id in the current tab, once it contains `words`.
        Marionette answers null while a page is still being set up after a window switch."""
        deadline = time.monotonic() + timeout
        while words not in (text := self.m.script(
                "return document.getElementById(arguments[0])?.textContent ?? ''", element_id) or ""):
            assert time.monotonic() < deadline, text
            time.sleep(0.3)
        return text

    def select_contents(self, element_id: str) -> str:
        """Select the contents of the element with this id in the current frame; the selected text."""
        return self.m.script("""const r = document.createRange();
            r.selectNodeContents(document.getElementById(arguments[0]));
            getSelection().removeAllRanges(); getSelection().addRange(r); return getSelection().toString();""", element_id)

    def translate_page(self, path: str) -> dict:
        """Open a fixture page in a new tab and translate it privately (the toolbar button's job),
        which must start: the handler's answer."""
        result = self.run_handler(self.open_tab(f"{BASE}/{path}"), "translatePage")
        assert result["ok"] is True, result
        return result

    def page_stats(self) -> str:
        """The whole-message panel's count, once every paragraph is translated or it stopped."""
        return self.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped")))

    def overlay_text(self, selector: str, timeout: float = 90, until=None) -> str:
        """The element's text, once `until(text)` holds (the overlay renders state as it arrives)."""
        def read(m):
            node = m("WebDriver:FindElement", using="css selector", value=selector)["value"]
            text = m("WebDriver:GetElementText", id=node[ELEMENT])["value"]
            if until is not None and not until(text):
                raise AssertionError(f"{selector}: {text!r}")
            return text
        return self.in_overlay(read, timeout)


@contextlib.contextmanager
def running_firefox(site, root: Path, extension: Path = EXTENSION, gecko_id: str = GECKO_ID, before_start=None):
    """Firefox ESR with `extension` (add-on id `gecko_id`) installed and its options page open, the
    host installed for it by install_host.py. `before_start()`, when given, runs just before
    Firefox starts and returns what to run once it has started (a policy file's window)."""
    if not Path(FIREFOX).exists():
        pytest.fail("Firefox ESR is not installed: .ci/run installs it (apt-get install firefox-esr)")
    env = isolated_env(root)
    stack = Stack(root, env, root / "profile", None, site)
    installed = subprocess.run([sys.executable, str(REPO / "install_host.py"), "--browser", "firefox",
                                "--python", sys.executable], env=env, capture_output=True, text=True, timeout=120)
    assert installed.returncode == 0, installed.stderr
    manifest_file = root / "home" / ".mozilla" / "native-messaging-hosts" / "org.prism_translate.host.json"
    manifest = json.loads(manifest_file.read_text())
    assert manifest["allowed_extensions"] == [GECKO_ID]
    if gecko_id != GECKO_ID:
        manifest_file.write_text(json.dumps({**manifest, "allowed_extensions": [gecko_id]}))
    port = _free_port()
    prefs = {
        "marionette.port": port,
        "extensions.webextensions.uuids": json.dumps({gecko_id: UUID}),
        # every request through the recording proxy, loopback included
        "network.proxy.type": 1, "network.proxy.http": "127.0.0.1", "network.proxy.http_port": site.port,
        "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": site.port,
        "network.proxy.allow_hijacking_localhost": True, "network.proxy.no_proxies_on": "",
        "browser.shell.checkDefaultBrowser": False, "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.reportingpolicy.firstRun": False, "browser.startup.homepage_override.mstone": "ignore",
        "app.normandy.enabled": False, "extensions.update.enabled": False,
    }
    stack.profile.mkdir()
    (stack.profile / "user.js").write_text("".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n"
                                                   for k, v in prefs.items()))
    started = before_start() if before_start else None
    with open(root / "firefox.log", "w") as log:
        process = subprocess.Popen([FIREFOX, "--headless", "--marionette", "-remote-allow-system-access",
                                    "--no-remote", "--profile", str(stack.profile)],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
    marionette = None
    try:
        marionette = Marionette(port)
        marionette("WebDriver:NewSession", capabilities={"timeouts": {"script": 200_000}})  # a translation on a busy machine
        if started:
            started()
        ff = Firefox(stack, marionette)
        before = set(marionette("WebDriver:GetWindowHandles"))
        assert marionette("Addon:Install", path=str(extension), temporary=True)["value"] == gecko_id
        ff.setup_tab = ff.new_tab(before)  # the setup page, opened on install
        ff.options_tab = ff.open_options()
        yield ff
    finally:
        if marionette is not None:
            marionette.close()
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
