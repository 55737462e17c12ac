"""Pages and translators are untrusted: a page that tries to drive, read or fake the overlay, and
a translator whose output carries markup and script."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import context_menu, open_page, overlays, real_overlays, select_text, wait_overlay

pytestmark = pytest.mark.e2e


def test_hostile_page_cannot_start_read_restyle_or_fake_the_overlay(e2e):
    page = open_page(e2e, "hostile.html")
    assert page.evaluate("window.__attacks") == ["sendMessage: TypeError"]  # no extension API for pages
    assert real_overlays(page) == []

    select_text(page.main_frame, "#secret")
    assert context_menu(e2e, 0)["ok"] is True
    overlay = wait_overlay(page)
    # The page's attempts (posted at load) were queued before this translation on the same path
    # (page -> content script -> background -> host): had one got through, the host would have
    # logged a translate request before this one.
    assert len(re.findall(r"\btranslate \S+: ", e2e.host_log())) == 1
    assert "Alice Johnson" in overlay["text"] and " el " in overlay["text"]
    assert overlay["host_display"] == "block"  # the page's `display: none !important` does not apply
    assert overlay["background"] == "rgb(255, 255, 255)"  # nor does its `* { color/... !important }`

    page.wait_for_function("window.__stolen.length >= 2", timeout=10000)
    stolen = page.evaluate("window.__stolen")
    assert stolen[0] == {"shadowRoot": "null", "text": "", "inner": ""}
    for leak in (stolen[1]["later"], stolen[1]["body"]):
        assert overlay["text"][:40] not in leak and " el " not in leak
    assert page.evaluate("window.__attacks")[-1] == "attachShadow: NotSupportedError"
    # the page's fake stays a fake: ours is a different, closed element
    assert page.text_content("#fake") == "FAKE TRANSLATION"
    assert "FAKE" not in overlay["text"]
    assert [o["shadow"] for o in overlays(page)].count(["closed"]) == 1


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
