"""Apertium APy: the /translate request (langpair, q, markUnknown, format), whole lines per
request well below APy's silent ~40 KB truncation, the reply's lines matching what was sent."""

from __future__ import annotations

import logging
from urllib.parse import quote_plus

import pytest
from fakes import FakeAPy

from prism_translate.errors import TranslatorError
from prism_translate.translators import apy
from prism_translate.translators.apy import REQUEST_BYTES, ApertiumAPy, is_local

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop


@pytest.fixture
def server(serve_fake):
    return serve_fake(FakeAPy())


def test_exact_request(server):
    out = ApertiumAPy(url=server.url).translate(["Hello world.", "One\n\n  Two "], "en", "es")
    assert out == ["HELLO WORLD.", "ONE\n\n  TWO "]
    [req] = server.requests
    assert (req.method, req.path, req.query) == ("POST", "/translate", {})
    assert req.headers["content-type"] == "application/x-www-form-urlencoded"
    assert req.form == {"langpair": ["eng|spa"], "q": ["Hello world.\nOne\nTwo"], "markUnknown": ["no"],
                        "format": ["txt"]}
    assert server.texts() == ["Hello world.\nOne\nTwo"]


def test_english_to_french_pivots_through_spanish(server):
    ApertiumAPy(url=server.url).translate(["Cat"], "en", "fr")
    assert [r.form["langpair"][0] for r in server.requests] == ["eng|spa", "spa|fra"]


def test_long_text_is_chunked_well_below_the_truncation_point(server):
    lines = [f"Paragraph {i}: " + "élan vital and more words here. " * 20 for i in range(300)]  # ~200 KB
    text = "\n".join(line.strip() for line in lines)
    out = ApertiumAPy(url=server.url).translate([text], "en", "es")
    assert out == [text.upper()]  # nothing lost: the fake truncates anything over 40 KB
    assert len(server.requests) > 5
    assert all(len(quote_plus(r.form["q"][0])) <= REQUEST_BYTES for r in server.requests)


def test_a_truncated_reply_is_detected():
    # an APy that drops text past a few lines (as a real one does past ~40 KB)
    with FakeAPy(translate_fn=lambda q, s, t: "\n".join(q.split("\n")[:2])) as short:
        with pytest.raises(TranslatorError) as info:
            ApertiumAPy(url=short.url).translate(["a\nb\nc"], "en", "es")
    assert info.value.code == "E033" and "2 lines came back for 3 lines sent" in info.value.message


def test_pair_not_installed(isolated):
    with FakeAPy(pairs={"eng|cat"}) as server:
        with pytest.raises(TranslatorError) as info:
            ApertiumAPy(url=server.url).translate(["Hi"], "en", "es")
    assert info.value.code == "E052" and "That pair is not installed" in info.value.message


def test_unsupported_pair_is_refused_before_sending(server):
    with pytest.raises(TranslatorError) as info:
        ApertiumAPy(url=server.url).translate(["Hi"], "en", "de")
    assert info.value.code == "E036" and server.requests == []


def test_warns_that_apy_listens_on_all_interfaces(server, caplog, monkeypatch):
    monkeypatch.setattr(apy, "_warned", False)
    with caplog.at_level(logging.WARNING):
        ApertiumAPy(url=server.url)
        ApertiumAPy(url=server.url)
    warnings = [r.getMessage() for r in caplog.records if "listens on all network interfaces" in r.getMessage()]
    assert len(warnings) == 1  # once per process


def test_local_or_remote():
    assert is_local("http://127.0.0.1:2737") and is_local("http://localhost:2737") and is_local("http://[::1]:2737")
    assert not is_local("http://192.168.1.20:2737") and not is_local("https://apertium.org/apy")
    assert "ANOTHER MACHINE" in ApertiumAPy.readiness({"apy.url": "http://10.0.0.2:2737"}, None)[1]


# -- the real APy (Debian's apertium-apy), bound to 127.0.0.1 --------------------------------

@pytest.fixture(scope="module")
def real():
    from fakes.apy_server import available, real_apy

    why = available()
    if why:
        pytest.fail(why)
    with real_apy() as url:
        yield url


def test_real_apy_translates_and_keeps_lines(real):
    texts = ["The cat sleeps.", "Good morning.\n\n  The house is big.  ", "Hello"]
    out = ApertiumAPy(url=real).translate(texts, "en", "es")
    assert "gato" in out[0]
    lines = out[1].split("\n")
    assert len(lines) == 3 and lines[1] == "" and lines[2].startswith("  ") and "casa" in lines[2]
    assert out[2] == "Hola"


def test_real_apy_agrees_with_the_command_line(real, apertium):
    text = "The weather is nice today.\nMy friend bought a new car."
    assert ApertiumAPy(url=real).translate([text], "en", "es") == apertium.translate([text], "en", "es")


def test_real_apy_pivots_to_french(real):
    [out] = ApertiumAPy(url=real).translate(["The house"], "en", "fr")
    assert "maison" in out.lower()


def test_real_apy_long_text_arrives_whole(real):
    # ~60 KB: past the ~40 KB where APy truncates, so it only works chunked
    text = "\n".join(f"Line {i}: the red car is in the big house." for i in range(1400))
    [out] = ApertiumAPy(url=real).translate([text], "en", "es")
    lines = out.split("\n")
    assert len(lines) == 1400 and "1399" in lines[-1]
    assert all("casa" in line for line in lines)
