"""File the grammatical features of every entry's translation into existing dictionaries
(dictionary/features.py), without probing the translator again: Apertium's analyser of the
target language reads the stored translations. `prism build-dictionary` does this itself.

    .venv/bin/python tools/annotate_dictionaries.py dictionaries/*.json
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from prism_translate.dictionary.features import annotate
from prism_translate.dictionary.format import Dictionary


def main(paths: list[str]) -> int:
    for path in map(Path, paths):
        dictionary = annotate(Dictionary.load(path))
        if "features" not in dictionary.meta:
            print(f"{path}: no Apertium analyser for {dictionary.target!r}; left as it is")
            continue
        dictionary.save(path)
        read = Counter(bool(e.features.split(":")[-1]) for e in dictionary.entries)
        print(f"{path}: {read[True]} of {len(dictionary)} translations read ({dictionary.meta['features']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
