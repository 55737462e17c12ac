"""MCTest reading-comprehension sets (Richardson, Burges, Renshaw, EMNLP 2013) in .tsv/.ans form.

One story set per line of the .tsv: id, properties, story, then 4 x (question, A, B, C, D);
newlines and tabs inside a story are escaped as ``\\newline`` and ``\\tab``. Each question
starts with ``one:`` or ``multiple:`` (how many story sentences it needs). The .ans file has
one line per story with the 4 correct letters, tab-separated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ..errors import EvaluationError

LETTERS = "ABCD"
_KINDS = ("one", "multiple")


@dataclass(frozen=True)
class Question:
    kind: str  # "one" or "multiple"
    text: str  # without the kind prefix
    choices: tuple[str, str, str, str]
    answer: int  # index into choices


@dataclass(frozen=True)
class Story:
    id: str
    properties: str
    text: str  # unescaped: real newlines and tabs
    questions: tuple[Question, Question, Question, Question]


def _unescape(story: str) -> str:
    return story.replace("\\newline", "\n").replace("\\tab", "\t")


def _question(field: str, choices: list[str], answer: int, where: str) -> Question:
    kind, sep, text = field.partition(":")
    if not sep or kind.strip() not in _KINDS:
        raise EvaluationError("E081", path=where, detail=f"question {field[:40]!r} does not start with one: or multiple:")
    return Question(kind.strip(), text.strip(), tuple(c.strip() for c in choices), answer)  # type: ignore[arg-type]


def _read_lines(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise EvaluationError("E080", path=str(path), detail=err.strerror or str(err)) from None
    except UnicodeDecodeError as err:
        raise EvaluationError("E080", path=str(path), detail=f"not UTF-8 ({err.reason})") from None
    return [line.rstrip("\r") for line in text.split("\n") if line.strip()]


# MC160 and MC500 ship inside the package (data/mctest/NOTICE.md: copied unchanged, MSR licence).
SHIPPED = Path(__file__).resolve().parents[1] / "data" / "mctest"
SETS = ("mc160.train", "mc160.dev", "mc160.test", "mc500.train", "mc500.dev")


def resolve(name: str | Path) -> Path:
    """A shipped set by name (`mc160.test`, with or without `.tsv`), else the path as given."""
    stem = str(name)[: -len(".tsv")] if str(name).endswith(".tsv") else str(name)
    if stem in SETS and not Path(name).exists():
        return SHIPPED / f"{stem}.tsv"
    return Path(name)


def rendered(name: str | Path, lang: str) -> Path:
    """A set's stories rendered into another language by tools/render_mctest.py
    (`mc160.test` -> `mc160.test.es.tsv` next to it; machine-made, see data/mctest/NOTICE.md)."""
    tsv = resolve(name)
    path = tsv.with_name(f"{tsv.stem}.{lang}.tsv")
    if not path.exists():
        raise EvaluationError("E080", path=str(path), detail=f"not rendered into {lang!r} "
                                                         f"(python3 tools/render_mctest.py {tsv.stem} --to {lang})")
    return path


def answers_path(tsv: str | Path) -> Path:
    """The .ans file that goes with a .tsv file (same name, other suffix)."""
    return Path(tsv).with_suffix(".ans")


def load(tsv: str | Path, ans: str | Path | None = None) -> list[Story]:
    """Parse an MCTest .tsv file (or a shipped set by name, see `resolve`) and its .ans file
    (default: next to it)."""
    tsv = resolve(tsv)
    ans = answers_path(tsv) if ans is None else Path(ans)
    rows = _read_lines(tsv)
    keys = _read_lines(ans)
    if len(rows) != len(keys):
        raise EvaluationError("E082", tsv=str(tsv), ans=str(ans), stories=len(rows), answers=len(keys))
    stories = []
    for n, (row, key) in enumerate(zip(rows, keys), start=1):
        where = f"{tsv}:{n}"
        fields = row.split("\t")
        if len(fields) != 3 + 4 * 5:
            raise EvaluationError("E081", path=where, detail=f"{len(fields)} tab-separated fields, expected 23")
        letters = key.split("\t")
        if len(letters) != 4 or any(letter.strip() not in LETTERS for letter in letters):
            raise EvaluationError("E081", path=f"{ans}:{n}", detail=f"expected 4 letters A-D, got {key[:40]!r}")
        questions = tuple(
            _question(fields[3 + 5 * i], fields[4 + 5 * i : 8 + 5 * i], LETTERS.index(letters[i].strip()), where)
            for i in range(4)
        )
        stories.append(Story(fields[0].strip(), fields[1].strip(), _unescape(fields[2]), questions))  # type: ignore[arg-type]
    if not stories:
        raise EvaluationError("E081", path=str(tsv), detail="no stories")
    return stories


def sample(stories: list[Story], count: int | None, seed: int) -> list[Story]:
    """A seeded sample of `count` stories in file order (all of them when count is None or
    covers the file): the first N stories of a file are not a random subset of it."""
    if count is None or count >= len(stories):
        return list(stories)
    if count < 1:
        raise EvaluationError("E089", detail=f"--stories must be at least 1, got {count}")
    chosen = sorted(random.Random(f"stories:{seed}").sample(range(len(stories)), count))
    return [stories[i] for i in chosen]
