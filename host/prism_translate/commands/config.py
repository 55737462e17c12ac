"""`prism config show | set KEY VALUE | set-key BACKEND | delete-key BACKEND`.

set-key reads the secret from a hidden prompt on a terminal, or from the first line of stdin
otherwise (`printf %s "$KEY" | prism config set-key deepl`), never from the command line,
where it would end up in shell history and `ps`.
"""

from __future__ import annotations

import getpass
import json
import sys

from .. import config, credentials, policy
from ..errors import PrismError
from ..terminal import printable


def register(sub) -> None:
    p = sub.add_parser("config", help="show or change settings and API keys")
    verbs = p.add_subparsers(dest="verb", required=True)
    show = verbs.add_parser("show", help="print every setting and where API keys come from")
    show.add_argument("--json", action="store_true", help="machine-readable output")
    show.set_defaults(func=show_cmd)
    s = verbs.add_parser("set", help="change a setting, e.g. `prism config set deepl.endpoint free`")
    s.add_argument("key")
    s.add_argument("value")
    s.set_defaults(func=set_cmd)
    k = verbs.add_parser("set-key", help="store a backend's API key (prompted, or read from stdin)")
    k.add_argument("backend", choices=sorted(credentials.ENV_VARS))
    k.set_defaults(func=set_key_cmd)
    d = verbs.add_parser("delete-key", help="forget a stored API key")
    d.add_argument("backend", choices=sorted(credentials.ENV_VARS))
    d.set_defaults(func=delete_key_cmd)


def show_cmd(args) -> int:
    rules = policy.current()
    settings = rules.apply(config.load()).to_dict()  # what is in effect, the policy's values included
    locked = rules.describe()["locked"]
    keys = {b: credentials.key_source(b) for b in sorted(credentials.ENV_VARS)}
    if args.json:
        print(json.dumps({"settings": settings, "keys": keys, "file": str(config.config_path()),
                          "policy": rules.describe()}, ensure_ascii=False))
        return 0
    print(f"# {config.config_path()}")
    for source in rules.sources:
        print(f"# organisation policy: {source}")
    for key in sorted(settings):
        line = f"{key} = {json.dumps(settings[key], ensure_ascii=False)}" + (f"  # {locked[key]}" if key in locked else "")
        print(printable(line))  # a hand-edited file may hold C1
    for backend, where in keys.items():
        print(f"key {backend}: {where or 'not set'}")
    return 0


def set_cmd(args) -> int:
    rules = policy.current()
    rules.check({args.key: config.parse(args.key, args.value)})  # a policy is never overridden (E092)
    warning = config.save({args.key: args.value}, text=True)  # checked as entered; nothing saved if bad
    if warning:
        print(f"prism: warning: {warning}", file=sys.stderr)
    settings = rules.apply(config.load())
    print(f"{args.key} = {json.dumps(settings[args.key], ensure_ascii=False)}")
    return 0


def _read_secret(backend: str) -> str:
    if sys.stdin.isatty():
        return getpass.getpass(f"API key for {backend} (input hidden): ")
    return sys.stdin.readline()


def set_key_cmd(args) -> int:
    secret = _read_secret(args.backend).strip()
    if not secret:
        raise PrismError("E055", backend=args.backend, detail="no key was entered")
    where = credentials.set_key(args.backend, secret)
    print(f"stored the {args.backend} key in the {where}")
    return 0


def delete_key_cmd(args) -> int:
    existed = credentials.delete_key(args.backend)
    print(f"deleted the stored {args.backend} key" if existed else f"no stored {args.backend} key")
    return 0
