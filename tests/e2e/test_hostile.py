"""Pages and translators are untrusted: a page that tries to drive, read or fake the overlay, and
a translator whose output carries markup and script."""

from __future__ import annotations

import re
import time

import pytest
from e2e_helpers import (
    apertium, context_menu, frame_by_url, in_worker, open_page, page_translations, real_overlays, select_text, shortcut,
    similar_to_apertium, tab_id, wait_overlay, words,
)

pytestmark = pytest.mark.e2e


def _spanish_words(text: str) -> list[str]:
    """words of the translation that are not in the page's own (English) text"""
    return [w for w in re.findall(r"[^\W\d_]{5,}", text) if w.lower() not in ENGLISH][:6]


ENGLISH = set("alice johnson signed contract boston house robert smith invoice office denver small found green book "
              "private note maria garcia school chicago bought books letter friend".split())


def test_hostile_page_cannot_start_read_restyle_hide_or_fake_the_overlay(e2e):
    page = open_page(e2e, "hostile.html")
    assert page.evaluate("window.__attacks") == ["sendMessage: TypeError"]  # no extension API for pages
    assert real_overlays(page) == []
    translations_before = len(re.findall(r"\btranslate \S+: ", e2e.host_log()))

    select_text(page.main_frame, "#secret")
    assert context_menu(e2e, 0)["ok"] is True
    overlay = wait_overlay(page)
    # The page's attempts (posted at load) were queued before this translation on the same path
    # (page -> content script -> background -> host): had one got through, the host would have
    # logged a translate request before this one.
    assert len(re.findall(r"\btranslate \S+: ", e2e.host_log())) == translations_before + 1
    assert "Alice Johnson" in overlay["text"] and " el " in overlay["text"]
    assert overlay["background"] == "rgb(255, 255, 255)"  # the page's `* { color/... !important }` is not ours

    page.wait_for_function("window.__attacks.includes('styled')", timeout=10000)
    time.sleep(0.5)
    stolen = page.evaluate("window.__stolen")
    assert stolen[0] == {"shadowRoot": "null", "text": "", "inner": ""}
    for leak in (stolen[1]["later"], stolen[1]["body"]):
        assert overlay["text"][:40] not in leak and " el " not in leak
    assert "attachShadow: NotSupportedError" in page.evaluate("window.__attacks")
    # removed, hidden as a popover, styled away: it is back, visible, on top
    after = wait_overlay(page)
    assert after["rect"]["width"] > 300 and after["rect"]["height"] > 100 and after["visible"]
    # neither the browser's find nor a select-all reaches the text
    probe = page.evaluate("(w) => probe(w)", _spanish_words(overlay["text"]))
    assert probe["found"] == [] and overlay["text"][:30] not in probe["selected"]
    # the page's fake stays a fake: ours is a different, closed element
    assert page.text_content("#fake") == "FAKE TRANSLATION"
    assert "FAKE" not in overlay["text"]
    assert len(real_overlays(page)) == 1


@pytest.mark.parametrize("frame_id, where", [("narrow", "in the narrow frame"), ("tiny", "in the top frame")])
def test_private_text_in_a_cross_origin_frame_stays_out_of_the_hostile_top_page(e2e, frame_id, where):
    """A 330 px frame gets its overlay inside it; a 230x90 one has no room, so the overlay goes to
    the top page, but as the extension's own cross-origin document: either way the top page's
    scripts cannot find, select, read or hide the translation."""
    page = open_page(e2e, "hostile-top.html")
    frame = frame_by_url(page, f"cdn.example.test/private-{frame_id}.html")
    original = select_text(frame, "#private")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert "Maria Garcia" in overlay["text"] and similar_to_apertium(overlay["text"], original)
    if frame_id == "narrow":
        assert overlay["frame"].endswith("/private-narrow.html") and overlay["frame_path"] == ["narrow"]
        box = page.locator("#narrow").bounding_box()
        assert box["x"] <= overlay["rect"]["x"] and overlay["rect"]["x"] + overlay["rect"]["width"] <= box["x"] + box["width"]
    else:
        assert overlay["frame"].endswith("/hostile-top.html") and overlay["frame_path"] == []
    if frame_id == "tiny":
        page.wait_for_function("window.__attacks.length >= 3", timeout=10000)  # removed, hidden, styled
        time.sleep(0.5)
    else:
        time.sleep(1.5)
        assert page.evaluate("window.__attacks") == []  # the top page never even sees an element
    probe = page.evaluate("(w) => probe(w)", _spanish_words(overlay["text"]))
    assert probe["found"] == [] and overlay["text"][:30] not in probe["selected"]
    assert overlay["text"][:30] not in page.evaluate("document.documentElement.innerText + document.documentElement.outerHTML")
    # the page keeps removing it; each time it is back within a frame
    after = wait_overlay(page, lambda o: not o["busy"] and o["visible"] and o["rect"])
    assert after["rect"]["height"] > 100


def test_translator_markup_and_script_are_shown_as_text_and_never_run(e2e):
    e2e.set_mode("html")
    page = open_page(e2e, "outlook.html")
    select_text(page.main_frame, "#para")
    result = context_menu(e2e, 0)
    overlay = wait_overlay(page)
    assert result["ok"] is True, overlay["error"]
    assert '<img src="http://evil.example.test/x.png" onerror="window.__pwned=1">' in overlay["text"]
    assert "<script>window.__pwned=2</script>" in overlay["text"]
    assert "img" not in overlay["tags"] and "script" not in overlay["tags"]
    assert page.evaluate("window.__pwned") is None
    # no <img> exists (checked above), so nothing can fetch the address later either
    assert not any("evil.example.test" in r["url"] for r in e2e.site.requests)


def test_odd_characters_on_one_page_never_put_another_pages_text_on_it(e2e):
    """Issue 26: a U+FFFF selection on one site, a private selection on another, then the whole
    first page: each request gets its own translation, and the first page never shows the
    second's words."""
    river = open_page(e2e, "odd-characters.html")
    river_tab = tab_id(e2e)
    original = select_text(river.main_frame, "#odd")
    assert "\uffff" in original
    assert context_menu(e2e, 0)["ok"] is True
    first = wait_overlay(river)
    assert similar_to_apertium(first["text"], original.replace("\uffff", " "))

    mail = open_page(e2e, "snippet.html")
    private_text = select_text(mail.main_frame, "#preview")
    assert shortcut(e2e)["ok"] is True
    private = wait_overlay(mail)
    assert similar_to_apertium(private["text"], private_text)
    river_text = river.evaluate("() => document.querySelector('article').innerText")
    mail_words = {w for w in words(private["text"]) - words(apertium(river_text)) if len(w) > 3}
    assert mail_words  # the invoice, the office, the cat, the book

    assert in_worker(e2e, "(id) => PrismHandlers.onActionClicked({ id })", river_tab)["ok"] is True
    wait_overlay(river, lambda o: o["kind"] == "page" and (o["stats"] or "").startswith("All"))
    shown = page_translations(river)
    assert shown and not words(" ".join(t["text"] for t in shown)) & mail_words
    for word in mail_words:
        assert river.evaluate("(w) => window.find(w)", word) is False, word
