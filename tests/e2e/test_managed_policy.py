"""An organisation's managed policy in real Chromium: Debian's Chromium reads
/etc/chromium/policies/managed/, and its "3rdparty" section becomes the extension's
chrome.storage.managed (storage.managed_schema), which the extension hands to the host.

The policy file is written under a unique name, for a copy of the extension with an id of its own
(no manifest key: the id comes from the copy's folder), so that other browsers running meanwhile
(other tests, other checkouts) are not touched by it, and it is removed as soon as the test ends.
The host's own system policy is $PRISM_POLICY, which no test here writes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import uuid
from pathlib import Path

import pytest

import e2e_helpers
from e2e_helpers import context_menu, in_worker, open_page, select_text, toolbar_action, wait_for, wait_overlay
from e2e_stack import EXTENSION, Stack, close_setup_page, isolated_env, launch_chromium
from fakes import FakeOpenAI

pytestmark = pytest.mark.e2e

POLICY_DIR = Path("/etc/chromium/policies/managed")
MESSAGE = "Acme legal: use only the company's translation server. Questions: it@acme.example"
REFUSED = "Acme legal: DeepL Pro only, since 1 March."


def unpacked_id(folder: Path) -> str:
    """Chromium's id of an unpacked extension without a key: from its absolute path."""
    digest = hashlib.sha256(str(folder).encode()).hexdigest()[:32]
    return "".join(chr(ord("a") + int(c, 16)) for c in digest)


class ManagedPolicy:
    """A Chromium policy file of this test only, for one extension id; removed by the fixture."""

    def __init__(self, extension_id: str) -> None:
        self.extension_id = extension_id
        self.path = POLICY_DIR / f"prism-e2e-{uuid.uuid4().hex}.json"
        self.created: list[Path] = []

    def write(self, rules: dict) -> None:
        for folder in (POLICY_DIR.parent, POLICY_DIR):
            if not folder.exists():
                folder.mkdir(mode=0o755)
                self.created.append(folder)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"3rdparty": {"extensions": {self.extension_id: rules}}}))
        tmp.chmod(0o644)
        os.replace(tmp, self.path)

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)
        for folder in reversed(self.created):
            try:
                folder.rmdir()
            except OSError:  # another test's policy is in it now: not ours to remove
                pass


@pytest.fixture
def company_llm():
    with FakeOpenAI() as fake:
        yield fake


@pytest.fixture
def managed(site, tmp_path, company_llm, monkeypatch, stack):
    """A Chromium of its own with a copy of the extension under a policy forcing the company's
    OpenAI-compatible server, r >= 0.5, entity protection, and nothing sent shown. It is started
    by the session's Playwright (`stack`): a second Playwright cannot run beside it."""
    extension = tmp_path / "extension"
    shutil.copytree(EXTENSION, extension)
    manifest = json.loads((extension / "manifest.json").read_text())
    del manifest["key"]
    (extension / "manifest.json").write_text(json.dumps(manifest))
    extension_id = unpacked_id(extension)
    monkeypatch.setattr(e2e_helpers, "SURFACE", f"chrome-extension://{extension_id}/surface/surface.html")

    root = tmp_path / "stack"
    root.mkdir()
    env = isolated_env(root)
    own = Stack(root, env, root / "profile", None, site)
    assert own.install().returncode == 0
    host_manifest = root / "profile" / "NativeMessagingHosts" / "org.prism_translate.host.json"
    host = json.loads(host_manifest.read_text())
    host["allowed_origins"] = [f"chrome-extension://{extension_id}/"]
    host_manifest.write_text(json.dumps(host))
    own.reset_records()

    policy = ManagedPolicy(extension_id)
    policy.write({"translator": "openai",
                  "translator_settings": {"openai.base_url": company_llm.url + "/v1", "openai.model": "acme-llm"},
                  "min_ratio": 0.5, "protect_entities": True, "show_sent": False, "message": MESSAGE})
    try:
        context = launch_chromium(stack.playwright, own.profile, env, site.port, extension=extension)
        try:
            own.playwright, own.context = stack.playwright, context
            assert own.worker().url.startswith(f"chrome-extension://{extension_id}/")
            close_setup_page(own.worker())
            own.policy = policy
            yield own
        finally:
            context.close()
    finally:
        policy.remove()


