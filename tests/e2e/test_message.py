"""Whole-message translation ("Translate this page privately" on the toolbar) on pages written
like Gmail, Outlook on the web and Roundcube: the message bodies are found (nested divs, a
reading pane region, a same-origin message iframe), each paragraph's translation appears under
it (side by side), the view switches to translation only and back to the original, progress
shows per paragraph, and Cancel stops what is sent next. Real Chromium, host, spaCy, Apertium."""

from __future__ import annotations

import re
import time

import pytest
from e2e_helpers import (
    click_in_overlay, open_page, page_translations, screenshot, similar_to_apertium, tab_id, toolbar_action,
    wait_closed, wait_overlay,
)

MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)

pytestmark = pytest.mark.e2e


def translator_inputs(stack) -> str:
    return "\n".join(MARKER.sub("", c["input"]) for c in stack.translator_calls())


def translate_message(stack, page) -> dict:
    assert toolbar_action(stack)["ok"] is True
    return wait_overlay(page, lambda o: o["kind"] == "page" and (o["stats"] or "").startswith("All"))


def test_gmail_thread_bilingual_view_and_back_to_the_original(e2e):
    page = open_page(e2e, "gmail-thread.html")
    before = page.inner_html("body")
    bodies = page.eval_on_selector_all(".a3s", "els => els.map((e) => e.innerText)")
    panel = translate_message(e2e, page)
    shown = page_translations(page)
    # the subject and the two message bodies, paragraph by paragraph (blank lines and the
    # signature's <br> kept together); the navigation and sender lines are not message text
    assert len(shown) == 8 and panel["stats"] == "All 8 paragraphs translated privately."
    assert all(t["shadow"] == ["closed"] and t["text"] and "Translating" not in t["text"] for t in shown)
    inputs = translator_inputs(e2e)
    assert "Inbox" not in inputs and "Starred" not in inputs
    assert similar_to_apertium("\n".join(t["text"] for t in shown[1:]), "\n".join(bodies))
    assert "Alice Johnson" in shown[2]["text"] and "Robert Smith" in shown[5]["text"]
    for name in ("Alice", "Johnson", "Boston", "Robert", "Smith", "Denver"):
        assert name not in inputs  # hidden before they left the machine
    # each translation sits right under its paragraph
    assert page.evaluate("""() => [...document.querySelectorAll('prism-translation')].every((t) =>
        t.previousElementSibling && t.previousElementSibling.closest('.a3s, h2.hP'))""")
    assert panel["pressed"] == ["Side by side"]
    screenshot(page, "screenshot-bilingual.png")

    click_in_overlay(page, "Translation only")
    wait_overlay(page, lambda o: o["pressed"] == ["Translation only"])
    page.wait_for_function("getComputedStyle(document.querySelector('#p-alice')).display === 'none'")
    assert all("display: block" in t["style"] for t in page_translations(page))
    click_in_overlay(page, "Original")
    page.wait_for_function("getComputedStyle(document.querySelector('#p-alice')).display === 'block'")
    assert all("display: none" in t["style"] for t in page_translations(page))
    click_in_overlay(page, "Side by side")
    page.wait_for_function("getComputedStyle(document.querySelector('prism-translation')).display === 'block'")

    click_in_overlay(page, "×")  # closing the panel gives the page back exactly as it was
    wait_closed(page)
    assert page_translations(page) == [] and page.inner_html("body") == before


def test_outlook_reading_pane_of_nested_divs(e2e):
    page = open_page(e2e, "outlook-read.html")
    translate_message(e2e, page)
    shown = page_translations(page)
    assert len(shown) == 5  # the subject and four paragraphs
    paragraph = page.inner_text("#p-maria")
    assert "Maria Garcia" in shown[2]["text"] and similar_to_apertium(shown[2]["text"], paragraph)
    inputs = translator_inputs(e2e)
    assert "Newsletter" not in inputs  # the message list
    assert "Chicago" not in inputs and "Garcia" not in inputs


def test_roundcube_message_in_a_same_origin_iframe(e2e):
    page = open_page(e2e, "roundcube.html")
    translate_message(e2e, page)
    shown = page_translations(page)
    assert len(shown) == 5 and {t["frame_path"][0] for t in shown} == {"messagecontframe"}  # the subject too
    assert all(t["frame"].endswith("/roundcube-message.html") for t in shown)  # shown next to their originals
    assert "Robert Smith" in shown[2]["text"]
    inputs = translator_inputs(e2e)
    assert "Denver" not in inputs and "Seattle" not in inputs


def test_long_message_progress_per_paragraph_then_cancel(e2e):
    page = open_page(e2e, "long-article.html")
    e2e.set_mode("slow:3")  # each translator call takes 3 s
    e2e.worker().evaluate("(id) => { self.__page = PrismHandlers.onActionClicked({ id }); return true; }", tab_id(e2e))
    partial = wait_overlay(page, lambda o: o["kind"] == "page" and o["stats"]
                           and re.match(r"[1-9]\d* of 81 paragraphs translated", o["stats"]), timeout=120)
    assert "Cancel" in partial["buttons"]
    shown = page_translations(page)
    done = [t for t in shown if "Translating" not in t["text"]]
    assert len(shown) == 81 and 0 < len(done) < 81  # the first paragraphs are in, the rest pending
    click_in_overlay(page, "Cancel")
    stopped = wait_overlay(page, lambda o: (o["stats"] or "").startswith("Stopped"))
    assert re.match(r"Stopped: \d+ of 81 paragraphs translated; nothing more is sent\.", stopped["stats"])
    assert e2e.worker().evaluate("self.__page") == {"ok": False, "code": "cancelled"}
    calls = len(e2e.translator_calls())
    time.sleep(7)  # two more translator calls' worth
    assert len(e2e.translator_calls()) <= calls + 1  # at most the batch already on its way
    after = page_translations(page)
    assert any(t["text"] == "Not translated (stopped)." for t in after)
    assert sum("Translating" in t["text"] for t in after) == 0
