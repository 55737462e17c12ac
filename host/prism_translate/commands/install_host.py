"""`prism install-host`: register the native-messaging host with the browsers (install.py)."""

from __future__ import annotations

import argparse

from .. import install, install_system


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("install-host", help="register the host with your browsers (one time)",
                       description=install.__doc__.split("\n\n")[0])
    install.add_arguments(p)
    install_system.add_arguments(p)
    p.set_defaults(func=lambda args: _run(p, args))


def _run(p: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.system or args.root:
        install_system.check_arguments(p, args)
        return install_system.run(args)
    install.check_arguments(p, args)
    args.checkout = None  # this interpreter already has the package
    return install.run(args)
