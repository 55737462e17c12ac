"""The same extension/ tree in Firefox (Debian's Firefox ESR, driven over Marionette): it installs,
its background (an event page from background.scripts) runs, install_host.py's Firefox manifest
(allowed_extensions) lets it reach the host, and "Translate privately" and "Translate this page
privately" work (the overlay's extension page in a closed shadow root; the message translated
side by side), Replace selection writes into a textarea, and a Spanish e-mail is read in English."""

from __future__ import annotations

import json
import time

import pytest
from e2e_helpers import (
    BASE, DAMAGED_SETTINGS, MARKER, assert_outside_not_sent, assert_sent_none_of, installed_dictionary, settings_file, similar_to_apertium,
    translator_inputs, words,
)
from firefox_stack import CLICK, UUID, running_firefox
from marionette import ELEMENT, SHADOW


pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def firefox(site, tmp_path_factory):
    with running_firefox(site, tmp_path_factory.mktemp("e2e-firefox")) as ff:
        yield ff


def test_firefox_options_page_reaches_the_host_through_its_manifest(firefox):
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)
    assert "Dictionaries: en-es" in firefox.text_once_it_says("status", "Connected to PRISM helper")


def test_firefox_opens_the_setup_page_on_install_which_finds_the_helper(firefox):
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.setup_tab)
    firefox.text_once_it_says("helper", "set up and running")
    assert firefox.m.script("return location.href") == f"moz-extension://{UUID}/welcome/welcome.html?installed"
    assert firefox.m.script("return document.getElementById('setup').hidden") is True
    assert firefox.m.script("return document.getElementById('command').textContent") == \
        "pipx install ./prism_translate-0.1.0-py3-none-any.whl && prism install-host --browser firefox"
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)


def _until(firefox, script: str, timeout: float = 30):
    """What a script in the current window answers, once it answers something."""
    deadline = time.monotonic() + timeout
    while not (value := firefox.m.script(script)):
        assert time.monotonic() < deadline, script
        time.sleep(0.2)
    return value


def test_firefox_options_an_emptied_field_is_marked_and_browsing_a_translator_does_not_switch(firefox):
    config = firefox.stack.root / "config" / "prism-translate" / "config.json"
    before = config.read_text() if config.exists() else None
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)

    def until(script: str, timeout: float = 30):
        return _until(firefox, script, timeout)

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
    original = firefox.select_contents("para")
    result = firefox.run_handler(tab, "translateSelection")
    assert result["ok"] is True, result
    text = firefox.overlay_text("#translation")
    assert "Maria Garcia" in text and similar_to_apertium(text, original)
    assert firefox.m.script("return String(document.querySelector('prism-translate-overlay').shadowRoot)") == "null"
    sent = translator_inputs(firefox.stack)
    assert sent.strip() and not {"maria", "garcia", "chicago"} & words(sent)
    firefox.close_tab()


def test_firefox_the_shortcut_translates_the_selection_made_last_in_the_mail_frame(firefox):
    """A paragraph selected in the page, then one in the cross-origin mail frame: the mail's is
    translated, in the mail frame, and the page's never reaches the translator."""
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/tall-gmail.html")
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
    assert_sent_none_of(firefox.stack, {"helen", "parker", "portland", "museum", "thomas", "walker", "denver"})
    firefox.close_tab()


def test_firefox_a_long_selection_in_a_mail_frame_streams_into_a_tall_panel(firefox):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/long-roundcube.html")

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
    assert_sent_none_of(firefox.stack, {"laura", "bennett", "seattle"})
    firefox.close_tab()


def test_firefox_translate_this_page(firefox):
    firefox.translate_page("article.html")
    assert firefox.page_stats() == "All 5 paragraphs translated privately."
    firefox.close_tab()


