"""Nouns of several words the translator reads as one ("ice cream" -> "helado", "summer camp" ->
"campamento de verano"): PRISM* hides such a unit whole, by one noun, and the decoder puts back the
unit's own translation. A substitute for one of its words broke it: "ice" -> "fact" sent "fact
cream", which came back "crema de hecho" and was restored as "crema de hielo".

The unit's translation is what the pair's bilingual dictionaries give its lemma
(morphology.translate_lemmas), written by the target's generator in the unit's number; a unit with
no such translation is left to be hidden word by word, as before."""

from __future__ import annotations

from dataclasses import dataclass

from .. import morphology
from ..dictionary.format import Dictionary, Entry
from .substitution import dictionary_entry
from .tokenize import Token

# Letters a French or Catalan article elides before ("l'helado"): the dictionary's features mark
# a noun "v:" or "c:" by its first sound (dictionary/agreement_probes.py).
_ELIDING = tuple("aeiouhàâäéèêëîïôöùûü")


@dataclass(frozen=True)
class NounUnit:
    first: int  # the unit's first and last token
    last: int
    entry: Entry  # the unit as a dictionary entry: its words, its translation and that one's features


def noun_units(tokens: list[Token], spans: list[tuple[int, int, morphology.Reading]],
               dictionary: Dictionary) -> list[NounUnit]:
    """The units among `spans` (first token, last token, the analyser's reading of the unit) that
    can be hidden whole: the last word is a noun of the dictionary and the pair's bilingual
    dictionaries translate the unit."""
    heads = [dictionary_entry(dictionary, tokens[last]) for _, last, _ in spans]
    asked = [(first, last, reading, head) for (first, last, reading), head in zip(spans, heads)
             if head is not None and head.pos == "NOUN"]
    written = _written([(r.lemma.lower(), r.tags) for _, _, r, _ in asked], dictionary.source, dictionary.target)
    units = []
    for (first, last, reading, head), found in zip(asked, written):
        if found is None:
            continue
        gender, number, text = found
        features = f"{gender}.{number}"
        if head.features[:2] in ("c:", "v:"):
            features = ("v:" if text.lower().startswith(_ELIDING) else "c:") + features
        entry = Entry(reading.lemma, "NOUN", tokens[last].tag, head.confidence, (text,), (1.0,),
                      features, "n>n/1", "", text if " " in text else "")
        units.append(NounUnit(first, last, entry))
    return units


# Each unit's (gender, number, translation) by pair, lemma and tags, once a process: the lemmas
# are the analyser's few thousand, and each cost three round trips to lt-proc for every text.
_known: dict[tuple[str, str, str, tuple[str, ...]], tuple[str, str, str] | None] = {}
_KNOWN_MAX = 10_000


def _written(lemmas: list[tuple[str, tuple[str, ...]]], source: str, target: str) -> list[tuple[str, str, str] | None]:
    """Each unit's translation's gender, number and words, None where the pair's dictionaries or
    the target's generator have none."""
    missing = [k for k in dict.fromkeys(lemmas) if (source, target) + k not in _known]
    if missing:
        if len(_known) > _KNOWN_MAX:
            _known.clear()
        translated = morphology.translate_lemmas(missing, source, target)
        nouns = [(k, t, _number(k[1])) for k, t in zip(missing, translated) if t is not None and t.tags[:1] == ("n",)]
        texts = morphology.generate_phrases([_phrase(t, number) for _, t, number in nouns], target)
        _known.update({(source, target) + k: None for k in missing})
        for (k, t, number), text in zip(nouns, texts):
            # GD (either gender) is the transfer's masculine
            _known[(source, target) + k] = (next((g for g in t.tags if g in ("m", "f")), "m"), number, text) if text else None
    return [_known[(source, target) + k] for k in lemmas]


def _number(tags: tuple[str, ...]) -> str:
    return "pl" if "pl" in tags else "sg"


def _phrase(translation: morphology.Reading, number: str) -> list[tuple[str, tuple[str, ...]] | str]:
    """The generator's input for a translation: its head word inflected, the invariable rest
    of a lemma of several words ("campamento# de verano") as it is."""
    head, _, rest = translation.lemma.partition("#")
    gender = [t if t in ("m", "f", "mf") else "m" for t in translation.tags[1:2]]
    return [(head, ("n", *gender, number)), *rest.split()]
