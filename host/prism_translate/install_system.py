"""`prism install-host --system`: the host for every user of a machine, as an administrator
deploys it (docs/deployment.md).

    sudo prism install-host --system                    # Chrome, Chromium, Edge, Brave, Firefox
    sudo prism install-host --system --uninstall        # removes exactly what it wrote
    prism install-host --system --root /tmp/img         # into an image or package tree (DESTDIR)
    prism install-host --system --os windows --dry-run  # what it would do on another system

The `prism` that runs it must be installed for all users (a system venv such as
/opt/prism-translate, or `pipx install --global`): the launcher runs that interpreter. It writes
the launcher (0755) and one manifest (0644) per browser in the browser's system-wide folder
(on Windows, the manifest's path goes into the browser's HKEY_LOCAL_MACHINE key), and a receipt
listing every file, folder and key it created, which --uninstall reads to remove exactly those.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

from .install import HOST_NAME, Plan, current_system, launcher_text, manifest_text

SYSTEM_BROWSERS = ("chrome", "chromium", "edge", "brave", "firefox")
SYSTEM_DIRS: dict[str, dict[str, str]] = {
    "linux": {
        "chrome": "/etc/opt/chrome/native-messaging-hosts",
        "chromium": "/etc/chromium/native-messaging-hosts",
        "edge": "/etc/opt/edge/native-messaging-hosts",
        "brave": "/etc/opt/brave/native-messaging-hosts",  # as browserpass-native installs it
        "firefox": "/usr/lib/mozilla/native-messaging-hosts",
    },
    "macos": {
        "chrome": "/Library/Google/Chrome/NativeMessagingHosts",
        "chromium": "/Library/Application Support/Chromium/NativeMessagingHosts",
        "edge": "/Library/Microsoft/Edge/NativeMessagingHosts",
        "brave": "/Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts",
        "firefox": "/Library/Application Support/Mozilla/NativeMessagingHosts",
    },
}
# Windows: HKEY_LOCAL_MACHINE\<key>\<HOST_NAME>, default value = the manifest's absolute path.
SYSTEM_REGISTRY_KEYS = {
    "chrome": r"SOFTWARE\Google\Chrome\NativeMessagingHosts",
    "chromium": r"SOFTWARE\Chromium\NativeMessagingHosts",
    "edge": r"SOFTWARE\Microsoft\Edge\NativeMessagingHosts",
    "brave": r"SOFTWARE\BraveSoftware\Brave-Browser\NativeMessagingHosts",
    "firefox": r"SOFTWARE\Mozilla\NativeMessagingHosts",
}
# Where the launcher, Windows' manifests and the receipt go: writable by administrators only.
SYSTEM_HOME = {
    "linux": PurePosixPath("/usr/local/lib/prism-translate"),
    "macos": PurePosixPath("/Library/Application Support/prism-translate"),
    "windows": PureWindowsPath(r"C:\Program Files\prism-translate"),
}
RECEIPT = "installed.json"


def manifest_path(browser: str, system: str) -> PurePath:
    if system == "windows":
        return SYSTEM_HOME[system] / "manifests" / browser / f"{HOST_NAME}.json"
    return PurePosixPath(SYSTEM_DIRS[system][browser], f"{HOST_NAME}.json")


def launcher_path(system: str) -> PurePath:
    return SYSTEM_HOME[system] / ("prism-host.bat" if system == "windows" else "prism-host")


class SystemPlan(Plan):
    """A Plan under --root (every path written below it, as DESTDIR does; the files still name
    the final paths) that keeps a receipt of what it created."""

    def __init__(self, dry_run: bool, root: str | None, system: str) -> None:
        super().__init__(dry_run)
        self.root = root
        self.system = system
        self.created: dict[str, list[str]] = {"files": [], "folders": [], "registry": []}

    def real(self, path: PurePath) -> Path:
        return Path(self.root, *path.parts[1:]) if self.root else Path(path)

    def folder(self, path: PurePath) -> None:
        """Create the missing folders down to `path` (0755), each noted in the receipt."""
        if self.dry_run:
            return
        if self.root:
            Path(self.root).mkdir(parents=True, exist_ok=True)  # the tree itself is not ours to remove
        missing = []
        at = path
        while at != at.parent and not self.real(at).exists():
            missing.append(at)
            at = at.parent
        for folder in reversed(missing):
            self.real(folder).mkdir()
            os.chmod(self.real(folder), 0o755)
            self.created["folders"].append(str(folder))

    def write(self, path: PurePath, content: str, mode: int = 0o644, show: bool = False) -> None:
        self.folder(path.parent)
        super().write(self.real(path) if not self.dry_run else path, content, mode, show)
        if str(path) not in self.created["files"]:
            self.created["files"].append(str(path))

    hive = "HKEY_LOCAL_MACHINE"

    def registry(self, key: str, value: str | None) -> None:
        if value is not None and key not in self.created["registry"]:
            self.created["registry"].append(key)
        super().registry(key, value)


def install(args: argparse.Namespace, plan: SystemPlan) -> None:
    python = os.path.abspath(args.python or sys.executable)
    if python.startswith(("/home/", "/root/", "/Users/")) or "\\Users\\" in python:
        print(f"warning: {python} is in a home folder; other users' browsers may not be allowed to run it. "
              "Install PRISM Translate for all users first (docs/deployment.md).")
    print(f"using {python}")
    launcher = launcher_path(args.os)
    plan.write(launcher, launcher_text(python, args.os), 0o755, show=True)
    for browser in args.browsers:
        manifest = manifest_path(browser, args.os)
        plan.write(manifest, manifest_text(browser, launcher), show=True)
        if args.os == "windows":
            plan.registry(rf"{SYSTEM_REGISTRY_KEYS[browser]}\{HOST_NAME}", str(manifest))
    receipt = launcher.parent / RECEIPT
    if str(receipt) not in plan.created["files"]:
        plan.created["files"].append(str(receipt))
    plan.write(receipt, json.dumps(plan.created, indent=2) + "\n")
    print("\nEvery user's browser now finds the host. Force-install the extension and set its policy "
          "as docs/deployment.md shows.")


def uninstall(args: argparse.Namespace, plan: SystemPlan) -> None:
    receipt = launcher_path(args.os).parent / RECEIPT
    real = plan.real(receipt)
    if real.is_file() and args.os == current_system():
        created = json.loads(real.read_text(encoding="utf-8"))
    elif plan.dry_run:  # what an install writes
        created = {"files": [str(launcher_path(args.os)), *(str(manifest_path(b, args.os)) for b in args.browsers),
                             str(receipt)],
                   "folders": [], "registry": [rf"{SYSTEM_REGISTRY_KEYS[b]}\{HOST_NAME}" for b in args.browsers]
                   if args.os == "windows" else []}
    else:
        print(f"nothing to remove: no {real} (written by `prism install-host --system`)")
        return
    for key in created.get("registry", []):
        plan.registry(key, None)
    for name in created.get("files", []):
        plan.remove(plan.real(PurePath(name)) if not plan.dry_run else PurePath(name))
    for name in reversed(created.get("folders", [])):  # deepest first, and only when left empty
        folder = plan.real(PurePath(name))
        if not plan.dry_run and folder.is_dir() and not any(folder.iterdir()):
            plan.say("remove", str(folder))
            folder.rmdir()


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--system", action="store_true", help="install for every user of this machine (as root / "
                   "administrator): the browsers' system-wide folders or HKEY_LOCAL_MACHINE")
    p.add_argument("--root", help="with --system: write below this folder instead of / (a package or image tree, "
                   "like DESTDIR); the files name the final paths")


def check_arguments(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.root and not args.system:
        p.error("--root goes with --system")
    if args.user_data_dir:
        p.error("--system and --user-data-dir exclude each other")
    if args.os != current_system() and not args.dry_run:
        p.error(f"--os {args.os} needs --dry-run on this {current_system()} machine")
    if args.root and args.os == "windows":
        p.error("--root is for Linux and macOS trees")
    if args.browser is None or "all" in args.browser:
        args.browsers = list(SYSTEM_BROWSERS)
    else:
        args.browsers = list(dict.fromkeys(args.browser))
        unsupported = [b for b in args.browsers if b not in SYSTEM_BROWSERS]
        if unsupported:
            p.error(f"--system supports {', '.join(SYSTEM_BROWSERS)}; not {', '.join(unsupported)}")


def run(args: argparse.Namespace) -> int:
    plan = SystemPlan(args.dry_run, args.root, args.os)
    receipt = plan.real(launcher_path(args.os).parent / RECEIPT)
    if not args.uninstall and args.os == current_system() and receipt.is_file():
        plan.created = json.loads(receipt.read_text(encoding="utf-8"))  # installed before: keep what it created
    where = f" under {args.root}" if args.root else ""
    print(f"PRISM Translate host {'uninstall' if args.uninstall else 'install'} for all users for "
          f"{', '.join(args.browsers)} on {args.os}{where}{' (dry run: nothing is changed)' if args.dry_run else ''}")
    (uninstall if args.uninstall else install)(args, plan)
    return 0
