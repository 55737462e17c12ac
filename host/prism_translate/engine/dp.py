"""PRISM-R and the mixture as Theorem 3.2 has them: the vocabulary V, the per-token draw, epsilon.

The guarantee (docs/privacy.md states and derives it) covers two token sequences that differ in
one token, both tokens' lower-cased forms in V, with the same case shape (lower, Capitalised,
UPPER) and the same entity mask (which positions are names, numbers, codes, addresses, and of
which kind). For it to hold, a token's treatment depends on its own surface form only:

- it is eligible when its lower-cased form is in V, whatever tag spaCy gave it in this context;
- its substitute is drawn uniformly from V, or (mixture) from the confident pool of the form's
  own most used reading in the dictionary, never from the tag the context gave it;
- what is sent is the substitute's form in the token's own case shape.

V is the dictionary's forms less English function words (never hidden and never sent as
substitutes: public, like punctuation) and less offensive words (never sent as substitutes). A
text's own offensive word is eligible and always replaced: its output is then the substitute
draw itself, whose probabilities lie within the same bounds, so epsilon is unchanged.
"""

from __future__ import annotations

import math
import random
import weakref
from dataclasses import dataclass

from ..dictionary.format import Dictionary, Entry
from ..dictionary.words import is_offensive, may_substitute, stop_words

SCOPE = ("per word of the dictionary; names, numbers and codes are hidden separately and their "
         "places are visible")
SCOPE_UNPROTECTED = ("per word of the dictionary; entity protection is off: names and numbers "
                     "the dictionary does not know are sent as they are")


def epsilon(method: str, ratio: float, vocabulary: int, beta: float = 0.5) -> float | None:
    """Theorem 3.2 for PRISM-R, its mixture form for "mix"; None for methods without a guarantee.
    `vocabulary` is |V|, the number of forms a word may be replaced by (len(vocabulary(d)))."""
    if method == "r":
        q = ratio
    elif method == "mix":
        q = ratio * (1 - beta)
    else:
        return None
    if q <= 0:
        return math.inf
    return math.log((vocabulary * (1 - q) + q) / q)


def scope(protect_entities: bool) -> str:
    """What the printed epsilon covers, in one line for the CLI, the host reply and the overlay."""
    return SCOPE if protect_entities else SCOPE_UNPROTECTED


@dataclass(frozen=True)
class Vocabulary:
    readings: dict[str, tuple[Entry, ...]]  # every eligible form -> its entries, most used first
    substitutes: tuple[str, ...]  # V: the forms a word may be replaced by
    always: frozenset[str]  # offensive forms: eligible, always replaced, never a substitute

    def __len__(self) -> int:
        return len(self.substitutes)

    def __contains__(self, form: str) -> bool:
        return form in self.readings

    def display(self, form: str) -> str:
        """How a substitute is written before the token's case is applied: a form that is only
        ever a proper noun keeps its capital ("Sinatra"), any other form is lower case. A
        function of the form alone, so the sent word reveals nothing else."""
        readings = self.readings[form]
        return readings[0].word if all(e.pos == "PROPN" for e in readings) else form

    def reading(self, form: str, pos: str) -> Entry:
        """The form's entry for this UPOS, else its most used one (decoding side only)."""
        return next((e for e in self.readings[form] if e.pos == pos), self.readings[form][0])


_vocabularies: "weakref.WeakKeyDictionary[Dictionary, Vocabulary]" = weakref.WeakKeyDictionary()


def vocabulary(dictionary: Dictionary) -> Vocabulary:
    if dictionary not in _vocabularies:
        readings: dict[str, list[Entry]] = {}
        function_words = stop_words(dictionary.source)
        # Dictionary files list entries by how often they are used (form frequency times the
        # reading's share), so a form's first entry is its most used reading.
        for e in dictionary.entries:
            form = e.word.lower()
            if form not in function_words:
                readings.setdefault(form, []).append(e)
        _vocabularies[dictionary] = Vocabulary(
            {f: tuple(r) for f, r in readings.items()},
            tuple(f for f in readings if may_substitute(f, dictionary.source)), frozenset(f for f in readings if is_offensive(f)))
    return _vocabularies[dictionary]


def draw(form: str, vocab: Vocabulary, ratio: float, beta: float, pool: list[Entry],
         rng: random.Random) -> tuple[str, Entry | None] | None:
    """One eligible token's draw: None when it is kept, else (substitute form, the pool entry it
    came from or None for the uniform branch). `pool` must come from the form's own primary
    reading and hold only forms of V."""
    if form not in vocab.always and rng.random() >= ratio:
        return None
    substitute: tuple[str, Entry | None]
    if beta > 0 and pool and rng.random() < beta:
        entry = rng.choice(pool)
        substitute = (entry.word.lower(), entry)
    else:
        substitute = (rng.choice(vocab.substitutes), None)
    return None if substitute[0] == form else substitute
