"""Words PRISM* leaves as they are (issue 28): the frame of a sentence, which the translator
builds the rest on, not what the text is about. A substitute for one broke what the translator
made around it.

- A verb read only as a copula, an auxiliary or a modal, or one the dictionary translates as one
  (verb_forms.frames, verb_forms.translated_as_auxiliary).
- A degree word: one the source analyser reads only as a pre-adverb or a conjunctive adverb
  ("very", "so", "quite"). The translator's rules for a pre-adverb and its adjective make the
  adjective agree ("molt entusiasmada") and pick the degree's own word ("so happy" -> "tan
  feliç"); an adverb substitute ("primarily", "downwards") came back "molt entusiasmat", "així
  que feliç"."""

from __future__ import annotations

from ..dictionary.format import Dictionary, Entry
from . import verb_forms

_DEGREE = frozenset({"preadv", "cnjadv"})


def frame_word(dictionary: Dictionary, entry: Entry) -> bool:
    """Whether PRISM* leaves the entry's word (above)."""
    if entry.pos == "VERB":
        return verb_forms.frames(dictionary, entry.word) or verb_forms.translated_as_auxiliary(entry)
    source = entry.structure.partition(">")[0]
    return bool(source) and set(source.split(".")) <= _DEGREE
