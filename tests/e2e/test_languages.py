"""Reading foreign mail and pages privately: a Spanish e-mail on a Gmail-like page read in English
in the overlay, with the pair shown and switchable; short Spanish selections; the toolbar on a
Spanish page. Real Chromium, the installed host, spaCy's Spanish pipeline, Apertium spa-eng, the
shipped es-en dictionary; the browser detects the language on the device."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e_helpers import (
    EXTENSION_ID, choose_in_overlay, evaluate, open_page, page_translations, select_text, shortcut, toolbar_action, wait_overlay, words,
)
from e2e_helpers import MARKER, read_by_shortcut, refused_by_shortcut, translator_inputs

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def test_a_spanish_email_is_read_in_english_and_its_secrets_stay_home(reading_english):
    stack = reading_english
    page, original, overlay = read_by_shortcut(stack, "gmail-es.html", "#msg")
    assert overlay["pair"] == "Spanish (detected) → English"
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

    # The quick switch: read as English (into Spanish, the only pair from English), it is refused
    # as not English and nothing is sent; back to the detected language, it is translated again.
    stack.reset_records()
    (stack.root / "config" / "prism-translate" / "config.json").write_text('{"translator": "apertium", "target": "en"}')
    choose_in_overlay(page, "Translate from", "en")
    refused = wait_overlay(page, lambda o: o["error"] is not None)
    assert refused["pair"] == "English → Spanish" and "[E025]" in refused["error"]
    assert stack.translator_calls() == []
    choose_in_overlay(page, "Translate from", "auto")
    again = wait_overlay(page, lambda o: not o["busy"] and o["error"] is None and o["text"])
    assert again["pair"] == "Spanish (detected) → English" and "Valladolid" in again["text"]
    assert "Valladolid" not in translator_inputs(stack)


def test_the_options_ask_the_language_i_read_and_list_the_installed_pairs(with_es_en):
    e2e = with_es_en
    options = e2e.context.new_page()
    options.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    options.wait_for_selector("#settings:not([hidden])")
    assert options.text_content("label[for=target]") == "The language I read"
    labels = options.eval_on_selector_all("#target option", "os => os.map((o) => o.textContent)")
    assert labels == ["Spanish (from English)", "English (from Spanish)"]
    listed = options.eval_on_selector_all("#pairs li", "ls => ls.map((l) => l.textContent)")
    assert [item.split(" (")[0] for item in listed] == ["English → Spanish", "Spanish → English"]
    options.select_option("#target", "en")  # saved as it changes
    options.wait_for_selector("#saved:has-text('Saved')")
    assert json.loads((e2e.root / "config" / "prism-translate" / "config.json").read_text())["target"] == "en"
    options.close()

    page = open_page(e2e, "gmail-es.html")
    select_text(page, "#msg")
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["pair"] == "Spanish (detected) → English" and "Valladolid" in overlay["text"]
    assert {"meeting", "client", "thursday"} & words(overlay["text"])


def test_text_already_in_the_language_i_read_is_not_sent(reading_english):
    stack = reading_english
    page = open_page(stack, "article.html")
    select_text(page.main_frame, "article p")
    assert shortcut(stack) == {"ok": False, "code": "E093"}
    overlay = wait_overlay(page)
    assert "This text is already in the language you read [E093]" in overlay["error"]
    assert "This text reads as English, the language you read. If it is in another language, pick it above." \
        in overlay["error"] and "No dictionary" not in overlay["error"]
    assert overlay["pair"] == "English (detected) → English"
    assert stack.translator_calls() == []


def test_a_short_spanish_subject_is_sent_with_every_word_hidden(reading_english):
    """A subject line (6 words): the browser cannot tell its language from so little, so the
    message around it decides; every word the dictionary knows is hidden, not the usual r."""
    stack = reading_english
    page = open_page(stack, "gmail-es.html")
    subject = select_text(page, "#subject")
    assert shortcut(stack)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["error"] is None and overlay["pair"] == "Spanish (detected) → English"
    assert {"change", "date", "meeting"} & words(overlay["text"])
    sent = translator_inputs(stack)
    assert sent.strip() == overlay["xpub"].strip()
    assert not {"cambio", "fecha", "reunión"} & words(sent), sent
    assert words(subject) - words(sent) >= {"cambio", "fecha", "reunión"}


def test_a_short_selection_that_cannot_be_hidden_is_refused_and_nothing_is_sent(reading_english):
    """"firewall" is outside the dictionary: half of this subject would go as written, so it is
    refused with the way forward."""
    stack = reading_english
    overlay = refused_by_shortcut(stack, "gmail-es.html", "#other-subject", "E091")
    assert "Too little of this short text could be hidden [E091]" in overlay["error"]
    assert "Select the whole sentence or paragraph" in overlay["error"]
    assert stack.translator_calls() == []


def test_the_toolbar_on_a_spanish_page_translates_it_into_english(reading_english):
    stack = reading_english
    page = open_page(stack, "gmail-es.html")
    done = toolbar_action(stack)
    assert done["ok"] is True, done
    panel = wait_overlay(page)
    assert panel["kind"] == "page" and panel["pair"] == "Spanish (detected) → English"
    first = page_translations(page)
    shown = " ".join(t["text"] for t in first)
    assert {"meeting", "client", "thursday", "tuesday"} & words(shown), shown
    assert "…" not in shown and "Valladolid" in shown and "4.870,50" in shown
    sent = translator_inputs(stack)
    for secret in ("Andrés", "Valladolid", "Echeverría", "4.870,50", "915 482 367"):
        assert secret not in sent

    # The panel's quick switch, as the overlay's: read as English it is refused before anything is
    # sent; back to the detected language, the page is translated again, once per paragraph.
    stack.reset_records()
    choose_in_overlay(page, "Translate from", "en")
    refused = wait_overlay(page, lambda o: o["error"] is not None)
    assert refused["pair"] == "English → Spanish" and "[E025]" in refused["error"]
    assert stack.translator_calls() == []
    choose_in_overlay(page, "Translate from", "auto")
    again = wait_overlay(page, lambda o: not o["busy"] and o["error"] is None and "All" in (o["stats"] or ""))
    assert again["pair"] == "Spanish (detected) → English"
    shown = [t["text"] for t in page_translations(page)]
    assert len(shown) == len(first), shown  # one translation per paragraph, not the old ones as well
    assert "Valladolid" in " ".join(shown) and "Translating privately…" not in shown
    assert "Valladolid" not in translator_inputs(stack)


def test_a_french_news_paragraph_is_read_in_english_and_its_secrets_stay_home(reading_french_news):
    stack = reading_french_news
    page, original, overlay = read_by_shortcut(stack, "news-fr.html", "#story")
    assert overlay["pair"] == "French (detected) → English"
    shown = overlay["text"]
    assert {"mayor", "library", "works", "readers", "books"} & words(shown), shown
    names = ("Bordeaux", "Jean-Pierre", "Lacombe", "Sophie", "Marchand")
    values = ("3 870,20", "05 56 48 21 90", "sophie.marchand@mairie-garonne.org")
    secrets = (*names, *values)
    for value in values:
        assert value in shown, value
    # a name comes back, or the overlay says it could not be checked (a stand-in name the
    # translator took for a word, seen in about 1 run in 40)
    flagged = bool(overlay["marks"] or overlay["warnings"])
    assert flagged or all(name in shown for name in names), shown
    # Apertium has no French-English pair: French goes through Spanish (fra-spa, then spa-eng), so
    # the translator is called twice; the first call receives exactly x_pub
    first = MARKER.sub("", stack.translator_calls()[0]["input"])
    assert first.strip() == overlay["xpub"].strip()
    sent = translator_inputs(stack)
    # (not "48 21": two-digit groups are no identifying piece, docs/privacy.md, and an independent
    # stand-in repeats two of them in about 1 run in 2,300: CI drew "04 15 48 21 94")
    for secret in (*secrets, "Jean", "Pierre", "870", "garonne"):
        assert secret not in sent, secret
    hidden = words(original) - words(overlay["xpub"])
    assert hidden and not hidden & words(sent)
    for request in stack.site.requests + stack.seen_by_playwright:  # nothing else left the browser with them
        blob = " ".join([request["url"], request["body"], *request["headers"].values()])
        assert not hidden & words(blob) and "Lacombe" not in blob


# which paragraphs of the two-language thread got a translation under them
_TRANSLATED = """() => [...document.querySelectorAll('prism-translation')].map((t) =>
    t.previousElementSibling.closest('#en') ? 'en' : t.previousElementSibling.closest('#es') ? 'es'
      : t.previousElementSibling.matches('h2.hP') ? 'subject' : 'elsewhere')"""


def test_a_thread_in_two_languages_is_read_per_message(reading_english):
    """Reading English: the Spanish reply is translated into English, the English message (and
    its English subject) left as they are and never sent."""
    stack = reading_english
    page = open_page(stack, "webmail-thread.html")
    done = toolbar_action(stack)
    assert done["ok"] is True and done["translated"] == 2 and done["kept"] == 3, done
    panel = wait_overlay(page, lambda o: o["kind"] == "page" and (o["stats"] or "").startswith("All"))
    assert panel["stats"] == "All 2 paragraphs translated privately."
    assert panel["pair"] == "Spanish (detected) → English"
    assert "3 paragraphs are already in English: left as they are." in evaluate(panel["surface"], "() => document.body.textContent")
    assert page.evaluate(_TRANSLATED) == ["es", "es"]
    shown = " ".join(t["text"] for t in page_translations(page))
    assert {"meeting", "thursday", "client", "visit"} & words(shown), shown
    sent = translator_inputs(stack)
    for word in ("Boston", "noon", "invoice", "Meeting", "Valladolid", "Daniel"):
        assert word not in sent, word  # English never sent; the Spanish reply's names hidden


def test_a_thread_in_two_languages_into_spanish_leaves_the_spanish_reply(e2e):
    """With the default pair (English into Spanish) it is the other way round."""
    page = open_page(e2e, "webmail-thread.html")
    done = toolbar_action(e2e)
    assert done["ok"] is True and done["translated"] == 3 and done["kept"] == 2, done
    panel = wait_overlay(page, lambda o: o["kind"] == "page" and (o["stats"] or "").startswith("All"))
    assert panel["pair"] == "English → Spanish"  # the one pair installed: no list to choose from
    assert page.evaluate(_TRANSLATED) == ["subject", "en", "en"]
    sent = translator_inputs(e2e)
    for word in ("lamentablemente", "Valladolid", "martes", "Boston"):
        assert word not in sent, word


def test_a_drag_over_an_english_note_and_a_forwarded_german_paragraph_sends_nothing(e2e):
    """Selected together, the English note made the request pass as English, and the German
    paragraph's words went out almost as written. It is refused before anything is sent, saying
    which part is in another language."""
    page = open_page(e2e, "webmail-forwarded-german.html")
    note, german = (page.locator(".rcmBody p").nth(i).bounding_box() for i in (0, 1))
    page.mouse.move(note["x"] + 2, note["y"] + 4)
    page.mouse.down()
    page.mouse.move(german["x"] + german["width"] - 4, german["y"] + german["height"] - 4, steps=12)
    page.mouse.up()
    selected = evaluate(page.main_frame, "() => getSelection().toString()")
    assert "Laura Bennett forwards" in selected and "Finanzierung" in selected
    assert shortcut(e2e) == {"ok": False, "code": "E029"}
    refused = wait_overlay(page, lambda o: o["error"] is not None)
    assert "[E029]" in refused["error"] and "another language" in refused["error"]
    assert e2e.translator_calls() == []
