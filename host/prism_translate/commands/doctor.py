"""`prism doctor`: check this machine's deployment and print a report (doctor.py)."""

from __future__ import annotations

import argparse

from .. import doctor, install


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("doctor", help="check that the browsers find the host, the policy, the translator",
                       description=doctor.__doc__.split("\n\n")[0])
    p.add_argument("--root", help="look for system-wide manifests below this folder (a tree written by "
                   "`prism install-host --system --root`)")
    p.add_argument("--no-start", action="store_true", help="do not start the host to ask it for ping")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    checks, healthy = doctor.report(install.current_system(), args.root, run_host=not args.no_start)
    print("PRISM Translate deployment check")
    for check in checks:
        print(check.line())
    print("\nAll is well." if healthy else "\nSomething needs fixing: see the FAIL lines above.")
    return 0 if healthy else 1
