"""Top-1 quality of PRISM dictionaries, checked against an independent lexicon.

For a random sample of entries (the same keys in every file given, so two estimators built from
the same probes are compared on the same words), the top candidate v of (w, s) counts as right
when some lemma of v (target-language analyser) is a translation of some lemma of w with UPOS s
(source-language analyser) in the lexicon:
  apertium   Apertium's own bilingual dictionary for the pair (eng-spa, eng-cat, spa-eng,
             cat-eng; en->fr composes eng-spa and es-fr, fr->en fr-es and spa-eng). Lenient: any
             sense, any lemma.
  freedict   FreeDict (Debian dict-freedict-eng-fra, -spa-eng, -fra-eng) for the pairs that have
             one; small (4,500-8,800 headwords), so fewer entries can be checked.
Entries whose English lemma the lexicon lacks cannot be checked and are skipped: entries are
drawn in a seeded random order until --sample of them are checked ("drawn" says how many it took).

The command is tools/dictionary_quality.py.
"""

from __future__ import annotations

import gzip
import random
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

from prism_translate.dictionary.format import Dictionary
from prism_translate.dictionary.vocabulary import reading
from prism_translate.languages import apertium_reading

AP = Path("/usr/share/apertium")
_SPA, _CAT, _FR = AP / "apertium-eng-spa", AP / "apertium-eng-cat", AP / "apertium-fr-es"
# Each language's analyser (the one its Apertium pair reads it with).
ANALYSER = {"en-es": _SPA / "eng-spa.automorf.bin", "en-ca": _CAT / "eng-cat.automorf.bin",
            "en-fr": _SPA / "eng-spa.automorf.bin", "es": _SPA / "spa-eng.automorf.bin",
            "ca": _CAT / "cat-eng.automorf.bin", "fr": _FR / "fr-es.automorf.bin"}
# (source, target) -> bilingual dictionaries from source lemmas to target lemmas (French via Spanish).
BIL = {("en", "es"): [_SPA / "eng-spa.autobil.bin"], ("en", "ca"): [_CAT / "eng-cat.autobil.bin"],
       ("en", "fr"): [_SPA / "eng-spa.autobil.bin", _FR / "es-fr.autobil.bin"],
       ("es", "en"): [_SPA / "spa-eng.autobil.bin"], ("ca", "en"): [_CAT / "cat-eng.autobil.bin"],
       ("fr", "en"): [_FR / "fr-es.autobil.bin", _SPA / "spa-eng.autobil.bin"]}
FREEDICT = {("en", "fr"): Path("/usr/share/dictd/freedict-eng-fra"),
            ("es", "en"): Path("/usr/share/dictd/freedict-spa-eng"),
            ("fr", "en"): Path("/usr/share/dictd/freedict-fra-eng")}


def analyser(lang: str, other: str) -> Path:
    """English is analysed with the English side of the pair's own Apertium package."""
    return ANALYSER[f"en-{other}" if lang == "en" else lang]


def upos(lang: str, analysis: str) -> str:
    found = reading(analysis) if lang == "en" else apertium_reading(analysis)
    return found[0] if found else ""


def lt_proc(args: list[str], lines: list[str]) -> list[str]:
    out = subprocess.run(["lt-proc", *args], input="\n".join(lines).encode() + b"\n", capture_output=True, check=True)
    return out.stdout.decode().splitlines()[: len(lines)]


def analyses(analyser: Path, words: list[str]) -> dict[str, list[str]]:
    """word -> its lexical forms, e.g. houses -> [house<n><pl>, house<vblex><pri><p3><sg>]."""
    out = {}
    for w, line in zip(words, lt_proc(["-w", str(analyser)], words)):
        out[w] = [a for a in line.strip().strip("^$").split("/")[1:] if not a.startswith("*")]
    return out


def lemma(form: str) -> str:
    return form.split("<", 1)[0].lower()


