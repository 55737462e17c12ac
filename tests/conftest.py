"""Every test runs in an isolated home (pipx's `pipx_temp_env` habit): temporary XDG folders,
keyring's fail backend (keys go to a 0600 file in the temporary config folder), and none of the
developer's PRISM_* settings or vendor API keys, and no organisation policy but one a test writes
to $PRISM_POLICY. Processes a test starts inherit the same
environment (PYTHON_KEYRING_BACKEND reaches their keyring too)."""

from __future__ import annotations

import os
import re
import sys

import pytest

# Vendor key variables beyond credentials.ENV_VARS that SDKs read on their own.
_VENDOR = re.compile(r"^(PRISM_.*|OPENAI_.*|AZURE_OPENAI_.*|DEEPL_.*|GOOGLE_.*|LIBRETRANSLATE_.*)$")


@pytest.fixture(scope="session")
def _matplotlib_dir(tmp_path_factory):
    # matplotlib keeps its font cache in its config folder: one per session, not one per test
    return tmp_path_factory.mktemp("matplotlib")


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory, monkeypatch, _matplotlib_dir):
    import keyring
    from keyring.backends import fail

    home = tmp_path_factory.mktemp("home")
    for name in list(os.environ):
        if _VENDOR.match(name):
            monkeypatch.delenv(name)
    for var, folder in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                        ("XDG_CACHE_HOME", "cache")):
        monkeypatch.setenv(var, str(home / folder))
    monkeypatch.setenv("MPLCONFIGDIR", str(_matplotlib_dir))
    # the organisation's policy: none, whatever /etc/prism-translate holds on this machine
    monkeypatch.setenv("PRISM_POLICY", str(home / "policy.json"))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield home
    keyring.set_keyring(previous)
    # `prism translate` and the host keep torch out of their process (engine.without_torch);
    # run in-process by a test, that must not leave the evaluation tests without it.
    if "torch" in sys.modules and sys.modules["torch"] is None:
        del sys.modules["torch"]


def pytest_collection_modifyitems(items):
    # every browser test is slow: `pytest -m "not slow"` is the quick loop without them
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.slow)
