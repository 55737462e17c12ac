"""The same extension/ tree in Firefox (Debian's Firefox ESR, driven over Marionette): it installs,
its background (an event page from background.scripts) runs, install_host.py's Firefox manifest
(allowed_extensions) lets it reach the host, and "Translate privately" and "Translate this page
privately" work (the overlay's extension page in a closed shadow root; the message translated
side by side), Replace selection writes into a textarea, and a Spanish e-mail is read in English."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from e2e_stack import EXTENSION, REPO, Stack, isolated_env
from e2e_helpers import BASE, similar_to_apertium, words
from marionette import ELEMENT, SHADOW, Marionette

FIREFOX = "/usr/bin/firefox-esr"
GECKO_ID = "prism-translate@prism-translate.org"
UUID = "3f0c9a52-7d1e-4b6a-8e2f-5c9d0a1b7e64"  # pinned so the test can open the options page
MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)

pytestmark = pytest.mark.e2e


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

    def overlay_text(self, selector: str, timeout: float = 90, until=None) -> str:
        """The element's text, once `until(text)` holds (the overlay renders state as it arrives)."""
        def read(m):
            node = m("WebDriver:FindElement", using="css selector", value=selector)["value"]
            text = m("WebDriver:GetElementText", id=node[ELEMENT])["value"]
            if until is not None and not until(text):
                raise AssertionError(f"{selector}: {text!r}")
            return text
        return self.in_overlay(read, timeout)


@pytest.fixture(scope="module")
def firefox(site, tmp_path_factory):
    if not Path(FIREFOX).exists():
        pytest.fail("Firefox ESR is not installed: .ci/run installs it (apt-get install firefox-esr)")
    root = tmp_path_factory.mktemp("e2e-firefox")
    env = isolated_env(root)
    stack = Stack(root, env, root / "profile", None, site)
    installed = subprocess.run([sys.executable, str(REPO / "install_host.py"), "--browser", "firefox",
                                "--python", sys.executable], env=env, capture_output=True, text=True, timeout=120)
    assert installed.returncode == 0, installed.stderr
    manifest = json.loads((root / "home" / ".mozilla" / "native-messaging-hosts" /
                           "org.prism_translate.host.json").read_text())
    assert manifest["allowed_extensions"] == [GECKO_ID]
    port = _free_port()
    prefs = {
        "marionette.port": port,
        "extensions.webextensions.uuids": json.dumps({GECKO_ID: UUID}),
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
    with open(root / "firefox.log", "w") as log:
        process = subprocess.Popen([FIREFOX, "--headless", "--marionette", "-remote-allow-system-access",
                                    "--no-remote", "--profile", str(stack.profile)],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
    marionette = None
    try:
        marionette = Marionette(port)
        marionette("WebDriver:NewSession", capabilities={})
        ff = Firefox(stack, marionette)
        before = set(marionette("WebDriver:GetWindowHandles"))
        assert marionette("Addon:Install", path=str(EXTENSION), temporary=True)["value"] == GECKO_ID
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


def test_firefox_options_page_reaches_the_host_through_its_manifest(firefox):
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)
    deadline = time.monotonic() + 60
    # Marionette answers null while the page is still being set up after the window switch.
    while "Connected to PRISM helper" not in (status := firefox.m.script(
            "return document.getElementById('status')?.textContent ?? ''") or ""):
        assert time.monotonic() < deadline, status
        time.sleep(0.3)
    assert "Dictionaries: en-es" in status


def test_firefox_opens_the_setup_page_on_install_which_finds_the_helper(firefox):
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.setup_tab)
    deadline = time.monotonic() + 60
    while "set up and running" not in (status := firefox.m.script(
            "return document.getElementById('helper')?.textContent ?? ''") or ""):
        assert time.monotonic() < deadline, status
        time.sleep(0.3)
    assert firefox.m.script("return location.href") == f"moz-extension://{UUID}/welcome/welcome.html?installed"
    assert firefox.m.script("return document.getElementById('setup').hidden") is True
    assert firefox.m.script("return document.getElementById('command').textContent") == \
        "pipx install ./prism_translate-0.1.0-py3-none-any.whl && prism install-host --browser firefox"
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)


