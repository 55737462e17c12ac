"""Webmail as people use it (tests/e2e/pages/webmail-*.html: Gmail-, Outlook- and Roundcube-like
pages with the mail in an iframe): the shortcut acts on the selection made last, in whichever
frame; a long selection gets a panel with room for its partial text; the panel and the box fit in
the visible part of a tall mail frame; the header's controls never overlap. Real Chromium, host,
spaCy, Apertium; the translator's inputs are recorded."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import (
    evaluate, frame_by_url, open_page, real_overlays, select_text, shortcut, context_menu, wait_overlay, words,
)

pytestmark = pytest.mark.e2e

MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)


def sent_words(stack) -> set[str]:
    return words("\n".join(MARKER.sub("", c["input"]) for c in stack.translator_calls()))


def test_the_shortcut_translates_the_selection_made_last_in_whichever_frame(e2e):
    page = open_page(e2e, "webmail-gmail.html")
    mail = frame_by_url(page, "webmail-gmail-mail.html")
    select_text(page.main_frame, "#top-note")  # first a paragraph of the top page ...
    original = select_text(mail, "#first")  # ... then one of the mail, in its cross-origin frame
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["frame_path"] == ["mail"] and overlay["original_text"] == original
    assert overlay["rect"]["height"] < 500  # a box for one paragraph, next to it
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
    page = open_page(e2e, "webmail-gmail.html")
    mail = frame_by_url(page, "webmail-gmail-mail.html")
    select_text(page.main_frame, "#top-note")
    original = select_text(mail, "#second")
    evaluate(page.main_frame, "() => getSelection().removeAllRanges()")
    assert context_menu(e2e, 0)["ok"] is True  # right-clicked in the top page, which holds nothing now
    overlay = wait_overlay(page)
    assert overlay["frame_path"] == ["mail"] and overlay["original_text"] == original
    assert not {"helen", "parker", "portland"} & sent_words(e2e)