def test_a_managed_policy_forces_the_translator_and_least_r_and_locks_the_options(managed, company_llm):
    stack = managed
    assert in_worker(stack, "() => chrome.storage.managed.get(null)")["message"] == MESSAGE

    # a translation goes to the company's server at r = 0.5, and what was sent is not shown
    page = open_page(stack, "outlook.html")
    select_text(page.main_frame, "#para")
    result = context_menu(stack, 0)
    assert result["ok"] is True, (result, wait_overlay(page)["error"])
    overlay = wait_overlay(page)
    assert "Maria Garcia" in overlay["text"]
    [sent] = company_llm.texts()
    assert "Maria" not in sent and "Chicago" not in sent  # names hidden from the company's server too
    assert overlay["xpub"] == "Your organisation's policy does not show what was sent."
    assert stack.translator_calls() == []  # not the user's Apertium
    ratio = in_worker(stack, "() => PrismNative.request('translate', { texts: ['The old dog saw a red car near the "
                             "house and the bank in Boston.'], target: 'es' })")["items"][0]
    assert ratio["ratio"] == 0.5 and ratio["translator"].startswith("openai") and "sent" not in ratio
    page.close()

    # the options page shows what the organisation set, locked, with the reason
    options = stack.context.new_page()
    options.goto(f"{e2e_helpers.SURFACE.rsplit('/surface/', 1)[0]}/options/options.html")
    options.wait_for_selector("#settings:not([hidden])")
    assert options.text_content("#policy-message") == MESSAGE
    assert options.is_disabled("#translator") and options.input_value("#translator") == "openai"
    assert options.is_disabled("#protect_entities") and options.is_checked("#protect_entities")
    assert options.get_attribute("#ratio", "min") == "0.5" and float(options.input_value("#ratio")) == 0.5
    locks = options.eval_on_selector_all(".locked", "ns => ns.map((n) => n.textContent)")
    assert "🔒 Locked: set by your organisation." in locks
    assert "🔒 Locked: at least 0.5 by your organisation's policy." in locks
    assert options.is_disabled("#backend-settings input[data-key='openai.base_url']")
    # a user setting never overrides it: the host refuses what the page would not offer
    refused = options.evaluate("(type) => chrome.runtime.sendMessage({ type, set: { translator: 'apertium' } })",
                               "prism:options:save")
    assert refused["ok"] is False and refused["error"]["code"] == "E092" and MESSAGE in refused["error"]["message"]
    options.close()

    # a new policy allows DeepL only: the user's translator is refused with the policy's message
    stack.policy.write({"allowed_translators": ["deepl"], "whole_page": False, "message": REFUSED})
    wait_for(lambda: in_worker(stack, "() => chrome.storage.managed.get(null)").get("message") == REFUSED,
             timeout=60, what="Chromium to reload the policy")
    wait_for(lambda: in_worker(stack, "() => PrismNative.request('capabilities', {})")["policy"]["message"] == REFUSED,
             timeout=20, what="the extension to hand the new policy over")
    company_llm.requests.clear()
    page = open_page(stack, "outlook.html")
    select_text(page.main_frame, "#para")
    assert context_menu(stack, 0) == {"ok": False, "code": "E092"}
    overlay = wait_overlay(page)
    assert "Your organisation's policy does not allow this [E092]" in overlay["error"]
    assert "the translator 'apertium' (allowed: deepl)" in overlay["error"] and REFUSED in overlay["error"]
    page.close()
    page = open_page(stack, "article.html")
    assert toolbar_action(stack) == {"ok": False, "code": "E092"}
    assert "translating whole pages" in wait_overlay(page)["error"]
    assert company_llm.texts() == [] and stack.translator_calls() == []  # nothing sent anywhere
    options = stack.context.new_page()
    options.goto(f"{e2e_helpers.SURFACE.rsplit('/surface/', 1)[0]}/options/options.html")
    options.wait_for_selector("#settings:not([hidden])")
    disabled = options.eval_on_selector_all("#translator option:disabled", "os => os.map((o) => o.value)")
    assert "apertium" in disabled and "openai" in disabled and "deepl" not in disabled

    # the host's own policy file (here $PRISM_POLICY) broken: reported, its safest rules apply
    (stack.root / "policy.json").write_text("{ translator: deepl")
    options.reload()
    options.wait_for_selector("#settings:not([hidden])")
    problems = options.text_content("#policy-problems")
    assert "not valid JSON" in problems and "its safest setting applies" in problems
    options.close()


# -- Firefox: policies.json --------------------------------------------------------------------

FIREFOX_POLICIES = Path("/etc/firefox/policies/policies.json")  # Debian's Firefox ESR: SysConfD /etc/firefox


