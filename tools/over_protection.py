"""Over-protection: how many ordinary words entity protection hides, on the canary corpora.

An ordinary word is a word token (letters only) that lies inside no planted secret of the text
(tests/data/canary/README.md). It is **over-protected** when entity protection hides it at r = 0
as a name, code or number (such a word comes back untranslated, or as a value); a word hidden as a
word (a health word, or a title-case common word the recognisers took for a name:
recognisers/common_runs.py) or as a month or weekday (its stand-in is another month or weekday, and
the decoder puts the original's name in the target language back) is counted apart: it comes back
translated, but may be worded around. The most frequent over-protected words are listed by the
kind of stand-in they were hidden by, to read what the recognisers take for names.

    python tools/over_protection.py                 # the English held-out texts
    python tools/over_protection.py --from es --corpus   # the Spanish corpus
    python tools/over_protection.py --from fr --file /tmp/new-heldout-fr.jsonl   # texts of your own
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from pathlib import Path

import canary

from prism_translate.dictionary.format import find_dictionary
from prism_translate.engine.encode import encode
from prism_translate.engine.tokenize import analyse


def secret_spans(text: canary.Text) -> list[tuple[int, int]]:
    spans = []
    for secret in text.secrets:
        start = text.text.find(secret.value)
        while start >= 0:
            spans.append((start, start + len(secret.value)))
            start = text.text.find(secret.value, start + 1)
    return spans


# Kinds of substitution whose restored value is the original's translation, not its spelling
TRANSLATED_BACK = frozenset({"word", "calendar"})


def measure(texts: list[canary.Text], source: str) -> tuple[int, Counter, Counter]:
    """(ordinary words, over-protected (kind, word)s, (kind, word)s hidden and translated back)."""
    dictionary = find_dictionary(canary.TARGET[source], source)
    ordinary, hidden, as_words = 0, Counter(), Counter()
    for text in texts:
        tokens = analyse(text.text, source)
        spans = secret_spans(text)
        starts, pos = [], 0
        for tok in tokens:
            starts.append(pos)
            pos += len(tok.text) + len(tok.ws)
        kinds = {s.index: s.kind for s in encode(tokens, dictionary, "r", 0.0, rng=random.Random(0)).substitutions}
        for i, tok in enumerate(tokens):
            if not tok.text.isalpha() or any(a < starts[i] + len(tok.text) and starts[i] < b for a, b in spans):
                continue
            ordinary += 1
            if i in kinds:
                (as_words if kinds[i] in TRANSLATED_BACK else hidden)[kinds[i], tok.text] += 1
    return ordinary, hidden, as_words


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--from", dest="source", choices=sorted(canary.TARGET), default="en")
    p.add_argument("--corpus", action="store_true", help="the tuning corpus instead of the held-out texts")
    p.add_argument("--file", type=Path, help="a corpus file in the canary format (e.g. new held-out texts)")
    p.add_argument("--top", type=int, default=40)
    args = p.parse_args()
    path = args.file or (canary.corpus_path(args.source) if args.corpus else canary.heldout_path(args.source))
    ordinary, hidden, as_words = measure(canary.load_corpus(path), args.source)
    print(f"{path.name}: {ordinary} ordinary words; over-protected (come back untranslated) {sum(hidden.values())} "
          f"({100 * sum(hidden.values()) / ordinary:.1f} %); hidden as words, months or weekdays (come back "
          f"translated) {sum(as_words.values())} ({100 * sum(as_words.values()) / ordinary:.1f} %)")
    for title, counts in (("over-protected", hidden), ("hidden, translated back", as_words)):
        for kind in sorted({k for k, _ in counts}):
            words = Counter({w: n for (k, w), n in counts.items() if k == kind})
            print(f"{title}, as {kind} ({sum(words.values())}):",
                  ", ".join(f"{w} {n}" for w, n in words.most_common(args.top)))


if __name__ == "__main__":
    main()
