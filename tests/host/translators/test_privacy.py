"""End to end through PRISM with each web backend's fake: what the vendor receives is exactly
x_pub (result.sent), line by line, and the words PRISM hid never reach it."""

from __future__ import annotations

import re

import pytest
from fakes import FakeDeepL, FakeGoogle, FakeLibreTranslate, FakeOpenAI
from fakes.doubles import word_by_word

from prism_translate.api import translate_private
from prism_translate.translators.deepl import DeepLTranslator
from prism_translate.translators.google import GoogleTranslator
from prism_translate.translators.libretranslate import LibreTranslateTranslator
from prism_translate.translators.openai import OpenAITranslator

TEXT = ("Maria Lopez visited the bank in the old city and signed the new contract.\n\n"
        "Her friend sent the invoice to the small office.")

CASES = {
    "deepl": (FakeDeepL, lambda url: DeepLTranslator(api_key="k:fx", endpoint=url), lambda t: t),
    "google": (FakeGoogle, lambda url: GoogleTranslator(api_key="g", url=url), lambda t: t),
    "libretranslate": (FakeLibreTranslate, lambda url: LibreTranslateTranslator(url=url), lambda t: t),
    "openai": (FakeOpenAI, lambda url: OpenAITranslator(api_key="sk", base_url=url + "/v1"),
               lambda t: t.split(": ", 1)[1]),  # the text inside the paper's prompt
}


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_only_x_pub_reaches_the_vendor(name, isolated, mini_dictionary):
    fake_cls, make, unwrap = CASES[name]
    with fake_cls() as fake:
        result = translate_private(TEXT, "es", method="star", ratio=0.5, seed=7, translator=make(fake.url),
                                   dictionary=mini_dictionary)
        received = [unwrap(t) for t in fake.texts()]
    assert result.hidden > 0
    # the vendor saw x_pub's lines, nothing more, nothing less
    assert received == [line.strip() for line in result.sent.split("\n") if line.strip()]
    hidden = words(TEXT) - words(result.sent)
    assert hidden, "PRISM replaced some words"
    assert not hidden & words(" ".join(received))
    assert "Maria" not in " ".join(received) and "Lopez" not in " ".join(received)


VALUES_TEXT = ("Aisha Al-Farsi (ticket TKT-88213, PO#77812) paid 4,870.50 EUR from GB29 NWBK 6016 1331 9268 19 "
               "with card 4111 1111 1111 1111 on Monday, 3 June 2025.\n"
               "Call Mark O'Brien on +44 20 7946 0958 or mail m.obrien@example.org; password hunter2.")
VALUES = ["Aisha Al-Farsi", "TKT-88213", "PO#77812", "4,870.50", "GB29 NWBK 6016 1331 9268 19",
          "4111 1111 1111 1111", "2025", "Mark O'Brien", "7946 0958", "m.obrien@example.org", "hunter2"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_every_kind_of_surrogate_survives_each_backend(name, isolated, shipped_es):
    # The vendor gives the text back as it got it: what each backend's transport (JSON, form
    # fields, the prompt, HTML escaping) does to a surrogate must not stop it coming back. The
    # vendor "translates" word by word with the dictionary, so hidden words come back too.
    fake_cls, make, unwrap = CASES[name]
    translate = word_by_word(shipped_es)
    with fake_cls(translate_fn=lambda text, source, target: translate(text)) as fake:
        for seed in range(3):
            result = translate_private(VALUES_TEXT, "es", seed=seed, translator=make(fake.url),
                                       dictionary=shipped_es)
            for value in VALUES:
                assert value in result.translation, (name, value, result.translation)
            assert not result.marks and not result.unrestored, (result.marks, result.unrestored)
