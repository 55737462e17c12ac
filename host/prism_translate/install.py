"""Install the PRISM Translate native-messaging host for your browsers, in one command.

    prism install-host                      # every browser found on this machine
    prism install-host --browser firefox    # one browser (repeat --browser for more)
    prism install-host --browser chromium --user-data-dir /tmp/profile   # a custom profile
    prism install-host --dry-run            # print what would be done, change nothing
    prism install-host --uninstall

From a source checkout without the package installed, `python3 install_host.py` (a thin wrapper
that loads this file by path: it needs nothing but the standard library) does the same.

What it does:
 1. uses the interpreter that runs `prism install-host` (it has the package), or --python, one
    that already has it; from a checkout (install_host.py) without --python, installs the package
    and its dependencies from the checkout into its own venv under the user data folder;
 2. writes a launcher that runs `<absolute python> -m prism_translate.cli host` (the path in single
    quotes: nothing in it is ever run by the shell);
 3. writes the host manifest for each browser: Chromium-family browsers may only be called by
    the extension id below (allowed_origins), Firefox by the add-on id (allowed_extensions);
    on Windows the manifest path goes into the browser's registry key instead of a folder;
 4. makes the local Apertium translator the default when it is installed and no translator
    was chosen yet.
Running it again changes only what differs; nothing here needs root. Folders it creates are 0700
whatever the umask. --uninstall removes what it wrote (the launcher and venv once no browser's
manifest uses them, and the folders left empty) and says where the user's settings, keys and log
stay.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

HOST_NAME = "org.prism_translate.host"
# Derived from the public key in extension/manifest.json ("key"); tests/host/test_install_host.py
# re-derives it, so the two cannot drift apart.
EXTENSION_ID = "fniabhcimgkcdihkijajflkdcopdplhg"
GECKO_ID = "prism-translate@prism-translate.org"
DESCRIPTION = "PRISM Translate: private machine translation (local helper)"

CHROMIUM_FAMILY = ("chrome", "chromium", "edge", "brave", "vivaldi")
BROWSERS = (*CHROMIUM_FAMILY, "firefox")
SYSTEMS = ("linux", "macos", "windows")

# Per-user folder each browser reads host manifests from, relative to the home folder.
# (Chromium-family browsers: <user-data-dir>/NativeMessagingHosts; Linux honours XDG_CONFIG_HOME.)
MANIFEST_DIRS: dict[str, dict[str, str]] = {
    "linux": {
        "chrome": "{config}/google-chrome/NativeMessagingHosts",
        "chromium": "{config}/chromium/NativeMessagingHosts",
        "edge": "{config}/microsoft-edge/NativeMessagingHosts",
        "brave": "{config}/BraveSoftware/Brave-Browser/NativeMessagingHosts",
        "vivaldi": "{config}/vivaldi/NativeMessagingHosts",
        "firefox": "{home}/.mozilla/native-messaging-hosts",
    },
    "macos": {
        "chrome": "{home}/Library/Application Support/Google/Chrome/NativeMessagingHosts",
        "chromium": "{home}/Library/Application Support/Chromium/NativeMessagingHosts",
        "edge": "{home}/Library/Application Support/Microsoft Edge/NativeMessagingHosts",
        "brave": "{home}/Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts",
        "vivaldi": "{home}/Library/Application Support/Vivaldi/NativeMessagingHosts",
        "firefox": "{home}/Library/Application Support/Mozilla/NativeMessagingHosts",
    },
}
# Windows: HKEY_CURRENT_USER\<key>\<HOST_NAME>, default value = absolute manifest path.
REGISTRY_KEYS = {
    "chrome": r"Software\Google\Chrome\NativeMessagingHosts",
    "chromium": r"Software\Chromium\NativeMessagingHosts",
    "edge": r"Software\Microsoft\Edge\NativeMessagingHosts",
    "brave": r"Software\BraveSoftware\Brave-Browser\NativeMessagingHosts",
    "vivaldi": r"Software\Vivaldi\NativeMessagingHosts",
    "firefox": r"Software\Mozilla\NativeMessagingHosts",
}
LOAD_HINTS = {
    "chromium-family": "open chrome://extensions (edge://extensions, brave://extensions, vivaldi://extensions), "
    "switch on Developer mode, click 'Load unpacked' and pick {ext}",
    "firefox": "open about:debugging#/runtime/this-firefox, click 'Load Temporary Add-on...' and pick "
    "{ext}/manifest.json (or run `npx web-ext run --source-dir {ext}`)",
}


def current_system() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


class Plan:
    """Actions recorded first, then either printed (--dry-run) or carried out, each reported."""

    def __init__(self, dry_run: bool) -> None:
        self.dry_run = dry_run

    def say(self, verb: str, what: str, detail: str = "") -> None:
        prefix = "would " if self.dry_run else ""
        print(f"{prefix}{verb} {what}" + (f"\n{detail}" if detail else ""))

    def write(self, path: PurePath, content: str, mode: int = 0o644, show: bool = False) -> None:
        shown = "\n".join("    " + line for line in content.splitlines()) if show else ""
        real = Path(path)
        if not self.dry_run and real.is_file() and real.read_text(encoding="utf-8") == content:
            print(f"unchanged {path}")
            return
        self.say("write", str(path), shown)
        if not self.dry_run:
            private_dirs(real.parent)
            tmp = real.with_name(real.name + ".tmp")
            tmp.write_text(content, encoding="utf-8")
            os.chmod(tmp, mode)
            os.replace(tmp, real)

    def remove(self, path: PurePath) -> None:
        real = Path(path)
        if not self.dry_run and not real.exists():
            return
        self.say("remove", str(path))
        if not self.dry_run:
            shutil.rmtree(real) if real.is_dir() else real.unlink()

    def remove_if_empty(self, folder: PurePath) -> None:
        """Remove a folder install may have created, once nothing is left in it."""
        real = Path(folder)
        if self.dry_run or not real.is_dir() or any(real.iterdir()):
            return
        self.say("remove", f"{folder} (empty)")
        real.rmdir()

    hive = "HKEY_CURRENT_USER"  # a per-user install; the system-wide one writes HKEY_LOCAL_MACHINE

    def registry(self, key: str, value: str | None) -> None:
        full = rf"{self.hive}\{key}"
        if value is None:
            self.say("delete registry key", full)
        else:
            self.say("set registry key", full, f"    (Default) = {value}")
        if self.dry_run:
            return
        import winreg  # only reached on Windows (other systems only dry-run Windows targets)

        hive = getattr(winreg, self.hive)
        if value is None:
            try:
                winreg.DeleteKey(hive, key)  # type: ignore[attr-defined]  # winreg's stubs exist for Windows only
            except FileNotFoundError:
                pass
        else:
            with winreg.CreateKey(hive, key) as handle:  # type: ignore[attr-defined]  # as above
                winreg.SetValueEx(handle, "", 0, winreg.REG_SZ, value)  # type: ignore[attr-defined]

    def run(self, argv: list[str], why: str) -> subprocess.CompletedProcess | None:
        self.say("run", " ".join(f'"{a}"' if " " in a else a for a in argv), f"    ({why})")
        if self.dry_run:
            return None
        # umask 077: the venv (and the settings the step writes) are the user's alone, whatever the umask
        return subprocess.run(argv, capture_output=True, text=True, umask=0o077)


def private_dirs(folder: Path) -> None:
    """Create folder and any missing parent as 0700, whatever the umask (mkdir(parents=True)
    would make the parents 0777 under umask 000: anyone could swap the launcher). Folders that
    exist are left as they are. (paths.private_dir does the same for the package; this file
    must run on the standard library alone.)"""
    missing = []
    while not folder.is_dir() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        created.mkdir(mode=0o700)
        os.chmod(created, 0o700)


# -- where things go ----------------------------------------------------------------------------


def path_type(system: str) -> type[PurePath]:
    return PureWindowsPath if system == "windows" else PurePosixPath


def home(system: str) -> PurePath:
    if system == "windows":
        return PureWindowsPath(os.environ.get("USERPROFILE", r"C:\Users\you"))
    return PurePosixPath(os.environ.get("HOME", str(Path.home())))


def data_dir(system: str) -> PurePath:
    """Where the venv, launcher and Windows manifests live."""
    if system == "windows":
        return PureWindowsPath(os.environ.get("LOCALAPPDATA", str(home(system) / "AppData" / "Local")),
                               "prism-translate")
    if system == "macos":
        return home(system) / "Library" / "Application Support" / "prism-translate"
    return PurePosixPath(os.environ.get("XDG_DATA_HOME", str(home(system) / ".local" / "share")), "prism-translate")


def manifest_path(browser: str, system: str, user_data_dir: str | None) -> PurePath:
    if user_data_dir:
        return path_type(system)(os.path.abspath(user_data_dir), "NativeMessagingHosts", f"{HOST_NAME}.json")
    if system == "windows":
        return data_dir(system) / "manifests" / browser / f"{HOST_NAME}.json"
    config = os.environ.get("XDG_CONFIG_HOME", str(home(system) / ".config"))
    folder = MANIFEST_DIRS[system][browser].format(home=home(system), config=config)
    return PurePosixPath(folder, f"{HOST_NAME}.json")


def launcher_path(system: str) -> PurePath:
    return data_dir(system) / ("prism-host.bat" if system == "windows" else "prism-host")


def venv_python(system: str) -> PurePath:
    venv = data_dir(system) / "venv"
    return venv / "Scripts" / "python.exe" if system == "windows" else venv / "bin" / "python"


# A batch file cannot quote these inside "...": % expands a variable, " ends the quotes, a line
# break ends the command. A path holding one is refused rather than written as a command.
_BATCH_UNSAFE = set('%"\r\n')


def sh_quote(text: str) -> str:
    """text as one POSIX shell word: in single quotes, where $, `, \\ and " are plain characters
    (a ' is closed, escaped and reopened). Never double quotes, where $(...) and `...` run."""
    return "'" + text.replace("'", "'\\''") + "'"


def launcher_text(python: str, system: str) -> str:
    if system == "windows":
        if _BATCH_UNSAFE & set(python):
            sys.exit(f"install-host: the Python path {python!r} holds a character a batch file cannot quote "
                     "(% \" or a line break); use an interpreter under another folder (--python)")
        return f'@echo off\r\n"{python}" -m prism_translate.cli host %*\r\n'
    # exec: the browser talks to (and stops) python itself, not a shell in between
    return ("#!/bin/sh\n# PRISM Translate native-messaging host (written by prism install-host)\n"
            f'exec {sh_quote(python)} -m prism_translate.cli host "$@"\n')


def manifest_text(browser: str, launcher: PurePath) -> str:
    manifest: dict[str, object] = {"name": HOST_NAME, "description": DESCRIPTION, "path": str(launcher),
                                   "type": "stdio"}
    if browser == "firefox":
        manifest["allowed_extensions"] = [GECKO_ID]
    else:
        manifest["allowed_origins"] = [f"chrome-extension://{EXTENSION_ID}/"]  # the trailing slash is required
    return json.dumps(manifest, indent=2) + "\n"


# A browser installed but never opened has no folder yet: its program names it (Linux: on PATH,
# macOS: its application bundle).
PROGRAMS: dict[str, dict[str, tuple[str, ...]]] = {
    "linux": {
        "chrome": ("google-chrome", "google-chrome-stable"), "chromium": ("chromium", "chromium-browser"),
        "edge": ("microsoft-edge", "microsoft-edge-stable"), "brave": ("brave-browser", "brave"),
        "vivaldi": ("vivaldi", "vivaldi-stable"), "firefox": ("firefox", "firefox-esr"),
    },
    "macos": {
        "chrome": ("/Applications/Google Chrome.app",), "chromium": ("/Applications/Chromium.app",),
        "edge": ("/Applications/Microsoft Edge.app",), "brave": ("/Applications/Brave Browser.app",),
        "vivaldi": ("/Applications/Vivaldi.app",), "firefox": ("/Applications/Firefox.app",),
    },
}


def installed_program(browser: str, system: str) -> bool:
    names = PROGRAMS.get(system, {}).get(browser, ())
    if system == "macos":
        return any(Path(name).is_dir() for name in names)
    return any(shutil.which(name) for name in names)


def detect_browsers(system: str) -> list[str]:
    """Browsers whose per-user folder exists (they have been run at least once) or whose program
    is installed."""
    if system == "windows":
        try:
            import winreg
        except ImportError:
            return []
        found = []
        for browser, key in REGISTRY_KEYS.items():
            try:
                winreg.CloseKey(winreg.OpenKey(winreg.HKEY_CURRENT_USER,  # type: ignore[attr-defined]  # Windows-only stubs
                                               key.rsplit("\\", 1)[0]))
                found.append(browser)
            except OSError:
                pass
        return found
    return [b for b in BROWSERS
            if Path(manifest_path(b, system, None)).parent.parent.is_dir() or installed_program(b, system)]


# -- steps --------------------------------------------------------------------------------------


def install_package(plan: Plan, system: str, python: str | None, checkout: Path | None) -> str:
    """Absolute path of an interpreter that can import prism_translate."""
    if python is None and checkout is None:  # `prism install-host`: this interpreter has the package
        python = sys.executable
    if python:
        python = os.path.abspath(python)
        if not plan.dry_run:
            check = subprocess.run([python, "-c", "import prism_translate"], capture_output=True, text=True)
            if check.returncode != 0:
                sys.exit(f"install-host: {python} cannot import prism_translate; install it there first "
                         "(pip install prism-translate) or drop --python to get a venv")
        print(f"using {python}")
        return python
    target = str(venv_python(system))
    if plan.dry_run or not Path(target).exists():
        plan.run([sys.executable, "-m", "venv", str(data_dir(system) / "venv")], "a private venv for the host")
    result = plan.run([target, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(checkout)],
                      "the host, its dictionaries and its dependencies (spaCy, its English model, keyring, ...)")
    if result is not None and result.returncode != 0:
        sys.exit(f"install_host.py: pip failed:\n{result.stderr.strip()}")
    return target


_APERTIUM_DEFAULT = (
    "import json\n"
    "from prism_translate import config\n"
    "path = config.config_path()\n"
    "try:\n"
    "    stored = json.loads(path.read_text()) if path.exists() else {}\n"
    "except ValueError:\n"  # the user's to fix or keep aside (prism config says how): never replaced here
    "    stored = None\n"
    "if stored is None:\n"
    "    print('kept the settings as they are: ' + str(path) + ' is not valid JSON (prism config show says more)')\n"
    "elif 'translator' in stored:\n"
    "    print('kept translator=' + str(stored['translator']) + ' (chosen earlier)')\n"
    "else:\n"
    "    config.save({'translator': 'apertium'})\n"
    "    print('set translator=apertium in ' + str(path))\n"
)


def configure_apertium(plan: Plan, python: str) -> None:
    if shutil.which("apertium") is None:
        print("Apertium is not installed: pick a translator in the extension's options "
              "(or: sudo apt-get install apertium apertium-eng-spa)")
        return
    result = plan.run([python, "-c", _APERTIUM_DEFAULT], "local Apertium as the default translator, "
                      "unless a translator was chosen before")
    if result is not None:
        print((result.stdout or result.stderr).strip())


def install(args: argparse.Namespace, plan: Plan) -> None:
    python = install_package(plan, args.os, args.python, args.checkout)
    launcher = launcher_path(args.os)
    plan.write(launcher, launcher_text(python, args.os), 0o755, show=True)
    for browser in args.browsers:
        manifest = manifest_path(browser, args.os, args.user_data_dir)
        plan.write(manifest, manifest_text(browser, launcher), show=True)
        if args.os == "windows" and not args.user_data_dir:
            plan.registry(rf"{REGISTRY_KEYS[browser]}\{HOST_NAME}", str(manifest))
    configure_apertium(plan, python)
    # The extension is not part of the Python package: it is the extension/ folder of the source.
    ext = args.checkout / "extension" if args.checkout else "the extension/ folder of PRISM Translate's source"
    print("\nNext, load the extension (id {}):".format(EXTENSION_ID))
    if set(args.browsers) & set(CHROMIUM_FAMILY):
        print("  - " + LOAD_HINTS["chromium-family"].format(ext=ext))
    if "firefox" in args.browsers:
        print("  - " + LOAD_HINTS["firefox"].format(ext=ext))
    print("Then select text on a page, right-click 'Translate privately' (or press Alt+Shift+L).")


def _users_of(launcher: PurePath, system: str) -> list[str]:
    """The per-user manifests (of every browser) that still start this launcher."""
    users = []
    for browser in BROWSERS:
        path = Path(manifest_path(browser, system, None))
        try:
            if json.loads(path.read_text(encoding="utf-8")).get("path") == str(launcher):
                users.append(str(path))
        except (OSError, ValueError, AttributeError):  # none, or not one of ours
            continue
    return users


def user_folders(system: str) -> dict[str, PurePath]:
    """Where the package keeps the user's settings and keys, its log and the key of its draws
    (paths.py and repeat.py, by the same rules: this file must run on the standard library alone)."""
    draws = {"the key that sends a text translated again the same way": data_dir(system) / "draws.key"}
    if system == "windows":
        return {"settings and API keys": data_dir(system), "log": data_dir(system), **draws}
    if system == "macos":
        return {"settings and API keys": data_dir(system), "log": home(system) / "Library" / "Logs" / "prism-translate",
                **draws}
    return {"settings and API keys": PurePosixPath(os.environ.get("XDG_CONFIG_HOME") or str(home(system) / ".config"),
                                                   "prism-translate"),
            "log": PurePosixPath(os.environ.get("XDG_STATE_HOME") or str(home(system) / ".local" / "state"),
                                 "prism-translate"), **draws}


def uninstall(args: argparse.Namespace, plan: Plan) -> None:
    for browser in args.browsers:
        manifest = manifest_path(browser, args.os, args.user_data_dir)
        if args.os == "windows" and not args.user_data_dir:
            plan.registry(rf"{REGISTRY_KEYS[browser]}\{HOST_NAME}", None)
        plan.remove(manifest)
        plan.remove_if_empty(manifest.parent)
    # The launcher and venv serve every browser: they go with the last manifest that uses them.
    launcher = launcher_path(args.os)
    users = [] if plan.dry_run else _users_of(launcher, args.os)
    if users:
        print(f"kept {launcher}: still used by " + ", ".join(users))
    else:
        plan.remove(launcher)
        plan.remove(data_dir(args.os) / "venv")
        plan.remove_if_empty(data_dir(args.os))
    print("Kept, as they are yours (delete them by hand to remove every trace):")
    for what, folder in user_folders(args.os).items():
        print(f"  - {what}: {folder}")
    print("  - API keys stored in the OS keyring, under the service 'prism-translate' (prism config delete-key NAME)")
    print("  - dictionaries you built or installed (prism dictionaries lists them)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--browser", action="append", choices=(*BROWSERS, "all"),
                   help="browser to set up (repeatable; default: every browser found)")
    p.add_argument("--user-data-dir", help="a Chromium-family profile folder (e.g. one started with "
                   "--user-data-dir); the manifest goes to its NativeMessagingHosts/ subfolder")
    p.add_argument("--python", help="use this interpreter, which already has prism_translate installed, "
                   "instead of creating a venv")
    p.add_argument("--uninstall", action="store_true", help="remove the manifests, registry keys and launcher")
    p.add_argument("--dry-run", action="store_true", help="print what would be done and change nothing")
    p.add_argument("--os", choices=SYSTEMS, default=current_system(),
                   help="target system (another than this one only with --dry-run)")


def check_arguments(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.os != current_system() and not args.dry_run:
        p.error(f"--os {args.os} needs --dry-run on this {current_system()} machine")
    if args.browser is None:
        args.browsers = detect_browsers(args.os) if not args.user_data_dir else ["chromium"]
        if not args.browsers:
            p.error("no browser found (no profile, no program); name one with --browser (" + ", ".join(BROWSERS) + ")")
    else:
        args.browsers = list(BROWSERS) if "all" in args.browser else list(dict.fromkeys(args.browser))
    if args.user_data_dir and (len(args.browsers) != 1 or args.browsers[0] == "firefox"):
        p.error("--user-data-dir takes exactly one Chromium-family --browser (Firefox reads only its own folder)")


def run(args: argparse.Namespace) -> int:
    """Install (or uninstall) as parsed; args.checkout is the source checkout when run from one."""
    plan = Plan(args.dry_run)
    print(f"PRISM Translate host {'uninstall' if args.uninstall else 'install'} for "
          f"{', '.join(args.browsers)} on {args.os}{' (dry run: nothing is changed)' if args.dry_run else ''}")
    (uninstall if args.uninstall else install)(args, plan)
    return 0


def main(argv: list[str] | None = None, checkout: Path | None = None) -> int:
    """install_host.py's entry point (`prism install-host` goes through commands/install_host.py)."""
    p = argparse.ArgumentParser(prog="install_host.py", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    args = p.parse_args(argv)
    check_arguments(p, args)
    args.checkout = checkout
    return run(args)
