"""`prism install-host --system`: into a temporary root for each Linux browser (files, modes,
what they say, and an uninstall that removes exactly what was written), dry runs for macOS and
Windows; and the per-user install finding a browser by its program when it has no profile yet."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from prism_translate import install

ORIGIN = f"chrome-extension://{install.EXTENSION_ID}/"
LINUX = {
    "chrome": "etc/opt/chrome/native-messaging-hosts",
    "chromium": "etc/chromium/native-messaging-hosts",
    "edge": "etc/opt/edge/native-messaging-hosts",
    "brave": "etc/opt/brave/native-messaging-hosts",
    "firefox": "usr/lib/mozilla/native-messaging-hosts",
}
MACOS = {
    "chrome": "/Library/Google/Chrome/NativeMessagingHosts",
    "chromium": "/Library/Application Support/Chromium/NativeMessagingHosts",
    "edge": "/Library/Microsoft/Edge/NativeMessagingHosts",
    "brave": "/Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts",
    "firefox": "/Library/Application Support/Mozilla/NativeMessagingHosts",
}
WINDOWS_KEYS = {
    "chrome": r"SOFTWARE\Google\Chrome\NativeMessagingHosts",
    "chromium": r"SOFTWARE\Chromium\NativeMessagingHosts",
    "edge": r"SOFTWARE\Microsoft\Edge\NativeMessagingHosts",
    "brave": r"SOFTWARE\BraveSoftware\Brave-Browser\NativeMessagingHosts",
    "firefox": r"SOFTWARE\Mozilla\NativeMessagingHosts",
}
NAME = "org.prism_translate.host.json"


def prism(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "prism_translate.cli", "install-host", *args], capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, timeout=120)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.mark.slow
@pytest.mark.parametrize("browser", sorted(LINUX))
def test_system_install_into_a_root_for_each_linux_browser(tmp_path, browser):
    root = tmp_path / "image"
    # what the machine had before: a folder and another program's manifest, both to be kept
    (root / LINUX[browser]).mkdir(parents=True)
    (root / LINUX[browser] / "com.other.host.json").write_text("{}")
    before = tree(root)
    os.umask(0o077)  # a strict umask must not leave files other users' browsers cannot read
    try:
        done = prism("--system", "--root", str(root), "--browser", browser)
    finally:
        os.umask(0o022)
    assert done.returncode == 0, done.stderr
    manifest_file = root / LINUX[browser] / NAME
    manifest = json.loads(manifest_file.read_text())
    assert manifest["path"] == "/usr/local/lib/prism-translate/prism-host"  # the final path, not under root
    assert manifest["name"] == install.HOST_NAME and manifest["type"] == "stdio"
    if browser == "firefox":
        assert manifest["allowed_extensions"] == [install.GECKO_ID]
    else:
        assert manifest["allowed_origins"] == [ORIGIN]
    launcher = root / "usr/local/lib/prism-translate/prism-host"
    assert f"exec '{sys.executable}' -m prism_translate.cli host \"$@\"" in launcher.read_text()
    assert mode(manifest_file) == 0o644 and mode(launcher) == 0o755
    for folder in (root / "usr", root / "usr/local/lib/prism-translate", root / LINUX[browser]):
        assert mode(folder) == 0o755
    assert all(p.stat().st_uid == os.getuid() for p in root.rglob("*"))

    again = prism("--system", "--root", str(root), "--browser", browser)  # idempotent
    assert again.returncode == 0 and f"unchanged {manifest_file}" in again.stdout

    removed = prism("--system", "--root", str(root), "--uninstall")
    assert removed.returncode == 0, removed.stderr
    assert tree(root) == before  # exactly what it wrote is gone; the rest is untouched
    assert "nothing to remove" in prism("--system", "--root", str(root), "--uninstall").stdout


@pytest.mark.parametrize("browser", sorted(MACOS))
def test_system_dry_run_for_macos(browser):
    done = prism("--system", "--os", "macos", "--dry-run", "--browser", browser)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert f"would write {MACOS[browser]}/{NAME}" in out
    assert "would write /Library/Application Support/prism-translate/prism-host" in out
    manifest = json.loads(out.split(f"would write {MACOS[browser]}/{NAME}\n")[1].split("\nwould")[0])
    assert manifest["path"] == "/Library/Application Support/prism-translate/prism-host"
    assert not Path("/Library").exists()


@pytest.mark.parametrize("browser", sorted(WINDOWS_KEYS))
def test_system_dry_run_for_windows_sets_machine_registry_keys(browser):
    done = prism("--system", "--os", "windows", "--dry-run", "--browser", browser)
    assert done.returncode == 0, done.stderr
    manifest = rf"C:\Program Files\prism-translate\manifests\{browser}\{NAME}"
    key = rf"HKEY_LOCAL_MACHINE\{WINDOWS_KEYS[browser]}\org.prism_translate.host"
    assert f"would set registry key {key}\n    (Default) = {manifest}" in done.stdout
    assert r"would write C:\Program Files\prism-translate\prism-host.bat" in done.stdout
    gone = prism("--system", "--os", "windows", "--dry-run", "--uninstall", "--browser", browser)
    assert f"would delete registry key {key}" in gone.stdout and f"would remove {manifest}" in gone.stdout


def test_system_refuses_what_it_cannot_do():
    assert "--system supports" in prism("--system", "--browser", "vivaldi", "--dry-run").stderr
    assert "--root goes with --system" in prism("--root", "/tmp/x", "--dry-run").stderr
    assert "exclude each other" in prism("--system", "--user-data-dir", "/tmp/p", "--dry-run").stderr


def test_per_user_install_finds_a_browser_by_its_program_before_any_profile(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "firefox-esr"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    env = {"HOME": str(tmp_path / "home"), "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}"}
    done = prism("--dry-run", env={**env, "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config")})
    assert done.returncode == 0, done.stderr
    assert "for firefox on linux" in done.stdout
    assert f"would write {tmp_path}/home/.mozilla/native-messaging-hosts/{NAME}" in done.stdout
    program.unlink()
    none = prism("--dry-run", env=env)
    assert none.returncode == 2 and "no browser found" in none.stderr
