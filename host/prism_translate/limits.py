"""How much text the API takes and how it cuts it, apart from the API itself: the host reports
these in `capabilities` without importing the engine, and the extension reads them there."""

import re

MAX_CHARS = 100_000  # per text: spaCy takes ~10 s for this much on a laptop core
MAX_REQUEST_CHARS = MAX_CHARS  # all texts of one request together: one request is one analysis pass
MAX_TEXTS = 2_000  # paragraphs of one page
CHUNK_CHARS = 2_000  # a long text is encoded and translated in chunks of at most this many characters ...
BATCH_CHARS = 6_000  # ... and chunks go to the translator (and back to the caller) in batches of this size

# A short text (a subject line, one question) is mostly content words: at r = 0.2 more than half
# of them went out as written in 20-32 % of the draws (tools/short_selections.py). Such a text
# hides every word the dictionary knows (r = 1) and is refused (E091) when less than this share
# of its content words could be hidden. The CLI and the host's `translate` apply it; the
# extension sends no r of its own and leaves it to them.
SHORT_WORDS = 6
SHORT_RATIO = 1.0
SHORT_MIN_HIDDEN = 2 / 3


def is_short(text: str) -> bool:
    """Runs of letters and digits."""
    return len(re.findall(r"[^\W_]+", text)) <= SHORT_WORDS


def strength(text: str, ratio: float) -> float:
    """A text's r in a request that names none (by_strength's groups): SHORT_RATIO for a short
    text, `ratio` (the settings') for the others."""
    return SHORT_RATIO if text.strip() and is_short(text) else ratio


def by_strength(texts: list[str], page: bool) -> list[tuple[list[int], dict]]:
    """A request's texts (their indices, in order) in the groups translated alike, each with what
    it overrides: the short ones at r = 1, refused unless enough is hidden (a page's short line
    is never refused: it would hold up its page), and the others as the settings say."""
    short = [i for i, t in enumerate(texts) if t.strip() and is_short(t)]
    rest = sorted(set(range(len(texts))) - set(short))
    if not any(texts[i].strip() for i in rest):  # blank texts go with the others, never on their own
        short, rest = list(range(len(texts))), []
    strict = {"ratio": SHORT_RATIO, **({} if page else {"min_hidden": SHORT_MIN_HIDDEN})}
    return [(group, options) for group, options in ((short, strict), (rest, {})) if group]