def test_firefox_inline_translations_on_a_dark_page_reach_aa_contrast(firefox):
    from e2e_helpers import contrast, rgb

    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    firefox.translate_page("webmail-outlook-dark.html")
    assert firefox.page_stats().startswith("All ")
    colours = []
    for host in firefox.m("WebDriver:FindElements", using="css selector", value="prism-translation"):
        root = firefox.m("WebDriver:GetShadowRoot", id=host[ELEMENT])["value"][SHADOW]  # WebDriver opens closed roots
        t = firefox.m("WebDriver:FindElementFromShadowRoot", shadowRoot=root, using="css selector", value=".t")["value"]
        colours.append(firefox.m("WebDriver:GetElementCSSValue", id=t[ELEMENT], propertyName="color")["value"])
    background = rgb(firefox.m.script("return getComputedStyle(document.body).backgroundColor"))
    assert colours and min(contrast(rgb(c), background) for c in colours) >= 4.5, (colours, background)
    assert_sent_none_of(firefox.stack, {"olivia", "turner", "boston"})
    firefox.close_tab()


def test_firefox_whole_message_side_by_side(firefox):
    firefox.translate_page("gmail-thread.html")
    assert firefox.page_stats() == "All 8 paragraphs translated privately."
    # one translation under the subject and each paragraph of the two message bodies, and nothing elsewhere
    assert firefox.m.script("return [...document.querySelectorAll('prism-translation')].map("
                            "(t) => !!t.previousElementSibling.closest('.a3s, h2.hP'))") == [True] * 8
    firefox.close_tab()


_LAYOUT = """return {html: document.body.innerHTML, boxes: [...document.body.querySelectorAll('*')].map((e) => {
    const r = e.getBoundingClientRect(); return [e.tagName, e.id, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(' ');
  })};"""
_OUTSIDE = """return [...document.querySelectorAll('prism-translation')].filter((t) => {
    const n = t.previousSibling; const el = n && (n.nodeType === 1 ? n : n.parentElement);
    return !(el && el.closest('[data-test-block]'));
  }).length;"""


def _press(label: str):
    def press(m):
        for button in m("WebDriver:FindElements", using="css selector", value="button"):
            if m("WebDriver:GetElementText", id=button[ELEMENT])["value"] == label:
                m("WebDriver:ElementClick", id=button[ELEMENT])
                return True
        raise AssertionError(f"no {label} button")
    return press


def _in_mail_frame(firefox, script: str):
    frame = firefox.m("WebDriver:FindElement", using="css selector", value="#mail-frame")["value"]
    firefox.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])
    try:
        return firefox.m.script(script)
    finally:
        firefox.m("WebDriver:SwitchToParentFrame")


def test_firefox_whole_message_with_html_mail_in_a_cross_origin_iframe(firefox):
    """The Gmail-like window: the subject and both messages, the HTML mail in its cross-origin
    frame included (Firefox names the frame: runtime.getFrameId), nothing of the app; closing
    after "Translation only" leaves the page as it was."""
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/webmail-gmail.html")
    deadline = time.monotonic() + 20
    while _in_mail_frame(firefox, "return document.querySelectorAll('[data-test-block]').length") != 4:
        assert time.monotonic() < deadline
        time.sleep(0.3)
    before = [firefox.m.script(_LAYOUT), _in_mail_frame(firefox, _LAYOUT)]
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    stats = firefox.page_stats()
    expected = firefox.m.script("return document.querySelectorAll('[data-test-block]').length") + 4
    assert stats == f"All {expected} paragraphs translated privately."
    assert firefox.m.script("return document.querySelectorAll('prism-translation').length") == expected - 4
    assert _in_mail_frame(firefox, "return document.querySelectorAll('prism-translation').length") == 4
    assert firefox.m.script(_OUTSIDE) == 0 and _in_mail_frame(firefox, _OUTSIDE) == 0
    sent = translator_inputs(firefox.stack)
    assert not {"snoozed", "lisbon", "sponsored", "cookies", "alice", "johnson", "denver", "robert"} & words(sent)
    for label in ("Translation only", "Original", "Translation only", "×"):
        firefox.in_overlay(_press(label))
        time.sleep(0.5)
    deadline = time.monotonic() + 10
    while [firefox.m.script(_LAYOUT), _in_mail_frame(firefox, _LAYOUT)] != before:
        assert time.monotonic() < deadline, "the page did not come back as it was"
        time.sleep(0.3)
    firefox.close_tab()


