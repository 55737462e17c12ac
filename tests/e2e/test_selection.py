"""Translate privately from a selection: Gmail-like nested iframes, an Outlook-like contenteditable
reading pane, a compose box, and the overlay's controls. Real Chromium, host, spaCy, Apertium."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e_helpers import (
    FRAME_TIMEOUT_MS, click_in_overlay, evaluate, screenshot, wait_closed, context_menu, frame_by_url, open_page, select_in_field, select_text, shortcut,
    similar_to_apertium, surfaces, wait_overlay,
)
from e2e_helpers import assert_private, translator_inputs


pytestmark = pytest.mark.e2e


def test_gmail_nested_iframe_shows_the_apertium_translation(e2e):
    page = open_page(e2e, "gmail.html")
    body = frame_by_url(page, "about:srcdoc")  # reading pane iframe -> message body srcdoc iframe
    original = select_text(body, "#msg")
    assert shortcut(e2e)["ok"] is True

    overlay = wait_overlay(page)
    assert overlay["shadow"] == ["closed"] and overlay["frame"] == "about:srcdoc"
    assert overlay["frame_path"] == ["reading", "body"]
    assert overlay["error"] is None
    # the real Apertium translation, with the private words restored on this machine
    assert "Alice Johnson" in overlay["text"]
    assert similar_to_apertium(overlay["text"], original)
    assert overlay["original_text"] == original
    assert_private(e2e, overlay, ("Alice", "Johnson", "Boston"))

    click_in_overlay(page, "What was sent")
    overlay = wait_overlay(page)
    assert overlay["sent_hidden"] is False
    assert re.search(r"\d+ of \d+ words hidden", overlay["stats"]) and "PRISM*: no ε" in overlay["stats"]
    screenshot(page, "screenshot-gmail.png")


def test_script_written_about_blank_frame(e2e):
    page = open_page(e2e, "gmail.html")
    quoted = next(f for f in page.frames if f.url == "about:blank" and f.parent_frame
                  and f.parent_frame.url.endswith("gmail-reading.html"))
    select_text(quoted, "#quote")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["frame_path"] == ["reading", "quoted"]  # inside the script-written frame
    assert "John Miller" in overlay["text"] and similar_to_apertium(overlay["text"], overlay["original_text"])
    assert_private(e2e, overlay, ("John", "Miller", "Seattle"))


def test_small_cross_origin_iframe_gets_the_overlay_in_the_top_frame(e2e):
    page = open_page(e2e, "gmail.html")
    snippet = frame_by_url(page, "cdn.example.test/snippet.html")
    select_text(snippet, "#preview")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["frame"] == "http://mail.example.test/gmail.html" and overlay["frame_path"] == []
    assert "Robert Smith" in overlay["text"] and similar_to_apertium(overlay["text"], overlay["original_text"])
    # not anchored to the tiny frame: top-right of the page, inside the viewport
    assert overlay["rect"]["x"] + overlay["rect"]["width"] <= overlay["viewport"]["width"]
    assert overlay["rect"]["x"] > overlay["viewport"]["width"] / 2
    assert_private(e2e, overlay, ("Robert", "Smith", "Denver"))


def test_outlook_contenteditable_pane_from_the_context_menu(e2e):
    page = open_page(e2e, "outlook.html")
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["frame"].endswith("/outlook.html")
    assert "Maria Garcia" in overlay["text"] and similar_to_apertium(overlay["text"], overlay["original_text"])
    para = page.locator("#para").bounding_box()
    assert overlay["rect"]["y"] >= para["y"] + para["height"] - 1  # placed just below the selection
    assert_private(e2e, overlay, ("Maria", "Garcia", "Chicago"))


def test_a_right_clicked_selection_is_analysed_ahead_and_nothing_is_sent(e2e):
    """The right-click that opens the menu has the host analyse the selection (so the click on
    "Translate privately" waits only for the translator); the translator gets nothing until then."""
    page = open_page(e2e, "outlook.html")
    select_text(page.main_frame, "#para")
    e2e.reset_records()
    box = page.locator("#para").bounding_box()
    page.mouse.click(box["x"] + 20, box["y"] + box["height"] / 2, button="right")
    deadline = time.monotonic() + 60
    while not re.search(r"prepare \S+: ok", e2e.host_log()):
        assert time.monotonic() < deadline, e2e.host_log()[-2000:]
        time.sleep(0.2)
    assert e2e.translator_calls() == []
    page.locator("body").press("Escape", timeout=FRAME_TIMEOUT_MS)
    assert context_menu(e2e, 0)["ok"] is True
    overlay = wait_overlay(page)
    assert "Maria Garcia" in overlay["text"]
    assert_private(e2e, overlay, ("Maria", "Garcia", "Chicago"))
    assert re.search(r"prepare \S+: ok.*\n(.*\n)*.*translate \S+: ok", e2e.host_log())


def test_compose_box_translates_only_the_selected_part(e2e):
    page = open_page(e2e, "compose.html")
    text = page.eval_on_selector("#body", "el => el.value")
    start = text.index("please")
    end = text.index("meeting.") + len("meeting.")
    selected = select_in_field(page.main_frame, "#body", start, end)
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["original_text"] == selected
    sent = translator_inputs(e2e)
    assert "David" not in sent and "table" not in sent and "Hello" not in sent


def test_password_fields_are_never_read(e2e):
    page = open_page(e2e, "compose.html")
    select_in_field(page.main_frame, "#password", 0, 10)
    assert shortcut(e2e) == {"ok": False, "code": "E068"}
    overlay = wait_overlay(page)
    assert "Password fields are never read" in overlay["error"]
    assert e2e.translator_calls() == []
    assert not any("horse" in r["url"] + r["body"] for r in e2e.site.requests)


def test_text_over_the_limit_is_refused_with_a_clear_error(e2e):
    page = open_page(e2e, "compose.html")
    page.eval_on_selector("#body", "el => { el.value = 'The old dog saw a red car. '.repeat(4000); }")  # 108 000 chars
    select_in_field(page.main_frame, "#body", 0, 108000)
    assert shortcut(e2e) == {"ok": False, "code": "E064"}
    overlay = wait_overlay(page)
    assert "The text is too long [E064]" in overlay["error"] and "at most 100000" in overlay["error"]
    assert e2e.translator_calls() == []


def test_missing_dictionary_points_to_the_options(e2e):
    (e2e.root / "config" / "prism-translate" / "config.json").write_text('{"translator": "apertium", "target": "ca"}')
    page = open_page(e2e, "outlook.html")
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0) == {"ok": False, "code": "E010"}
    overlay = wait_overlay(page)
    assert "No dictionary for this language [E010]" in overlay["error"] and "Installed pairs: en-es" in overlay["error"]
    assert "Open options" in overlay["buttons"]
    assert e2e.translator_calls() == []


def test_nothing_selected_sends_nothing(e2e):
    page = open_page(e2e, "article.html")
    page.evaluate("getSelection().removeAllRanges()")
    requests_before = e2e.host_log().count(": ok in")
    assert shortcut(e2e) == {"ok": False, "code": "E020"}
    assert "Nothing to translate" in wait_overlay(page)["error"]
    assert e2e.translator_calls() == []
    assert e2e.host_log().count(": ok in") == requests_before  # the host was not even asked


def test_overlay_controls_copy_original_focus_dark_escape(e2e):
    page = open_page(e2e, "article.html")
    select_text(page.main_frame, "article p")
    context_menu(e2e, 0)
    overlay = wait_overlay(page)
    assert overlay["buttons"] == ["✥", "×", "Copy", "Show original", "What was sent"]
    assert overlay["original_hidden"] is True and overlay["sent_hidden"] is True
    assert overlay["pair"] == "English → Spanish"
    # it took the keyboard focus and told screen readers (a polite live region)
    assert overlay["focused"] == "body" and overlay["live"].startswith("Translation into Spanish ready.")

    click_in_overlay(page, "Show original")
    assert wait_overlay(page)["original_hidden"] is False
    # the page's copy listeners see neither a selection nor the data: the copy happens in the
    # extension's own document
    evaluate(page, """() => { window.__copied = null; window.addEventListener('copy', (e) => {
        window.__copied = [getSelection().toString(), e.clipboardData.getData('text/plain')]; }, true); }""")
    click_in_overlay(page, "Copy")
    assert "Copied" in wait_overlay(page, lambda o: "Copied" in o["buttons"], timeout=10)["buttons"]
    assert evaluate(page, "() => window.__copied") is None

    light = wait_overlay(page)["background"]
    page.emulate_media(color_scheme="dark")
    dark = wait_overlay(page)["background"]
    assert light == "rgb(255, 255, 255)" and dark != light
    page.emulate_media(color_scheme="light")

    # focus is in the overlay: Esc there closes it. The key removes the frame it was pressed in,
    # so Playwright may never see the press end; what counts is that the overlay closed.
    [surface] = surfaces(page)
    try:
        surface.locator("#body").press("Escape", timeout=FRAME_TIMEOUT_MS)
    except PlaywrightTimeout:
        pass
    wait_closed(page)