class FirefoxPolicy:
    """/etc/firefox/policies/policies.json for one add-on id, there only while Firefox starts (it
    reads policies once, at startup), so that other Firefox instances starting meanwhile are
    touched as briefly as can be; never another's file overwritten, ours always removed."""

    def __init__(self, gecko_id: str, rules: dict) -> None:
        self.text = json.dumps({"policies": {"3rdparty": {"Extensions": {gecko_id: rules}}}})
        self.created: list[Path] = []

    def write(self):
        wait_for(lambda: not FIREFOX_POLICIES.exists(), timeout=120, what="another test's policies.json to go")
        for folder in (FIREFOX_POLICIES.parents[1], FIREFOX_POLICIES.parent):
            if not folder.exists():
                folder.mkdir(mode=0o755)
                self.created.append(folder)
        FIREFOX_POLICIES.write_text(self.text)
        FIREFOX_POLICIES.chmod(0o644)
        return self.remove  # Firefox has read it once its Marionette session is up

    def remove(self) -> None:
        if FIREFOX_POLICIES.exists() and FIREFOX_POLICIES.read_text() == self.text:
            FIREFOX_POLICIES.unlink()
        for folder in reversed(self.created):
            try:
                folder.rmdir()
            except OSError:
                pass
        self.created = []


def test_firefox_policies_json_forces_the_translator_and_locks_the_options(site, tmp_path, company_llm):
    from firefox_stack import running_firefox

    gecko_id = f"prism-e2e-{uuid.uuid4().hex[:12]}@prism-translate.org"
    extension = tmp_path / "extension"
    shutil.copytree(EXTENSION, extension)
    manifest = json.loads((extension / "manifest.json").read_text())
    manifest["browser_specific_settings"]["gecko"]["id"] = gecko_id
    (extension / "manifest.json").write_text(json.dumps(manifest))
    policy = FirefoxPolicy(gecko_id, {
        "translator": "openai", "translator_settings": {"openai.base_url": company_llm.url + "/v1"},
        "min_ratio": 0.5, "show_sent": False, "message": MESSAGE})
    (tmp_path / "firefox").mkdir()
    try:
        with running_firefox(site, tmp_path / "firefox", extension, gecko_id, before_start=policy.write) as ff:
            assert not FIREFOX_POLICIES.exists() or FIREFOX_POLICIES.read_text() != policy.text
            ff.m("WebDriver:SwitchToWindow", handle=ff.options_tab)

            def options():
                # None while the options page is still loading after the start
                return ff.m.script("""const t = document.getElementById('translator');
                    return JSON.stringify({ status: document.getElementById('status')?.textContent ?? '',
                      message: document.getElementById('policy-message')?.textContent ?? '',
                      translator: t ? [t.value, t.disabled] : null,
                      ratioMin: document.getElementById('ratio')?.min,
                      locks: [...document.querySelectorAll('.locked')].map((n) => n.textContent) });""")
            shown = json.loads(wait_for(lambda: (o := options()) and "Connected" in o and o, timeout=60, what="options"))
            assert shown["message"] == MESSAGE and shown["translator"] == ["openai", True]
            assert shown["ratioMin"] == "0.5" and "🔒 Locked: set by your organisation." in shown["locks"]
            refused = json.loads(ff.m.script(
                """const [done] = arguments;
                browser.runtime.sendMessage({ type: 'prism:options:save', set: { translator: 'apertium' } })
                  .then((r) => done(JSON.stringify(r)));""", asynchronous=True))
            assert refused["error"]["code"] == "E092" and MESSAGE in refused["error"]["message"]

            tab = ff.open_tab(f"{e2e_helpers.BASE}/outlook.html")
            ff.select_contents("para")
            result = ff.run_handler(tab, "translateSelection")
            assert result["ok"] is True, result
            assert "Maria Garcia" in ff.overlay_text("#translation")
            [sent] = company_llm.texts()
            assert "Maria" not in sent and "Chicago" not in sent
            assert ff.stack.translator_calls() == []  # not the user's Apertium

            def sent_section(m):
                node = m("WebDriver:FindElement", using="css selector", value=".section.sent")["value"]
                return m("WebDriver:ExecuteScript", script="return arguments[0].textContent", args=[node])["value"]
            assert "Your organisation's policy does not show what was sent." in ff.in_overlay(sent_section)
            ff.close_tab()
    finally:
        policy.remove()
