"""The agreement each noun and adjective shows in the translator's own output, probed when the
dictionary is built (issue 28).

The analyser reads a translation's gender from the target's dictionary, but the translator makes
the article and the adjectives agree by its bilingual dictionary's gender, which may differ:
Apertium writes "the position" "la puesto" (the analyser reads "puesto" as masculine), and its
French, made through Spanish, "le mis blanche" and "l'homme heureuse". What the reader sees
is the translator's agreement, so that is what PRISM* must keep: each noun is sent in "the
white X" and its feature is read off the output, the article's elision ("l'eau", but "le
héros") and the adjective's gender and number ("blanche": feminine singular), with the
article's gender after a "+" where it differs ("el agua blanca": "f.sg+m"), and "/pre" where
the adjective stays before a noun the translator does not know ("el blanco hawk"). Each adjective is
sent in "the X man" and "the X women": where the translator puts it (before or after the noun)
and the forms it takes there ("heureuse" after "homme" stays feminine), with the article's
elision when it stands first ("l'últim home"). These are properties of the dictionary entry,
found once per build in one translator call (and one analyser run) for all its entries, never of
the user's text.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import morphology

# The probes, in each source language: a noun with a determiner and a post-nominal adjective that
# marks gender and number in the targets, and an adjective before a masculine singular and a
# feminine plural noun.
NOUN_PROBE = {"en": "the white {}"}
ADJECTIVE_PROBES = {"en": ("the {} man", "the {} women")}
# The nouns of the adjective probes as the targets' analysers read them.
_PROBE_NOUNS = {"es": ("hombre", "mujer"), "fr": ("homme", "femme"), "ca": ("home", "dona")}
# Where articles elide, they do before these (and a word the translator does not know, which it
# leaves as it is, is elided before by its first letter)
VOWELS = frozenset("aeiouhàáâèéêëíîïòóôöúûüœæ")
_GENDERS = ("m", "f", "mf")
_NUMBERS = ("sg", "pl", "sp")


def describe(source: str) -> str:
    """The probes as the dictionary's meta names them."""
    return "; ".join([NOUN_PROBE.get(source, ""), *ADJECTIVE_PROBES.get(source, ())])


def _words(analyses: list[morphology.Analysis]) -> list[morphology.Analysis]:
    return [a for a in analyses if any(ch.isalnum() for ch in a.surface)]


def _gender_number(reading: morphology.Reading) -> str:
    tags = [t for t in reading.tags if t in _GENDERS] + [t for t in reading.tags if t in _NUMBERS]
    return ".".join(tags)


def _article(analysis: morphology.Analysis) -> morphology.Reading | None:
    return next((r for r in analysis.readings if r.tags[:2] == ("det", "def")), None)


def _elision(article: morphology.Analysis, elides: bool) -> str:
    if not elides:
        return ""
    return "v:" if article.surface.endswith(("'", "’")) else "c:"


def of_noun(analyses: list[morphology.Analysis], elides: bool, word: str = "") -> str | None:
    """A noun's feature from the target analyser's reading of its probe's translation ("the white
    X"); None when the translation has no article first or leaves the adjective before a word it
    did translate (it read `word` as something else: "El blanco gracias" for "thanks")."""
    words = _words(analyses)
    article = _article(words[0]) if words else None
    if article is None:
        return None
    # the probe's adjective: the last word read as an adjective ("blanca"), which agrees with the noun
    at, adjective = next(((k, r) for k in range(len(words) - 1, 0, -1) for r in words[k].readings
                          if r.tags[:1] == ("adj",)), (0, None))
    # an adjective left before the noun: the translator does not know the noun and keeps the
    # source's order ("el blanco hawk"), as it will around a substitute it does not know either
    unknown = "/pre" if adjective is not None and at < len(words) - 1 else ""
    if unknown and words[-1].surface.lower() != word.lower():
        return None
    shown = _gender_number(adjective) if adjective is not None else ""
    own = _gender_number(article)
    if not shown or shown.split(".")[0] not in ("m", "f"):
        shown = own if own.split(".")[0] in ("m", "f") else shown
    article_gender = next((t for t in article.tags if t in ("m", "f")), None)
    mixed = (f"+{article_gender}" if article_gender and shown and shown.split(".")[0] in ("m", "f")
             and article_gender != shown.split(".")[0] else "")
    if unknown and elides:
        # the article in the probe stood before the adjective: before the noun it elides by its letter
        return ("v:" if words[-1].surface[:1].lower() in VOWELS else "c:") + shown + mixed + unknown
    return _elision(words[0], elides) + shown + mixed + unknown


def of_adjective(before_man: list[morphology.Analysis], before_women: list[morphology.Analysis],
                 target: str, elides: bool) -> str | None:
    """An adjective's feature from its two probes' translations: "pre" or "post" (where it stands
    against the noun), then its features before each noun ("post.m.sg/f.pl" for "pequeño",
    "post.f.sg/f.pl" for French "heureuse"); None when the probes cannot be read."""
    nouns = _PROBE_NOUNS.get(target)
    if nouns is None:
        return None
    shown = []
    position = ""
    for analyses, noun in zip((before_man, before_women), nouns):
        words = _words(analyses)
        at = next((k for k, a in enumerate(words) if any(r.lemma == noun for r in a.readings)), None)
        if at is None or not words or _article(words[0]) is None:
            return None
        rest = words[1:at] + words[at + 1:]
        if not rest:
            return None
        if not position:
            position = (_elision(words[0], elides) + "pre") if at > 1 else "post"
        reading = next((r for r in rest[0].readings if r.tags[:1] in (("adj",), ("det",))
                        or "pp" in r.tags), rest[0].readings[0] if rest[0].readings else None)
        # its tags but its category: "m.sg", "pp.m.sg" (a participle), "ord.m.sg"
        shown.append(".".join(reading.tags[1:]) if reading is not None else "")
    return position + "." + "/".join(shown)


def probe(entries: list, translate: Callable[[list[str]], list[str]], source: str,
          target: str, elides: bool) -> list[str | None]:
    """Each entry's probed feature (NOUN and ADJ entries), None where the source has no probe, the
    entry is of another part of speech or its probe's translation cannot be read: one translator
    call and one analyser run for all of them. `elides`: the target elides articles before a
    vowel (the feature then starts with "v:" or "c:", as features.py writes it)."""
    noun_probe, adjective_probes = NOUN_PROBE.get(source), ADJECTIVE_PROBES.get(source)
    texts: list[str] = []
    asked: list[tuple[int, ...]] = []
    for e in entries:
        if e.pos == "NOUN" and noun_probe:
            asked.append((len(texts),))
            texts.append(noun_probe.format(e.word))
        elif e.pos == "ADJ" and adjective_probes:
            asked.append((len(texts), len(texts) + 1))
            texts += [p.format(e.word) for p in adjective_probes]
        else:
            asked.append(())
    if not texts:
        return [None] * len(entries)
    translated = translate(texts)
    analysed = morphology.analyse_lines([t.replace("#", "").replace("*", "") for t in translated], target)
    out: list[str | None] = []
    for entry, where in zip(entries, asked):
        if len(where) == 1:
            out.append(of_noun(analysed[where[0]], elides, entry.word))
        elif len(where) == 2:
            out.append(of_adjective(analysed[where[0]], analysed[where[1]], target, elides))
        else:
            out.append(None)
    return out
