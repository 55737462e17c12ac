"""`settings` and `set_key`: change what the host uses. API keys go to the credential store,
never to settings, logs or replies."""

from __future__ import annotations

import logging

from ... import config, credentials
from ...dictionary.format import find_dictionary
from ...errors import PrismError, ProtocolError, TranslatorError
from ...translators import BACKENDS
from ..call import Call, only
from .status import settings_view
from .translate import OPTIONS, check_options

log = logging.getLogger(__name__)

MAX_SECRET = 4_096


def _check_type(key: str, value: object) -> None:
    """JSON values must have the type of the setting's default (ints are fine for floats)."""
    default = config.DEFAULTS[key]
    kinds = {bool: (bool,), int: (int,), float: (int, float), str: (str,)}[type(default)]
    if not isinstance(value, kinds) or (isinstance(value, bool) and not isinstance(default, bool)):
        expected = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}[type(default)]
        raise PrismError("E054", key=key, expected=expected, value=value)


def settings(args: dict, call: Call) -> dict:
    only(args, ("set",))
    updates = args.get("set", {})
    if not isinstance(updates, dict):
        raise ProtocolError("E061", detail="'set' must be a JSON object")
    if updates:
        for key, value in updates.items():
            if key not in config.DEFAULTS:
                raise PrismError("E053", key=key, choices=", ".join(sorted(config.DEFAULTS)))
            if key not in ("ratio", "beta"):  # those two get the clearer range errors below
                _check_type(key, value)
        merged = {**config.load(), **updates}
        check_options(*(merged[k] for k in OPTIONS))
        if merged["translator"] not in BACKENDS:
            raise TranslatorError("E035", name=merged["translator"], choices=", ".join(sorted(BACKENDS)))
        if "target" in updates:
            find_dictionary(updates["target"])
        config.save(updates)
        log.info("settings changed: %s", ", ".join(sorted(updates)))
    return {"settings": settings_view()}


def set_key(args: dict, call: Call) -> dict:
    """Store an API key in the OS keyring (or the 0600 file): the extension never keeps it."""
    only(args, ("backend", "secret"))
    backend, secret = args.get("backend"), args.get("secret")
    if not isinstance(backend, str) or not isinstance(secret, str) or len(secret) > MAX_SECRET:
        raise ProtocolError("E061", detail=f"'backend' and 'secret' must be strings (secret: at most {MAX_SECRET})")
    where = credentials.set_key(backend, secret)
    call.session.forget_translator()  # the next request uses the new key
    return {"backend": backend, "configured": credentials.has_key(backend), "stored_in": where}
