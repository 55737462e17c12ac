"""No privacy change from a speed-up: the same texts and seeds give the same x_pub (and the same
decoded translation and marks) here as in another checkout's installed package.

    .venv/bin/python tools/same_x_pub.py --against /work/main/.venv/bin/python
    .venv/bin/python tools/same_x_pub.py --against .venv/bin/python --pythonpath /tmp/base/host

(the second: another commit's package, e.g. `git archive <commit> host | tar -x -C /tmp/base`)

Runs itself under both interpreters (each imports its own prism_translate) on the fixture e-mails
of every source language and a page of MCTest blocks (benchmarks/corpus.py), through
api.translate_private_many with a translator that echoes x_pub back, seeds 0-2, and reports every
difference. Exit status 1 when there is one. `--corpora` adds the canary corpora of every source
language (tests/data/canary) and a long MCTest text of 20,000 characters; `--apertium` translates
with the local Apertium instead of the echo (the same in both runs), so that the decoder's
agreement and verb repairs work on a real translation. `--batches` translates each language's texts
as one request through api.Session.translate_batches, the path of the host's `translate` action
(chunks, batches of requests, replies decoded as they come), instead of translate_private_many.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIRS = {"en": "es", "es": "en", "fr": "en", "ca": "en"}
SEEDS = (0, 1, 2)


def texts(corpora: bool) -> dict[str, list[str]]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import corpus

    mails = ROOT / "tests" / "data" / "emails"
    out = {"en": corpus.emails() + corpus.page(6_000, skip=40)[0] + [corpus.long_text(8_000, skip=60)]}
    for lang in ("es", "fr", "ca"):
        out[lang] = [p.read_text(encoding="utf-8").strip() for p in sorted((mails / lang).glob("*.txt"))]
    if corpora:
        canary = ROOT / "tests" / "data" / "canary"
        for lang in PAIRS:
            path = canary / ("corpus.jsonl" if lang == "en" else f"corpus-{lang}.jsonl")
            out[lang] += [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        out["en"].append(corpus.long_text(20_000, skip=120))
    return out


def dump(second_process: bool, apertium: bool, batches: bool) -> None:
    from prism_translate import api
    from prism_translate.translators.apertium import ApertiumCLI
    from prism_translate.translators.base import Translator

    if second_process:  # this checkout's kept second analysis process, loaded before the first text
        import time

        from prism_translate.engine import tokenize

        for lang in PAIRS:
            process = tokenize.start_second_process(lang)
        while not all(process.ready(lang) for lang in PAIRS if lang != "ca"):  # ca: Apertium's tagger
            time.sleep(0.1)

    class Echo(Translator):
        name = "echo"

        def translate(self, texts, source, target):
            return list(texts)

    translator = ApertiumCLI() if apertium else Echo()
    out = {}
    for source, batch in json.loads(sys.stdin.read()).items():
        for seed in SEEDS:
            if batches:
                session = api.Session()
                session.translator = lambda settings: translator  # type: ignore[method-assign]
                results = [r for b in session.translate_batches(batch, PAIRS[source], source=source, seed=seed,
                                                                settings=None)  # type: ignore[arg-type]
                           for _, r in b.items]
            else:
                results = api.translate_private_many(batch, PAIRS[source], source=source, seed=seed, translator=translator)
            out[f"{source}/{seed}"] = [[r.sent, r.translation, [(m.start, m.end, m.reason) for m in r.marks]]
                                      for r in results]
    print(json.dumps(out))


def run(python: str, material: dict, pythonpath: str | None = None, second_process: bool = False,
        apertium: bool = False, batches: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=pythonpath) if pythonpath else None
    done = subprocess.run([python, __file__, "--dump", *(["--second-process"] * second_process),
                           *(["--apertium"] * apertium), *(["--batches"] * batches)],
                          input=json.dumps(material), capture_output=True, text=True, check=True, cwd="/", env=env)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", help="the other checkout's Python (its venv's bin/python)")
    parser.add_argument("--pythonpath", help="where the other run imports prism_translate from")
    parser.add_argument("--second-process", action="store_true",
                        help="analyse here with the kept second process, as the host does (engine/analysis_process.py)")
    parser.add_argument("--corpora", action="store_true", help="add the canary corpora and a 20,000-character text")
    parser.add_argument("--apertium", action="store_true", help="translate with the local Apertium, not an echo")
    parser.add_argument("--batches", action="store_true",
                        help="through api.Session.translate_batches (the host's translate action), one request per language")
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump:
        dump(args.second_process, args.apertium, args.batches)
        return
    material = texts(args.corpora)
    here = run(sys.executable, material, second_process=args.second_process, apertium=args.apertium,
               batches=args.batches)
    there = run(args.against, material, args.pythonpath, apertium=args.apertium, batches=args.batches)
    differences = 0
    for key in here:
        if len(here[key]) != len(there[key]):
            differences += 1
            print(f"{key}: {len(here[key])} results here, {len(there[key])} there")
        for n, (a, b) in enumerate(zip(here[key], there[key])):
            for what, x, y in zip(("x_pub", "translation", "marks"), a, b):
                if x != y:
                    differences += 1
                    print(f"{key} text {n}: {what} differs\n  here:  {str(x)[:300]!r}\n  there: {str(y)[:300]!r}")
    total = sum(len(v) for v in here.values())
    print(f"{total} texts x seeds compared ({sum(len(v) for v in material.values())} texts, seeds {SEEDS}): "
          f"{differences} differences")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