def test_firefox_replace_selection_in_a_textarea(firefox):
    tab = firefox.open_tab(f"{BASE}/compose.html")
    text = firefox.m.script("""const el = document.getElementById('body'); el.focus();
        el.setSelectionRange(el.value.indexOf('please'), el.value.indexOf('meeting.') + 8); return el.value;""")
    result = firefox.run_handler(tab, "translateSelection")
    assert result["ok"] is True, result
    translation = firefox.overlay_text("#translation")

    firefox.press_in_overlay("Replace selection")
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
    with installed_dictionary(stack, "es-en"), settings_file(stack.root, json.dumps({"translator": "apertium", "target": "en"})):
        (stack.state / "translator.log").unlink(missing_ok=True)
        yield firefox


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
    firefox.select_contents("msg")
    result = firefox.run_handler(tab, "translateSelection")
    assert result["ok"] is True, result
    text = firefox.overlay_text("#translation")
    assert {"meeting", "client", "thursday"} & words(text) and "Valladolid" in text
    assert _pair(firefox) == "Spanish (detected) → English"
    sent = translator_inputs(firefox.stack)
    assert sent.strip() and not {"andrés", "valladolid", "echeverría", "marta"} & words(sent)
    assert "4.870,50" not in sent and "915 482 367" not in sent
    firefox.close_tab()


def test_firefox_the_toolbar_on_a_spanish_page_translates_it_into_english(firefox_reading_english):
    firefox = firefox_reading_english
    firefox.translate_page("gmail-es.html")
    assert _pair(firefox) == "Spanish (detected) → English"
    assert firefox.page_stats().startswith("All ")
    sent = translator_inputs(firefox.stack)
    assert sent.strip() and not {"andrés", "valladolid", "echeverría"} & words(sent)
    firefox.close_tab()


def test_firefox_a_thread_in_two_languages_is_read_per_message(firefox_reading_english):
    """Firefox's own detector, per paragraph: the Spanish reply into English, the English
    message and its subject left alone and never sent."""
    firefox = firefox_reading_english
    tab = firefox.open_tab(f"{BASE}/webmail-thread.html")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True and result["translated"] == 2 and result["kept"] == 3, result
    assert firefox.page_stats() == \
        "All 2 paragraphs translated privately."
    assert firefox.m.script("return [...document.querySelectorAll('prism-translation')].map("
                            "(t) => t.previousElementSibling.closest('.a3s').id)") == ["es", "es"]
    sent = translator_inputs(firefox.stack)
    assert sent.strip() and not {"boston", "noon", "invoice", "valladolid", "daniel"} & words(sent)


# -- Replace / Insert below with real selections; the clickjacking page (issues 26 and 27) ---------

CONTROL, ESCAPE = "\ue009", "\ue00c"
# the text's first and last character of two elements, in the frame's viewport
ENDS = """const [first, last] = arguments;
  const at = (node, offset) => { const r = document.createRange(); r.setStart(node, offset); r.setEnd(node, offset + 1);
                                 return r.getBoundingClientRect(); };
  const a = document.getElementById(first).firstChild, b = document.getElementById(last).firstChild;
  const s = at(a, 0), e = at(b, b.length - 1);
  return [Math.round(s.left + 1), Math.round(s.top + s.height / 2), Math.round(e.right - 1), Math.round(e.top + e.height / 2)];"""


def _esc_closes_the_overlay(firefox) -> None:
    """Esc pressed in the overlay's body closes it within 10 s."""
    firefox.in_overlay(lambda m: m.script("document.getElementById('body').focus()"))
    firefox.keys(ESCAPE)
    deadline = time.monotonic() + 10
    while firefox.m.script("return !!document.querySelector('prism-translate-overlay')"):
        assert time.monotonic() < deadline, "the overlay stayed open"
        time.sleep(0.2)


def _nothing_private_sent(firefox, *hidden: str) -> None:
    sent = translator_inputs(firefox.stack)
    assert sent.strip() and not {w.lower() for w in hidden} & words(sent)


def _changed(firefox, script: str, before: str) -> str:
    deadline = time.monotonic() + 20
    while (now := firefox.m.script(script)) == before:
        assert time.monotonic() < deadline, "nothing was written"
        time.sleep(0.3)
    return now


