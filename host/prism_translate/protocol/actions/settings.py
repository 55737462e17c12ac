"""`settings` and `set_key`: change what the host uses. API keys go to the credential store,
never to settings, logs or replies."""

from __future__ import annotations

import logging

from ... import config, credentials, policy
from ...errors import ProtocolError
from ..call import Call, only
from . import published

log = logging.getLogger(__name__)

MAX_SECRET = 4_096


def settings(args: dict, call: Call) -> dict:
    only(args, ("set", "policy"))
    updates = args.get("set", {})
    if not isinstance(updates, dict):
        raise ProtocolError("E061", detail="'set' must be a JSON object")
    rules = policy.current(args.get("policy"))
    warning = None
    if updates:
        rules.check(updates)  # a user setting never overrides the organisation's policy (E092)
        warning = config.save(updates)  # every value checked (E053, E054, E022, E023, E035, E010); all or nothing
        log.info("settings changed: %s", ", ".join(sorted(updates)))
    in_effect = rules.apply(config.load())
    return {"settings": in_effect.to_dict(), "epsilon": published.epsilons(in_effect), "policy": rules.describe(),
            **({"warnings": [warning]} if warning else {})}


def set_key(args: dict, call: Call) -> dict:
    """Store an API key in the OS keyring (or the 0600 file): the extension never keeps it."""
    only(args, ("backend", "secret"))
    backend, secret = args.get("backend"), args.get("secret")
    if not isinstance(backend, str) or not isinstance(secret, str) or len(secret) > MAX_SECRET:
        raise ProtocolError("E061", detail=f"'backend' and 'secret' must be strings (secret: at most {MAX_SECRET})")
    where = credentials.set_key(backend, secret)
    call.session.forget_translator()  # the next request uses the new key
    return {"backend": backend, "configured": credentials.has_key(backend), "stored_in": where}
