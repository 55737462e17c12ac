"""`prism build-dictionary --to es`: probe a translator with public corpus text and write a
PRISM word translation dictionary (see dictionaries/README.md). The work is
dictionary/make.py's; this front reads the options, asks for consent on a terminal and shows
the messages."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

from .. import config, installation
from ..builder.make import ESTIMATORS, MakeRequest, make_dictionary
from ..engine.tokenize import analyse_sentences, load_model
from ..errors import DictionaryError
from ..languages import LANGUAGES
from ..translators.registry import BACKENDS


def register(sub) -> None:
    p = sub.add_parser(
        "build-dictionary",
        help="build a word translation dictionary by probing a translator",
        description="Build a PRISM dictionary for SOURCE->TARGET by probing a translator with public "
        "corpus sentences (WordNet examples by default). Only that public text is sent. Resumable: "
        "run the same command again after an interruption.",
    )
    p.add_argument("--to", dest="target", required=True, help="target language code, e.g. es")
    p.add_argument("--from", dest="source", default="en",
                   help=f"source language, one with an analyser: {', '.join(LANGUAGES)} (default en)")
    p.add_argument("--translator", default="apertium", choices=sorted(BACKENDS), help="backend to probe")
    p.add_argument("-K", "--probes", dest="k", type=int, default=20, help="probe sentences per entry (default 20)")
    p.add_argument("--size", type=int, default=35000,
                   help="vocabulary entries to probe (default 35000, as the shipped dictionaries)")
    p.add_argument("--candidates", type=int,
                   help="how many of wordfreq's most frequent English forms to consider "
                        "(default: twice --size, at least 60000)")
    p.add_argument("--estimator", choices=ESTIMATORS, default="contrastive", help="candidate scoring")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="parallel translator calls")
    p.add_argument("--chunk", type=int, default=50, help="entries per translator call")
    p.add_argument("--seed", type=int, default=0, help="slot sampling seed (same seed, same dictionary)")
    p.add_argument("--corpus", type=Path, help="plain-text corpus, one sentence per line in the source language "
                   "(default: WordNet example sentences; for another source, rendered into it by Apertium)")
    p.add_argument("--corpus-name", help="how the corpus is described in the dictionary's metadata")
    p.add_argument("--max-sentences", type=int, default=0, help="use only the first N corpus sentences")
    p.add_argument("--work-dir", type=Path, help="checkpoint folder (default: under the user's cache folder)")
    p.add_argument("-o", "--output", type=Path, help="where to write (default: the user's dictionary folder)")
    p.add_argument("--note", help="free text stored as meta.note (e.g. a quality warning)")
    p.add_argument("--estimate-only", action="store_true", help="print the estimate and stop")
    p.add_argument("-y", "--yes", action="store_true",
                   help="accept the cost of a paid translator without asking (needed without a terminal)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _say(*parts: object) -> None:
    print("prism:", *parts, file=sys.stderr, flush=True)


def _confirm(accepted: bool) -> None:
    if accepted:
        return
    if not sys.stdin.isatty():
        raise DictionaryError("E070", detail="this translator is paid; re-run with --yes to accept the cost above "
                                             "(or fewer entries: --size)")
    print("prism: send this public corpus text to the paid translator? [y/N] ", end="", file=sys.stderr, flush=True)
    if input().strip().lower() not in ("y", "yes"):
        raise DictionaryError("E070", detail="cancelled: nothing was sent")


def run(args) -> int:
    request = MakeRequest(**{f.name: getattr(args, f.name) for f in dataclasses.fields(MakeRequest)})
    make_dictionary(request, analyse_sentences=analyse_sentences, load_model=load_model,
                    say=_say, approve=lambda: _confirm(args.yes),
                    build_translator=lambda name: installation.translator({**config.load(), "translator": name}))
    return 0