def test_firefox_triple_click_a_line_then_replace_one_ctrl_z_and_esc_gives_focus_back(firefox):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/compose-webmail.html")
    read = "return document.getElementById('gmail').innerText"
    before = firefox.m.script(read)
    line = firefox.m("WebDriver:FindElement", using="css selector", value="#g1")["value"]
    firefox.pointer({"type": "pointerMove", "origin": line, "x": 0, "y": 0}, *CLICK, *CLICK, *CLICK)
    assert firefox.m.script("return getSelection().toString()").strip() == "Maria Garcia visited the school in Chicago last week."
    assert firefox.run_handler(tab, "translateSelection")["ok"] is True
    translation = firefox.overlay_text("#translation").strip()
    _nothing_private_sent(firefox, "maria", "garcia", "chicago")
    firefox.press_in_overlay("Replace selection")
    lines = _changed(firefox, read, before).split("\n")
    assert translation in lines and lines[lines.index(translation) + 1].startswith("She bought five old books")
    assert firefox.m.script("return document.activeElement.id") == "gmail"  # the keyboard is back in the draft
    firefox.keys(CONTROL, "z")  # one step, as the user made one
    assert firefox.m.script(read) == before

    # Esc in the overlay: closed, and the keyboard back in the draft
    firefox.pointer({"type": "pointerMove", "origin": line, "x": 0, "y": 0}, *CLICK, *CLICK, *CLICK)
    assert firefox.run_handler(tab, "translateSelection")["ok"] is True
    firefox.overlay_text("#translation")
    _esc_closes_the_overlay(firefox)
    assert firefox.m.script("return document.activeElement.id") == "gmail"
    firefox.close_tab()


def test_firefox_drag_over_two_paragraphs_in_an_iframe_editor_then_insert_below_one_ctrl_z(firefox):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/compose-roundcube.html")
    editor = firefox.m("WebDriver:FindElement", using="css selector", value="#composebody_ifr")["value"]
    firefox.m("WebDriver:SwitchToFrame", element=editor[ELEMENT])
    read = "return document.body.innerText"
    before = firefox.m.script(read)
    x1, y1, x2, y2 = firefox.m.script(ENDS, "r1", "r2")
    firefox.pointer({"type": "pointerMove", "origin": "viewport", "x": x1, "y": y1}, CLICK[0],
                    {"type": "pointerMove", "origin": "viewport", "x": x2, "y": y2, "duration": 300}, CLICK[1])
    selected = firefox.m.script("return getSelection().toString()")
    assert selected.startswith("Alice Johnson signed") and selected.rstrip().endswith("school library.")
    assert firefox.run_handler(tab, "translateSelection")["ok"] is True
    firefox.m("WebDriver:SwitchToFrame", element=editor[ELEMENT])  # the overlay opened in the editor's frame
    translation = firefox.overlay_text("#translation").strip()
    _nothing_private_sent(firefox, "alice", "johnson", "boston")
    firefox.press_in_overlay("Insert below")
    after = _changed(firefox, read, before)
    assert after.index("school library.") < after.index(translation.split("\n")[0]) < after.index("Regards, Robert")
    assert firefox.m.script("return document.activeElement.id") == "tinymce"
    firefox.keys(CONTROL, "z")
    assert firefox.m.script(read) == before
    firefox.m("WebDriver:SwitchToParentFrame")
    firefox.close_tab()


