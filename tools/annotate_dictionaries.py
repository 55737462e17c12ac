"""File the grammatical features, the structure and (verbs) the frame of every entry into
existing dictionaries (dictionary/features.py, frames.py): Apertium's analysers read the stored
translations and the words, and for a dictionary built with Apertium, Apertium translates each
word alone once more and each verb in four probe sentences (for the structure's word count and
the frames; another translator is not asked again: it may be a paid one).
`prism build-dictionary` does this itself.

    .venv/bin/python tools/annotate_dictionaries.py dictionaries/*.json
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from prism_translate.dictionary.features import annotate
from prism_translate.dictionary.format import Dictionary
from prism_translate.translators.registry import get_translator


def _apertium(dictionary: Dictionary) -> Callable[[list[str]], list[str]] | None:
    """Apertium's translation of the words alone, for a dictionary built with it; None otherwise."""
    if not dictionary.meta.get("translator", "").startswith("apertium"):
        return None
    apertium = get_translator("apertium")
    return lambda words: apertium.translate(words, dictionary.source, dictionary.target)


def main(paths: list[str]) -> int:
    for path in map(Path, paths):
        dictionary = Dictionary.load(path)
        dictionary = annotate(dictionary, _apertium(dictionary))
        if "features" not in dictionary.meta:
            print(f"{path}: no Apertium analyser for {dictionary.target!r}; left as it is")
            continue
        dictionary.save(path)
        read = Counter(bool(e.features.split(":")[-1]) for e in dictionary.entries)
        print(f"{path}: {read[True]} of {len(dictionary)} translations read ({dictionary.meta['features']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
