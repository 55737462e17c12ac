"""pytest fixtures for tests that touch settings or keys: import them into a test module
(`from fakes.fixtures import isolated`) to use them."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """A fresh config dir, no API keys in the environment, no PRISM_* overrides, and keyring's
    fail backend (so keys go to the 0600 file): nothing of the developer's setup leaks in."""
    import keyring
    from keyring.backends import fail

    from prism_translate import credentials

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for names in credentials.ENV_VARS.values():
        for name in names:
            monkeypatch.delenv(name, raising=False)
    for name in list(os.environ):
        if name.startswith("PRISM_"):
            monkeypatch.delenv(name)
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield tmp_path / "config" / "prism-translate"
    keyring.set_keyring(previous)


class Sleeps(list):
    """Injected in place of time.sleep: records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps():
    return Sleeps()