@pytest.mark.parametrize("size", ["small", "large"])
def test_firefox_offers_no_replace_where_a_page_could_cover_the_overlay(firefox, size):
    """Firefox has no IntersectionObserver v2 to tell whether the overlay is seen as it is, so
    around a cross-origin compose widget (a small one: the overlay opens in the hostile page; a
    large one: in the widget, whose frame the page can cover) Replace and Insert are not offered."""
    tab = firefox.open_tab(f"{BASE}/clickjack.html?attack=decoy&widget={size}")
    widget = firefox.m("WebDriver:FindElement", using="css selector", value="#draft")["value"]
    firefox.m("WebDriver:SwitchToFrame", element=widget[ELEMENT])
    firefox.m.script("""const r = document.createRange(); r.selectNodeContents(document.getElementById('line'));
        getSelection().removeAllRanges(); getSelection().addRange(r); document.getElementById('draft').focus();""")
    firefox.m("WebDriver:SwitchToParentFrame")
    assert firefox.run_handler(tab, "translateSelection")["ok"] is True
    if size == "large":
        firefox.m("WebDriver:SwitchToFrame", element=widget[ELEMENT])
    firefox.overlay_text("#translation")
    labels = firefox.in_overlay(lambda m: m.script("return [...document.querySelectorAll('#actions > *')].map((b) => b.textContent)"))
    assert "Replace selection" not in labels and "Insert below" not in labels and "Copy" in labels
    assert any(label.startswith("Replace and Insert are off here") for label in labels)
    firefox.m("WebDriver:SwitchToParentFrame")
    firefox.close_tab()


# -- the whole-message view on the Outlook- and Roundcube-like windows; "Translation only" -------

_COUNTS = """return {expected: document.querySelectorAll('[data-test-block]').length,
                     shown: document.querySelectorAll('prism-translation').length};"""


def _in_frame(firefox, selector, script: str):
    """Run the script in the top document (selector None) or in the frame `selector` names."""
    if selector is None:
        return firefox.m.script(script)
    frame = firefox.m("WebDriver:FindElement", using="css selector", value=selector)["value"]
    firefox.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])
    try:
        return firefox.m.script(script)
    finally:
        firefox.m("WebDriver:SwitchToParentFrame")


def _close_and_compare(firefox, docs, before) -> None:
    firefox.in_overlay(_press("×"))
    deadline = time.monotonic() + 10
    while (now := [_in_frame(firefox, d, _LAYOUT) for d in docs]) != before:
        assert time.monotonic() < deadline, [(b["boxes"] == a["boxes"], b["html"] == a["html"]) for b, a in zip(before, now)]
        time.sleep(0.3)


@pytest.mark.parametrize("name, mail_frame, outside, private", [
    ("webmail-outlook.html", None, ("outlook", "inbox", "drafts", "newsletter", "mayor", "library", "español"),
     ("maria", "garcia", "chicago", "miller")),
    ("webmail-roundcube.html", "#messagecontframe", ("inbox", "junk", "denver", "boston", "yesterday"),
     ("robert", "smith", "seattle", "alice", "miller")),
])
def test_firefox_whole_message_on_outlook_and_roundcube_like_windows(firefox, name, mail_frame, outside, private):
    """The reading pane (Outlook) or the message frame (Roundcube): the count is the message's
    paragraphs, none outside it is translated or sent; Translation only -> Original ->
    Translation only -> close leaves every element's box and the markup as they were."""
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/{name}")
    docs = [None] + ([mail_frame] if mail_frame else [])
    deadline = time.monotonic() + 20
    while not _in_frame(firefox, docs[-1], "return document.readyState === 'complete'"
                                            " && document.querySelectorAll('[data-test-block]').length"):
        assert time.monotonic() < deadline
        time.sleep(0.3)
    before = [_in_frame(firefox, d, _LAYOUT) for d in docs]
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    stats = firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped")))
    counts = [_in_frame(firefox, d, _COUNTS) for d in docs]
    expected = sum(c["expected"] for c in counts)
    assert expected > 3 and stats == f"All {expected} paragraphs translated privately."
    assert [c["shown"] for c in counts] == [c["expected"] for c in counts]
    assert [_in_frame(firefox, d, _OUTSIDE) for d in docs] == [0] * len(docs)
    sent = translator_inputs(firefox.stack)
    assert words(sent) and not set(private) & words(sent)
    assert_outside_not_sent(sent, outside)
    for label in ("Translation only", "Original", "Translation only"):
        firefox.in_overlay(_press(label))
        time.sleep(0.5)
    _close_and_compare(firefox, docs, before)
    firefox.close_tab()


