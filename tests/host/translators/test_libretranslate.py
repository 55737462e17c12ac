"""LibreTranslate: POST /translate with q list/source/target/format/api_key, reply translatedText;
self-hosted URL, optional key, the server's character limit, its error replies."""

from __future__ import annotations

import pytest
from fakes import FakeLibreTranslate

from prism_translate.errors import TranslatorError
from prism_translate.translators.libretranslate import LibreTranslateTranslator


def test_exact_request_without_a_key():
    with FakeLibreTranslate() as lt:
        out = LibreTranslateTranslator(url=lt.url + "/").translate(["Hello!", "One\nTwo"], "en", "es")
        assert out == ["HELLO!", "ONE\nTWO"]
        [req] = lt.requests
        assert (req.method, req.path) == ("POST", "/translate")
        assert req.headers["content-type"] == "application/json"
        assert req.json == {"q": ["Hello!", "One", "Two"], "source": "en", "target": "es", "format": "text"}
        assert lt.texts() == ["Hello!", "One", "Two"]


def test_key_goes_in_the_api_key_field():
    with FakeLibreTranslate(keys={"lt-key"}, require_key=True) as lt:
        LibreTranslateTranslator(url=lt.url, api_key="lt-key").translate(["Hi"], "en", "fr")
        assert lt.requests[0].json == {"q": ["Hi"], "source": "en", "target": "fr", "format": "text",
                                       "api_key": "lt-key"}


def test_missing_key_on_a_server_that_requires_one():
    with FakeLibreTranslate(require_key=True) as lt:
        with pytest.raises(TranslatorError) as info:
            LibreTranslateTranslator(url=lt.url).translate(["Hi"], "en", "es")
    assert info.value.code == "E031" and "HTTP 400" in info.value.message


def test_invalid_key_is_403():
    with FakeLibreTranslate(keys={"good-key"}) as lt:
        with pytest.raises(TranslatorError) as info:
            LibreTranslateTranslator(url=lt.url, api_key="wrong-key").translate(["Hi"], "en", "es")
    assert info.value.code == "E031" and "HTTP 403" in info.value.message and "wrong-key" not in info.value.message


def test_banned_client_is_rate_limited_not_auth(sleeps):
    with FakeLibreTranslate() as lt:
        lt.fail(403, {"error": "Too many request limits violations"}, times=3)
        with pytest.raises(TranslatorError) as info:
            LibreTranslateTranslator(url=lt.url, sleep=sleeps).translate(["Hi"], "en", "es")
    assert info.value.code == "E034" and sleeps == []


def test_respects_the_servers_character_limit():
    with FakeLibreTranslate(char_limit=300) as lt:
        text = " ".join(f"Sentence number {i} is here." for i in range(60))  # ~1,600 characters, one line
        out = LibreTranslateTranslator(url=lt.url, char_limit=300).translate([text], "en", "es")
        assert out == [text.upper()]
        assert all(len(t) <= 300 for t in lt.texts())
        assert " ".join(lt.texts()) == text


def test_unsupported_language_is_reported():
    with FakeLibreTranslate() as lt:
        lt.fail(400, {"error": "xx is not supported"})
        with pytest.raises(TranslatorError) as info:
            LibreTranslateTranslator(url=lt.url).translate(["Hi"], "en", "xx")
    assert info.value.code == "E052" and "xx is not supported" in info.value.message


def test_needs_a_url(isolated):
    with pytest.raises(TranslatorError) as info:
        LibreTranslateTranslator(url="")
    assert info.value.code == "E037" and "libretranslate.url" in info.value.message
