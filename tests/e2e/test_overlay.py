"""The selection overlay's behaviour: one per tab across frames, Esc from any frame and a click
outside close it, it stays next to the selection on a transformed page, it can be moved with the
mouse and the keyboard, a long selection streams and can be cancelled, an oversized selection
is refused at once, and in a compose box the translation replaces the selection or goes below it
with the editor's own undo. Real Chromium, host, spaCy, Apertium."""

from __future__ import annotations

import re
import time

import pytest
from e2e_helpers import (
    FRAME_TIMEOUT_MS, click_in_overlay, evaluate, frame_by_url, in_worker, open_page, real_overlays, screenshot,
    select_in_field, select_text, shortcut, surfaces, tab_id, wait_closed, wait_for, wait_overlay,
)

pytestmark = pytest.mark.e2e


def test_one_overlay_per_tab_across_frames_and_esc_from_another_frame(e2e):
    page = open_page(e2e, "gmail.html")
    select_text(frame_by_url(page, "about:srcdoc"), "#msg")
    assert shortcut(e2e)["ok"] is True
    assert wait_overlay(page)["frame_path"] == ["reading", "body"]
    quoted = next(f for f in page.frames if f.url == "about:blank" and f.parent_frame
                  and f.parent_frame.url.endswith("gmail-reading.html"))
    select_text(quoted, "#quote")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page, lambda o: not o["busy"] and o["frame_path"] == ["reading", "quoted"])
    assert "John Miller" in overlay["text"]
    assert len(real_overlays(page)) == 1  # the first one closed when the second opened

    # Esc pressed in another frame (the top page has the focus) closes it
    page.main_frame.evaluate("() => { window.focus(); document.body.focus(); }")
    page.locator("body").press("Escape", timeout=FRAME_TIMEOUT_MS)
    wait_closed(page)


def test_a_click_outside_closes_it(e2e):
    page = open_page(e2e, "article.html")
    select_text(page.main_frame, "article p")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    click_in_overlay(page, "Show original")  # a click inside does not close it
    assert wait_overlay(page)["original_hidden"] is False
    box = overlay["rect"]
    page.mouse.click(box["x"] + box["width"] + 20, box["y"] + box["height"] + 40)
    wait_closed(page)


def test_transformed_scrolled_page_keeps_the_overlay_next_to_the_selection(e2e):
    page = open_page(e2e, "transformed.html")
    page.evaluate("document.getElementById('far').scrollIntoView({ block: 'center' })")
    select_text(page.main_frame, "#far")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    para = page.evaluate("(() => { const r = document.getElementById('far').getBoundingClientRect(); "
                         "return { x: r.left, y: r.top, bottom: r.bottom }; })()")
    r, vp = overlay["rect"], overlay["viewport"]
    assert 0 <= r["x"] and r["x"] + r["width"] <= vp["width"] and 0 <= r["y"] and r["y"] + r["height"] <= vp["height"]
    assert r["y"] >= para["bottom"] - 1 or r["y"] + r["height"] <= para["y"] + 1  # beside it, not over it
    assert abs(r["x"] - para["x"]) < 2  # anchored at the selection's left edge
    # scrolling moves the selection; the overlay follows it and stays on screen
    page.mouse.wheel(0, 120)
    page.wait_for_timeout(300)
    moved = wait_overlay(page)["rect"]
    para_after = page.evaluate("document.getElementById('far').getBoundingClientRect().bottom")
    assert moved["y"] != r["y"] and abs((moved["y"] - para_after) - (r["y"] - para["bottom"])) < 3


def test_a_selection_over_a_megabyte_is_refused_at_once_and_nothing_is_sent(e2e):
    page = open_page(e2e, "compose.html")
    page.eval_on_selector("#body", "el => { el.value = 'The old dog saw a red car near the house. '.repeat(29000); }")
    size = page.eval_on_selector("#body", "el => el.value.length")
    assert size > 1_200_000
    select_in_field(page.main_frame, "#body", 0, size)
    translate_requests = e2e.host_log().count("translate")
    assert shortcut(e2e) == {"ok": False, "code": "E064"}
    overlay = wait_overlay(page)
    assert "The text is too long [E064]" in overlay["error"]
    assert "1,218,000 characters" in overlay["error"] and "at most 100000" in overlay["error"]
    assert overlay["buttons"] == ["✥", "×"]  # one message, one way out: select less
    assert e2e.translator_calls() == [] and e2e.host_log().count("translate") == translate_requests


def test_replace_selection_in_a_textarea_with_undo(e2e):
    page = open_page(e2e, "compose.html")
    text = page.eval_on_selector("#body", "el => el.value")
    start, end = text.index("please"), text.index("meeting.") + len("meeting.")
    select_in_field(page.main_frame, "#body", start, end)
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["buttons"][:4] == ["✥", "×", "Replace selection", "Insert below"]
    screenshot(page, "screenshot-insert.png")
    click_in_overlay(page, "Replace selection")
    wait_closed(page)
    value = page.eval_on_selector("#body", "el => el.value")
    assert value == text[:start] + overlay["text"] + text[end:]
    page.focus("#body")
    page.keyboard.press("Control+z")  # the textarea's own undo
    assert page.eval_on_selector("#body", "el => el.value") == text


