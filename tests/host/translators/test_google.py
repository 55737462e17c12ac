"""Google Cloud Translation Basic (v2): POST /language/translate/v2?key=..., JSON q list with
target/source/format=text, reply data.translations[].translatedText; 128 segments; quota and
bad-key errors as Google reports them."""

from __future__ import annotations

import pytest
from fakes import FakeGoogle

from prism_translate.errors import TranslatorError
from prism_translate.translators.google import DEFAULT_URL, GoogleTranslator

KEY = "AIzaSyFAKE-key_0123456789"


@pytest.fixture
def google(serve_fake):
    return serve_fake(FakeGoogle(keys={KEY}))


def test_exact_request_and_only_the_given_text_leaves(google):
    out = GoogleTranslator(api_key=KEY, url=google.url).translate(["Hello world", "A\n\nB"], "en", "es")
    assert out == ["HELLO WORLD", "A\n\nB"]
    [req] = google.requests
    assert (req.method, req.path) == ("POST", "/language/translate/v2")
    assert req.query == {"key": [KEY]}
    assert req.headers["content-type"] == "application/json"
    assert req.json == {"q": ["Hello world", "A", "B"], "source": "en", "target": "es", "format": "text"}
    assert google.texts() == ["Hello world", "A", "B"]


def test_default_endpoint_is_googles():
    assert DEFAULT_URL == "https://translation.googleapis.com"
    assert GoogleTranslator(api_key=KEY).url == DEFAULT_URL


def test_at_most_128_segments_and_about_5000_characters_per_request(google):
    lines = [f"w{i}" for i in range(300)]
    GoogleTranslator(api_key=KEY, url=google.url).translate(["\n".join(lines)], "en", "es")
    assert [len(r.json["q"]) for r in google.requests] == [128, 128, 44]
    google.requests.clear()
    paragraph = "\n".join("x" * 900 + "." for _ in range(20))
    out = GoogleTranslator(api_key=KEY, url=google.url).translate([paragraph], "en", "es")
    assert out == [paragraph.upper()]
    assert all(sum(map(len, r.json["q"])) <= 5000 for r in google.requests)


def test_invalid_key_is_a_400_from_google(google):
    with pytest.raises(TranslatorError) as info:
        GoogleTranslator(api_key="AIza-wrong", url=google.url).translate(["Hi"], "en", "es")
    assert info.value.code == "E031" and "HTTP 400" in info.value.message
    assert "AIza-wrong" not in info.value.message


def test_daily_limit_is_quota_and_not_retried(google, sleeps):
    google.fail(403, FakeGoogle.error(403, "Daily Limit Exceeded", "dailyLimitExceeded", "PERMISSION_DENIED"),
                times=3)
    with pytest.raises(TranslatorError) as info:
        GoogleTranslator(api_key=KEY, url=google.url, sleep=sleeps).translate(["Hi"], "en", "es")
    assert info.value.code == "E050"
    assert "out of quota (HTTP 403): Daily Limit Exceeded" in info.value.message
    assert len(google.requests) == 1 and sleeps == []


def test_user_rate_limit_is_retried(google, sleeps):
    google.fail(403, FakeGoogle.error(403, "User Rate Limit Exceeded", "userRateLimitExceeded",
                                      "PERMISSION_DENIED"), headers={"Retry-After": "5"})
    assert GoogleTranslator(api_key=KEY, url=google.url, sleep=sleeps).translate(["Hi"], "en", "es") == ["HI"]
    assert sleeps == [5.0]


def test_forbidden_key_is_auth(google):
    google.fail(403, FakeGoogle.error(403, "Requests to this API are blocked.", "forbidden", "PERMISSION_DENIED"))
    with pytest.raises(TranslatorError) as info:
        GoogleTranslator(api_key=KEY, url=google.url).translate(["Hi"], "en", "es")
    assert info.value.code == "E031" and "HTTP 403" in info.value.message


def test_connection_errors_never_show_the_key_in_the_url(isolated):
    with pytest.raises(TranslatorError) as info:
        GoogleTranslator(api_key=KEY, url="http://127.0.0.1:9", timeout=2).translate(["Hi"], "en", "es")
    assert info.value.code == "E030" and KEY not in info.value.message and "key=" not in info.value.message
