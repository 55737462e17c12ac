"""Reading foreign mail privately: a Spanish e-mail on a Gmail-like page, read in English in the
overlay. Real Chromium, the installed host, spaCy's Spanish pipeline, Apertium spa-eng, the
shipped es-en dictionary; the browser detects the language on the device."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from e2e_helpers import open_page, select_text, shortcut, wait_overlay, words
from test_selection import translator_inputs

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


@pytest.fixture
def reading_english(e2e):
    """The shipped es-en dictionary next to en-es, and English as the language the user reads."""
    shutil.copy(REPO / "dictionaries" / "es-en.json", e2e.root / "dictionaries" / "es-en.json")
    config = e2e.root / "config" / "prism-translate" / "config.json"
    before = config.read_text()
    config.write_text(json.dumps({**json.loads(before), "target": "en"}))
    yield e2e
    config.write_text(before)


def test_a_spanish_email_is_read_in_english_and_its_secrets_stay_home(reading_english):
    stack = reading_english
    page = open_page(stack, "gmail-es.html")
    original = select_text(page, "#msg")
    started = shortcut(stack)
    assert started["ok"] is True, started
    overlay = wait_overlay(page)
    assert overlay["error"] is None, overlay["error"]
    shown = overlay["text"]
    # English, with the private names and numbers put back on this machine
    assert {"meeting", "client", "thursday"} & words(shown)
    for secret in ("Andrés", "Valladolid", "Echeverría", "4.870,50", "915 482 367"):
        assert secret in shown
    sent = translator_inputs(stack)
    assert sent.strip() == overlay["xpub"].strip()
    for secret in ("Andrés", "Valladolid", "Echeverría", "Marta", "4.870,50", "915 482 367", "482"):
        assert secret not in sent
    hidden = words(original) - words(overlay["xpub"])
    assert hidden and not hidden & words(sent)