def test_firefox_translation_only_keeps_headings_typography_and_links_and_closing_restores_the_page(firefox):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/news-form.html")
    before = [firefox.m.script(_LAYOUT)]
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped"))) == \
        "All 5 paragraphs translated privately."
    firefox.in_overlay(_press("Translation only"))
    deadline = time.monotonic() + 10
    while firefox.m.script("return getComputedStyle(document.getElementById('title')).display") != "none":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    shown = []  # inside each translation's closed shadow root (WebDriver opens closed roots)
    for host in firefox.m("WebDriver:FindElements", using="css selector", value="prism-translation"):
        root = firefox.m("WebDriver:GetShadowRoot", id=host[ELEMENT])["value"][SHADOW]
        t = firefox.m("WebDriver:FindElementFromShadowRoot", shadowRoot=root, using="css selector", value=".t")["value"][ELEMENT]
        links = firefox.m("WebDriver:FindElementsFromShadowRoot", shadowRoot=root, using="css selector", value="a")
        shown.append({
            "role": firefox.m("WebDriver:GetElementAttribute", id=t, name="role")["value"],
            "level": firefox.m("WebDriver:GetElementAttribute", id=t, name="aria-level")["value"],
            "size": firefox.m("WebDriver:GetElementCSSValue", id=t, propertyName="font-size")["value"],
            "family": firefox.m("WebDriver:GetElementCSSValue", id=t, propertyName="font-family")["value"],
            "links": [firefox.m("WebDriver:GetElementProperty", id=a[ELEMENT], name="href")["value"] for a in links],
        })
    title, lead, sub = shown[0], shown[1], shown[2]
    assert (title["role"], title["level"], title["size"]) == ("heading", "1", "30px") and "Arial" in title["family"]
    assert (sub["role"], sub["level"], sub["size"]) == ("heading", "2", "20px")
    assert lead["role"] is None and "Georgia" in lead["family"] and lead["links"] == ["https://example.com/school"]
    # the form between the paragraphs stays where it is, its labels beside its fields
    assert firefox.m.script("""const label = document.querySelector('label[for=n-mail]').getBoundingClientRect();
        const field = document.getElementById('n-mail').getBoundingClientRect();
        return Math.abs(label.top - field.top) < 8 && label.right <= field.left;""")
    sent = "\n".join(MARKER.sub("", c["input"]) for c in firefox.stack.translator_calls())
    for chrome in ("Advertisement", "River Paper", "E-mail", "Get the letters", "your city"):
        assert chrome not in sent, chrome
    _close_and_compare(firefox, [None], before)
    firefox.close_tab()


def test_firefox_paragraphs_the_host_refuses_are_left_as_they_are_and_the_others_translated(firefox):
    """A German mail forwarded under an English note, no German dictionary: the German paragraphs
    are refused before anything is sent (E025) and left as they are, saying why; the run goes on."""
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/webmail-forwarded-german.html")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True and result["translated"] == 2 and result["refused"] == 3, result
    reason = "This does not look like the source language [E025]"
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("2 of", "All ", "Stopped"))) == \
        f"2 of 5 paragraphs translated privately; 3 left as they are ({reason})."
    notes = []
    for host in firefox.m("WebDriver:FindElements", using="css selector", value="[data-test-refused] + prism-translation"):
        root = firefox.m("WebDriver:GetShadowRoot", id=host[ELEMENT])["value"][SHADOW]
        t = firefox.m("WebDriver:FindElementFromShadowRoot", shadowRoot=root, using="css selector", value=".t")["value"]
        notes.append(firefox.m("WebDriver:GetElementText", id=t[ELEMENT])["value"])
    assert notes == [f"Left as it is: {reason}."] * 3
    _nothing_private_sent(firefox, "laura", "bennett", "portland")
    _nothing_private_sent(firefox, "kaufvertrag", "sparkasse", "rosenheim", "notar", "fluss")
    firefox.close_tab()


