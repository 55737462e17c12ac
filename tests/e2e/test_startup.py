"""The host is started with the browser, before anything is selected or clicked, and loads what
a translation needs while the user is still reading: the first click then finds it warm."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import wait_for
from e2e_stack import Stack, isolated_env, launch_chromium, close_setup_page

pytestmark = pytest.mark.e2e


def test_the_browser_starts_the_host_which_warms_up_before_any_click(stack, tmp_path):
    fresh = Stack(tmp_path, isolated_env(tmp_path), tmp_path / "profile", None, stack.site)
    installed = fresh.install()
    assert installed.returncode == 0, installed.stderr
    fresh.context = launch_chromium(stack.playwright, fresh.profile, fresh.env, stack.site.port)
    try:
        # no selection, no click: only the browser starting (with the extension just installed, so
        # with its setup page, which asks the helper what it has)
        [pid] = wait_for(fresh.live_host_pids, timeout=60, what="the browser to start the host")
        close_setup_page(fresh.worker())
        # spaCy, the dictionary and the translator's processes, at whatever load CI runs
        wait_for(lambda: "warm-up done" in fresh.host_log(), timeout=600, what="the host's warm-up")
        assert fresh.live_host_pids() == [pid]  # one host, kept running for the first click
    finally:
        fresh.context.close()
    log = fresh.host_log()
    assert re.search(r"\bping \S+: ok", log)
    assert not re.search(r"\b(translate|prepare) \S+: ", log)  # nothing to translate was asked or sent
    assert fresh.translator_calls() == []  # the warm-up sent nothing to the translator
