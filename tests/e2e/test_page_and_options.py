"""The options page."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys

import pytest
from e2e_helpers import (
    DAMAGED_SETTINGS, EXTENSION_ID, context_menu, open_page, screenshot, select_text, settings_file, wait_for,
    wait_overlay,
)

MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)

pytestmark = pytest.mark.e2e


def _host_python(stack, code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], env=stack.env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_options_page_reads_and_writes_host_settings(e2e):
    page = e2e.context.new_page()
    page.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    page.wait_for_selector("#settings:not([hidden])")
    assert "Connected to PRISM helper" in page.text_content("#status")
    assert page.eval_on_selector_all("#target option", "os => os.map((o) => o.textContent)") == ["Spanish (from English)"]
    vocab = int(page.text_content("#vocab").split("=")[1].split()[0])
    caps_vocab = json.loads(_host_python(e2e, "import json; from prism_translate.dictionary.format import "
                                              "find_dictionary as f; from prism_translate.engine.dp import "
                                              "vocabulary as v; print(json.dumps(len(v(f('es')))))"))
    assert vocab == caps_vocab

    # PRISM-R: epsilon = ln((r + |V|(1-r)) / r), the host's, as soon as the slider's value is saved
    page.check("input[name=method][value=r]")
    page.fill("#ratio", "0.5")
    expected = math.log((0.5 + vocab * 0.5) / 0.5)
    shows = "(text) => document.getElementById('epsilon').textContent === text"
    page.wait_for_function(shows, arg=f"ε = {expected:.2f} per word (lower is more private).")
    assert page.is_hidden("#beta-row")
    # mixture: eps = ln((|V|(1 - r(1-beta)) + r(1-beta)) / (r(1-beta)))
    page.check("input[name=method][value=mix]")
    page.fill("#beta", "0.25")
    q = 0.5 * 0.75
    page.wait_for_function(shows, arg=f"ε = {math.log((vocab * (1 - q) + q) / q):.2f} per word (lower is more private).")
    page.check("input[name=method][value=r]")  # saved as it changes: no Save button
    assert page.locator("#save").count() == 0
    page.wait_for_selector("#saved:has-text('Saved')")
    stored = json.loads((e2e.root / "config" / "prism-translate" / "config.json").read_text())
    assert stored["method"] == "r" and stored["ratio"] == 0.5

    # the next translation uses them, and the overlay reports epsilon
    article = open_page(e2e, "outlook.html")
    select_text(article.main_frame, "#para")
    context_menu(e2e, 0)
    overlay = wait_overlay(article)
    assert f"PRISM-R: ε = {expected:.2f} (per word of the dictionary; names, numbers and codes are hidden " \
           "separately and their places are visible)" in overlay["stats"]
    article.close()

    # API keys: handed to the host once, stored by it, never kept by the extension
    page.select_option("#translator", "deepl")
    assert page.is_visible("#key-row")
    page.fill("#api-key", "e2e-secret-key:fx")
    page.click("#store-key")
    page.wait_for_selector("#saved:has-text('Key stored')")
    assert page.input_value("#api-key") == ""
    assert _host_python(e2e, "from prism_translate import credentials; print(credentials.get_key('deepl'))") == \
        "e2e-secret-key:fx"
    assert "e2e-secret-key" not in (e2e.root / "config" / "prism-translate" / "config.json").read_text()
    assert "e2e-secret-key" not in e2e.host_log()
    # extension storage holds the user's overlay mark and nothing else (storage also reads the
    # organisation's managed policy)
    assert e2e.worker().evaluate("chrome.storage.local.get(null).then((all) => Object.keys(all))") == ["mark"]
    assert e2e.worker().evaluate("chrome.storage.sync.get(null)") == {}
    page.close()


def test_manifest_permissions_menu_and_shortcut(e2e):
    worker = e2e.worker()
    manifest = worker.evaluate("chrome.runtime.getManifest()")
    assert sorted(manifest["permissions"]) == ["contextMenus", "nativeMessaging", "storage"]  # the mark, the managed policy
    assert "host_permissions" not in manifest
    assert worker.evaluate("chrome.runtime.id") == EXTENSION_ID  # stable id from the manifest key
    # the menu item exists (update() rejects an unknown id) and the shortcut is registered
    assert worker.evaluate("chrome.contextMenus.update(PrismHandlers.MENU_ID, {}).then(() => true)") is True
    commands = worker.evaluate("chrome.commands.getAll()")
    assert {"name": "translate-selection", "shortcut": "Alt+Shift+L",
            "description": "Translate the selected text privately"} in commands


@pytest.mark.parametrize("key, value, code", [
    ("openai.timeout", "-1", "E054"),
    ("openai.base_url", "localhost:11434", "E054"),
    ("openai.prompt", "no placeholder", "E054"),
])
def test_options_page_refuses_what_prism_config_set_refuses(e2e, key, value, code):
    page = e2e.context.new_page()
    page.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    page.wait_for_selector("#settings:not([hidden])")
    page.select_option("#translator", "openai")
    field = f"#backend-settings input[data-key='{key}']"
    page.fill(field, value)  # saved as typed, and refused: marked where it is
    page.wait_for_selector(f"{field}[aria-invalid=true]")
    note = page.locator(f"[id='{page.get_attribute(field, 'aria-describedby')}']")
    assert f"[{code}]" in note.text_content() and key in note.text_content()
    page.wait_for_selector("#saved:has-text('Saved, except the field marked in red')")
    config_file = e2e.root / "config" / "prism-translate" / "config.json"
    assert not config_file.exists() or key not in json.loads(config_file.read_text())
    page.close()


def test_options_an_emptied_field_is_marked_and_never_blocks_the_others_and_browsing_a_translator_does_not_switch(e2e):
    page = e2e.context.new_page()
    page.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    page.wait_for_selector("#settings:not([hidden])")
    config = e2e.root / "config" / "prism-translate" / "config.json"
    page.select_option("#translator", "openai")  # only browsing its settings
    assert page.text_content("#translator-info").startswith("Not in use (apertium is).")
    assert page.is_visible("#use-translator")

    timeout = "#backend-settings input[data-key='openai.timeout']"
    page.fill(timeout, "")  # an emptied number field
    page.wait_for_selector(f"{timeout}[aria-invalid=true]")
    note = page.locator(f"[id='{page.get_attribute(timeout, 'aria-describedby')}']")
    assert "Enter a number for openai.timeout" in note.text_content()
    screenshot(page, "screenshot-options-field.png")
    page.check("input[name=method][value=r]")  # another setting, changed afterwards: saved
    wait_for(lambda: json.loads(config.read_text()).get("method") == "r", timeout=10, what="the method saved")
    page.wait_for_selector("#saved:text-is('Saved, except the field marked in red.')")  # the emptied one is still empty
    stored = json.loads(config.read_text())
    assert stored["method"] == "r" and stored["translator"] == "apertium" and "openai.timeout" not in stored

    page.fill(timeout, "45")  # the field put right: saved, no longer marked
    page.wait_for_selector(f"{timeout}:not([aria-invalid])")
    assert note.count() == 0 and json.loads(config.read_text())["openai.timeout"] == 45

    page.click("#use-translator")  # now, and only now, the translator in use
    page.wait_for_selector("#saved:has-text('Now translating with openai')")
    assert json.loads(config.read_text())["translator"] == "openai"
    assert page.text_content("#translator-info").startswith("In use.") and page.is_hidden("#use-translator")
    page.close()


def test_a_damaged_settings_file_is_started_anew_from_the_options_which_show_where_it_was_kept(e2e):
    """A settings file that is not valid JSON (E059): the overlay says so and offers the options
    (nothing is sent); there "Start new settings" has the helper keep the damaged file aside, and
    the page shows the helper's warning naming where, then the settings."""
    with settings_file(e2e.root, DAMAGED_SETTINGS) as config:
        article = open_page(e2e, "outlook.html")
        select_text(article.main_frame, "#para")
        context_menu(e2e, 0)
        overlay = wait_overlay(article, lambda o: bool(o["error"]))
        assert "[E059]" in overlay["error"] and "Open options" in overlay["buttons"]
        assert e2e.translator_calls() == []

        page = e2e.context.new_page()
        page.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
        page.wait_for_selector("#fresh-row:not([hidden])")
        assert "[E059]" in page.text_content("#status")
        page.click("#fresh-settings")
        page.wait_for_selector("#settings:not([hidden])")
        [kept] = config.parent.glob("config.json.corrupt-*")
        warning = page.text_content("#warnings")
        assert page.is_visible("#warnings") and str(kept) in warning and "copy any other setting back" in warning
        assert page.is_hidden("#fresh-row") and "Connected to PRISM helper" in page.text_content("#status")
        assert kept.read_text() == '{"translator": "apertium", ' and json.loads(config.read_text()) == {"method": "star"}
