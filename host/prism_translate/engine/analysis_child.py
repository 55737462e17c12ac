"""The kept second analysis process's own side (engine/analysis_process.py starts it with
`python -m` and is the host's side): it loads a language's pipeline when asked and answers each
batch of line blocks with their tokens (of whole texts, marked), pickled over its own pipes. A module of its own because
it uses tokenize, which uses analysis_process."""

from __future__ import annotations

import logging
import os
import pickle
import sys

log = logging.getLogger(__name__)


def _serve() -> None:
    from . import without_torch

    without_torch()
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a library's stray print goes to the host's log, never into the pipe
    from . import tokenize

    while True:
        try:
            kind, lang, items = pickle.load(sys.stdin.buffer)
        except EOFError:
            return
        if kind == "load":
            try:
                tokenize.load_model(lang)
            except Exception:  # noqa: BLE001 - the host loads it itself and reports what is wrong
                log.exception("analysis process: no pipeline for %s", lang)
                continue
            reply = ("ready", lang)
        else:
            try:
                reply = ("tokens", tokenize.analyse_many(items, lang) if kind == "texts"
                         else tokenize.block_tokens(items, lang))
            except Exception:  # noqa: BLE001 - the host analyses these blocks itself
                log.exception("analysis process failed")
                reply = ("tokens", None)
        pickle.dump(reply, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()


if __name__ == "__main__":
    _serve()
