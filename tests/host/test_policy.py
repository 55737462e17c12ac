"""The organisation's policy (policy.py): read from $PRISM_POLICY (tests never see a file in /etc),
applied by the native host and by the `prism` command alike, stricter of the system file and the
browser's managed policy, and at its safest when it cannot be read. Real spaCy; the forced
translator is an internal OpenAI-compatible server (the fake in tests/fakes, its documented format)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fakes import FakeOpenAI
from prism_translate import config, policy, usage

TEXT = "Alice Johnson signed the contract at the bank in Boston. The old dog saw a red car near the house."
MESSAGE = "Acme legal: only the company's translation server may be used. Questions: it@acme.example"


def write_policy(rules: dict) -> Path:
    path = Path(os.environ["PRISM_POLICY"])
    path.write_text(json.dumps(rules), encoding="utf-8")
    return path


@pytest.fixture
def company_llm(serve_fake):
    return serve_fake(FakeOpenAI())


def company_policy(fake: FakeOpenAI, **more) -> dict:
    return {"translator": "openai", "translator_settings": {"openai.base_url": fake.url + "/v1",
                                                           "openai.model": "acme-llm"},
            "min_ratio": 0.5, "protect_entities": True, "show_sent": False, "whole_page": False,
            "allowed_targets": ["es"], "message": MESSAGE, **more}


# -- reading a policy ----------------------------------------------------------------------------


def test_no_file_is_no_policy():
    assert not policy.load_file().active
    settings = config.load()
    assert policy.current().apply(settings) == settings


def test_a_valid_policy_forces_and_floors_settings(company_llm):
    write_policy(company_policy(company_llm))
    rules = policy.current()
    assert rules.problems == () and rules.sources == (os.environ["PRISM_POLICY"],)
    config.save({"translator": "apertium", "ratio": 0.2, "protect_entities": False})
    applied = rules.apply(config.load())
    assert applied.translator == "openai" and applied["openai.base_url"] == company_llm.url + "/v1"
    assert applied.ratio == 0.5 and applied.protect_entities is True
    described = rules.describe()
    assert described["locked"]["translator"] == "set by your organisation"
    assert described["locked"]["ratio"] == "at least 0.5 by your organisation's policy"
    assert described["translators"] == ["openai"] and described["message"] == MESSAGE


@pytest.mark.parametrize("rules, problem, safest", [
    ({"min_ratio": 0}, "'min_ratio' must be", {"min_ratio": 1.0}),
    ({"translator": "deepl-pro"}, "'translator' must be", {"translators": ["apertium"]}),
    ({"translator": "openai", "translator_settings": {"openai.base_url": "corp-llm:8000"}},
     "'translator_settings' must be", {"translators": ["apertium"]}),
    ({"show_sent": "no"}, "'show_sent' must be", {"show_sent": False}),
    ({"protect_entities": False}, "'protect_entities' must be", {"locked": {"protect_entities": "set by your organisation"}}),
    ({"allowed_translator": ["deepl"]}, "unknown rule(s) 'allowed_translator'",
     {"translators": ["apertium"], "min_ratio": 1.0, "show_sent": False, "whole_page": False, "targets": []}),
])
def test_a_bad_rule_is_reported_and_takes_its_safest_value(rules, problem, safest):
    write_policy(rules)
    described = policy.current().describe()
    assert any(problem in p for p in described["problems"]), described["problems"]
    for key, value in safest.items():
        assert described[key] == value


def test_a_file_that_is_not_json_leaves_only_the_safest_settings():
    Path(os.environ["PRISM_POLICY"]).write_text("{ translator: deepl", encoding="utf-8")
    described = policy.current().describe()
    assert "not valid JSON" in described["problems"][0]
    assert described["translators"] == ["apertium"] and described["min_ratio"] == 1.0
    assert described["show_sent"] is False and described["whole_page"] is False


def test_an_edit_of_the_file_applies_at_the_next_request_and_an_unchanged_file_is_not_read_again(monkeypatch):
    path = write_policy({"min_ratio": 0.3})
    assert policy.current().min_ratio == 0.3
    reads = []
    read_text = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: reads.append(self) or read_text(self, *a, **k))
    assert policy.current().min_ratio == 0.3 and reads == []  # a click costs a stat, not a read
    write_policy({"min_ratio": 0.75, "show_sent": False})
    assert policy.current().min_ratio == 0.75 and not policy.current().show_sent and reads == [path]
    path.unlink()
    assert not policy.current().active


def test_the_stricter_of_the_file_and_the_browser_policy_applies():
    write_policy({"allowed_translators": ["apertium", "deepl"], "min_ratio": 0.3, "show_sent": True})
    rules = policy.current({"allowed_translators": ["deepl", "google"], "min_ratio": 0.6, "show_sent": False,
                            "message": "From the browser."})
    described = rules.describe()
    assert described["translators"] == ["deepl"] and described["min_ratio"] == 0.6
    assert described["show_sent"] is False and described["message"] == "From the browser."
    clash = policy.current({"translator": "google"}) & policy.managed({"translator": "deepl"})
    assert clash.describe()["translators"] == [] and "two translators" in clash.problems[0]


# -- the native host ----------------------------------------------------------------------------


def test_host_applies_the_forced_translator_and_least_r_and_hides_what_was_sent(dictionary, company_llm):
    from serve_loop import exchange, req

    write_policy(company_policy(company_llm, usage_record=True))
    config.save({"translator": "apertium", "ratio": 0.2})
    [caps, reply] = exchange(req("capabilities", "c"), req("translate", texts=[TEXT], target="es"))
    assert caps["data"]["settings"]["translator"] == "openai" and caps["data"]["policy"]["message"] == MESSAGE
    assert reply["ok"], reply
    [item] = reply["data"]["items"]
    assert item["ratio"] == 0.5 and item["translator"].startswith("openai")
    assert "sent" not in item and "received" not in item  # show_sent: false
    sent = company_llm.texts()
    assert sent and "Alice" not in sent[-1] and "Boston" not in sent[-1]
    [line] = [json.loads(x) for x in usage.record_path().read_text().splitlines()]
    assert line["from"] == "browser" and line["ratio"] == 0.5 and line["chars_sent"] > 0 and line["words_hidden"] > 0
    assert "Alice" not in json.dumps(line) and "contract" not in json.dumps(line)  # counts, never text


def test_the_host_warms_up_the_translator_the_policy_forces(company_llm):
    """The host gets a translator ready while the user is still selecting; with a forced
    translator that was the user's stored one, which the first click then could not use."""
    import threading

    from prism_translate.protocol import host

    write_policy(company_policy(company_llm))
    config.save({"translator": "apertium"})
    warmed = []

    class Session:
        def warm_up(self, settings):
            warmed.append((settings.translator, settings["openai.base_url"]))

    replied = threading.Event()
    replied.set()
    host._warm_up(Session(), replied)
    assert warmed == [("openai", company_llm.url + "/v1")]


