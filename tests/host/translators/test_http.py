"""Every web backend fails the same, clear way: coded errors, bounded retries that honour
Retry-After, no fallback, no key or private text in any message. Run against each vendor's fake."""

from __future__ import annotations

import socket

import pytest
from fakes import FakeAPy, FakeDeepL, FakeGoogle, FakeLibreTranslate, FakeOpenAI

from prism_translate.errors import TranslatorError
from prism_translate.translators.apy import ApertiumAPy
from prism_translate.translators.deepl import DeepLTranslator
from prism_translate.translators.google import GoogleTranslator
from prism_translate.translators.libretranslate import LibreTranslateTranslator
from prism_translate.translators.openai import OpenAITranslator

SECRET = "sk-secret-123:fx"
PRIVATE = "Alice Moreau owes 300 euros"

BACKENDS = {
    "deepl": (FakeDeepL, lambda url, **kw: DeepLTranslator(api_key=SECRET, endpoint=url, **kw)),
    "google": (FakeGoogle, lambda url, **kw: GoogleTranslator(api_key=SECRET, url=url, **kw)),
    "libretranslate": (FakeLibreTranslate, lambda url, **kw: LibreTranslateTranslator(url=url, api_key=SECRET, **kw)),
    "openai": (FakeOpenAI, lambda url, **kw: OpenAITranslator(api_key=SECRET, base_url=url + "/v1", **kw)),
    "apertium-apy": (FakeAPy, lambda url, **kw: ApertiumAPy(url=url, **kw)),
}


@pytest.fixture(params=sorted(BACKENDS))
def backend(request, sleeps, isolated):
    fake_cls, make = BACKENDS[request.param]
    with fake_cls() as fake:
        yield fake, (lambda **kw: make(fake.url, sleep=sleeps, **kw))


def _fails(translator, code):
    with pytest.raises(TranslatorError) as info:
        translator.translate([PRIVATE], "en", "es")
    err = info.value
    assert err.code == code, err.message
    assert SECRET not in err.message and "Alice" not in err.message and "euros" not in err.message
    assert err.message.startswith(f"[{code}] ")
    return err.message


def test_a_working_call_for_reference(backend, sleeps):
    fake, make = backend
    assert make().translate([PRIVATE], "en", "es") == [PRIVATE.upper()]
    assert fake.texts() == [fake.texts()[0]] and PRIVATE in fake.texts()[0]
    assert sleeps == []


def test_retries_429_honouring_retry_after_then_succeeds(backend, sleeps):
    fake, make = backend
    fake.fail(429, {"message": "Too many requests"}, headers={"Retry-After": "2"}, times=2)
    assert make().translate([PRIVATE], "en", "es") == [PRIVATE.upper()]
    assert sleeps == [2.0, 2.0]
    assert len(fake.requests) == 3


def test_503_backs_off_exponentially_without_retry_after(backend, sleeps):
    fake, make = backend
    fake.fail(503, {"message": "Service Unavailable"}, times=3)
    assert make().translate([PRIVATE], "en", "es") == [PRIVATE.upper()]
    assert sleeps == [1.0, 2.0, 4.0]


def test_gives_up_after_the_attempt_budget(backend, sleeps):
    fake, make = backend
    fake.fail(429, {"message": "Too many requests"}, times=100)
    msg = _fails(make(attempts=3), "E034")
    assert "HTTP 429" in msg and "tried 3 times" in msg
    assert len(fake.requests) == 3 and sleeps == [1.0, 2.0]


def test_a_retry_after_beyond_the_cap_fails_at_once(backend, sleeps):
    fake, make = backend
    fake.fail(503, {"message": "maintenance"}, headers={"Retry-After": "3600"}, times=5)
    msg = _fails(make(max_wait=30), "E051")
    assert "3600 s" in msg and "at most 30 s" in msg
    assert len(fake.requests) == 1 and sleeps == []


def test_timeout(backend):
    fake, make = backend
    fake.fail(200, {}, delay=1.0)
    msg = _fails(make(timeout=0.2, attempts=1), "E032")
    assert "did not answer within 0.2 s" in msg


def test_nothing_listening():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    for name, (_, make) in BACKENDS.items():
        msg = _fails(make(f"http://127.0.0.1:{port}"), "E030")
        assert f"cannot reach http://127.0.0.1:{port}" in msg, name


def test_reply_that_is_not_json(backend):
    fake, make = backend
    fake.fail(200, b"<html>maintenance</html>")
    msg = _fails(make(), "E033")
    assert "PRISM cannot use" in msg