def test_insert_below_and_replace_in_a_contenteditable_editor_with_undo(e2e):
    page = open_page(e2e, "compose-rich.html")
    before = page.inner_text("#editor")
    original = select_text(page.main_frame, "#line")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    click_in_overlay(page, "Insert below")
    wait_closed(page)
    after = page.inner_text("#editor")
    assert original in after and overlay["text"].strip() in after
    assert after.index(overlay["text"].strip()) > after.index(original)
    page.keyboard.press("Control+z")  # one step, as the user made one
    assert page.inner_text("#editor") == before

    select_text(page.main_frame, "#line")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    click_in_overlay(page, "Replace selection")
    wait_closed(page)
    replaced = page.inner_text("#editor")
    assert original not in replaced and overlay["text"].strip() in replaced and "Hello David" in replaced
    page.keyboard.press("Control+z")
    assert page.inner_text("#editor") == before


def test_the_overlay_moves_by_its_header_and_with_the_arrow_keys(e2e):
    page = open_page(e2e, "article.html")
    select_text(page.main_frame, "article p")
    assert shortcut(e2e)["ok"] is True
    before = wait_overlay(page)["rect"]
    # drag the header by its title 120 px left and 60 px down, as a user does with the mouse
    # (a fixed offset into the header once landed on the language switch, which does not drag)
    [surface] = surfaces(page)
    left, middle = evaluate(surface, "() => { const r = document.getElementById('title').getBoundingClientRect(); "
                                     "return [r.left + 8, r.top + r.height / 2]; }")
    x, y = before["x"] + left, before["y"] + middle
    wait_for(lambda: page.mouse.move(x, y) or evaluate(surface, "() => document.getElementById('title').matches(':hover')"),
             timeout=10, what="the pointer over the overlay's title")
    page.mouse.down()
    page.mouse.move(x - 60, y + 30, steps=5)
    page.mouse.move(x - 120, y + 60, steps=5)
    page.mouse.up()
    dragged = wait_overlay(page, lambda o: abs(o["rect"]["x"] - (before["x"] - 120)) < 3, timeout=10)["rect"]
    assert abs(dragged["y"] - (before["y"] + 60)) < 3

    # the keyboard: the move button, arrow keys 20 px a step
    for key in ("ArrowRight", "ArrowRight", "ArrowUp"):
        surface.locator("#move").press(key, timeout=FRAME_TIMEOUT_MS)
    moved = wait_overlay(page, lambda o: abs(o["rect"]["x"] - (dragged["x"] + 40)) < 3, timeout=10)
    assert abs(moved["rect"]["y"] - (dragged["y"] - 20)) < 3
    assert moved["focused"] == "move" and "Copy" in moved["buttons"]  # still the same result, still usable

    # never out of the viewport, however far it is pushed
    for _ in range(60):
        surface.locator("#move").press("Shift+ArrowLeft", timeout=FRAME_TIMEOUT_MS)
    edge = wait_overlay(page, lambda o: o["rect"]["x"] < 20, timeout=10)["rect"]
    assert edge["x"] >= 0


def test_a_long_selection_streams_and_cancel_stops_what_is_sent(e2e):
    page = open_page(e2e, "long-article.html")
    # 240 paragraphs, about 29 000 characters: 2 000-character pieces in several translator batches
    size = evaluate(page, "() => { const m = document.getElementById('main'); for (const p of [...m.querySelectorAll('p')]) "
                   "m.append(p.cloneNode(true), p.cloneNode(true)); return m.textContent.length; }")
    select_text(page.main_frame, "#main")
    e2e.set_mode("slow:3")  # each translator call takes 3 s
    in_worker(e2e, "(id) => { self.__selection = PrismHandlers.onCommand(PrismHandlers.COMMAND, { id }); return true; }",
              tab_id(e2e))
    partial = wait_overlay(page, lambda o: bool(o["text"]) and bool(re.match(r"[1-9]\d* of \d+ parts translated", o["stats"] or "")),
                           timeout=120)
    done, total = map(int, re.match(r"(\d+) of (\d+)", partial["stats"]).groups())
    assert done < total and "Cancel" in partial["buttons"]
    assert "ciudad" in partial["text"]  # the first parts are shown already (in Spanish)

    click_in_overlay(page, "Cancel")
    stopped = wait_overlay(page, lambda o: (o["stats"] or "").startswith("Cancelled"))
    assert stopped["stats"] == "Cancelled: nothing more is sent." and stopped["text"]
    assert in_worker(e2e, "() => self.__selection") == {"ok": False, "code": "cancelled"}
    calls = len(e2e.translator_calls())
    time.sleep(7)  # two more translator calls' worth
    assert len(e2e.translator_calls()) <= calls + 1  # at most the batch already on its way
    sent = sum(len(c["input"]) for c in e2e.translator_calls())
    assert sent < 0.8 * size  # the rest of the selection was never sent


def test_a_frozen_frame_fails_the_read_instead_of_hanging(e2e):
    """The helpers read the overlay and the page through evaluate() with a deadline: a page whose
    main thread never returns (its own site, so its own renderer process) makes the read fail in
    bounded time, and the suite goes on."""
    page = e2e.context.new_page()
    page.goto("http://cdn.example.test/article.html")
    page.evaluate("() => { setTimeout(() => { for (;;) {} }, 50); }")  # the page's main thread never returns
    time.sleep(1)
    started = time.monotonic()
    with pytest.raises(Exception, match="Timeout"):
        evaluate(page, "() => document.title", timeout_ms=2000)
    assert time.monotonic() - started < 30
    page.close(run_before_unload=False)
