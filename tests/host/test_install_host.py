"""install_host.py: --dry-run output for every browser/OS target, and a real install into a
temporary home that the launcher then serves from (without PYTHONUNBUFFERED)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from prism_translate.protocol import framing

REPO = Path(__file__).resolve().parents[2]
from prism_translate import install as install_host  # noqa: E402  (install_host.py loads this file)

MANIFEST = json.loads((REPO / "extension" / "manifest.json").read_text())
ORIGIN = f"chrome-extension://{install_host.EXTENSION_ID}/"

EXPECTED_DIRS = {
    ("linux", "chrome"): "/home/u/.config/google-chrome/NativeMessagingHosts",
    ("linux", "chromium"): "/home/u/.config/chromium/NativeMessagingHosts",
    ("linux", "edge"): "/home/u/.config/microsoft-edge/NativeMessagingHosts",
    ("linux", "brave"): "/home/u/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts",
    ("linux", "vivaldi"): "/home/u/.config/vivaldi/NativeMessagingHosts",
    ("linux", "firefox"): "/home/u/.mozilla/native-messaging-hosts",
    ("macos", "chrome"): "/home/u/Library/Application Support/Google/Chrome/NativeMessagingHosts",
    ("macos", "chromium"): "/home/u/Library/Application Support/Chromium/NativeMessagingHosts",
    ("macos", "edge"): "/home/u/Library/Application Support/Microsoft Edge/NativeMessagingHosts",
    ("macos", "brave"): "/home/u/Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts",
    ("macos", "vivaldi"): "/home/u/Library/Application Support/Vivaldi/NativeMessagingHosts",
    ("macos", "firefox"): "/home/u/Library/Application Support/Mozilla/NativeMessagingHosts",
}
EXPECTED_REGISTRY = {
    "chrome": r"HKEY_CURRENT_USER\Software\Google\Chrome\NativeMessagingHosts\org.prism_translate.host",
    "chromium": r"HKEY_CURRENT_USER\Software\Chromium\NativeMessagingHosts\org.prism_translate.host",
    "edge": r"HKEY_CURRENT_USER\Software\Microsoft\Edge\NativeMessagingHosts\org.prism_translate.host",
    "brave": r"HKEY_CURRENT_USER\Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\org.prism_translate.host",
    "vivaldi": r"HKEY_CURRENT_USER\Software\Vivaldi\NativeMessagingHosts\org.prism_translate.host",
    "firefox": r"HKEY_CURRENT_USER\Software\Mozilla\NativeMessagingHosts\org.prism_translate.host",
}


def run_installer(*argv: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "install_host.py"), *argv], capture_output=True, text=True,
                          env=env, timeout=120)


def blocks(output: str) -> dict[str, str]:
    """'would write PATH' -> the indented content printed under it."""
    found, current = {}, None
    for line in output.splitlines():
        m = re.match(r"(?:would )?(?:write|set registry key) (.+)$", line)
        if m:
            current = m.group(1)
            found[current] = ""
        elif current and line.startswith("    "):
            found[current] += line[4:] + "\n"
        else:
            current = None
    return found


@pytest.fixture
def fake_home(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "PYTHONUNBUFFERED")}
    env.update(HOME="/home/u", USERPROFILE=r"C:\Users\u", LOCALAPPDATA=r"C:\Users\u\AppData\Local")
    return env


def test_extension_id_is_derived_from_the_manifest_key():
    der = base64.b64decode(MANIFEST["key"])
    digest = hashlib.sha256(der).hexdigest()[:32]
    assert install_host.EXTENSION_ID == "".join(chr(ord("a") + int(c, 16)) for c in digest)
    assert install_host.GECKO_ID == MANIFEST["browser_specific_settings"]["gecko"]["id"]


@pytest.mark.parametrize("system, browser", sorted(EXPECTED_DIRS))
def test_dry_run_for_linux_and_macos_targets(fake_home, system, browser, tmp_path):
    result = run_installer("--dry-run", "--os", system, "--browser", browser, env=fake_home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "dry run: nothing is changed" in out
    written = blocks(out)
    manifest_file = f"{EXPECTED_DIRS[system, browser]}/org.prism_translate.host.json"
    manifest = json.loads(written[manifest_file])
    data = "/home/u/.local/share/prism-translate" if system == "linux" else \
        "/home/u/Library/Application Support/prism-translate"
    assert manifest["path"] == f"{data}/prism-host" and manifest["type"] == "stdio"
    assert manifest["name"] == install_host.HOST_NAME
    if browser == "firefox":
        assert manifest["allowed_extensions"] == [install_host.GECKO_ID] and "allowed_origins" not in manifest
        assert "about:debugging" in out
    else:
        assert manifest["allowed_origins"] == [ORIGIN] and "allowed_extensions" not in manifest
        assert "Load unpacked" in out
    launcher = written[f"{data}/prism-host"]
    assert launcher.startswith("#!/bin/sh") and f"exec '{data}/venv/bin/python' -m prism_translate.cli host \"$@\"" in launcher
    assert f"would run {sys.executable} -m venv" in out and "pip install" in out
    assert not Path("/home/u").exists()  # nothing was written


@pytest.mark.parametrize("browser", install_host.BROWSERS)
def test_dry_run_for_windows_targets_sets_registry_keys(fake_home, browser):
    result = run_installer("--dry-run", "--os", "windows", "--browser", browser, env=fake_home)
    assert result.returncode == 0, result.stderr
    written = blocks(result.stdout)
    manifest_file = rf"C:\Users\u\AppData\Local\prism-translate\manifests\{browser}\org.prism_translate.host.json"
    manifest = json.loads(written[manifest_file])
    assert manifest["path"] == r"C:\Users\u\AppData\Local\prism-translate\prism-host.bat"
    assert written[EXPECTED_REGISTRY[browser]].strip() == f"(Default) = {manifest_file}"
    key = "allowed_extensions" if browser == "firefox" else "allowed_origins"
    assert manifest[key] == ([install_host.GECKO_ID] if browser == "firefox" else [ORIGIN])
    bat = written[r"C:\Users\u\AppData\Local\prism-translate\prism-host.bat"]
    assert r'"C:\Users\u\AppData\Local\prism-translate\venv\Scripts\python.exe" -m prism_translate.cli host %*' in bat


def test_dry_run_uninstall_lists_what_it_would_remove(fake_home):
    out = run_installer("--dry-run", "--uninstall", "--os", "windows", "--browser", "chrome", env=fake_home).stdout
    assert rf"would delete registry key {EXPECTED_REGISTRY['chrome']}" in out
    assert r"would remove C:\Users\u\AppData\Local\prism-translate\prism-host.bat" in out


def test_foreign_os_needs_dry_run_and_user_data_dir_needs_one_chromium_browser(fake_home):
    assert run_installer("--os", "windows" if sys.platform != "win32" else "linux",
                         "--browser", "chrome", env=fake_home).returncode == 2
    bad = run_installer("--dry-run", "--browser", "firefox", "--user-data-dir", "/tmp/x", env=fake_home)
    assert bad.returncode == 2 and "Chromium-family" in bad.stderr


def real_home(tmp_path: Path) -> dict:
    """The environment of a real install into a temporary home (no PYTHONUNBUFFERED, as browsers)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
    return env


