"""API keys: environment first, then the OS keyring, then (no keyring backend) a 0600 file;
never printed or logged; a backend is built from the settings and key its caller passes in."""

from __future__ import annotations

import logging
import os
import stat

import keyring
import pytest
from fakes import FakeDeepL, FakeOpenAI
from keyring.backend import KeyringBackend

from prism_translate import config, credentials, installation
from prism_translate.errors import PrismError, TranslatorError
from prism_translate.translators.registry import BACKENDS, get_translator


def describe() -> list[dict]:
    return installation.translators(config.load())


class MemoryKeyring(KeyringBackend):
    """A working keyring backend, as on a desktop with Secret Service / Keychain."""

    priority = 1

    def __init__(self):
        super().__init__()
        self.store = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        del self.store[(service, username)]


def test_without_a_keyring_keys_go_to_a_0600_file(isolated, caplog):
    with caplog.at_level(logging.DEBUG):
        where = credentials.set_key("deepl", "  abc:fx \n")
    path = isolated / "credentials.json"
    assert where.startswith(f"file {path}")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert credentials.get_key("deepl") == "abc:fx" and credentials.has_key("deepl")
    assert credentials.key_source("deepl") == f"file {path}"
    assert "abc:fx" not in caplog.text
    assert credentials.delete_key("deepl") is True and credentials.get_key("deepl") is None
    assert credentials.delete_key("deepl") is False


def test_a_working_keyring_is_used_and_no_file_is_written(isolated):
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    assert credentials.set_key("openai", "sk-1") == "OS keyring"
    assert ring.store == {("prism-translate", "openai"): "sk-1"}
    assert credentials.get_key("openai") == "sk-1" and credentials.key_source("openai") == "OS keyring"
    assert not (isolated / "credentials.json").exists()
    assert credentials.delete_key("openai") and ring.store == {}


def test_where_a_key_is_is_told_without_opening_the_keyring_and_reading_it_keeps_that_true(isolated, monkeypatch):
    """capabilities (the options page) must answer at once: keyring's backend detection takes
    0.3-1 s in a fresh process, so key_source reads PRISM's list of what is in the keyring."""
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    credentials.set_key("openai", "sk-1")
    with monkeypatch.context() as m:
        m.setattr(credentials, "_keyring", lambda: pytest.fail("the keyring was opened"))
        assert credentials.key_source("openai") == "OS keyring" and credentials.key_source("deepl") is None
        assert {r["name"]: r["configured"] for r in describe()}["openai"] is True
    ring.set_password("prism-translate", "deepl", "put there by another tool")
    ring.delete_password("prism-translate", "openai")  # removed with the desktop's keyring manager
    assert credentials.get_key("deepl") == "put there by another tool" and credentials.get_key("openai") is None
    assert credentials.key_source("deepl") == "OS keyring" and credentials.key_source("openai") is None
    assert "put there" not in (isolated / "keyring-keys.json").read_text()  # names only


