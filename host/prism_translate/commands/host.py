"""`prism host`: the native-messaging host the browser extension talks to (PROTOCOL.md).
This module only parses arguments; the host lives in prism_translate.protocol."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..protocol import host


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("host", help="native-messaging host for the browser extension (started by the browser)",
                       description="Serve the PRISM browser extension over native messaging on stdin/stdout. "
                       "Browsers start this through the launcher `prism install-host` writes.")
    p.add_argument("--log-file", type=Path, default=None,
                   help=f"log file (default {host.default_log_file()}); logs never hold text or keys")
    # Chrome passes the caller's origin (and --parent-window on Windows), Firefox the manifest
    # path and the add-on id: accepted and logged, never trusted (the manifest decides who may call).
    p.add_argument("caller", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(func=lambda args: host.run(args.log_file, args.verbose, args.caller))
