"""API keys for the translator backends. Never logged, never printed, never in error messages.

Where a key comes from, first match wins:
  1. PRISM_<BACKEND>_API_KEY: set for PRISM on purpose;
  2. a stored key: the OS keyring (`keyring`, service "prism-translate", user = backend name), or
     where no keyring backend works (keyring's fail or null backend, e.g. a headless Linux box)
     a file credentials.json in the config directory, created with mode 0600;
  3. the vendor's usual variable (OPENAI_API_KEY, GOOGLE_API_KEY, ...), except in the
     native-messaging host. The host inherits the browser's environment, not the user's choice:
     Debian's and Ubuntu's Chromium export GOOGLE_API_KEY (/etc/chromium.d/apikeys) for the
     browser's own services, which would make the Google backend look set up with a key the user
     never gave PRISM. `prism host` calls ignore_vendor_variables() first thing.
set_key/delete_key write to the keyring when one works, otherwise to that file.

Where a stored key is can be told without opening the keyring (key_source): the names of the
backends whose key PRISM put in the keyring are listed in keyring-keys.json next to the settings
(names only). keyring's backend detection alone takes 0.3-1 s in a fresh process, and the host
must answer `capabilities` at once; the keyring is opened only when a key is read or written,
and every read keeps that list true.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from . import paths
from .config import config_dir
from .errors import PrismError

log = logging.getLogger(__name__)

SERVICE = "prism-translate"
#: backends that take a key -> environment variables: PRISM's own first, then the vendor's usual names
ENV_VARS: dict[str, tuple[str, ...]] = {
    "openai": ("PRISM_OPENAI_API_KEY", "OPENAI_API_KEY"),
    "deepl": ("PRISM_DEEPL_API_KEY", "DEEPL_AUTH_KEY", "DEEPL_API_KEY"),
    "google": ("PRISM_GOOGLE_API_KEY", "GOOGLE_API_KEY"),
    "libretranslate": ("PRISM_LIBRETRANSLATE_API_KEY", "LIBRETRANSLATE_API_KEY"),
}


_vendor_variables = True  # False in the host: see the module docstring


def ignore_vendor_variables() -> None:
    """From now on only PRISM_<BACKEND>_API_KEY and stored keys count (the browser-started host)."""
    global _vendor_variables
    _vendor_variables = False


def _prism_variable(backend: str) -> str:
    return f"PRISM_{backend.upper()}_API_KEY"


def _from_environment(backend: str, vendor: bool) -> tuple[str | None, str | None]:
    """(key, variable name) from PRISM's own variable, or from the vendor's when vendor is true."""
    for var in ENV_VARS[backend]:
        if (var == _prism_variable(backend) or (vendor and _vendor_variables)) and os.environ.get(var):
            return os.environ[var], var
    return None, None


def _find(backend: str) -> tuple[str | None, str | None]:
    """(key, where it came from) by the precedence in the module docstring."""
    _check(backend)
    key, var = _from_environment(backend, vendor=False)
    if key:
        return key, f"environment variable {var}"
    key, where = _stored(backend)
    if key:
        return key, where
    key, var = _from_environment(backend, vendor=True)
    return (key, f"environment variable {var}") if key else (None, None)


def _check(backend: str) -> None:
    if backend not in ENV_VARS:
        raise PrismError("E056", backend=backend, choices=", ".join(sorted(ENV_VARS)))


def file_path() -> Path:
    return config_dir() / "credentials.json"


def _list_path() -> Path:
    return config_dir() / "keyring-keys.json"


def _listed() -> set[str]:
    """Backends whose key is in the OS keyring, as far as PRISM knows (module docstring)."""
    try:
        data = json.loads(_list_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):  # missing or damaged: a read of the keyring writes it again
        return set()
    return {name for name in data if isinstance(name, str)} if isinstance(data, list) else set()


def _note(backend: str, in_keyring: bool) -> None:
    """Keep the list of keys in the keyring true (written only when it changes)."""
    listed = _listed()
    if (backend in listed) == in_keyring:
        return
    listed = listed | {backend} if in_keyring else listed - {backend}
    try:
        paths.write_private(_list_path(), json.dumps(sorted(listed)), "the list of keys in the keyring")
    except PrismError as err:  # the key itself is fine; only the options page may show it late
        log.warning("%s", err.message)


def _keyring():
    """The keyring module when a real backend is available, else None (use the file). keyring's
    fail backend means none works here; its null backend would silently drop keys."""
    try:
        import keyring
        from keyring.backends import fail, null
    except ImportError:
        return None
    return None if isinstance(keyring.get_keyring(), (fail.Keyring, null.Keyring)) else keyring


def _read_file() -> dict[str, str]:
    try:
        with open(file_path(), encoding="utf-8") as f:
            data = json.load(f)
    except (FileNotFoundError, NotADirectoryError):  # none (a file where the folder should be: saving says so)
        return {}
    except OSError as err:
        reason, fix = paths.explain(err)
        raise PrismError("E055", backend="*", detail=f"{file_path()} cannot be read: {reason}; {fix}") from None
    except ValueError as err:
        raise PrismError("E055", backend="*", detail=f"{file_path()} is unreadable ({type(err).__name__})") from None
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def _write_file(data: dict[str, str]) -> None:
    paths.write_private(file_path(), json.dumps(data), "the API key")  # 0600 from the start; E058 if it fails


def _stored(backend: str) -> tuple[str | None, str | None]:
    """(key, where) from the keyring, else the file (written when there was no keyring)."""
    kr = _keyring()
    if kr is not None:
        try:
            secret = kr.get_password(SERVICE, backend)
        except Exception as err:  # keyring backends raise their own types (dbus, secretstorage...)
            raise PrismError("E055", backend=backend, detail=f"the OS keyring failed ({type(err).__name__})") from None
        _note(backend, bool(secret))
        if secret:
            return secret, "OS keyring"
    secret = _read_file().get(backend)
    return (secret, f"file {file_path()}") if secret else (None, None)


def key_source(backend: str) -> str | None:
    """Where the key for backend would come from (for `capabilities` and `prism translators`),
    or None, without opening the keyring: same precedence as get_key, with the keyring's
    content taken from PRISM's list of what it stored there (module docstring)."""
    _check(backend)
    key, var = _from_environment(backend, vendor=False)
    if key:
        return f"environment variable {var}"
    if backend in _listed():
        return "OS keyring"
    if _read_file().get(backend):
        return f"file {file_path()}"
    key, var = _from_environment(backend, vendor=True)
    return f"environment variable {var}" if key else None