def test_firefox_options_an_emptied_field_is_marked_and_browsing_a_translator_does_not_switch(firefox):
    config = firefox.stack.root / "config" / "prism-translate" / "config.json"
    before = config.read_text() if config.exists() else None
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)

    def until(script: str, timeout: float = 30):
        deadline = time.monotonic() + timeout
        while not (value := firefox.m.script(script)):
            assert time.monotonic() < deadline, script
            time.sleep(0.2)
        return value

    try:
        until("return !document.getElementById('settings').hidden")
        firefox.m.script("const s = document.getElementById('translator'); s.value = 'openai';"
                         " s.dispatchEvent(new Event('change', { bubbles: true }));")
        assert firefox.m.script("return document.getElementById('translator-info').textContent").startswith("Not in use")
        firefox.m.script("const f = document.querySelector(\"input[data-key='openai.timeout']\"); f.value = '';"
                         " f.dispatchEvent(new Event('input', { bubbles: true }));")
        note = until("const f = document.querySelector(\"input[data-key='openai.timeout']\");"
                     " return f.getAttribute('aria-invalid') === 'true'"
                     " && document.getElementById(f.getAttribute('aria-describedby')).textContent;")
        assert note.startswith("Enter a number for openai.timeout")
        firefox.m.script("const r = document.querySelector('input[name=method][value=r]'); r.checked = true;"
                         " r.dispatchEvent(new Event('change', { bubbles: true }));")
        deadline = time.monotonic() + 20
        while json.loads(config.read_text()).get("method") != "r":
            assert time.monotonic() < deadline, config.read_text()
            time.sleep(0.2)
        stored = json.loads(config.read_text())
        assert stored.get("translator", "apertium") == "apertium" and "openai.timeout" not in stored
    finally:
        if before is None:
            config.unlink(missing_ok=True)
        else:
            config.write_text(before)
        firefox.m.script("location.reload()")


def test_firefox_translate_privately_shows_the_overlay(firefox):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/outlook.html")
    original = firefox.m.script("""const r = document.createRange();
        r.selectNodeContents(document.getElementById('para'));
        getSelection().removeAllRanges(); getSelection().addRange(r); return getSelection().toString();""")
    result = firefox.run_handler(tab, "translateSelection")
    assert result["ok"] is True, result
    text = firefox.overlay_text("#translation")
    assert "Maria Garcia" in text and similar_to_apertium(text, original)
    assert firefox.m.script("return String(document.querySelector('prism-translate-overlay').shadowRoot)") == "null"
    sent = "\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls())
    assert sent.strip() and not {"maria", "garcia", "chicago"} & words(sent)
    firefox.close_tab()


