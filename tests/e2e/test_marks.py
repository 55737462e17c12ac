"""Nothing wrong is shown unmarked (issue 14): when the translator mangles the digits of a
number, the value cannot be put back; the overlay highlights it and says so above the
translation, and the whole-message view marks the paragraph."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import open_page, page_translations, select_text, shortcut, toolbar_action, wait_overlay

pytestmark = pytest.mark.e2e


def test_an_unrestorable_number_is_highlighted_in_the_overlay_and_marked_in_the_page(e2e):
    e2e.set_mode("digits")  # the translator changes every digit it returns
    page = open_page(e2e, "numbers.html")
    select_text(page.main_frame, "#invoice")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    n = len(overlay["marks"])
    assert n >= 1 and all(re.search(r"\d", m["text"]) for m in overlay["marks"])
    assert overlay["check"] == f"{n} value{'s' if n > 1 else ''} could not be checked; highlighted below."
    assert overlay["warnings"]  # the helper's own words about it
    assert "4,870" not in overlay["text"] or "5512" not in overlay["text"]  # not both came back right

    assert toolbar_action(e2e)["ok"] is True
    panel = wait_overlay(page, lambda o: o["kind"] == "page" and (o["stats"] or "").startswith("All"))
    assert "1 paragraph has values that could not be checked" in panel["check"]
    invoice, plain = page_translations(page)
    assert invoice["marked"] and invoice["marks"] and "could not be checked" in invoice["text"]
    assert not plain["marked"] and not plain["marks"]