@pytest.mark.parametrize("args, what", [
    ({"ratio": 0.2}, "r = 0.2 (at least 0.5)"),
    ({"page": True}, "translating whole pages"),
    ({"target": "fr"}, "translating into 'fr' (allowed: es)"),
    ({"protect_entities": False}, "changing protect_entities"),
])
def test_host_refuses_a_request_that_breaks_the_policy(dictionary, company_llm, args, what):
    from serve_loop import exchange, req

    write_policy(company_policy(company_llm))
    [reply] = exchange(req("translate", texts=[TEXT], **{"target": "es", **args}))
    assert reply["error"]["code"] == "E092" and what in reply["error"]["message"]
    assert MESSAGE in reply["error"]["message"]
    assert company_llm.texts() == []


def test_browser_policy_forbids_a_translator_and_a_user_setting_cannot_override_it(dictionary):
    from serve_loop import exchange, req

    browser = {"allowed_translators": ["deepl"], "message": MESSAGE}
    replies = {r["id"]: r for r in exchange(
        req("translate", "t", texts=[TEXT], target="es", policy=browser),
        req("settings", "s", set={"translator": "apertium"}, policy=browser),
        req("settings", "g", policy=browser))}
    reply, refused, shown = replies["t"], replies["s"], replies["g"]
    assert reply["error"]["code"] == "E092" and "the translator 'apertium' (allowed: deepl)" in reply["error"]["message"]
    assert MESSAGE in reply["error"]["message"]
    assert refused["error"]["code"] == "E092"
    assert shown["data"]["policy"]["translators"] == ["deepl"]
    assert not config.config_path().exists()  # nothing saved