def test_reply_labelled_json_that_is_not_json(backend):
    fake, make = backend
    fake.fail(200, b"<html>maintenance</html>", headers={"Content-Type": "application/json"})
    _fails(make(), "E033")


def test_reply_with_the_wrong_shape(backend):
    fake, make = backend
    fake.fail(200, {"unexpected": True})
    _fails(make(), "E033")


def test_rejection_quotes_the_service_but_never_the_text_or_key(backend):
    fake, make = backend
    key = "" if isinstance(fake, FakeAPy) else f" with key {SECRET}"  # APy takes no key
    echo = f"cannot handle '{PRIVATE}'{key}"
    fake.fail(422, {"message": echo, "error": echo, "explanation": echo})
    msg = _fails(make(), "E052")
    assert "HTTP 422" in msg and "cannot handle" in msg


KEYED = sorted(set(BACKENDS) - {"apertium-apy"})


@pytest.mark.parametrize("name", KEYED)
def test_a_key_echoed_in_another_case_or_in_part_is_blanked(name, sleeps, isolated):
    fake_cls, make = BACKENDS[name]
    with fake_cls() as fake:
        echo = f"bad key {SECRET.upper()}, or was it {SECRET[3:13]}? ({SECRET[:5].upper()} is fine to show)"
        fake.fail(422, {"message": echo, "error": echo, "explanation": echo})
        msg = _fails(make(fake.url, sleep=sleeps), "E052")
    assert SECRET.upper() not in msg and SECRET[3:13] not in msg and "SECRET" not in msg.upper()
    assert "bad key" in msg and "SK-SE" in msg  # fragments under 8 characters tell nothing of the key


def test_redaction_blanks_every_key_fragment_of_eight_characters_or_more():
    from prism_translate.translators.http import redact

    key = "AbCdEf0123456789"
    assert redact(f"key {key.lower()} refused", [], [key]) == "key […] refused"
    assert redact("partial 0123456789 and cdef0123!", [], [key]) == "partial […] and […]!"
    assert redact("too short: AbCdEf0", [], [key]) == "too short: AbCdEf0"
    assert redact("abc key", [], ["abc"]) == "[…] key"  # a key shorter than 8 is blanked whole


def test_server_failure_after_the_retries_is_not_called_rate_limiting(backend, sleeps):
    fake, make = backend
    for status in (500, 502, 503, 504):
        fake.fail(status, {"message": "Internal Server Error"}, times=3)
        msg = _fails(make(attempts=3), "E038")
        assert f"HTTP {status}" in msg and "failed on its side" in msg and "attempts: 3" in msg
    fake.fail(501, {"message": "Not Implemented"})  # not worth a retry, still the service's fault
    assert "HTTP 501" in _fails(make(attempts=3), "E038")
    fake.fail(401, {"message": "Unauthorized"})
    _fails(make(attempts=3), "E031")


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_to_another_host_is_refused_and_nothing_goes_there(backend, status):
    fake, make = backend
    fake_cls = type(fake)
    with fake_cls() as elsewhere:
        # same machine, another host name: PRISM must judge by the name the user configured
        fake.redirect(status, elsewhere.url.replace("127.0.0.1", "localhost"))
        msg = _fails(make(attempts=1), "E052")
        assert f"HTTP {status}" in msg and "another server" in msg
        assert elsewhere.requests == []


def test_a_redirect_on_the_same_host_is_followed_with_the_key_in_the_body(sleeps, isolated):
    with FakeLibreTranslate(keys={SECRET}) as fake, FakeLibreTranslate(keys={SECRET}) as moved:
        fake.redirect(307, moved.url)
        translator = LibreTranslateTranslator(url=fake.url, api_key=SECRET, sleep=sleeps)
        assert translator.translate([PRIVATE], "en", "es") == [PRIVATE.upper()]
        assert moved.requests[0].json["api_key"] == SECRET


def test_an_https_service_may_not_redirect_to_plain_http():
    from prism_translate.translators.http import CrossHostRedirect, check_redirect

    check_redirect(307, "https://api.example.org/v2/translate", "/v3/translate")
    check_redirect(301, "http://api.example.org/translate", "https://api.example.org/translate")
    for location in ("http://api.example.org/v2/translate", "https://evil.example.net/v2/translate",
                     "//evil.example.net/x"):
        with pytest.raises(CrossHostRedirect):
            check_redirect(307, "https://api.example.org/v2/translate", location)