def test_firefox_esc_gives_the_keyboard_back_to_a_reply_box_in_a_tiny_frame(firefox):
    """The quick-reply box's frame is too small for the translation box, which opens in the top
    page; Esc there puts the keyboard back into the reply box, with the selection."""
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/webmail-quick-reply.html")
    frame = firefox.m("WebDriver:FindElement", using="css selector", value="#quick")["value"]
    firefox.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])
    reply = firefox.m("WebDriver:FindElement", using="css selector", value="#reply")["value"]
    firefox.pointer({"type": "pointerMove", "origin": reply, "x": 0, "y": 0}, *CLICK)
    firefox.keys(CONTROL, "a")
    selected = "return [document.activeElement.id, document.hasFocus(), document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    assert firefox.m.script(selected) == ["reply", True, 0, 69]
    firefox.m("WebDriver:SwitchToParentFrame")
    assert firefox.run_handler(tab, "translateSelection")["ok"] is True
    firefox.overlay_text("#translation")  # in the top page
    _nothing_private_sent(firefox, "maria", "garcia", "chicago")
    _esc_closes_the_overlay(firefox)
    firefox.m("WebDriver:SwitchToFrame", element=frame[ELEMENT])
    deadline = time.monotonic() + 5
    while (now := firefox.m.script(selected)) != ["reply", True, 0, 69]:
        assert time.monotonic() < deadline, now
        time.sleep(0.2)
    firefox.m("WebDriver:SwitchToParentFrame")
    firefox.close_tab()


_START = """const boxes = [...document.querySelectorAll('prism-translation')].slice(0, 2).map((t) => {
    const r = document.createRange(); r.selectNodeContents(t.previousElementSibling); return r.getBoundingClientRect(); });
  const x = Math.min(...boxes.map((b) => b.left)), y = Math.min(...boxes.map((b) => b.top));
  return {x, y, width: Math.max(...boxes.map((b) => b.right)) - x, height: Math.max(...boxes.map((b) => b.bottom)) - y};"""


@pytest.mark.parametrize("name", ["webmail-header.html", "webmail-header.html?dark"])
def test_firefox_the_panel_leaves_the_start_of_the_message_in_view_and_the_panes_header_is_the_messages(firefox, name):
    (firefox.stack.state / "translator.log").unlink(missing_ok=True)
    tab = firefox.open_tab(f"{BASE}/{name}")
    result = firefox.run_handler(tab, "translatePage")
    assert result["ok"] is True, result
    assert firefox.overlay_text("#body .stats", until=lambda t: t.startswith(("All ", "Stopped"))) == \
        "All 5 paragraphs translated privately."
    assert firefox.m.script(_OUTSIDE) == 0  # the subject in the reading pane's header among them
    host = firefox.m("WebDriver:FindElement", using="css selector", value="prism-translate-overlay")["value"]
    panel = firefox.m("WebDriver:GetElementRect", id=host[ELEMENT])
    start = firefox.m.script(_START)
    overlap = panel["x"] < start["x"] + start["width"] and start["x"] < panel["x"] + panel["width"] \
        and panel["y"] < start["y"] + start["height"] and start["y"] < panel["y"] + panel["height"]
    assert start["x"] + start["width"] > panel["x"] and not overlap, (panel, start)
    _nothing_private_sent(firefox, "helen", "parker", "portland")
    _nothing_private_sent(firefox, "larkmail", "settings", "themes", "starred", "walker", "boat")
    firefox.close_tab()


def test_firefox_options_start_new_settings_over_a_damaged_file_and_show_where_it_was_kept(firefox):
    firefox.m("WebDriver:SwitchToWindow", handle=firefox.options_tab)

    def until(script: str, timeout: float = 30):
        return _until(firefox, script, timeout)

    try:
        with settings_file(firefox.stack.root, DAMAGED_SETTINGS) as config:
            firefox.m.script("location.reload()")
            until("return !document.getElementById('fresh-row')?.hidden")
            assert "[E059]" in firefox.m.script("return document.getElementById('status').textContent")
            firefox.m.script("document.getElementById('fresh-settings').click()")
            warning = until("return !document.getElementById('settings').hidden && document.getElementById('warnings').textContent")
            [kept] = config.parent.glob("config.json.corrupt-*")
            assert str(kept) in warning and firefox.m.script("return document.getElementById('fresh-row').hidden") is True
            assert json.loads(config.read_text()) == {"method": "star"}
    finally:
        firefox.m.script("location.reload()")