# -- the command line ---------------------------------------------------------------------------


def prism(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "prism_translate.cli", *args], input=stdin, capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, timeout=300)


@pytest.mark.slow
def test_cli_obeys_the_policy(dictionary, company_llm):
    write_policy(company_policy(company_llm, usage_record=True))
    for args, what in ((["--translator", "apertium"], "the translator 'apertium' (allowed: openai)"),
                       (["--ratio", "0.1"], "r = 0.1"), (["--show-sent"], "showing what was sent"),
                       (["--no-entity-protection"], "changing protect_entities"), (["--to", "fr"], "'fr'")):
        run = prism("translate", "--to", "es", *args, stdin=TEXT) if "--to" not in args else \
            prism("translate", *args, stdin=TEXT)
        assert run.returncode == 1 and "[E092]" in run.stderr and what in run.stderr and MESSAGE in run.stderr, \
            (args, run.stderr)
    assert company_llm.texts() == []
    refused = prism("config", "set", "translator", "apertium")
    assert refused.returncode == 1 and "[E092]" in refused.stderr
    ok = prism("translate", "--to", "es", stdin=TEXT)
    assert ok.returncode == 0, ok.stderr
    assert len(company_llm.texts()) == 1 and "Alice" not in company_llm.texts()[0]
    [line] = [json.loads(x) for x in usage.record_path().read_text().splitlines()]
    assert line["from"] == "cli" and line["ratio"] == 0.5 and line["translator"].startswith("openai")
    shown = prism("config", "show")
    assert "translator = \"openai\"  # set by your organisation" in shown.stdout


@pytest.mark.slow
def test_cli_reports_a_broken_policy_and_applies_the_safest_settings(dictionary, apertium):
    write_policy({"allowed_translator": ["deepl"]})
    run = prism("translate", "--to", "es", stdin=TEXT)
    assert "prism: policy:" in run.stderr and "unknown rule(s) 'allowed_translator'" in run.stderr
    # safest: nothing may be translated into any language until the policy is fixed
    assert run.returncode == 1 and "[E092]" in run.stderr and "allowed: none" in run.stderr


def test_the_extension_managed_schema_names_the_same_rules():
    """What an administrator may put in the browser's managed storage is what the host reads."""
    root = Path(__file__).resolve().parents[2]
    schema = json.loads((root / "extension" / "shared" / "managed_schema.json").read_text())
    manifest = json.loads((root / "extension" / "manifest.json").read_text())
    assert manifest["storage"]["managed_schema"] == "shared/managed_schema.json"
    assert list(schema["properties"]) == list(policy.KEYS)
    assert schema["properties"]["method"]["enum"] == list(policy.USER_METHODS)
    docs = (root / "docs" / "deployment.md").read_text()
    assert all(f"| `{key}` |" in docs for key in policy.KEYS)


def test_a_value_of_the_wrong_type_is_refused_by_the_settings_checks_not_a_crash(dictionary):
    from serve_loop import exchange, req

    write_policy({"allowed_translators": ["apertium"], "min_ratio": 0.5, "allowed_targets": ["es"]})
    replies = exchange(req("settings", "a", set={"translator": ["deepl"]}), req("settings", "b", set={"ratio": "x"}),
                       req("translate", "c", texts=[TEXT], target=["fr"]))
    assert [r["error"]["code"] for r in sorted(replies, key=lambda r: r["id"])] == ["E054", "E023", "E054"]
