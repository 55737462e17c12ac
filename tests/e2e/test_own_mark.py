"""The user's own mark (issue 26): a word and colour made up at install, changed in the options,
shown in the real overlay's header, and out of every web page's reach, so a page's look-alike box
cannot show it."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import (
    EXTENSION_ID, FRAME_TIMEOUT_MS, evaluate, frame_by_url, in_worker, open_page, select_text, shortcut, surfaces,
    wait_for, wait_overlay,
)

pytestmark = pytest.mark.e2e

WORD = "Kiwi Lagoon 7"


def test_the_mark_is_made_at_install_set_in_the_options_and_shown_only_in_the_real_overlay(e2e):
    made = wait_for(lambda: in_worker(e2e, "async () => (await chrome.storage.local.get('mark')).mark", timeout_ms=FRAME_TIMEOUT_MS),
                    timeout=10, what="the mark made at install")
    assert re.fullmatch(r"[a-z]{6}", made["word"]) and re.fullmatch(r"#[0-9a-f]{6}", made["colour"])

    options = e2e.context.new_page()
    options.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    # (polled from here: the options page's policy forbids the string evaluation Playwright polls with)
    field = lambda id_, prop: options.evaluate(f"() => document.getElementById({id_!r}).{prop}")  # noqa: E731
    wait_for(lambda: field("mark-word", "value") == made["word"], timeout=10, what="the mark in the options")
    options.fill("#mark-word", "")
    wait_for(lambda: field("mark-saved", "textContent").startswith("Not saved"), timeout=10, what="an empty word refused")
    options.fill("#mark-word", WORD)
    options.fill("#mark-colour", "#0a7d5c")
    wait_for(lambda: field("mark-saved", "textContent") == "Saved.", timeout=10, what="the new mark saved")
    options.close()

    page = open_page(e2e, "clickjack.html?attack=fake")
    draft = frame_by_url(page, "cdn.example.test/clickjack-draft.html")
    select_text(draft, "#line")
    assert shortcut(e2e)["ok"] is True
    wait_overlay(page)
    page.wait_for_function("window.__attacks.includes('fake')", timeout=10000)
    [surface] = surfaces(page)
    shown = evaluate(surface, "() => { const m = document.getElementById('mark'); "
                              "return [m.textContent, getComputedStyle(m).borderLeftColor, m.getBoundingClientRect().width]; }")
    assert shown[0] == WORD and shown[1] == "rgb(10, 125, 92)" and shown[2] > 40
    # the page around it (here the one drawing a fake over it) has no way to the word
    seen = page.evaluate("""(w) => ({ found: window.find(w, false, false, true),
                                      html: document.documentElement.outerHTML + document.documentElement.innerText })""", WORD)
    assert seen["found"] is False and WORD not in seen["html"]
    assert WORD not in evaluate(draft, "() => document.documentElement.outerHTML")