def get_key(backend: str) -> str | None:
    return _find(backend)[0]


def has_key(backend: str) -> bool:
    return get_key(backend) is not None


def set_key(backend: str, secret: str) -> str:
    """Store secret for backend; returns where it went (never the secret itself)."""
    _check(backend)
    secret = secret.strip()
    if not secret:
        raise PrismError("E055", backend=backend, detail="the key is empty")
    kr = _keyring()
    if kr is not None:
        try:
            kr.set_password(SERVICE, backend, secret)
        except Exception as err:
            raise PrismError("E055", backend=backend, detail=f"the OS keyring failed ({type(err).__name__})") from None
        _note(backend, True)
        where = "OS keyring"
    else:
        data = _read_file()
        data[backend] = secret
        _write_file(data)
        where = f"file {file_path()} (mode 0600; no OS keyring is available)"
    log.info("stored the %s key in the %s", backend, where)
    return where


def delete_key(backend: str) -> bool:
    """Remove the stored key (environment variables are the user's own business). True if one existed."""
    _check(backend)
    kr = _keyring()
    if kr is not None:
        try:
            if kr.get_password(SERVICE, backend) is None:
                _note(backend, False)
                return False
            kr.delete_password(SERVICE, backend)
            _note(backend, False)
            return True
        except Exception as err:
            raise PrismError("E055", backend=backend, detail=f"the OS keyring failed ({type(err).__name__})") from None
    data = _read_file()
    if data.pop(backend, None) is None:
        return False
    _write_file(data)
    return True
