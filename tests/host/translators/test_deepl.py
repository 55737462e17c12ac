"""DeepL: the documented request (POST /v2/translate, DeepL-Auth-Key header, JSON text list),
free/pro endpoints, its limits, and its status codes (403 key, 456 quota)."""

from __future__ import annotations

import json

import pytest
from fakes import FakeDeepL

from prism_translate.errors import TranslatorError
from prism_translate.translators.deepl import FREE, PRO, DeepLTranslator

KEY = "279a2e9d-83b3-c416-7e2d-f721593e42a0:fx"


@pytest.fixture
def deepl(serve_fake):
    return serve_fake(FakeDeepL(keys={KEY}))


def test_exact_request_and_only_the_given_text_leaves(deepl, isolated):
    texts = ["Hello, world!", "First line.\n\n  Second line  \nThird"]
    out = DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate(texts, "en", "es")
    assert out == ["HELLO, WORLD!", "FIRST LINE.\n\n  SECOND LINE  \nTHIRD"]
    [req] = deepl.requests
    assert (req.method, req.path, req.query) == ("POST", "/v2/translate", {})
    assert req.headers["authorization"] == f"DeepL-Auth-Key {KEY}"
    assert req.headers["content-type"] == "application/json"
    assert req.json == {"text": ["Hello, world!", "First line.", "Second line", "Third"],
                        "source_lang": "EN", "target_lang": "ES", "preserve_formatting": True}
    # the key travels in the header only; the body carries nothing but the lines and the pair
    assert KEY.encode() not in req.body
    assert deepl.texts() == ["Hello, world!", "First line.", "Second line", "Third"]


def test_free_keys_go_to_the_free_endpoint():
    assert DeepLTranslator.endpoint_url("auto", KEY) == FREE == "https://api-free.deepl.com"
    assert DeepLTranslator.endpoint_url("auto", "pro-key") == PRO == "https://api.deepl.com"
    assert DeepLTranslator.endpoint_url("pro", KEY) == PRO
    assert DeepLTranslator.endpoint_url("free", "pro-key") == FREE
    assert DeepLTranslator(api_key=KEY).url == FREE
    assert DeepLTranslator(api_key="k").label() == "deepl (pro)"


def test_english_target_uses_a_regional_variant(deepl):
    DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate(["Hola"], "es", "en")
    assert deepl.requests[0].json["target_lang"] == "EN-US"
    assert deepl.requests[0].json["source_lang"] == "ES"


def test_at_most_50_texts_and_128_kib_per_request(deepl):
    lines = [f"Line number {i}." for i in range(120)]
    out = DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate(["\n".join(lines)], "en", "es")
    assert out == ["\n".join(lines).upper()]
    assert [len(r.json["text"]) for r in deepl.requests] == [50, 50, 20]

    deepl.requests.clear()
    big = "\n".join("ü" * 4000 + "." for _ in range(60))  # ~1.4 MB of escaped JSON
    out = DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate([big], "en", "es")
    assert out == [big.upper()]
    assert len(deepl.requests) > 1
    assert all(len(r.body) <= 128 * 1024 for r in deepl.requests)


def test_long_line_is_cut_at_sentence_boundaries(deepl):
    sentence = "The committee met on Tuesday to discuss the budget. "
    line = (sentence * 200).strip()  # ~10,000 characters on one line
    out = DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate([line], "en", "es")
    assert out == [line.upper()]
    sent = deepl.texts()
    assert len(sent) >= 2 and all(len(t) <= 5000 and t.endswith("budget.") for t in sent)
    assert " ".join(sent) == line


def test_bad_key_is_403(deepl):
    with pytest.raises(TranslatorError) as info:
        DeepLTranslator(api_key="wrong:fx", endpoint=deepl.url).translate(["Hi"], "en", "es")
    assert info.value.code == "E031"
    assert "rejected the credentials (HTTP 403)" in info.value.message
    assert "prism config set-key deepl" in info.value.message
    assert "wrong" not in info.value.message


def test_quota_exceeded_456_is_not_retried(deepl, sleeps):
    deepl.fail(456, {"message": "Quota exceeded"}, times=5)
    with pytest.raises(TranslatorError) as info:
        DeepLTranslator(api_key=KEY, endpoint=deepl.url, sleep=sleeps).translate(["Hi"], "en", "es")
    assert info.value.code == "E050" and "out of quota (HTTP 456): Quota exceeded" in info.value.message
    assert len(deepl.requests) == 1 and sleeps == []


def test_529_high_load_is_retried(deepl, sleeps):
    deepl.fail(529, {"message": "Too many requests, DeepL servers are currently experiencing high load"})
    assert DeepLTranslator(api_key=KEY, endpoint=deepl.url, sleep=sleeps).translate(["Hi"], "en", "es") == ["HI"]
    assert sleeps == [1.0]


def test_wrong_number_of_translations_is_refused(deepl):
    deepl.fail(200, {"translations": [{"detected_source_language": "EN", "text": "Uno"}]})
    with pytest.raises(TranslatorError) as info:
        DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate(["One\nTwo"], "en", "es")
    assert info.value.code == "E033"
    assert "1 translations came back for 2 texts sent" in info.value.message


def test_no_key_is_a_configuration_error(isolated):
    with pytest.raises(TranslatorError) as info:
        DeepLTranslator(api_key=None)
    assert info.value.code == "E037" and "prism config set-key deepl" in info.value.message


def test_the_request_body_is_plain_json(deepl):
    DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate(["Ünïcode ok"], "en", "de")
    assert json.loads(deepl.requests[0].body)["text"] == ["Ünïcode ok"]


def test_blank_texts_send_nothing(deepl):
    assert DeepLTranslator(api_key=KEY, endpoint=deepl.url).translate(["", "\n\n", "   "], "en", "es") == [
        "", "\n\n", "   "]
    assert deepl.requests == []
