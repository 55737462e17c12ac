"""`prism translate`: private translation of a file or stdin."""

from __future__ import annotations

import argparse
import sys

from .. import config, installation, policy, usage
from ..api import translate_private
from ..limits import SHORT_MIN_HIDDEN, SHORT_RATIO, is_short
from ..engine import without_torch
from ..errors import EngineError
from ..methods import METHODS, NAMES
from ..repeat import Draws
from ..terminal import printable


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("translate", help="translate text privately (PRISM)",
                       description="Translate text (English, Spanish, Catalan or French: --from) without sending its private words to the translator.")
    p.add_argument("file", nargs="?", default="-", help="text file to translate, or - for stdin (default)")
    p.add_argument("--to", dest="target", help="target language code, e.g. es, ca, fr (default from config)")
    p.add_argument("--from", dest="source", default="en",
                   help="source language: en, es, ca, fr, or auto (identified on this machine) (default en)")
    p.add_argument("--method", choices=METHODS, help="star = PRISM* (default), r = PRISM-R (epsilon-DP), "
                   "mix = DP mixture of both, nodecode = baseline without decoding")
    p.add_argument("--ratio", type=float, help="share of words to hide, 0 < r <= 1 (default 0.2; a text of six "
                   "words or fewer: 1, and refused when less than two thirds of its content words can be hidden)")
    p.add_argument("--beta", type=float, help="mix only: share of PRISM*-style substitutes, 0 <= beta < 1 (default 0.5)")
    p.add_argument("--seed", type=int, help="reproducible run (default: cryptographically random)")
    p.add_argument("--translator", help="backend name (default from config: apertium)")
    p.add_argument("--no-entity-protection", action="store_true",
                   help="do not always hide names, numbers, dates and addresses (the paper's setting)")
    p.add_argument("--show-sent", action="store_true",
                   help="also print exactly what was sent to the translator and the privacy figures")
    p.set_defaults(func=run)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as err:
        raise EngineError("E001", detail=f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise EngineError("E001", detail=f"{path} is not UTF-8 text") from None


def run(args: argparse.Namespace) -> int:
    without_torch()
    # Flags are checked like any other setting; --method may also name the research baseline.
    flags = {"target": args.target, "ratio": args.ratio, "beta": args.beta, "translator": args.translator,
             "protect_entities": False if args.no_entity_protection else None, "method": args.method}
    asked = {key: value for key, value in flags.items() if value is not None}
    # The organisation's policy binds the command line as it binds the browser (E092).
    rules = policy.current()
    for problem in rules.problems:
        sys.stderr.write(f"prism: policy: {problem}; its safest setting applies\n")
    stored = rules.apply(config.load())
    rules.check({"translator": stored.translator, "target": stored.target, **asked}, show_sent=args.show_sent)
    settings = stored.override({k: v for k, v in asked.items() if k != "method"})
    text = _read(args.file)
    # A short text at the default r would go out almost as written: as the browser's `translate` does, hide
    # every word the dictionary knows, or refuse (E091); an explicit --ratio is the user's choice.
    short = args.ratio is None and bool(text.strip()) and is_short(text)
    result = translate_private(
        text,
        settings.target,
        source=args.source,
        method=args.method or settings.method,
        ratio=SHORT_RATIO if short else settings.ratio,
        min_hidden=SHORT_MIN_HIDDEN if short else None,
        beta=settings.beta,
        seed=args.seed,
        translator=installation.translator(settings),
        protect_entities=settings.protect_entities,
        repeat=Draws(),  # run again on the same text, it sends the same x_pub: nothing new to pool
    )
    if rules.usage_record:
        usage.record([result], front="cli")
    # the translator's output, and what the text held, reach the terminal without control characters
    translation = printable(result.translation)
    sys.stdout.write(translation)
    if not translation.endswith("\n"):
        sys.stdout.write("\n")
    if short:
        sys.stderr.write("prism: a short text: every word the dictionary knows was hidden (r = 1)\n")
    # Said by default: a value the user cannot trust must never pass unmarked.
    for line in result.warnings:
        sys.stderr.write(f"prism: warning: {printable(line)}\n")
    for mark in result.marks:
        sys.stderr.write(f"prism: check: {printable(repr(mark.text))} ({mark.reason}, characters {mark.start}-{mark.end})\n")
    if args.show_sent:
        eps = result.epsilon
        eps_text = "not defined (PRISM* gives no DP guarantee)" if eps is None else f"{eps:.2f}"
        out = sys.stdout
        out.write("\n--- sent to the translator " + "-" * 40 + "\n")
        sent = printable(result.sent)
        out.write(sent + ("" if sent.endswith("\n") else "\n"))
        out.write("-" * 67 + "\n")
        out.write(f"method: {NAMES[result.method]}, r = {result.ratio}, translator: {result.translator}, "
                  f"dictionary: {result.dictionary}\n")
        out.write(f"hidden: {result.hidden} of {result.words} words ({result.hidden_entities} names, numbers, "
                  f"dates or addresses)\n")
        out.write(f"epsilon: {eps_text}" + (f", {result.scope}" if result.scope else "") + "\n")
        out.write("not restored: " + (printable(", ".join(result.unrestored)) if result.unrestored else "none") + "\n")
    return 0
