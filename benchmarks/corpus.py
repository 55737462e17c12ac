"""The benchmarks' texts, without repeats: MCTest stories (shipped in the package) and the
fixture e-mails, each paragraph used once. A text made by repeating is labelled so where used.

- `page(chars, skip)`: a page of many short blocks (a sentence to three of one story, the way a page
  view sends its paragraphs, headings and list items), `chars` characters in all;
- `long_text(chars)`: whole stories joined by blank lines, no story twice;
- `emails()`: the fixture e-mails, whole.
"""

from __future__ import annotations

import re
from pathlib import Path

from prism_translate.evaluation import mctest

ROOT = Path(__file__).resolve().parents[1]
EMAILS = sorted((ROOT / "tests" / "data" / "emails").glob("*.txt"))
_SENTENCE = re.compile(r"(?<=[.!?])[\"']?\s+")


def stories() -> list[str]:
    """Every distinct MC500 train story, in file order."""
    seen, out = set(), []
    for story in mctest.load(mctest.SHIPPED / "mc500.train.tsv"):
        text = story.text.strip()
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def emails() -> list[str]:
    return [p.read_text(encoding="utf-8").strip() for p in EMAILS]


def page(chars: int = 20_000, skip: int = 0) -> tuple[list[str], int]:
    """Short blocks of 1-3 sentences, each from one story, no block twice, about `chars` in all,
    from the stories after the first `skip`; and the number of stories used."""
    blocks: list[str] = []
    seen: set[str] = set()
    total = 0
    for used, story in enumerate(stories()[skip:]):
        sentences = [s for s in _SENTENCE.split(story.replace("\n", " ")) if s.strip()]
        i = 0
        while i < len(sentences):
            take = 1 + (len(blocks) % 3)  # 1, 2, 3 sentences: headings, list items, paragraphs
            block = " ".join(sentences[i:i + take]).strip()
            i += take
            if block in seen:
                continue
            if total + len(block) > chars:
                return blocks, used + 1
            seen.add(block)
            blocks.append(block)
            total += len(block)
    raise ValueError("not enough distinct stories")


def long_text(chars: int = 20_000, skip: int = 0) -> str:
    """Whole stories (after the first `skip`) joined by blank lines, cut at a story's end."""
    return long_text_and_stories(chars, skip)[0]


def long_text_and_stories(chars: int, skip: int = 0) -> tuple[str, int]:
    """long_text, and the number of stories it holds."""
    out, used = "", 0
    for story in stories()[skip:]:
        if len(out) + len(story) + 2 > chars:
            break
        out += story + "\n\n"
        used += 1
    if not used:
        raise ValueError("not enough distinct stories")
    return out.strip(), used


def repeated(text: str, chars: int) -> str:
    """LABEL ANY USE: `text` over and over to `chars` characters (what earlier benchmarks did)."""
    out = text
    while len(out) + len(text) + 2 <= chars:
        out += "\n\n" + text
    return out
