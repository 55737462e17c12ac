"""`prism` command line. Each subcommand lives in prism_translate.commands.<name> and exposes
`register(subparsers)`, which adds its parser with `set_defaults(func=...)`; `func(args)`
returns the exit code. PrismError becomes a one-line message on stderr and exit 1."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from .errors import PrismError

# One explicit table (no registration by import side effect).
COMMANDS = [
    "translate",
    "build_dictionary",
    "dictionaries",
    "host",
    "install_host",
    "translators",
    "config",
    "evaluate",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="prism", description="Private machine translation (PRISM).")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f".commands.{name}", __package__).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="prism: %(message)s")
    try:
        return args.func(args)
    except PrismError as err:
        print(f"prism: {err.message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("prism: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
