"""Coverage of PRISM dictionaries: the share of NOUN/VERB/ADJ/ADV/PROPN word tokens of a text
collection that the encoder finds in the dictionary (spaCy tags from the engine's analyse(), the encoder's
own dictionary_entry(): the (word, UPOS) entry, or for a capitalised common word tagged PROPN
its NOUN/ADJ entry).

Collections: the story texts of the MCTest sets (`mctest_texts`; a benchmark set, read here only
to measure) and a folder of e-mails (`email_texts`, one .txt each). Two figures: all content
tokens, and content tokens outside entities (names, numbers, dates are replaced by entity
protection whatever the dictionary holds). The command is tools/dictionary_coverage.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from prism_translate.dictionary.corpus import CONTENT_POS
from prism_translate.dictionary.format import Dictionary
from prism_translate.engine.encode import dictionary_entry
from prism_translate.engine.tokenize import Token, analyse


def mctest_texts(folder: Path) -> list[str]:
    texts: list[str] = []
    # The English sets only (mc160.dev.tsv): renderings into other languages sit beside them
    # with a language suffix (mc160.test.es.tsv) and are not what an English dictionary covers.
    for f in sorted(folder.glob("mc*.*.tsv")):
        if f.stem.count(".") != 1:
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            cols = line.split("\t")
            if len(cols) > 2:
                texts.append(cols[2].replace("\\newline", "\n").replace("\\tab", "\t"))
    return texts


def email_texts(folder: Path) -> list[str]:
    return [f.read_text(encoding="utf-8") for f in sorted(folder.glob("*.txt"))]


def tokens(texts: list[str], lang: str = "en") -> Iterator[Token]:
    for t in texts:
        for tok in analyse(t, lang):
            if tok.pos in CONTENT_POS and tok.is_word:
                yield tok


def coverage(d: Dictionary, toks: list[Token]) -> dict[str, Any]:
    total: Counter[str] = Counter()
    found: Counter[str] = Counter()
    total_ne = found_ne = 0
    missing: Counter[str] = Counter()
    for t in toks:
        hit = dictionary_entry(d, t) is not None
        total[t.pos] += 1
        found[t.pos] += hit
        if not t.entity:
            total_ne += 1
            found_ne += hit
        if not hit:
            missing[f"{t.text}/{t.pos}"] += 1
    n = sum(total.values())
    return {
        "tokens": n, "coverage": round(sum(found.values()) / n, 4),
        "tokens_outside_entities": total_ne, "coverage_outside_entities": round(found_ne / max(1, total_ne), 4),
        "by_pos": {p: round(found[p] / total[p], 4) for p in sorted(total)},
        "most_missed": [w for w, _ in missing.most_common(20)],
    }