def bilingual(bils: list[Path], forms: list[str]) -> dict[str, set[str]]:
    """English lexical form -> target lemmas, through one or two bilingual dictionaries."""
    current = {f: {f} for f in forms}
    for bil in bils:
        flat = sorted({g for gs in current.values() for g in gs})
        outs = lt_proc(["-b", str(bil)], [f"^{g}$" for g in flat]) if flat else []
        step = {}
        for g, line in zip(flat, outs):
            parts = line.strip().strip("^$").split("/")[1:]
            step[g] = {p for p in parts if not p.startswith(("@", "#"))}
        current = {f: {t for g in gs for t in step.get(g, ())} for f, gs in current.items()}
    return {f: {lemma(t) for t in ts} for f, ts in current.items()}


def _b64(s: str) -> int:
    """dictd's index numbers: base 64 with the alphabet A-Z a-z 0-9 + /."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    n = 0
    for c in s:
        n = n * 64 + alphabet.index(c)
    return n


def freedict(path: Path) -> dict[str, set[str]]:
    """FreeDict headword -> set of target words (each translation and its single words)."""
    if not path.with_suffix(".index").exists():
        raise LookupError(f"{path.name} not found: sudo apt-get install dict-{path.name}")
    data = gzip.open(path.with_suffix(".dict.dz")).read()
    entries: dict[str, set[str]] = {}
    for line in path.with_suffix(".index").read_text(encoding="utf-8").splitlines():
        head, off, size = line.split("\t")
        if head.startswith("00database"):
            continue
        body = data[_b64(off):_b64(off) + _b64(size)].decode("utf-8").splitlines()[1:]  # [0]: headword /ipa/ <pos>
        for row in body:
            for t in re.sub(r"^\s*\d+\.\s*", "", row).split(","):
                t = t.strip().lower()
                if t:
                    entries.setdefault(head.strip().lower(), set()).update({t, *t.split()})
    return entries


def check(dicts: list[Dictionary], lexicon: str, sample: int, seed: int) -> list[dict[str, Any]]:
    """Top-1 of `sample` random entries the lexicon can check (drawn in a seeded order; entries
    it cannot check are skipped and counted). LookupError names a lexicon that is not installed."""
    source, target = dicts[0].source, dicts[0].target
    keys = sorted(set.intersection(*({(e.word, e.pos) for e in d.entries} for d in dicts)))
    random.Random(seed).shuffle(keys)
    src = analyses(analyser(source, target), sorted({w for w, _ in keys}))
    # Source lemmas of each (word, UPOS): only analyses with that UPOS
    forms = {k: [a for a in src.get(k[0], []) if upos(source, a) == k[1]] for k in keys}
    if lexicon == "apertium":
        trans = bilingual(BIL[source, target], sorted({a for fs in forms.values() for a in fs}))
        known = {k: set().union(*(trans.get(a, set()) for a in fs)) if fs else set() for k, fs in forms.items()}
    else:
        if (source, target) not in FREEDICT:
            raise LookupError(f"no FreeDict dictionary for {source}->{target} here")
        fd = freedict(FREEDICT[source, target])
        known = {k: set().union(*(fd.get(lemma(a), set()) for a in fs)) if fs else set() for k, fs in forms.items()}
    checkable_keys = [k for k in keys if known[k]][:sample]
    drawn = keys.index(checkable_keys[-1]) + 1 if checkable_keys else len(keys)
    keys = checkable_keys
    results = []
    for d in dicts:
        # every key is an entry of every file (the intersection above)
        top = {k: entry.top for k in keys if (entry := d.lookup(*k)) is not None}
        tops = sorted(set(top.values()))
        tgt = analyses(analyser(target, source), tops)
        right = checkable = 0
        by_pos: Counter[str] = Counter()
        by_pos_right: Counter[str] = Counter()
        wrong = []
        for k in keys:
            if not known[k]:
                continue
            checkable += 1
            v = top[k]
            ok = bool(({v} | {lemma(a) for a in tgt.get(v, [])}) & known[k])
            right += ok
            by_pos[k[1]] += 1
            by_pos_right[k[1]] += ok
            if not ok:
                wrong.append(f"{k[0]}/{k[1]}->{v}")
        results.append({
            "file": str(d.path), "estimator": d.meta["estimator"], "lexicon": lexicon, "drawn": drawn,
            "checked": checkable, "top1": round(right / checkable, 4) if checkable else None,
            "by_pos": {p: f"{by_pos_right[p]}/{by_pos[p]}" for p in sorted(by_pos)},
            "wrong_examples": wrong[:15],
        })
    return results
