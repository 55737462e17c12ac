"""pytest fixtures for tests of translators and settings: import them into a test module
(`from fakes.fixtures import isolated`) to use them."""

from __future__ import annotations

import pytest


@pytest.fixture
def isolated(isolated_home):
    """The temporary config folder of the test (every test runs isolated: tests/conftest.py)."""
    return isolated_home / "config" / "prism-translate"


class Sleeps(list):
    """Injected in place of time.sleep: records the waits instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps():
    return Sleeps()
