"""Webmail as people use it (tests/e2e/pages/webmail-*.html: Gmail-, Outlook- and Roundcube-like
pages with the mail in an iframe): the shortcut acts on the selection made last, in whichever
frame; a long selection gets a panel with room for its partial text; the panel and the box fit in
the visible part of a tall mail frame; the header's controls never overlap. Real Chromium, host,
spaCy, Apertium; the translator's inputs are recorded."""

from __future__ import annotations

import json
import re

import pytest
from e2e_helpers import (
    EXTENSION_ID, FRAME_TIMEOUT_MS, click_in_overlay, context_menu, evaluate, frame_by_url, in_worker, open_page, real_overlays,
    screenshot, select_text, shortcut, tab_id, toolbar_action, wait_for, wait_overlay, words,
)

from e2e_helpers import contrast, refused_by_shortcut, rgb

pytestmark = pytest.mark.e2e

MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)


def sent_words(stack) -> set[str]:
    return words("\n".join(MARKER.sub("", c["input"]) for c in stack.translator_calls()))


def test_the_shortcut_translates_the_selection_made_last_in_whichever_frame(e2e):
    page = open_page(e2e, "tall-gmail.html")
    mail = frame_by_url(page, "webmail-gmail-mail.html")
    select_text(page.main_frame, "#top-note")  # first a paragraph of the top page ...
    original = select_text(mail, "#first")  # ... then one of the mail, in its cross-origin frame
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["frame_path"] == ["mail"] and overlay["original_text"] == original
    assert overlay["rect"]["height"] < 500  # a box for one paragraph, next to it
    screenshot(page, "screenshot-webmail-selection.png")
    sent = sent_words(e2e)
    assert sent and not {"helen", "parker", "portland", "museum"} & sent  # the stale selection never left
    assert not {"thomas", "walker", "denver"} & sent  # and the mail's private words were hidden

    # and back: the top page's paragraph, selected again, is the one translated now
    e2e.reset_records()
    again = select_text(page.main_frame, "#top-note")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page, lambda o: not o["busy"] and o["frame_path"] == [])
    assert overlay["original_text"] == again and len(real_overlays(page)) == 1
    sent = sent_words(e2e)
    assert sent and not {"thomas", "walker", "denver", "garden", "kitchen"} & sent
    assert not {"helen", "parker", "portland"} & sent


def test_the_menu_in_a_frame_without_a_selection_acts_on_the_latest_one(e2e):
    page = open_page(e2e, "tall-gmail.html")
    mail = frame_by_url(page, "webmail-gmail-mail.html")
    select_text(page.main_frame, "#top-note")
    original = select_text(mail, "#second")
    evaluate(page.main_frame, "() => getSelection().removeAllRanges()")
    assert context_menu(e2e, 0)["ok"] is True  # right-clicked in the top page, which holds nothing now
    overlay = wait_overlay(page)
    assert overlay["frame_path"] == ["mail"] and overlay["original_text"] == original
    assert not {"helen", "parker", "portland"} & sent_words(e2e)


def _inside_window(overlay: dict) -> bool:
    r, vp = overlay["rect"], overlay["viewport"]
    return r["x"] >= 0 and r["y"] >= 0 and r["x"] + r["width"] <= vp["width"] + 0.5 and r["y"] + r["height"] <= vp["height"] + 0.5


def _actions_bottom(overlay: dict) -> float:
    """Where the overlay's buttons end, in the window."""
    return overlay["rect"]["y"] + evaluate(overlay["surface"], "() => document.getElementById('actions').getBoundingClientRect().bottom")


def _header_overlaps(overlay: dict) -> list:
    """Pairs of the header's controls drawn over one another (the title, the language pair, ×, ✥)."""
    return evaluate(overlay["surface"], """() => {
        const parts = ['move', 'title', 'close', ...[...document.querySelectorAll('#pair > *')].map((e, i) => (e.id ||= `pair${i}`))]
          .map((id) => [id, document.getElementById(id).getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
        const out = [];
        for (const [a, r] of parts) for (const [b, q] of parts) {
          if (a < b && r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) out.push([a, b]);
        }
        return out;
    }""")


