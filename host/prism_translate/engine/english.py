"""Decoding into English: the restored word takes the form the translator gave the substitute.

The dictionary gives each source form its usual English translation ("enviar" -> "send"), but
the translator builds the English around the substitute it received: "comprando" may come back
as "buying", a plural subject may turn a verb into "buys". When the word found in the
translation is an inflection of one of the substitute's candidates, the restored word is given
the same inflection (lemminflect: Penn-tagged English inflection tables), and an "a"/"an" in
front of it follows the restored word's first sound.
"""

from __future__ import annotations

import re


# Words spelt with a vowel letter but said with a consonant sound, and the reverse.
_CONSONANT_SOUND = re.compile(r"^(?:uni(?!nt|mp|nh)|use|usu|uti|ura|ure|uro|eu|ewe|one|once|ubiq|u\b)", re.I)
_VOWEL_SOUND = re.compile(r"^(?:hour|honest|honou?r|heir|[aeiou]|[fhlmnrsx]\b|mp3)", re.I)


def _lemminflect():
    """lemminflect, imported on first use: importing it imports spaCy (and with it thinc, which
    imports torch when installed), which must not happen before the host keeps torch out."""
    import lemminflect

    return lemminflect


def _calendar_names() -> frozenset[str]:
    from .lexicon import LEXICONS

    return frozenset(n for lex in LEXICONS.values() for n in lex.months + lex.weekdays)


def calendar_case(original: str, restored: str) -> str:
    """English writes months and weekdays with a capital: a month or weekday the user wrote
    ("martes", hidden as an ordinary word) is restored as "Tuesday", not "tuesday"."""
    if original.lower() in _calendar_names() and restored.lower() in _ENGLISH_CALENDAR:
        return restored[:1].upper() + restored[1:]
    return restored


_ENGLISH_CALENDAR = frozenset("january february march april may june july august september october november "
                              "december monday tuesday wednesday thursday friday saturday sunday".split())


def article_for(word: str) -> str:
    """'a' or 'an' before `word` (by its first sound, with the common exceptions)."""
    if _CONSONANT_SOUND.match(word):
        return "a"
    return "an" if _VOWEL_SOUND.match(word) else "a"


_UPOS = ("VERB", "NOUN", "ADJ")


def _penn_tag(found: str, candidates: tuple[str, ...], pos: str) -> str | None:
    """The Penn tag that makes `found` out of one of the candidates, if it is an inflection;
    the original word's part of speech is tried first ("dogs" is a plural, not "he dogs")."""
    low = found.lower()
    order = ((pos,) if pos in _UPOS else ()) + tuple(u for u in _UPOS if u != pos)
    for cand in candidates:
        c = cand.lower()
        if " " in c:
            continue
        for upos in order:
            for tag, forms in _lemminflect().getAllInflections(c, upos=upos).items():
                if low in forms and tag not in ("VB", "VBP", "NN", "JJ"):
                    return tag
    return None


def inflections(candidates: tuple[str, ...]) -> tuple[str, ...]:
    """Every inflected form of the single-word candidates ("buy" -> "bought", "buys", ...),
    for finding a substitute's translation the translator inflected irregularly."""
    out: dict[str, None] = {}
    for cand in candidates:
        if " " in cand:
            continue
        for upos in _UPOS:
            for forms in _lemminflect().getAllInflections(cand.lower(), upos=upos).values():
                out.update(dict.fromkeys(forms))
    return tuple(f for f in out if f not in {c.lower() for c in candidates})


def inflect_like(restore: str, found: str, candidates: tuple[str, ...], pos: str = "") -> str:
    """`restore` (the translation of a word of UPOS `pos`) inflected as `found` is inflected
    from the substitute's candidates ("send", found "buying" for candidate "buy" -> "sending");
    unchanged otherwise."""
    if " " in restore or any(found.lower() == c.lower() for c in candidates):
        return restore
    tag = _penn_tag(found, candidates, pos)
    if tag is None:
        return restore
    upos = "VERB" if tag.startswith("VB") else "NOUN" if tag.startswith("NN") else "ADJ"
    for lemma in _lemminflect().getAllLemmas(restore.lower(), upos=upos).get(upos, (restore.lower(),)):
        forms = _lemminflect().getInflection(lemma, tag=tag)
        if forms:
            return forms[0]
    return restore
