#!/usr/bin/env python3
"""Render an MCTest set's stories into another language with the local Apertium, for the paper's
protocol in the reading direction (a foreign story is the private text, read in English).

    python3 tools/render_mctest.py mc160.test --to es

writes host/prism_translate/data/mctest/mc160.test.es.tsv (and a copy of the .ans file): the
same lines with each story replaced by Apertium's eng-spa rendering of it; the questions and
answer choices stay in English, because the evaluator reads English (QS and PPS are measured on
English translations of the foreign text). This is a machine-made derivative of MCTest, which its
licence allows with notice; the date and the translator are written to data/mctest/NOTICE.md by
hand when a rendering is committed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from prism_translate.evaluation import mctest  # noqa: E402
from prism_translate.translators.registry import get_translator  # noqa: E402


def _escape(story: str) -> str:
    return story.replace("\t", "\\tab").replace("\n", "\\newline")


def render(name: str, target: str, out_dir: Path) -> Path:
    tsv = mctest.resolve(name)
    rows = [line for line in tsv.read_text(encoding="utf-8").split("\n") if line.strip()]
    stories = mctest.load(tsv)
    # Apertium marks unknown words with "*" only when asked; the backend asks it not to, so the
    # rendering reads as plain text.
    rendered = get_translator("apertium").translate([s.text for s in stories], "en", target)
    out = out_dir / f"{tsv.stem}.{target}.tsv"
    lines = []
    for row, text in zip(rows, rendered):
        fields = row.rstrip("\r").split("\t")
        fields[2] = _escape(text.strip())
        lines.append("\t".join(fields))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copyfile(mctest.answers_path(tsv), out.with_suffix(".ans"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", help="a shipped MCTest set, e.g. mc160.test")
    ap.add_argument("--to", dest="target", default="es")
    ap.add_argument("--out", type=Path, default=mctest.SHIPPED)
    args = ap.parse_args()
    out = render(args.data, args.target, args.out)
    check = mctest.load(out)
    print(f"{len(check)} stories -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
