"""How much text the API takes and how it cuts it, apart from the API itself: the host reports
these in `capabilities` without importing the engine."""

import re

MAX_CHARS = 100_000  # per text: spaCy takes ~10 s for this much on a laptop core
CHUNK_CHARS = 2_000  # a long text is encoded and translated in chunks of at most this many characters ...
BATCH_CHARS = 6_000  # ... and chunks go to the translator (and back to the caller) in batches of this size

# A short text (a subject line, one question) is mostly content words: at r = 0.2 more than half
# of them went out as written in 20-32 % of the draws (tools/short_selections.py). Such a text
# hides every word the dictionary knows (r = 1) and is refused (E091) when less than this share
# of its content words could be hidden. extension/background/handlers.js applies the same rule.
SHORT_WORDS = 6
SHORT_MIN_HIDDEN = 2 / 3


def is_short(text: str) -> bool:
    """As the extension counts: runs of letters and digits."""
    return len(re.findall(r"[^\W_]+", text)) <= SHORT_WORDS
