"""`prism doctor`: is this machine's deployment working? Each check is one line of a report an
administrator (or a user on the phone with one) can read: which browsers find the host and where
(per user or system-wide), whether the host it names starts and answers, the organisation's
policy, the settings, the dictionaries, and whether the translator in effect is ready and its
server reachable. Nothing is sent to a translator: reachable means a connection opens."""

from __future__ import annotations

import json
import os
import socket
import struct
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path, PurePath
from urllib.parse import urlsplit

from . import config, install, install_system, policy
from .errors import PrismError

PING_SECONDS = 60  # a cold host loads Python and the protocol code before it answers


@dataclass
class Check:
    ok: bool | None  # None: not a failure, for information (a browser that is not installed)
    what: str
    detail: str

    def line(self) -> str:
        mark = {True: "ok  ", False: "FAIL", None: "--  "}[self.ok]
        return f"[{mark}] {self.what}: {self.detail}"


def _manifests(browser: str, system: str, root: str | None) -> list[tuple[str, Path]]:
    """Where `browser` looks for the host's manifest on this system: per user, then system-wide."""
    found = [("user", Path(install.manifest_path(browser, system, None)))]
    if browser in install_system.SYSTEM_BROWSERS and system != "windows":
        final = install_system.manifest_path(browser, system)
        found.append(("system", Path(root, *final.parts[1:]) if root else Path(final)))
    return found


def _read_manifest(path: Path, browser: str) -> tuple[dict | None, str]:
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return None, f"{path} cannot be read ({err})"
    allowed = manifest.get("allowed_extensions" if browser == "firefox" else "allowed_origins") or []
    expected = install.GECKO_ID if browser == "firefox" else f"chrome-extension://{install.EXTENSION_ID}/"
    if manifest.get("name") != install.HOST_NAME or expected not in allowed:
        return None, f"{path} does not name PRISM Translate's extension ({expected})"
    return manifest, ""


def browsers(system: str, root: str | None = None) -> tuple[list[Check], list[str]]:
    """One line per browser, and the launchers the found manifests name."""
    checks, launchers = [], []
    for browser in install.BROWSERS:
        installed = install.installed_program(browser, system) or \
            Path(install.manifest_path(browser, system, None)).parent.parent.is_dir()
        found = [(scope, path) for scope, path in _manifests(browser, system, root) if path.is_file()]
        if not found:
            # not a failure by itself: an organisation may deploy for one browser only
            checks.append(Check(None, f"host for {browser}",
                                "not found" + ("" if installed else " (the browser is not installed either)")))
            continue
        scope, path = found[0]
        manifest, problem = _read_manifest(path, browser)
        if manifest is None:
            checks.append(Check(False, f"host for {browser}", problem))
            continue
        launcher = Path(root, *PurePath(manifest["path"]).parts[1:]) if root and scope == "system" else Path(manifest["path"])
        if not os.access(launcher, os.X_OK):
            checks.append(Check(False, f"host for {browser}", f"{path} names {launcher}, which is not an executable"))
            continue
        launchers.append(str(launcher))
        checks.append(Check(True, f"host for {browser}", f"{scope}-wide manifest {path} -> {launcher}"))
    return checks, launchers


def ping(launcher: str) -> Check:
    """Start the host as a browser does and ask it for `ping`."""
    body = json.dumps({"v": 1, "id": "doctor", "action": "ping"}).encode()
    try:
        proc = subprocess.Popen([launcher, f"chrome-extension://{install.EXTENSION_ID}/"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError as err:
        return Check(False, "host answers", f"{launcher} does not start ({err})")
    stdin, stdout = proc.stdin, proc.stdout
    assert stdin is not None and stdout is not None  # both PIPE
    reply: list = []

    def read() -> None:
        size = stdout.read(4)
        if len(size) == 4:
            reply.append(json.loads(stdout.read(struct.unpack("@I", size)[0])))

    try:
        stdin.write(struct.pack("@I", len(body)) + body)
        stdin.flush()
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(PING_SECONDS)
    finally:
        proc.kill()  # its warm-up is of no use here
        proc.wait()
    if reply and reply[0].get("ok") and reply[0].get("data") == {"pong": True}:
        return Check(True, "host answers", f"{launcher} answered ping")
    return Check(False, "host answers", f"{launcher} gave no answer to ping within {PING_SECONDS} s")


def _reachable(url: str) -> tuple[bool, str]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        socket.create_connection((parts.hostname, port), timeout=5).close()
    except OSError as err:
        return False, f"{parts.hostname}:{port} cannot be reached ({err.strerror or err})"
    return True, f"{parts.hostname}:{port} accepts connections"


def settings_and_translator() -> list[Check]:
    from . import installation
    from .paths import installed_pairs

    checks = []
    rules = policy.load_file()
    where = policy.system_path()
    if not rules.active:
        checks.append(Check(None, "organisation policy", f"none ({where} does not exist)"))
    elif rules.problems:
        checks.append(Check(False, "organisation policy", f"{where}: " + "; ".join(rules.problems) +
                            " (its safest settings apply)"))
    else:
        shown = {k: v for k, v in rules.describe().items() if k not in ("active", "sources", "problems")
                 and v not in (None, {}, "", [])}
        checks.append(Check(True, "organisation policy", f"{where} read: {json.dumps(shown, ensure_ascii=False)}"))
    try:
        settings = rules.apply(config.load())
    except PrismError as err:
        return [*checks, Check(False, "settings", err.message)]
    checks.append(Check(True, "settings", f"{config.config_path()} (translator {settings.translator}, "
                        f"into {settings.target})"))
    pairs = sorted(installed_pairs())
    checks.append(Check(bool(pairs), "dictionaries", ", ".join(pairs) or "none installed: prism dictionaries"))
    try:
        rules.check({"translator": settings.translator, "target": settings.target})
        translator = installation.translator(settings)
    except PrismError as err:
        return [*checks, Check(False, f"translator {settings.translator}", err.message)]
    url = getattr(translator, "base_url", None) or getattr(translator, "url", None)
    if url:
        ok, detail = _reachable(str(url))
    else:
        from .translators.registry import backend

        ok, detail = backend(settings.translator).readiness(settings, None)
    checks.append(Check(ok, f"translator {translator.label()}", detail))
    return checks


def report(system: str, root: str | None = None, run_host: bool = True) -> tuple[list[Check], bool]:
    """Every check, and whether the deployment works (a host found and answering, a readable
    policy, usable settings, a translator reachable)."""
    checks, launchers = browsers(system, root)
    if not launchers:
        checks.append(Check(False, "host", "no browser finds the host: run `prism install-host` (one user) or "
                            "`sudo prism install-host --system` (every user)"))
    elif run_host:
        checks.extend(ping(launcher) for launcher in dict.fromkeys(launchers))
    checks.extend(settings_and_translator())
    return checks, all(c.ok is not False for c in checks)
