"""What the product knows about each language, one folder per language (languages/<code>/: its
name, the pipeline that tokenizes and tags it, its Apertium pairs and analysers, the words the
recognisers need, its health vocabulary; base.py says what each holds), and what is common to
them: function words, and how fine tags are written. A new source language is one folder here
plus its dictionaries.

English keeps spaCy's Penn tags. Other languages get a fine tag built from Universal Dependencies
features ("NOUN:Fem:Plur", "VERB:Ind:Fut:1:Sing", "VERB:Inf") by `fine_tag`, from spaCy's
morphology or from an Apertium analysis alike, so the dictionary builder (which reads Apertium's
analyser) and the encoder (which reads the tagger) agree on what "the same form" means.

Catalan has no spaCy pipeline on PyPI; the Spanish one tags Catalan badly (about 6 tokens in 10
right on our hand-checked sample, see README), so Catalan is tokenized and tagged by Apertium's
own Catalan tagger (analyser, constraint grammar, HMM), as the cat-eng translator does.
"""

from __future__ import annotations

import importlib.util
import runpy
import threading
from functools import lru_cache
from pathlib import Path

from . import ca, de, en, es, fr, it, pt
from .base import Language, Lexicon, unaccented

__all__ = ["LANGUAGES", "LEXICONS", "Language", "Lexicon", "unaccented"]

# Source languages: read, tagged and protected (each folder here: its words, its health vocabulary)
LANGUAGES: dict[str, Language] = {m.LANGUAGE.code: m.LANGUAGE for m in (en, es, ca, fr)}
# Every language's words, targets too (month and weekday names for rendering restored dates)
LEXICONS: dict[str, Lexicon] = {m.LEXICON.code: m.LEXICON for m in (en, es, ca, fr, de, it, pt)}


def language(code: str) -> Language | None:
    return LANGUAGES.get(code)


# Names of languages the identifier may read a text as, beyond the ones above (its codes are ISO 639-1).
_OTHER_NAMES = {
    "de": "German", "it": "Italian", "pt": "Portuguese", "nl": "Dutch", "gl": "Galician", "eu": "Basque",
    "oc": "Occitan", "ro": "Romanian", "pl": "Polish", "cs": "Czech", "sv": "Swedish", "da": "Danish",
    "no": "Norwegian", "fi": "Finnish", "el": "Greek", "tr": "Turkish", "ru": "Russian", "uk": "Ukrainian",
    "ar": "Arabic", "zh": "Chinese", "ja": "Japanese", "ko": "Korean", "hi": "Hindi",
}


def name(code: str) -> str:
    lang = LANGUAGES.get(code)
    return lang.name if lang else _OTHER_NAMES.get(code, f"the language coded {code!r}")


# Held while spaCy's modules are first imported or a pipeline is loaded, by whichever thread
# does it: spaCy's language packages import each other, and two threads importing them for the
# first time at once can deadlock (Python then raises _DeadlockError in one: seen with the host's
# warm-up next to a request). stop_words() below reads its file instead, for the same reason.
SPACY_LOCK = threading.RLock()


@lru_cache(maxsize=None)
def stop_words(code: str) -> frozenset[str]:
    """The language's function words: spaCy's list, read as data from its file. Importing
    spacy.lang.<code> would import all of spaCy (seconds, for `capabilities` too), and in the
    host, while the warm-up thread loads spaCy, a second thread importing it fails half-way
    (CPython's import locks and spaCy's circular imports), which read as "no function words"."""
    spec = importlib.util.find_spec("spacy")  # finds the package without importing it
    path = Path(spec.origin).parent / "lang" / code / "stop_words.py" if spec and spec.origin else None
    if path is None or not path.is_file():
        return frozenset()
    return frozenset(runpy.run_path(str(path))["STOP_WORDS"])


# -- fine tags ----------------------------------------------------------------------------------

_FEATURES = {
    "NOUN": ("Gender", "Number"),
    "ADJ": ("Gender", "Number"),
    "Part": ("Gender", "Number"),
    "Fin": ("Mood", "Tense", "Person", "Number"),
}


def fine_tag(pos: str, feats: dict[str, str]) -> str:
    """A fine tag from UD features: enough to keep agreement (gender, number; a verb's mood,
    tense and person), so that a substitute of the same tag keeps the sentence grammatical."""
    if pos in ("VERB", "AUX"):
        form = feats.get("VerbForm", "Fin" if "Mood" in feats else "")
        keys = _FEATURES.get(form, ())
        return ":".join([pos, form] + [feats[k] for k in keys if k in feats]) if form else pos
    keys = _FEATURES.get(pos, ())
    return ":".join([pos] + [feats[k] for k in keys if k in feats])


# Apertium's tags (the es, ca and fr analysers share this scheme) -> UPOS and UD features.
_APERTIUM_POS = {
    "n": "NOUN", "np": "PROPN", "vblex": "VERB", "vbmod": "AUX", "vbser": "AUX", "vbhaver": "AUX",
    "vaux": "AUX", "adj": "ADJ", "adv": "ADV", "preadv": "ADV", "det": "DET", "predet": "DET",
    "prn": "PRON", "pr": "ADP", "cnjcoo": "CCONJ", "cnjsub": "SCONJ", "cnjadv": "SCONJ", "num": "NUM",
    "ij": "INTJ", "rel": "PRON",
}
_APERTIUM_PUNCT = {"sent", "cm", "lpar", "rpar", "lquest", "guio", "apos", "quot", "percent", "rquest"}
_APERTIUM_FEATS = {
    "m": ("Gender", "Masc"), "f": ("Gender", "Fem"), "sg": ("Number", "Sing"), "pl": ("Number", "Plur"),
    "p1": ("Person", "1"), "p2": ("Person", "2"), "p3": ("Person", "3"),
    "inf": ("VerbForm", "Inf"), "ger": ("VerbForm", "Ger"), "pp": ("VerbForm", "Part"),
    "pprs": ("VerbForm", "Part"),
}
_APERTIUM_TENSES = {
    "pri": ("Ind", "Pres"), "pii": ("Ind", "Imp"), "ifi": ("Ind", "Past"), "fti": ("Ind", "Fut"),
    "cni": ("Cnd", ""), "prs": ("Sub", "Pres"), "pis": ("Sub", "Imp"), "fts": ("Sub", "Fut"), "imp": ("Imp", ""),
}
# Apertium's proper-noun classes -> our entity kinds.
APERTIUM_NAMES = {"ant": "PERSON", "cog": "PERSON", "top": "GPE", "org": "ORG"}


def apertium_reading(analysis: str) -> tuple[str, dict[str, str], list[str]] | None:
    """One analysis such as `casa<n><f><pl>` or `escriure<vblex><imp><p2><sg>+em<prn>...` ->
    (UPOS, UD features, Apertium tags) of its first part; None when it has no tags (unknown)."""
    first = analysis.split("+", 1)[0]
    if "<" not in first:
        return None
    tags = [t.strip(">") for t in first[first.index("<") + 1:].split("<")]
    head = tags[0]
    pos = _APERTIUM_POS.get(head) or ("PUNCT" if head in _APERTIUM_PUNCT else "X")
    feats: dict[str, str] = {}
    for t in tags[1:]:
        if t in _APERTIUM_FEATS:
            key, value = _APERTIUM_FEATS[t]
            feats[key] = value
        elif t in _APERTIUM_TENSES and pos in ("VERB", "AUX"):
            mood, tense = _APERTIUM_TENSES[t]
            feats.update({"VerbForm": "Fin", "Mood": mood} | ({"Tense": tense} if tense else {}))
    return pos, feats, tags
