"""On-disk word translation dictionaries (format documented in dictionaries/README.md).

A dictionary maps (source word, UPOS) to ranked target candidates L(w,s) with scores and a
confidence c(w,s). File: one JSON object

    {"format": "prism-dictionary", "version": 1,
     "meta": {"source": "en", "target": "es", "translator": "...", "corpus": "...", "K": 20,
              "estimator": "contrastive", "built": "2026-11-22", ...},
     "entries": [[word, upos, tag, confidence, [[candidate, score], ...], features, structure, frame], ...]}

features (the top translation's grammatical features), structure (how the translator reads
the word and its translation; both features.py) and frame (what the translator writes between a
verb and what follows it; frames.py) are optional: files written before them have five, six or
seven fields per entry and still load.

Words are stored as they occur (lower case except proper nouns); lookups fall back to lower case.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..paths import installed_pairs, search_path  # noqa: F401 (where callers find them)
from ..errors import DictionaryError
from .words import may_substitute

FORMAT = "prism-dictionary"
VERSION = 1
REQUIRED_META = ("source", "target", "translator", "corpus", "K", "estimator", "built")
# meta["size"] is |V|, written by save() and checked on load, so that |V| can be read from a
# file's first bytes (meta precedes the entries) without loading 35,000 entries.
SIZE = "size"
# meta["forms"] is epsilon's |V| (the forms a word may be replaced by, words.py; fewer than the
# entries), written by save() for the same reason. Not checked on load: a newer offensive-word
# list may change it, and the host's replies compute it from the loaded dictionary anyway.
FORMS = "forms"
HEADER_BYTES = 65_536
_HEADER = re.compile(r'\{\s*"format"\s*:\s*"%s"\s*,\s*"version"\s*:\s*%d\s*,\s*"meta"\s*:\s*' % (FORMAT, VERSION))


@dataclass(frozen=True)
class Entry:
    word: str
    pos: str  # UPOS
    tag: str  # fine tag seen most often for this form ("" when unknown)
    confidence: float  # c(w,s): how reliably the top candidate shows up when w is translated
    candidates: tuple[str, ...]  # L(w,s), best first
    scores: tuple[float, ...]
    # the grammatical features of the top translation ("f.sg", "pri.p3.sg"; features.py), "" when
    # the dictionary was built without them (older files) or the analyser could not read it
    features: str = ""
    # how the translator reads the word and what it makes of it ("adv>adv", "adv.n>adj";
    # features.py), "" when the dictionary was built without it
    structure: str = ""
    # what the translator writes between a verb and each probed complement ("|que ser adv|para det|adv";
    # frames.py), "" for other parts of speech and dictionaries built without it
    frame: str = ""
    # the translator's translation of the word when it is several words holding the top candidate
    # ("ordre del dia" for "agenda", "de prop" for "closely"; features.py): what the decoder puts back
    # and looks for as one piece; "" for one word and dictionaries built without it
    unit: str = ""

    @property
    def top(self) -> str:
        return self.candidates[0]

    @property
    def restored(self) -> str:
        """What the decoder puts back for the word: its unit when it has one, else L(w,s,1)."""
        return self.unit or self.top

    @property
    def findable(self) -> tuple[str, ...]:
        """What the word may look like in a translation, best first: its unit (found whole, not
        one word of it with the others left behind, "una nit d'aigua"), then L(w,s)."""
        return ((self.unit,) if self.unit else ()) + self.candidates


class Dictionary:
    def __init__(self, meta: dict, entries: list[Entry], path: Path | None = None) -> None:
        self.meta = meta
        self.path = path
        self.entries = [e for e in entries if e.candidates]
        self._index: dict[tuple[str, str], Entry] = {}
        for e in self.entries:
            self._index.setdefault((e.word, e.pos), e)
            self._index.setdefault((e.word.lower(), e.pos), e)
        self.by_pos: dict[str, list[Entry]] = {}
        for e in self.entries:
            self.by_pos.setdefault(e.pos, []).append(e)
        for pool in self.by_pos.values():
            pool.sort(key=lambda e: -e.confidence)

    @property
    def source(self) -> str:
        return self.meta["source"]

    @property
    def target(self) -> str:
        return self.meta["target"]

    def __len__(self) -> int:
        """The number of (word, UPOS) entries; epsilon's |V| counts forms (engine/dp.py)."""
        return len(self.entries)

    def lookup(self, word: str, pos: str) -> Entry | None:
        return self._index.get((word, pos)) or self._index.get((word.lower(), pos))

    # -- persistence -------------------------------------------------------------------------

    def forms(self) -> int:
        """epsilon's |V|: how many forms (lower case) may be sent in place of a word (words.py)."""
        return len({e.word.lower() for e in self.entries if may_substitute(e.word, self.source)})

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "meta": {**self.meta, SIZE: len(self.entries), FORMS: self.forms()},
            "entries": [
                [e.word, e.pos, e.tag, round(e.confidence, 6), [[c, round(s, 6)] for c, s in zip(e.candidates, e.scores)]]
                + _optional(e)
                for e in self.entries
            ],
        }

    def save(self, path: str | os.PathLike) -> None:
        path = Path(path)
        tmp = path.with_suffix(path.suffix + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(self.to_json(), f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Dictionary":
        path = Path(path)
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except OSError as err:
            raise DictionaryError("E011", path=str(path), detail=err.strerror or str(err)) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise DictionaryError("E011", path=str(path), detail=f"not JSON ({err})") from None
        except RecursionError:  # [[[[... deeper than the parser goes: no dictionary looks like that
            raise DictionaryError("E011", path=str(path), detail="nested too deeply to be a dictionary") from None
        return cls.from_json(data, path)

    @classmethod
    def from_json(cls, data: object, path: Path | None = None) -> "Dictionary":
        def bad(detail: str) -> DictionaryError:
            return DictionaryError("E011", path=str(path or "<memory>"), detail=detail)

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad(f"not a {FORMAT} file")
        if data.get("version") != VERSION:
            raise bad(f"unsupported version {data.get('version')!r} (this PRISM reads {VERSION})")
        meta = data.get("meta")
        if not isinstance(meta, dict) or any(k not in meta for k in REQUIRED_META):
            raise bad(f"meta must hold {', '.join(REQUIRED_META)}")
        rows = data.get("entries")
        if not isinstance(rows, list) or not rows:
            raise bad("no entries")
        entries = []
        for i, row in enumerate(rows):
            try:
                word, pos, tag, conf, cands, *features = row
                if len(features) > 4:
                    raise ValueError(f"{len(row)} fields")
                entries.append(
                    Entry(
                        str(word), str(pos), str(tag), float(conf),
                        tuple(str(c) for c, _ in cands), tuple(float(s) for _, s in cands),
                        *(str(f) for f in features),
                    )
                )
            except (TypeError, ValueError, OverflowError) as err:  # OverflowError: a number too large for a float
                raise bad(f"entry {i} is not [word, upos, tag, confidence, [[candidate, score], ...], features?, structure?, frame?, unit?] "
                          f"({err})") from None
        dictionary = cls(meta, entries, path)
        if SIZE in meta and meta[SIZE] != len(dictionary):
            raise bad(f"meta says {SIZE} {meta[SIZE]!r} but the file has {len(dictionary)} usable entries "
                      f"(edited by hand? correct or remove meta.{SIZE})")
        return dictionary


def _optional(e: Entry) -> list[str]:
    """An entry's optional fields up to the last one it has."""
    fields = [e.features, e.structure, e.frame, e.unit]
    while fields and not fields[-1]:
        fields.pop()
    return fields


def read_meta(path: str | os.PathLike) -> dict | None:
    """A dictionary file's meta from its first bytes, or None when the file does not start with
    format, version and meta (not written by save()): then only a full load can tell."""
    try:
        with open(path, "rb") as f:
            head = f.read(HEADER_BYTES).decode("utf-8", "ignore")  # "ignore": a character cut at the end
    except OSError as err:
        raise DictionaryError("E011", path=str(path), detail=err.strerror or str(err)) from None
    start = _HEADER.match(head)
    if start is None:
        return None
    try:
        meta, _ = json.JSONDecoder().raw_decode(head, start.end())
    except (json.JSONDecodeError, RecursionError):  # the full load says what is wrong (E011)
        return None
    return meta if isinstance(meta, dict) else None


def vocabulary_size(path: Path) -> int:
    """epsilon's |V| for an installed dictionary: from its header when it has one, else by
    loading it."""
    meta = read_meta(path)
    if meta is not None and isinstance(meta.get(FORMS), int) and not isinstance(meta[FORMS], bool):
        return meta[FORMS]
    return _load(path).forms()


_cache: dict[Path, Dictionary] = {}


def find_dictionary(target: str, source: str = "en") -> Dictionary:
    pairs = installed_pairs()
    path = pairs.get(f"{source}-{target}")
    if path is None:
        raise DictionaryError(
            "E010", source=source, target=target, installed=", ".join(sorted(pairs)) or "none"
        )
    return _load(path)


def _load(path: Path) -> Dictionary:
    if path not in _cache:
        _cache[path] = Dictionary.load(path)
    return _cache[path]
