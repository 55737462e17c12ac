"""How an evaluator reacts to damaged stories: the sanity figures reported next to its results.

A useful PPS/QS probe must score well on the original story, near chance on an empty one, and
fall steadily as more of the story is destroyed. Damage here: an English -> target -> English
round trip, and a share of the content words (NOUN, PROPN, VERB, ADJ, ADV) replaced by content
words drawn uniformly at random from all content words of the same data file.
"""

from __future__ import annotations

import random
from typing import Sequence

from .run import Harness

CONTENT = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV"})
SHARES = (0.3, 0.6, 0.9, 1.0)


def replace_content_words(token_lists: list[list], share: float, seed: int) -> list[str]:
    """Each story with `share` of its content words replaced at random (seeded, per story)."""
    from ..engine.tokenize import detokenize

    pool = sorted({t.text.lower() for toks in token_lists for t in toks if t.pos in CONTENT and t.is_word})
    out = []
    for i, toks in enumerate(token_lists):
        rng = random.Random(f"{seed}:{i}:{share}")
        slots = [j for j, t in enumerate(toks) if t.pos in CONTENT and t.is_word]
        chosen = set(rng.sample(slots, round(share * len(slots))))
        texts = [rng.choice(pool) if j in chosen else t.text for j, t in enumerate(toks)]
        out.append(detokenize(toks, texts))
    return out


def figures(harness: Harness, seed: int = 0, shares: Sequence[float] = SHARES) -> dict[str, float]:
    from ..engine.tokenize import analyse

    out = dict(harness.references())
    tokens = [analyse(s.text) for s in harness.stories]
    for share in shares:
        out[f"replaced_{round(share * 100)}%"] = harness.accuracy(replace_content_words(tokens, share, seed))
    return out