def test_prism_variable_then_stored_key_then_vendor_variable(isolated, monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", "from-env")
    assert credentials.get_key("google") == "from-env"  # nothing else: the shell's choice counts
    assert credentials.key_source("google") == "environment variable GOOGLE_API_KEY"
    credentials.set_key("google", "stored")
    assert credentials.get_key("google") == "stored"  # a key the user stored wins
    monkeypatch.setenv("PRISM_GOOGLE_API_KEY", "prism-env")
    assert credentials.get_key("google") == "prism-env"


def test_the_host_ignores_vendor_variables_it_inherits_from_the_browser(isolated, monkeypatch):
    """Debian's Chromium exports GOOGLE_API_KEY for itself; the host it starts must not take it."""
    monkeypatch.setattr(credentials, "_vendor_variables", True)
    monkeypatch.setenv("GOOGLE_API_KEY", "chromium-own-key")
    credentials.ignore_vendor_variables()
    assert credentials.get_key("google") is None and credentials.key_source("google") is None
    assert not {r["name"]: r for r in describe()}["google"]["configured"]
    credentials.set_key("google", "users-key")
    assert credentials.get_key("google") == "users-key"
    monkeypatch.setenv("PRISM_GOOGLE_API_KEY", "chosen")
    assert credentials.get_key("google") == "chosen"


def test_unknown_backend_and_empty_key(isolated):
    with pytest.raises(PrismError) as info:
        credentials.set_key("apertium", "x")
    assert info.value.code == "E056" and "deepl, google, libretranslate, openai" in info.value.message
    with pytest.raises(PrismError) as info:
        credentials.set_key("deepl", "   ")
    assert info.value.code == "E055"


def test_every_keyed_backend_is_a_backend():
    assert set(credentials.ENV_VARS) <= set(BACKENDS)
    assert all(not cls.needs_key or name in credentials.ENV_VARS for name, cls in BACKENDS.items())


def test_every_translator_a_setting_may_name_is_a_backend():
    assert config.TRANSLATORS == tuple(BACKENDS)


def test_the_configured_translator_is_built_from_settings_and_stored_key(isolated):
    with FakeDeepL(keys={"k:fx"}) as deepl:
        config.save({"deepl.endpoint": deepl.url, "translator": "deepl"})
        credentials.set_key("deepl", "k:fx")
        t = installation.translator(config.load())
        assert t.name == "deepl" and t.url == deepl.url
        assert t.translate(["Hi"], "en", "es") == ["HI"]
        assert deepl.requests[0].headers["authorization"] == "DeepL-Auth-Key k:fx"


def test_a_translator_takes_the_settings_and_key_it_is_given_not_the_stored_ones(isolated, monkeypatch):
    with FakeOpenAI() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
        config.save({"openai.model": "configured-model"})
        t = get_translator("openai", {"openai.base_url": server.url + "/v1", "openai.model": "explicit"}, "sk-given")
        t.translate(["Hi"], "en", "es")
        assert server.requests[0].json["model"] == "explicit"
        assert server.requests[0].headers["authorization"] == "Bearer sk-given"


def test_environment_overrides_settings_with_types(isolated, monkeypatch):
    monkeypatch.setenv("PRISM_OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("PRISM_DEEPL_TIMEOUT", "5")
    monkeypatch.setenv("PRISM_PROTECT_ENTITIES", "no")
    s = config.load()
    assert s["openai.base_url"] == "http://127.0.0.1:11434/v1" and s["deepl.timeout"] == 5.0
    assert s["protect_entities"] is False
    monkeypatch.setenv("PRISM_RATIO", "lots")
    with pytest.raises(PrismError) as info:
        config.load()
    assert info.value.code == "E057" and "$PRISM_RATIO" in info.value.message


def test_unconfigured_backend_says_what_to_do(isolated):
    with pytest.raises(TranslatorError) as info:
        get_translator("google")
    assert info.value.code == "E037" and "prism config set-key google" in info.value.message
    with pytest.raises(TranslatorError) as info:
        get_translator("nope")
    assert info.value.code == "E035" and "apertium-apy" in info.value.message


def test_describe_reports_configuration_without_secrets(isolated, monkeypatch):
    monkeypatch.setenv("DEEPL_AUTH_KEY", "very-secret:fx")
    config.save({"libretranslate.url": "http://localhost:5000"})
    rows = {r["name"]: r for r in describe()}
    assert rows["deepl"]["configured"] and rows["deepl"]["detail"] == "API key from environment variable DEEPL_AUTH_KEY"
    assert not rows["google"]["configured"]
    assert rows["libretranslate"]["configured"] and "no API key" in rows["libretranslate"]["detail"]
    assert rows["apertium"]["selected"]
    assert "very-secret" not in repr(rows)
    assert all(r["sees"] for r in rows.values())


def test_urls_are_checked_and_stored_strings_get_their_types(isolated):
    with pytest.raises(PrismError) as info:
        config.save({"libretranslate.url": "localhost:5000"})
    assert info.value.code == "E054" and "libretranslate.url" in info.value.message and "http://" in info.value.message
    config.save({"libretranslate.url": "http://localhost:5000/", "libretranslate.char_limit": "300",
                 "libretranslate.timeout": "4.5"}, text=True)
    t = installation.translator({**config.load(), "translator": "libretranslate"})
    assert (t.url, t.max_piece, t.timeout) == ("http://localhost:5000", 300, 4.5)


def test_the_null_keyring_does_not_swallow_keys(isolated):
    from keyring.backends import null

    keyring.set_keyring(null.Keyring())
    assert credentials.set_key("deepl", "kept:fx").startswith("file ")
    assert credentials.get_key("deepl") == "kept:fx"
