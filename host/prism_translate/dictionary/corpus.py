"""The public English corpus D the builder probes with, tagged by spaCy.

Default: the example sentences of Princeton WordNet 3.0 (Debian package `wordnet-base`, WordNet
3.0 licence: use, copy, modify and distribute for any purpose with the copyright notice kept).
Any plain-text file with one sentence per line works too (`--corpus FILE`). Only this public
text, with vocabulary words put in its slots, is ever sent to the translator.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import DictionaryError

WORDNET_DIR = Path(os.environ.get("WNSEARCHDIR", "/usr/share/wordnet"))
WORDNET_NAME = "Princeton WordNet 3.0 example sentences (WordNet 3.0 licence)"
_QUOTED = re.compile(r'"([^"]+)"')
_CLEAN = re.compile(r"^[A-Za-z][A-Za-z0-9 ,.;:'?!$%()-]*$")
# UPOS values the builder makes entries for (what the encoders substitute).
CONTENT_POS = ("NOUN", "VERB", "ADJ", "ADV", "PROPN")


def wordnet_sentences(folder: Path = WORDNET_DIR, min_words: int = 4, max_words: int = 20) -> list[str]:
    """Example sentences quoted in WordNet glosses, deduplicated, in file order."""
    out: dict[str, None] = {}
    files = [folder / f"data.{p}" for p in ("noun", "verb", "adj", "adv")]
    if not all(f.is_file() for f in files):
        raise DictionaryError(
            "E070", detail=f"WordNet data not found in {folder} (Debian/Ubuntu: apt-get install wordnet-base), "
            "or pass --corpus FILE with one English sentence per line"
        )
    for f in files:
        with open(f, encoding="latin-1") as fh:
            for line in fh:
                if not line[:1].isdigit() or "|" not in line:
                    continue
                for s in _QUOTED.findall(line.split("|", 1)[1]):
                    s = s.strip()
                    if _usable(s, min_words, max_words) and _CLEAN.match(s):
                        out.setdefault(s, None)
    return list(out)


# Apertium marks words it could not generate with "#" (and unknown ones with "*" without -u).
_MACHINE_MARKS = re.compile(r"[#*@]")


def render(sentences: Sequence[str], lang: str, translate, batch: int = 2000) -> list[str]:
    """The English corpus rendered into another source language by a translator
    (`translate(texts, "en", lang)`): public text, machine-made. Sentence i of the result is the
    rendering of sentence i, or "" when the rendering carries the translator's error marks."""
    out: list[str] = []
    for i in range(0, len(sentences), batch):
        out += [t.strip() for t in translate(list(sentences[i:i + batch]), "en", lang)]
    return ["" if _MACHINE_MARKS.search(t) or "\n" in t else t for t in out]


def file_sentences(path: Path, min_words: int = 4, max_words: int = 30) -> list[str]:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise DictionaryError("E070", detail=f"cannot read corpus {path}: {err.strerror}") from None
    return list(dict.fromkeys(s.strip() for s in lines if _usable(s.strip(), min_words, max_words)))


def _usable(s: str, min_words: int, max_words: int) -> bool:
    return min_words <= len(s.split()) <= max_words


@dataclass(frozen=True)
class Tok:
    text: str
    ws: str
    pos: str
    tag: str


@dataclass
class TaggedCorpus:
    name: str
    sentences: list[list[Tok]]

    def text(self, i: int, slot: int | None = None, word: str = "") -> str:
        """Sentence i, with token `slot` replaced by `word` when given."""
        toks = self.sentences[i]
        return "".join((word if j == slot else t.text) + t.ws for j, t in enumerate(toks)).strip()

    def digest(self) -> str:
        h = hashlib.sha256()
        for s in self.sentences:
            h.update("".join(t.text + t.ws for t in s).encode())
            h.update(b"\n")
        return h.hexdigest()[:16]


def tag(sentences: Sequence[str], name: str, analyse_sentences: Callable[[list[str]], list[list[Any]]],
        cache: Path | None = None) -> TaggedCorpus:
    """Tag sentences with `analyse_sentences` (the engine's pipeline for their language, passed in
    by the caller: dictionary/ does not import engine/, which reads dictionaries; it returns
    tokens with text, ws, pos and tag); cached as JSON lines
    (tagging is the slow part)."""
    if cache is not None and cache.is_file():
        with open(cache, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f]
        if len(rows) == len(sentences):
            return TaggedCorpus(name, [[Tok(*t) for t in row] for row in rows])
    tagged = [[Tok(t.text, t.ws, t.pos, t.tag) for t in toks] for toks in analyse_sentences(list(sentences))]
    if cache is not None:
        tmp = cache.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for s in tagged:
                f.write(json.dumps([[t.text, t.ws, t.pos, t.tag] for t in s], ensure_ascii=False) + "\n")
        os.replace(tmp, cache)
    return TaggedCorpus(name, tagged)


def form_key(text: str, pos: str) -> str:
    """How a word is stored: proper nouns keep their case, everything else is lower-cased."""
    return text if pos == "PROPN" else text.lower()


def slot_index(corpus: TaggedCorpus) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
    """(by fine tag, by UPOS) -> [(sentence, token)] for every alphabetic content-word token."""
    by_tag: dict[str, list[tuple[int, int]]] = {}
    by_pos: dict[str, list[tuple[int, int]]] = {}
    for i, toks in enumerate(corpus.sentences):
        for j, t in enumerate(toks):
            if t.pos in CONTENT_POS and t.text.isalpha():
                by_tag.setdefault(t.tag, []).append((i, j))
                by_pos.setdefault(t.pos, []).append((i, j))
    return by_tag, by_pos


def tag_counts(corpus: TaggedCorpus) -> dict[tuple[str, str, str], int]:
    """(stored form, UPOS, tag) -> occurrences, over all alphabetic tokens (function words too,
    so a form's content-word readings can be weighed against all its uses)."""
    counts: dict[tuple[str, str, str], int] = {}
    for toks in corpus.sentences:
        for t in toks:
            if t.text.isalpha():
                key = (form_key(t.text, t.pos), t.pos, t.tag)
                counts[key] = counts.get(key, 0) + 1
    return counts
