"""`prism` command line. Each subcommand lives in prism_translate.commands.<name> and exposes
`register(subparsers)`, which adds its parser with `set_defaults(func=...)`; `func(args)`
returns the exit code. PrismError becomes a one-line message on stderr and exit 1."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from .errors import PrismError
from .terminal import printable

# One explicit table (no registration by import side effect): command -> its module.
COMMANDS = {
    "translate": "translate",
    "build-dictionary": "build_dictionary",
    "dictionaries": "dictionaries",
    "host": "host",
    "install-host": "install_host",
    "translators": "translators",
    "config": "config",
    "evaluate": "evaluate",
    "doctor": "doctor",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser for every command, or for `only` that one: a command's module imports what it
    runs (`evaluate` numpy, `translate` the engine), and the browser starts `prism host` cold
    for a `capabilities` that must answer at once."""
    parser = argparse.ArgumentParser(prog="prism", description="Private machine translation (PRISM).")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        if only in (None, name):
            importlib.import_module(f".commands.{module}", __package__).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # the command is the first word that is not an option (the only global option takes no value)
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    args = build_parser(command if command in COMMANDS else None).parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="prism: %(message)s")
    try:
        return args.func(args)
    except PrismError as err:
        print(f"prism: {printable(err.message)}", file=sys.stderr)  # may quote a service's own text
        return 1
    except KeyboardInterrupt:
        print("prism: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