def test_a_long_selection_gets_a_tall_panel_with_progress_and_partial_text_in_view(e2e):
    page = open_page(e2e, "long-roundcube.html")
    mail = frame_by_url(page, "webmail-roundcube-mail.html")
    size = len(select_text(mail, "#messagebody"))
    assert size > 15000
    e2e.set_mode("slow:2")  # each translator call takes 2 s: the text streams back part by part
    in_worker(e2e, "(id) => { self.__selection = PrismHandlers.onCommand(PrismHandlers.COMMAND, { id }); return true; }",
              tab_id(e2e))
    partial = wait_overlay(page, lambda o: bool(o["text"]) and bool(re.match(r"[1-9]\d* of \d+ parts translated", o["stats"] or "")),
                           timeout=120)
    assert partial["viewport"]["height"] == 800 and partial["rect"]["height"] >= 300 and _inside_window(partial)
    assert partial["rect"]["width"] >= 440
    shown = evaluate(partial["surface"], """() => {
        const t = document.querySelector('.text.partial').getBoundingClientRect();
        const p = document.querySelector('progress').getBoundingClientRect();
        return { text: Math.min(t.bottom, innerHeight) - Math.max(t.top, 0), progress: p.bottom <= innerHeight && p.top >= 0 };
    }""")
    assert shown["text"] >= 200 and shown["progress"]  # the partial text has room, under the progress
    assert "Cancel" in partial["buttons"] and _actions_bottom(partial) <= 800
    assert _header_overlaps(partial) == []
    screenshot(page, "screenshot-webmail-panel.png")

    # the panel can be made wider from its left edge, with the keyboard too
    partial["surface"].locator("#grip").press("ArrowLeft", timeout=FRAME_TIMEOUT_MS)
    partial["surface"].locator("#grip").press("ArrowLeft", timeout=FRAME_TIMEOUT_MS)
    wider = wait_overlay(page, lambda o: o["rect"]["width"] >= partial["rect"]["width"] + 39, timeout=10)
    assert _inside_window(wider)

    click_in_overlay(page, "Cancel")
    wait_overlay(page, lambda o: (o["stats"] or "").startswith("Cancelled"))
    sent = sent_words(e2e)
    assert sent and not {"laura", "bennett", "seattle"} & sent


def test_in_a_mail_frame_taller_than_the_window_the_box_and_the_panel_stay_in_view(e2e):
    page = open_page(e2e, "tall-gmail.html")
    mail = frame_by_url(page, "webmail-gmail-mail.html")
    # scroll the window so that a paragraph of the mail sits near its bottom edge
    frame_top = evaluate(page, "() => document.getElementById('mail').getBoundingClientRect().top + scrollY")
    late = evaluate(mail, "() => document.getElementById('late').getBoundingClientRect().bottom")
    evaluate(page, "(y) => { scrollTo(0, y); return scrollY; }", frame_top + late - 740)
    select_text(mail, "#late")
    assert shortcut(e2e)["ok"] is True
    box = wait_overlay(page)
    assert box["frame_path"] == ["mail"] and _inside_window(box) and _actions_bottom(box) <= 800
    assert "Copy" in box["buttons"]

    # the whole message selected: a panel as tall as the visible part of the frame
    e2e.reset_records()
    select_text(mail, "#body")
    assert shortcut(e2e)["ok"] is True
    panel = wait_overlay(page, lambda o: not o["busy"] and o["rect"]["height"] >= 300)
    assert _inside_window(panel) and _actions_bottom(panel) <= 800 and _header_overlaps(panel) == []
    screenshot(page, "screenshot-webmail-tall-frame.png")
    assert not {"thomas", "walker", "denver", "emma"} & sent_words(e2e)