def test_firefox_the_shortcut_translates_the_selection_made_last_in_the_mail_frame(firefox):
    """A paragraph selected in the page, then one in the cross-origin mail frame: the mail's is
    translated, in the mail frame, and the page's never reaches the translator."""
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/webmail-gmail.html")
    select = """window.focus(); const r = document.createRange();
        r.selectNodeContents(document.getElementById(arguments[0]));
        getSelection().removeAllRanges(); getSelection().addRange(r); return getSelection().toString();"""

    def into_mail():
        frame = firefox.m("WebDriver:FindElement", using="css selector", value="#mail")["value"]
        firefox.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])

    firefox.m.script(select, "top-note")
    into_mail()
    original = firefox.m.script(select, "first")
    firefox.m("WebDriver:SwitchToParentFrame")
    result = firefox.run_handler(tab, "translateSelection")  # what the shortcut runs
    assert result["ok"] is True, result
    into_mail()
    text = firefox.overlay_text("#translation")  # the overlay opened in the mail frame
    firefox.m("WebDriver:SwitchToParentFrame")
    assert similar_to_apertium(text, original)
    sent = words("\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls()))
    assert sent and not {"helen", "parker", "portland", "museum"} & sent
    assert not {"thomas", "walker", "denver"} & sent
    firefox.close_tab()


def test_firefox_a_long_selection_in_a_mail_frame_streams_into_a_tall_panel(firefox):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/webmail-roundcube.html")

    def into_mail():
        frame = firefox.m("WebDriver:FindElement", using="css selector", value="#messagecontframe")["value"]
        firefox.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])

    into_mail()
    size = firefox.m.script("""window.focus(); const r = document.createRange();
        r.selectNodeContents(document.getElementById('messagebody'));
        getSelection().removeAllRanges(); getSelection().addRange(r); return getSelection().toString().length;""")
    assert size > 15000
    firefox.m("WebDriver:SwitchToParentFrame")
    firefox.stack.set_mode("slow:2")
    try:
        firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)
        firefox.m.script("""browser.runtime.getBackgroundPage().then(async (bg) => {
            const me = await browser.tabs.getCurrent();
            const target = (await browser.tabs.query({})).filter((t) => t.id !== me.id).pop();
            bg.PrismHandlers.translateSelection(target.id);
        });""")
        firefox.m("WebDriver:SwitchToWindow", handle=tab)
        into_mail()
        firefox.overlay_text(".text.partial", until=bool)  # the first parts, while the rest streams
        host = firefox.m("WebDriver:FindElement", using="css selector", value="prism-translate-overlay")["value"]
        rect = firefox.m("WebDriver:GetElementRect", id=host[ELEMENT])
        frame_height = firefox.m.script("return innerHeight")
        assert rect["height"] >= 300 and rect["y"] >= 0 and rect["y"] + rect["height"] <= frame_height, (rect, frame_height)
        shown = firefox.in_overlay(lambda m: m.script(
            "const t = document.querySelector('.text.partial').getBoundingClientRect();"
            " return Math.min(t.bottom, innerHeight) - Math.max(t.top, 0);"))
        assert shown >= 200
        firefox.in_overlay(lambda m: m.script("document.querySelector('.actions button').click(); return true;"))  # Cancel
    finally:
        firefox.stack.set_mode("normal")
    firefox.m("WebDriver:SwitchToParentFrame")
    sent = words("\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls()))
    assert sent and not {"laura", "bennett", "seattle"} & sent
    firefox.close_tab()


def test_firefox_translate_this_page(firefox):
    tab = firefox.open_tab(f"{BASE}/article.html")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped"))) == "All 5 paragraphs translated privately."
    firefox.close_tab()


def test_firefox_inline_translations_on_a_dark_page_reach_aa_contrast(firefox):
    from test_webmail import contrast, rgb

    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/webmail-outlook-dark.html")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped"))).startswith("All ")
    colours = []
    for host in firefox.m("WebDriver:FindElements", using="css selector", value="prism-translation"):
        root = firefox.m("WebDriver:GetShadowRoot", id=host[ELEMENT])["value"][SHADOW]  # WebDriver opens closed roots
        t = firefox.m("WebDriver:FindElementFromShadowRoot", shadowRoot=root, using="css selector", value=".t")["value"]
        colours.append(firefox.m("WebDriver:GetElementCSSValue", id=t[ELEMENT], propertyName="color")["value"])
    background = rgb(firefox.m.script("return getComputedStyle(document.body).backgroundColor"))
    assert colours and min(contrast(rgb(c), background) for c in colours) >= 4.5, (colours, background)
    sent = words("\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls()))
    assert sent and not {"olivia", "turner", "boston"} & sent
    firefox.close_tab()


def test_firefox_whole_message_side_by_side(firefox):
    tab = firefox.open_tab(f"{BASE}/gmail-thread.html")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped"))) == "All 7 paragraphs translated privately."
    # one translation under each paragraph of the two message bodies, and nothing elsewhere
    assert firefox.m.script("return [...document.querySelectorAll('prism-translation')].map("
                            "(t) => !!t.previousElementSibling.closest('.a3s'))") == [True] * 7
    firefox.close_tab()


def test_firefox_replace_selection_in_a_textarea(firefox):
    tab = firefox.open_tab(f"{BASE}/compose.html")
    text = firefox.m.script("""const el = document.getElementById('body'); el.focus();
        el.setSelectionRange(el.value.indexOf('please'), el.value.indexOf('meeting.') + 8); return el.value;""")
    result = firefox.run_handler(tab, "translateSelection")
    assert result["ok"] is True, result
    translation = firefox.overlay_text("#translation")

    def replace(m):
        for button in m("WebDriver:FindElements", using="css selector", value="button"):
            if m("WebDriver:GetElementText", id=button[ELEMENT])["value"] == "Replace selection":
                m("WebDriver:ElementClick", id=button[ELEMENT])
                return True
        raise AssertionError("no Replace selection button")

    firefox.in_overlay(replace)
    deadline = time.monotonic() + 20
    while (value := firefox.m.script("return document.getElementById('body').value")) == text:
        assert time.monotonic() < deadline
        time.sleep(0.3)
    start = text.index("please")
    assert value == text[:start] + translation + text[text.index("meeting.") + 8:]
    firefox.close_tab()



@pytest.fixture
def firefox_reading_english(firefox):
    """The shipped es-en dictionary installed and English as the language the user reads, for one test."""
    stack = firefox.stack
    installed = stack.root / "dictionaries" / "es-en.json"
    shutil.copy(REPO / "dictionaries" / "es-en.json", installed)
    config = stack.root / "config" / "prism-translate" / "config.json"
    before = config.read_text() if config.exists() else None
    config.write_text(json.dumps({"translator": "apertium", "target": "en"}))
    (stack.state / "translator.log").unlink(missing_ok=True)
    yield firefox
    installed.unlink()
    if before is None:
        config.unlink()
    else:
        config.write_text(before)


def _pair(firefox) -> str:
    """The overlay's language pair as shown: the chosen entry of each list of the quick switch."""
    return firefox.in_overlay(lambda m: m.script(
        "return [...document.getElementById('pair').childNodes].map((n) => n.tagName === 'SELECT'"
        " ? n.selectedOptions[0].textContent : n.textContent).join('')"))


def test_firefox_a_spanish_email_is_read_in_english(firefox_reading_english):
    """Firefox's own language detector (on the device) finds Spanish; the overlay shows the pair
    and the English translation; the planted values never reach the translator."""
    firefox = firefox_reading_english
    tab = firefox.open_tab(f"{BASE}/gmail-es.html")
    firefox.m.script("""const r = document.createRange();
        r.selectNodeContents(document.getElementById('msg'));
        getSelection().removeAllRanges(); getSelection().addRange(r);""")
    result = firefox.run_handler(tab, "translateSelection")
    assert result["ok"] is True, result
    text = firefox.overlay_text("#translation")
    assert {"meeting", "client", "thursday"} & words(text) and "Valladolid" in text
    assert _pair(firefox) == "Spanish (detected) → English"
    sent = "\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls())
    assert sent.strip() and not {"andrés", "valladolid", "echeverría", "marta"} & words(sent)
    assert "4.870,50" not in sent and "915 482 367" not in sent
    firefox.close_tab()


def test_firefox_the_toolbar_on_a_spanish_page_translates_it_into_english(firefox_reading_english):
    firefox = firefox_reading_english
    tab = firefox.open_tab(f"{BASE}/gmail-es.html")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    assert _pair(firefox) == "Spanish (detected) → English"
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped"))).startswith("All ")
    sent = "\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls())
    assert sent.strip() and not {"andrés", "valladolid", "echeverría"} & words(sent)
    firefox.close_tab()
