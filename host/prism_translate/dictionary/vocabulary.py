"""The vocabulary V: (word form, UPOS, Penn tag) entries, inflected forms included.

Forms come from `wordfreq`'s English list (web, news, subtitles, books: everyday and business
language, ranked by frequency). The readings of each form, out of context, come from Apertium's
English morphological analyser (`lt-proc` with an eng-* `automorf.bin`), e.g.
runs -> run<n><pl> (NOUN/NNS) and run<vblex><pri><p3><sg> (VERB/VBZ); proper nouns (John, Paris)
are the capitalised forms it analyses as <np>. For forms the tagged corpus uses often enough,
the readings spaCy gives them there (in at least 5% of their uses) are taken instead, with
their most common fine tag; without an analyser the corpus readings alone are used.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
from dataclasses import dataclass
from typing import Iterable

from .corpus import CONTENT_POS, TaggedCorpus, form_key, tag_counts

ANALYSER_GLOB = "/usr/share/apertium/apertium-eng-*/eng-*.automorf.bin"
MIN_USES = 5  # corpus occurrences below which a form's readings come from the analyser
MIN_SHARE = 0.05


@dataclass(frozen=True)
class VocabEntry:
    word: str
    pos: str
    tag: str
    weight: float  # frequency of the form times the share of this reading

    def key(self) -> tuple[str, str]:
        return (self.word, self.pos)


def _verb_tag(tags: list[str]) -> str | None:
    if "inf" in tags or "imp" in tags:
        return "VB"
    if "pres" in tags or "pri" in tags:
        return "VBZ" if "p3" in tags and "sg" in tags else "VBP"
    for t, penn in (("past", "VBD"), ("pp", "VBN"), ("ger", "VBG"), ("pprs", "VBG")):
        if t in tags:
            return penn
    return None


def reading(analysis: str) -> tuple[str, str] | None:
    """One Apertium analysis such as `run<vblex><pri><p3><sg>` -> (UPOS, Penn tag)."""
    if "<" not in analysis or "+" in analysis:  # "+" joins multiword analyses (I'm = I + be)
        return None
    tags = [t.strip(">") for t in analysis[analysis.index("<") + 1 :].split("<")]
    head = tags[0]
    if head == "n":
        return ("NOUN", "NNS" if "pl" in tags else "NN")
    if head == "np":
        return ("PROPN", "NNPS" if "pl" in tags else "NNP")
    if head in ("vblex", "vbhaver", "vbdo"):
        tag = _verb_tag(tags)
        return ("VERB", tag) if tag else None
    if head == "adj":
        return ("ADJ", "JJR" if "comp" in tags else "JJS" if "sup" in tags else "JJ")
    if head in ("adv", "preadv"):
        return ("ADV", "RBR" if "comp" in tags else "RBS" if "sup" in tags else "RB")
    return None


def find_analyser() -> str | None:
    found = sorted(glob.glob(ANALYSER_GLOB))
    return found[0] if found and shutil.which("lt-proc") else None


def analyse_forms(forms: list[str], analyser: str) -> dict[str, set[tuple[str, str]]]:
    """All (UPOS, tag) readings of each form, from one lt-proc call."""
    proc = subprocess.run(
        ["lt-proc", "-w", analyser], input="\n".join(forms).encode("utf-8") + b"\n", capture_output=True, check=True
    )
    lines = proc.stdout.decode("utf-8").splitlines()
    out: dict[str, set[tuple[str, str]]] = {}
    for form, line in zip(forms, lines):
        parts = line.strip().strip("^$").split("/")[1:]
        out[form] = {r for r in map(reading, parts) if r is not None}
    return out


def build_vocabulary(
    corpus: TaggedCorpus, size: int, lang: str = "en", candidates: int = 60000, analyser: str | None = None,
    forms: Iterable[str] | None = None,
) -> list[VocabEntry]:
    """The `size` most frequent (form, UPOS) readings, each with its most common fine tag.

    `forms` replaces wordfreq's list (tests use a handful of words)."""
    from wordfreq import top_n_list, word_frequency

    if forms is None:
        forms = [w for w in top_n_list(lang, candidates) if w.isalpha() and w.isascii() and len(w) > 1]
    forms = list(dict.fromkeys(forms))
    counts = tag_counts(corpus)
    seen: dict[tuple[str, str], dict[str, int]] = {}
    uses: dict[str, int] = {}  # lower-cased form -> corpus occurrences with any UPOS
    for (form, pos, tag), n in counts.items():
        uses[form.lower()] = uses.get(form.lower(), 0) + n
        if pos in CONTENT_POS:
            seen.setdefault((form, pos), {})[tag] = n

    analyses: dict[str, set[tuple[str, str]]] = {}
    if analyser:
        variants = forms + [f.capitalize() for f in forms]
        analyses = analyse_forms(variants, analyser)

    entries: list[VocabEntry] = []
    for form in forms:
        freq = word_frequency(form, lang)
        n_form = uses.get(form, 0)
        readings: dict[tuple[str, str], dict[str, int]] = {}
        for variant in (form, form.capitalize()):
            propn = variant != form  # proper nouns from the capitalised form only
            if n_form < MIN_USES:  # too rare in the corpus to judge: trust the analyser
                for pos, tag in analyses.get(variant, ()):
                    if (pos == "PROPN") == propn:
                        readings.setdefault((form_key(variant, pos), pos), {}).setdefault(tag, 0)
            for pos in CONTENT_POS:
                key = (form_key(variant, pos), pos)
                n = sum(seen.get(key, {}).values())
                # a reading spaCy gives the form in at least MIN_SHARE of its uses (not "the" as ADV)
                if key in seen and (pos == "PROPN") == propn and n >= 2 and n >= MIN_SHARE * n_form:
                    for tag, m in seen[key].items():
                        readings.setdefault(key, {})[tag] = readings.get(key, {}).get(tag, 0) + m
        if not readings:
            continue
        total = sum(sum(t.values()) + 1 for t in readings.values())
        for (word, pos), tags in readings.items():
            tag = max(sorted(tags), key=lambda t: tags[t])
            entries.append(VocabEntry(word, pos, tag, freq * (sum(tags.values()) + 1) / total))
    entries.sort(key=lambda e: (-e.weight, e.word, e.pos))
    return entries[:size]
