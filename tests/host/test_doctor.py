"""`prism doctor` on a fresh machine, then with the host installed for one user and for every user
(a system tree written with --root), and with a broken organisation policy: the report says what
works and what does not, and the exit code says whether the deployment works."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # starts the host the way a browser does


def prism(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "prism_translate.cli", *args], capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.fixture
def machine(tmp_path, apertium):
    env = {**os.environ, "HOME": str(tmp_path / "home"), "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config")}
    return env


def test_doctor_on_a_fresh_machine_then_with_the_host_installed(machine, tmp_path):
    fresh = prism("doctor", env=machine)
    assert fresh.returncode == 1, fresh.stdout
    assert "[--  ] host for chrome: not found" in fresh.stdout
    assert "[FAIL] host: no browser finds the host: run `prism install-host`" in fresh.stdout
    assert f"[--  ] organisation policy: none ({os.environ['PRISM_POLICY']} does not exist)" in fresh.stdout
    assert "[ok  ] translator apertium (command line): " in fresh.stdout

    assert prism("install-host", "--browser", "chromium", env=machine).returncode == 0
    manifest = tmp_path / "home" / ".config" / "chromium" / "NativeMessagingHosts" / "org.prism_translate.host.json"
    installed = prism("doctor", env=machine)
    assert installed.returncode == 0, installed.stdout
    launcher = json.loads(manifest.read_text())["path"]
    assert f"[ok  ] host for chromium: user-wide manifest {manifest} -> {launcher}" in installed.stdout
    assert f"[ok  ] host answers: {launcher} answered ping" in installed.stdout
    assert "All is well." in installed.stdout

    # every user: a system tree, and the organisation's policy, read and shown
    root = tmp_path / "image"
    assert prism("install-host", "--system", "--root", str(root), "--browser", "firefox", env=machine).returncode == 0
    Path(os.environ["PRISM_POLICY"]).write_text(json.dumps({"allowed_translators": ["apertium"], "min_ratio": 0.3}))
    system = prism("doctor", "--root", str(root), "--no-start", env=machine)
    assert system.returncode == 0, system.stdout
    assert f"[ok  ] host for firefox: system-wide manifest {root}/usr/lib/mozilla/native-messaging-hosts/" \
           "org.prism_translate.host.json -> " in system.stdout
    assert '"translators": ["apertium"]' in system.stdout and '"min_ratio": 0.3' in system.stdout

    # a broken host manifest and a broken policy are failures, named
    manifest.write_text("{}")
    Path(os.environ["PRISM_POLICY"]).write_text('{"min_ratio": 0}')
    broken = prism("doctor", "--no-start", env=machine)
    assert broken.returncode == 1
    assert f"[FAIL] host for chromium: {manifest} does not name PRISM Translate's extension" in broken.stdout
    assert "[FAIL] organisation policy: " in broken.stdout and "'min_ratio' must be" in broken.stdout
    assert "(its safest settings apply)" in broken.stdout
