"""`prism translators` and `prism config ...` through the real entry point, in an isolated home."""

from __future__ import annotations

import pytest

import io
import json
import os
import stat
import subprocess
import sys


from prism_translate import cli, credentials

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_translators_lists_every_backend_with_state_and_what_it_sees(isolated, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-hidden")
    code, out, _ = run(capsys, "translators")
    assert code == 0
    for name in ("apertium", "apertium-apy", "openai", "deepl", "google", "libretranslate"):
        assert f" {name} " in out
    assert "openai          ready" in out and "environment variable OPENAI_API_KEY" in out
    assert "deepl           not configured  no API key: run `prism config set-key deepl`" in out
    assert "listens on all network interfaces" in out
    assert "sk-hidden" not in out
    code, out, _ = run(capsys, "translators", "--json")
    rows = {r["name"]: r for r in json.loads(out)["translators"]}
    assert rows["openai"]["configured"] and not rows["google"]["configured"]


def test_config_set_and_show(isolated, capsys):
    assert run(capsys, "config", "set", "deepl.endpoint", "free")[:2] == (0, 'deepl.endpoint = "free"\n')
    assert run(capsys, "config", "set", "libretranslate.char_limit", "500")[1] == "libretranslate.char_limit = 500\n"
    code, out, _ = run(capsys, "config", "show")
    assert 'deepl.endpoint = "free"' in out and "libretranslate.char_limit = 500" in out
    assert "key deepl: not set" in out
    data = json.loads(run(capsys, "config", "show", "--json")[1])
    assert data["settings"]["libretranslate.char_limit"] == 500


def test_config_set_refuses_bad_input(isolated, capsys):
    code, _, err = run(capsys, "config", "set", "deepl.apikey", "x")
    assert code == 1 and "[E053] Unknown setting 'deepl.apikey'" in err
    code, _, err = run(capsys, "config", "set", "openai.timeout", "soon")
    assert code == 1 and "[E054] Setting 'openai.timeout' must be a finite number" in err
    code, _, err = run(capsys, "config", "set", "translator", "babelfish")
    assert code == 1 and "[E035] Unknown translator 'babelfish'" in err


def test_set_key_reads_stdin_when_not_a_terminal(isolated, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("my-deepl-key:fx\n"))
    code, out, err = run(capsys, "config", "set-key", "deepl")
    assert code == 0 and "stored the deepl key in the file" in out
    assert "my-deepl-key" not in out + err
    assert credentials.get_key("deepl") == "my-deepl-key:fx"
    assert stat.S_IMODE(os.stat(isolated / "credentials.json").st_mode) == 0o600
    assert "key deepl: file" in run(capsys, "config", "show")[1]
    assert run(capsys, "config", "delete-key", "deepl")[1] == "deleted the stored deepl key\n"


def test_set_key_with_empty_input_fails(isolated, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, "config", "set-key", "openai")
    assert code == 1 and "[E055]" in err and "no key was entered" in err


def test_installed_prism_command_stores_a_key_from_a_pipe(isolated):
    env = {**os.environ, "XDG_CONFIG_HOME": str(isolated.parent), "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    proc = subprocess.run([sys.executable, "-m", "prism_translate.cli", "config", "set-key", "google"],
                          input="AIza-piped\n", capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "AIza-piped" not in proc.stdout + proc.stderr
    assert json.loads((isolated / "credentials.json").read_text()) == {"google": "AIza-piped"}


def test_prism_translate_reaches_a_fake_vendor_configured_by_environment(isolated, tmp_path):
    """The real `prism translate` command, configured only through the environment (as the e2e
    suite configures the native host with fake.env()): DeepL is used and gets exactly x_pub."""
    import shutil
    from pathlib import Path

    from fakes import FakeDeepL

    dicts = tmp_path / "dicts"
    dicts.mkdir()
    shutil.copy(Path(__file__).resolve().parents[2] / "data" / "mini-en-es.json", dicts / "en-es.json")
    text = "My friend visited the bank and signed the contract in the old city."
    with FakeDeepL(keys={"e2e:fx"}) as fake:
        env = {**os.environ, "XDG_CONFIG_HOME": str(isolated.parent), "PRISM_DICTIONARIES": str(dicts),
               **fake.env(key="e2e:fx")}
        proc = subprocess.run([sys.executable, "-m", "prism_translate.cli", "translate", "--to", "es",
                               "--ratio", "0.5", "--seed", "3", "--show-sent"],
                              input=text, capture_output=True, text=True, env=env, timeout=300)
        assert proc.returncode == 0, proc.stderr
    sent = proc.stdout.split("--- sent to the translator ")[1].split("\n")[1]
    assert fake.texts() == [sent]
    assert fake.requests[0].headers["authorization"] == "DeepL-Auth-Key e2e:fx"
    assert "visited" not in sent and "contract" not in sent
    assert "translator: deepl" in proc.stdout
