"""Each view of the extension in the browser's light and in its dark colour scheme: the box next to
a selection in a mail frame, the panel a long selection streams into, the whole-message view (on a
light page, and on a dark one), and the options page. Each follows the scheme (its own colours, not
the page's) and stays usable; the pictures in docs/ come from here (tools/refresh_screenshots.py).
Real Chromium, host, spaCy and Apertium; the translator spy sees no private word."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import (
    EXTENSION_ID, click_in_overlay, evaluate, frame_by_url, in_worker, open_page, screenshot, select_text, shortcut, tab_id,
    toolbar_action, wait_closed, wait_overlay, words,
)

pytestmark = pytest.mark.e2e

MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)


def _sent(stack) -> set[str]:
    return words("\n".join(MARKER.sub("", c["input"]) for c in stack.translator_calls()))


def _shade(background: str) -> str:
    r, g, b = (int(v) for v in re.findall(r"\d+", background)[:3])
    return "light" if (r + g + b) / 3 > 128 else "dark"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_view_in_the_browsers_light_and_dark_scheme(e2e, scheme):
    # the box next to a paragraph selected in the cross-origin mail frame
    page = open_page(e2e, "tall-gmail.html")
    page.emulate_media(color_scheme=scheme)
    select_text(frame_by_url(page, "webmail-gmail-mail.html"), "#first")
    assert shortcut(e2e)["ok"] is True
    box = wait_overlay(page)
    assert box["error"] is None and _shade(box["background"]) == scheme and box["rect"]["height"] < 500
    assert box["frame_path"] == ["mail"]
    screenshot(page, f"screenshot-selection-{scheme}.png")
    assert not {"helen", "parker", "portland"} & _sent(e2e)
    click_in_overlay(page, "×")
    wait_closed(page)
    page.close()

    # a 20,000-character mail streams into the panel, its partial text in view
    e2e.reset_records()
    page = open_page(e2e, "long-roundcube.html")
    page.emulate_media(color_scheme=scheme)
    select_text(frame_by_url(page, "webmail-roundcube-mail.html"), "#messagebody")
    e2e.set_mode("slow:2")
    try:
        in_worker(e2e, "(id) => { PrismHandlers.onCommand(PrismHandlers.COMMAND, { id }); return true; }", tab_id(e2e))
        panel = wait_overlay(page, lambda o: bool(o["text"]) and bool(re.match(r"[1-9]\d* of \d+ parts", o["stats"] or "")), timeout=120)
        assert _shade(panel["background"]) == scheme and panel["rect"]["height"] >= 300
        screenshot(page, f"screenshot-panel-{scheme}.png")
        click_in_overlay(page, "Cancel")
    finally:
        e2e.set_mode("normal")
    assert not {"laura", "bennett", "seattle"} & _sent(e2e)
    page.close()

    # the whole-message view, on a page of the same shade
    e2e.reset_records()
    page = open_page(e2e, "webmail-header.html" + ("?dark" if scheme == "dark" else ""))
    page.emulate_media(color_scheme=scheme)
    assert toolbar_action(e2e)["ok"] is True
    view = wait_overlay(page, lambda o: o["kind"] == "page" and (o["stats"] or "").startswith("All"))
    assert view["stats"] == "All 5 paragraphs translated privately." and _shade(view["background"]) == scheme
    page_background = evaluate(page, "() => getComputedStyle(document.body).backgroundColor")
    assert _shade(page_background) == scheme
    screenshot(page, f"screenshot-message-{scheme}.png")
    assert not {"helen", "parker", "portland"} & _sent(e2e)
    page.close()

    # the options page
    page = e2e.context.new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    page.wait_for_selector("#settings:not([hidden])")
    text = evaluate(page, "() => getComputedStyle(document.body).color")  # on the canvas of the scheme
    assert _shade(text) == ("dark" if scheme == "light" else "light")
    screenshot(page, f"screenshot-options-{scheme}.png")
    page.close()