def _ping(launcher: Path, env: dict, cwd: Path | None = None) -> dict:
    proc = subprocess.Popen([str(launcher), ORIGIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=cwd)
    proc.stdin.write(framing.encode({"v": 1, "id": "1", "action": "ping"}))
    proc.stdin.flush()
    box: list = []
    t = threading.Thread(target=lambda: box.append(framing.read_message(proc.stdout)), daemon=True)
    t.start()
    t.join(60)
    proc.stdin.close()
    proc.wait(90)  # the host lets its warm-up end first (up to 60 s) before it exits
    assert box, proc.stderr.read()
    return box[0]


@pytest.mark.slow
def test_real_install_into_a_profile_is_idempotent_and_uninstalls(tmp_path):
    env = real_home(tmp_path)
    profile = tmp_path / "profile"
    argv = ("--browser", "chromium", "--user-data-dir", str(profile), "--python", sys.executable)
    first = run_installer(*argv, env=env)
    assert first.returncode == 0, first.stderr
    manifest_file = profile / "NativeMessagingHosts" / "org.prism_translate.host.json"
    manifest = json.loads(manifest_file.read_text())
    launcher = Path(manifest["path"])
    assert launcher.is_absolute() and launcher == tmp_path / "data" / "prism-translate" / "prism-host"
    assert os.access(launcher, os.X_OK)
    assert f"exec '{sys.executable}'" in launcher.read_text()
    assert manifest["allowed_origins"] == [ORIGIN]
    assert "set translator=apertium" in first.stdout
    assert json.loads((tmp_path / "config" / "prism-translate" / "config.json").read_text())["translator"] == "apertium"
    assert "Load unpacked" in first.stdout and str(REPO / "extension") in first.stdout

    assert _ping(launcher, env)["data"] == {"pong": True}  # the browser's view: run the launcher

    second = run_installer(*argv, env=env)
    assert second.returncode == 0
    assert f"unchanged {manifest_file}" in second.stdout and f"unchanged {launcher}" in second.stdout
    assert "kept translator=apertium" in second.stdout

    gone = run_installer("--uninstall", *argv[:4], env=env)
    assert gone.returncode == 0 and f"remove {manifest_file}" in gone.stdout
    assert not manifest_file.exists()
    # what install wrote goes, the folders it made with it; what is the user's stays, and is named
    assert not launcher.exists() and not manifest_file.parent.exists() and not launcher.parent.exists()
    assert profile.is_dir()  # the browser's profile is not PRISM's
    config = tmp_path / "config" / "prism-translate"
    assert (config / "config.json").exists()
    assert f"settings and API keys: {config}" in gone.stdout and f"log: {tmp_path / 'state' / 'prism-translate'}" \
        in gone.stdout and "OS keyring" in gone.stdout
    assert f"the key that sends a text translated again the same way: {launcher.parent / 'draws.key'}" in gone.stdout


@pytest.mark.slow
def test_uninstalling_one_profile_keeps_the_launcher_other_browsers_still_use(tmp_path):
    env = real_home(tmp_path)
    assert run_installer("--browser", "chromium", "--python", sys.executable, env=env).returncode == 0
    profile = ("--browser", "chromium", "--user-data-dir", str(tmp_path / "profile"))
    assert run_installer(*profile, "--python", sys.executable, env=env).returncode == 0
    launcher = tmp_path / "data" / "prism-translate" / "prism-host"
    default = tmp_path / "config" / "chromium" / "NativeMessagingHosts" / "org.prism_translate.host.json"
    gone = run_installer("--uninstall", *profile, env=env)
    assert gone.returncode == 0 and launcher.exists() and default.exists()
    assert f"kept {launcher}: still used by {default}" in gone.stdout
    assert _ping(launcher, env)["ok"]
    gone = run_installer("--uninstall", "--browser", "chromium", env=env)
    assert gone.returncode == 0 and not launcher.exists() and not default.exists()


@pytest.mark.slow
def test_a_python_path_with_shell_syntax_never_runs_it(tmp_path):
    """$(...) and `...` inside the launcher's quotes would run as the browser starts the host."""
    env = real_home(tmp_path)
    hostile = tmp_path / "py $(touch DOLLAR) `touch TICK` it's \"$HOME\"" / "bin"
    hostile.mkdir(parents=True)
    python = hostile / "python"  # a real interpreter at that path: the venv's, started by a script
    python.write_text(f"#!/bin/sh\nexec '{sys.executable}' \"$@\"\n")
    python.chmod(0o755)
    argv = ("--browser", "chromium", "--user-data-dir", str(tmp_path / "profile"), "--python", str(python))
    done = run_installer(*argv, env=env)
    assert done.returncode == 0, done.stderr
    launcher = tmp_path / "data" / "prism-translate" / "prism-host"
    for cwd in (tmp_path, Path.cwd()):
        assert not (cwd / "DOLLAR").exists() and not (cwd / "TICK").exists()
    assert _ping(launcher, env, cwd=tmp_path)["data"] == {"pong": True}
    assert not (tmp_path / "DOLLAR").exists() and not (tmp_path / "TICK").exists()


def test_a_windows_python_path_a_batch_file_cannot_quote_is_refused(fake_home):
    for bad in (r"C:\Users\u\%PATH%\python.exe", 'C:\\Users\\u\\a"b\\python.exe'):
        result = run_installer("--dry-run", "--os", "windows", "--browser", "chrome", "--python", bad, env=fake_home)
        assert result.returncode == 1 and "cannot quote" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_what_install_creates_is_private_under_umask_000(tmp_path):
    import stat

    env = real_home(tmp_path)
    done = subprocess.run([sys.executable, str(REPO / "install_host.py"), "--browser", "chromium", "--user-data-dir",
                           str(tmp_path / "profile"), "--python", sys.executable], capture_output=True, text=True,
                          env=env, timeout=120, umask=0)
    assert done.returncode == 0, done.stderr
    for folder in (tmp_path / "data", tmp_path / "data" / "prism-translate", tmp_path / "profile",
                   tmp_path / "profile" / "NativeMessagingHosts", tmp_path / "config",
                   tmp_path / "config" / "prism-translate"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert stat.S_IMODE((tmp_path / "config" / "prism-translate" / "config.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "data" / "prism-translate" / "prism-host").stat().st_mode) == 0o755


@pytest.mark.slow
def test_install_leaves_a_damaged_settings_file_as_it_is_and_says_so(tmp_path):
    env = real_home(tmp_path)
    settings = tmp_path / "config" / "prism-translate" / "config.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"translator": "deepl", ')
    done = run_installer("--browser", "chromium", "--user-data-dir", str(tmp_path / "profile"), "--python",
                         sys.executable, env=env)
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr
    assert "is not valid JSON" in done.stdout and settings.read_text() == '{"translator": "deepl", '