def translation_colours(page) -> list[str]:
    """The text colour of every translation the whole-message view put into the page, read through
    CDP (inside their closed shadow roots, which page scripts cannot open)."""
    evaluate(page, "() => 0")
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        doc = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})
        ids: list[int] = []

        def walk(node, inside: bool) -> None:
            attrs = node.get("attributes", [])
            if inside and node.get("nodeName") == "DIV" and "t" in dict(zip(attrs[::2], attrs[1::2])).get("class", "").split():
                ids.append(node["nodeId"])
            inside = inside or node.get("nodeName") == "PRISM-TRANSLATION"
            for child in node.get("children", []) + node.get("shadowRoots", []):
                walk(child, inside)

        walk(doc["root"], False)
        styles = [cdp.send("CSS.getComputedStyleForNode", {"nodeId": i})["computedStyle"] for i in ids]
        return [next(p["value"] for p in style if p["name"] == "color") for style in styles]
    finally:
        cdp.detach()


@pytest.mark.parametrize("name", ["webmail-outlook-dark.html", "outlook-read.html"])
def test_inline_translations_reach_aa_contrast_on_dark_and_light_pages(e2e, name):
    page = open_page(e2e, name)
    assert toolbar_action(e2e)["ok"] is True
    wait_overlay(page, lambda o: (o["stats"] or "").startswith("All "))
    background = rgb(evaluate(page, """() => {
        for (let n = document.querySelector('prism-translation').parentElement; n; n = n.parentElement) {
          const c = getComputedStyle(n).backgroundColor;
          if (!/rgba\\(0, 0, 0, 0\\)|transparent/.test(c)) return c;
        }
        return 'rgb(255, 255, 255)';
    }"""))
    for view in ("Side by side", "Translation only"):
        click_in_overlay(page, view)
        colours = wait_for(lambda: translation_colours(page), timeout=10, what="the translations")
        ratios = [round(contrast(rgb(c), background), 2) for c in colours]
        assert min(ratios) >= 4.5, (view, background, colours, ratios)
        shade = "dark" if name.startswith("webmail") else "light"
        screenshot(page, f"screenshot-message-{shade}-{'bilingual' if view == 'Side by side' else 'translation'}.png")
    if name.startswith("webmail"):
        assert not {"olivia", "turner", "boston"} & sent_words(e2e)


def test_on_install_the_setup_page_checks_the_helper_and_reads_the_browsers_language(with_es_en):
    e2e = with_es_en
    config = e2e.root / "config" / "prism-translate" / "config.json"
    assert "target" not in json.loads(config.read_text())  # the helper's default: Spanish
    with e2e.context.expect_page() as opened:
        in_worker(e2e, "() => PrismHandlers.onInstalled({ reason: 'install' }).then(() => true)")
    setup = opened.value
    assert setup.url == f"chrome-extension://{EXTENSION_ID}/welcome/welcome.html?installed"
    setup.wait_for_selector("#helper:has-text('set up and running')")
    assert setup.is_hidden("#setup")
    ui = in_worker(e2e, "() => chrome.i18n.getUILanguage()")
    assert ui.startswith("en")  # this browser's language, which a dictionary (es-en) reads into
    setup.wait_for_selector("#language:has-text('The language you read: English.')")
    screenshot(setup, "screenshot-setup.png")
    assert json.loads(config.read_text())["target"] == "en"
    setup.close()

    # a Spanish mail is now read in English, with no "No dictionary for this language"
    page = open_page(e2e, "gmail-es.html")
    select_text(page, "#msg")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["error"] is None and overlay["pair"] == "Spanish (detected) → English"
    assert not {"andrés", "valladolid", "echeverría", "marta"} & sent_words(e2e)

    # an update (not an install) opens nothing and changes no setting
    pages = len(e2e.context.pages)
    in_worker(e2e, "() => PrismHandlers.onInstalled({ reason: 'update' }).then(() => true)")
    assert len(e2e.context.pages) == pages


def test_a_spanish_mail_with_spanish_as_the_language_read_says_so(with_es_en):
    """The helper's default target (Spanish) and a Spanish mail: not 'No dictionary' (one is
    installed) but what is so: the text is already in the language read; nothing is sent."""
    e2e = with_es_en
    overlay = refused_by_shortcut(e2e, "gmail-es.html", "#msg", "E093")
    assert "This text is already in the language you read [E093]" in overlay["error"]
    assert "No dictionary" not in overlay["error"] and "Open options" in overlay["buttons"]
    assert e2e.translator_calls() == []
