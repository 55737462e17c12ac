"""What the user sees when something breaks, and that the next try works again: host missing,
host killed mid-request, a silent host, the service worker restarted, the translator down."""

from __future__ import annotations

import os
import signal

import pytest
from e2e_helpers import (
    EXTENSION_ID, click_in_overlay, context_menu, open_page, select_text, tab_id, wait_for, wait_overlay,
)

from prism_translate import __version__

pytestmark = pytest.mark.e2e


def translate_outlook(stack):
    page = open_page(stack, "outlook.html")
    select_text(page.main_frame, "#para")
    return page, context_menu(stack, 0)


def stop_hosts(stack) -> None:
    """Terminate the hosts this test session's browser started (by pid, from the host log), once
    the one it starts with is up (a host still starting would otherwise be missed)."""
    for pid in wait_for(stack.live_host_pids, timeout=60, what="the browser's host"):
        os.kill(pid, signal.SIGTERM)
    wait_for(lambda: not stack.live_host_pids(), what="the host to exit")


def test_translator_down_is_an_actionable_error(e2e):
    e2e.set_mode("down")
    page, result = translate_outlook(e2e)
    assert result == {"ok": False, "code": "E030"}
    overlay = wait_overlay(page)
    assert "The translator is unreachable [E030]" in overlay["error"]
    assert "unreachable" in overlay["error"] and "Open options" in overlay["buttons"]
    e2e.set_mode("normal")
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0)["ok"] is True  # nothing stuck: the next try works


def test_host_not_installed_shows_the_install_command_then_works_once_installed(e2e):
    stop_hosts(e2e)
    removed = e2e.install("--uninstall")
    assert removed.returncode == 0, removed.stderr
    try:
        page, result = translate_outlook(e2e)
        assert result == {"ok": False, "code": "E065"}
        overlay = wait_overlay(page)
        assert "The PRISM helper is not installed [E065]" in overlay["error"]
        # no command that exists only once the helper is set up: the setup page, which has the one that does it
        assert overlay["command"] is None and "prism install-host" not in overlay["error"]
        with e2e.context.expect_page() as opened:
            click_in_overlay(page, "Open the setup page")
        setup = opened.value
        setup.wait_for_selector("#helper.error")
        assert setup.text_content("#helper") == "The PRISM helper is not set up on this computer yet."
        assert setup.text_content("#command") == \
            f"pipx install ./prism_translate-{__version__}-py3-none-any.whl && prism install-host --browser chromium"
        setup.close()
        assert e2e.translator_calls() == []
        options = e2e.context.new_page()
        options.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
        options.wait_for_selector("#status.error")
        assert "not installed [E065]" in options.text_content("#status")
        assert options.text_content("#status a") == "Open the setup page"
        options.close()
    finally:
        assert e2e.install().returncode == 0
    page.bring_to_front()
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0)["ok"] is True


def test_host_killed_mid_request_reports_it_and_the_next_request_reconnects(e2e):
    context_menu_async = "([id]) => { self.__pending = PrismHandlers.onMenuClicked({ menuItemId: PrismHandlers.MENU_ID, frameId: 0 }, { id }); return true; }"
    page = open_page(e2e, "outlook.html")
    select_text(page.main_frame, "#para")
    e2e.set_mode("slow")
    e2e.worker().evaluate(context_menu_async, [tab_id(e2e)])
    call = wait_for(lambda: e2e.translator_calls(), what="the request to reach the translator")[0]
    assert wait_overlay(page, lambda o: o["busy"])["title"]  # the spinner shows while the host works
    host = call["ppid"]  # the translator's parent is the host process
    assert host in e2e.live_host_pids()
    os.kill(host, signal.SIGKILL)
    os.kill(call["pid"], signal.SIGKILL)  # the translator double it was waiting for
    assert e2e.worker().evaluate("self.__pending") == {"ok": False, "code": "E066"}
    overlay = wait_overlay(page)
    assert "The PRISM helper stopped [E066]" in overlay["error"]
    e2e.set_mode("normal")
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0)["ok"] is True
    assert host not in e2e.live_host_pids() and e2e.live_host_pids()


def test_silent_host_times_out_instead_of_spinning_forever(e2e):
    worker = e2e.worker()
    worker.evaluate("PrismNative.timeouts.translate = 2500")
    try:
        e2e.set_mode("slow")
        page, result = translate_outlook(e2e)
        assert result == {"ok": False, "code": "E067"}
        assert "No answer in time [E067]" in wait_overlay(page)["error"]
    finally:
        worker.evaluate("PrismNative.timeouts.translate = 120000")
    e2e.set_mode("normal")
    for call in e2e.translator_calls():
        try:
            os.kill(call["pid"], signal.SIGKILL)  # the slow translator double, if still waiting
        except ProcessLookupError:
            pass
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0)["ok"] is True  # a fresh host answers


def test_service_worker_restart_reconnects_to_a_fresh_host(e2e):
    page, result = translate_outlook(e2e)
    assert result["ok"] is True
    old_hosts = e2e.live_host_pids()
    worker = e2e.worker()
    worker.evaluate("self.__generation = 'old'")
    cdp = e2e.context.browser.new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    [sw] = [t["targetId"] for t in targets if t["type"] == "service_worker" and EXTENSION_ID in t["url"]]
    cdp.send("Target.closeTarget", {"targetId": sw})  # the browser stops the worker, as after idling
    # its port closes, so its host sees EOF and exits on its own
    wait_for(lambda: not set(old_hosts) & set(e2e.live_host_pids()), what="the old host to exit")
    assert "browser closed the channel" in e2e.host_log()

    options = e2e.context.new_page()  # any extension event wakes the worker up again
    options.goto(f"chrome-extension://{EXTENSION_ID}/options/options.html")
    options.wait_for_selector("#settings:not([hidden])")
    options.close()
    assert e2e.worker().evaluate("self.__generation") is None  # a new worker instance
    select_text(page.main_frame, "#para")
    assert context_menu(e2e, 0)["ok"] is True
    assert e2e.live_host_pids() and not set(old_hosts) & set(e2e.live_host_pids())
    assert "Maria Garcia" in wait_overlay(page)["text"]


def test_pages_the_extension_cannot_enter_get_a_badge_not_silence(e2e):
    page = e2e.context.new_page()  # about:blank: no content script runs there
    page.goto("about:blank")
    tab = tab_id(e2e)
    assert e2e.worker().evaluate("(id) => PrismHandlers.onCommand(PrismHandlers.COMMAND, { id })", tab) == {
        "ok": False, "code": "E069"}
    assert e2e.worker().evaluate("(tabId) => chrome.action.getBadgeText({ tabId })", tab) == "!"
    title = e2e.worker().evaluate("(tabId) => chrome.action.getTitle({ tabId })", tab)
    assert "cannot run on this page [E069]" in title
    assert e2e.translator_calls() == []
