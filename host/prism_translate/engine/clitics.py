"""Verbs written with their object pronouns attached: "consultarlo", "envíeme", "dármelo"
(Spanish), "comprovar-ho", "envia'm" (Catalan), "envoyez-moi", "dites-le" (French). The
dictionary has the verb ("consultar"); the encoder hides the verb and keeps the pronouns on its
substitute ("enviarlo"), so the translator still writes "it" and the decoder finds the
substitute's translation as for any verb."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

_PRONOUNS = {
    "es": ("me", "te", "se", "nos", "os", "le", "les", "lo", "la", "los", "las"),
    "ca": ("me", "te", "se", "nos", "vos", "li", "los", "les", "lo", "la", "ho", "hi", "en", "ne", "m", "t", "s",
           "l", "n", "ns", "us"),
    "fr": ("moi", "toi", "le", "la", "les", "lui", "leur", "nous", "vous", "en", "y"),
}
# Spanish writes them fused to the verb; Catalan and French after a hyphen or an apostrophe.
_FUSED = frozenset({"es"})
_JOINED = re.compile(r"^([^\W\d_]{2,}?)((?:[-'’][^\W\d_]+){1,2})$")
_VOWELS = re.compile(r"[aeiouáéíóúü]+", re.IGNORECASE)
_ACUTE = str.maketrans("áéíóú", "aeiou")


def splits(word: str, lang: str) -> Iterator[tuple[str, str]]:
    """(verb, pronouns) readings of a word, most likely first; the verb may be given without the
    accent the pronouns made it take ("enviándolo" -> "enviando", "lo")."""
    pronouns = _PRONOUNS.get(lang)
    if not pronouns:
        return
    low = word.lower()
    if lang not in _FUSED:
        m = _JOINED.fullmatch(word)
        if m and all(p.lower() in pronouns for p in re.split(r"[-'’]", m.group(2))[1:]):
            yield m.group(1), m.group(2)
        return
    # the last pronoun first: of the 132 pairs and pronouns, only those ending the word are tried
    last = [p for p in pronouns if low.endswith(p)]
    for n in (2, 1):
        combos = ([(first, p) for first in pronouns for p in last if low[: len(low) - len(p)].endswith(first)]
                  if n == 2 else [(p,) for p in last])
        for combo in combos:  # in the order of itertools.product(pronouns, repeat=n)
            suffix = "".join(combo)
            base = word[: len(word) - len(suffix)]
            if len(base) >= 3 and _VOWELS.search(base):
                yield base, word[len(base):]
                plain = base.translate(_ACUTE)
                if plain != base:
                    yield plain, word[len(base):]


def is_pronoun_suffix(text: str, lang: str) -> bool:
    """A pronoun written after a hyphen, which the tokenizer split from its verb ("-moi" of
    "Envoyez-moi", "-ho" of "comprovar-ho")."""
    return text.startswith("-") and text[1:].lower() in _PRONOUNS.get(lang, ())


def attach(verb: str, pronouns: str, lang: str) -> str:
    """A substitute verb with the original's pronouns, spelt as the language wants: Spanish marks
    the stress a longer word moves ("mande" + "me" -> "mándeme", "dar" + "melo" -> "dármelo")."""
    if lang not in _FUSED or re.search("[áéíóú]", verb):
        return verb + pronouns
    groups = list(_VOWELS.finditer(verb))
    two = len(re.findall("|".join(_PRONOUNS[lang]), pronouns)) >= 2
    if verb.lower().endswith("ndo") and len(groups) >= 2:
        group = groups[-2]  # gerund: "enviando" -> "enviándolo"
    elif verb.lower().endswith("r"):
        if not two:
            return verb + pronouns  # "enviarlo"
        group = groups[-1]  # "dármelo"
    elif len(groups) >= 2:
        group = groups[-2]  # "mande" -> "mándeme"
    else:
        return verb + pronouns  # "da" -> "dame"
    text = group.group()
    strong = max((k for k, c in enumerate(text) if c.lower() in "aeo"), default=len(text) - 1)
    accented = unicodedata.normalize("NFC", text[strong] + "\u0301")
    return verb[: group.start() + strong] + accented + verb[group.start() + strong + 1:] + pronouns
