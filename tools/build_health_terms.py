"""Build host/prism_translate/engine/health_terms.txt: English words and phrases that name an
illness, injury, symptom, pregnancy, a medicine or drug, a treatment or a medical specialty.

    python tools/build_health_terms.py            # needs Debian's wordnet-base (.ci/run installs it)
    python tools/build_health_terms.py --lang es  # health_terms.es.txt (also ca, fr): needs Apertium

A term is a WordNet noun lemma whose most frequent sense lies under one of the roots below
(hyponym closure, instances included): "cancer", "asthma", "insulin", "chemotherapy",
"oncology", "HIV", but not "cast" or "operation", whose first senses are something else. Drugs in
general are left out: WordNet files beer and wine under them.
Source: Princeton WordNet 3.0 (WordNet 3.0 licence, permissive; credited in the file header).

For Spanish, Catalan and French sources the English list is rendered by the local Apertium
(eng-spa, eng-cat, eng-spa | es-fr), one term per line, and a rendering is kept when every word of
it is known to the language's own analyser: a word Apertium did not know comes back in English
and is dropped with its term. Lower case, one per line, in health_terms.<lang>.txt.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

WORDNET = Path(os.environ.get("WNSEARCHDIR", "/usr/share/wordnet"))
OUT = Path(__file__).resolve().parents[1] / "host" / "prism_translate" / "engine" / "health_terms.txt"
# WordNet 3.0 noun synset offsets: disease, illness, physical disorder, injury, symptom,
# medicine (medication), medical procedure, pregnancy, medical specialty, mental disorder,
# mental illness, infection (state and invasion), virus, hormone, therapy, medical care, allergy,
# addiction, pathology (deviation from health), tumour.
ROOTS = frozenset("""14070360 14061805 14052403 14285662 14299637 03740161 01024392 14046202 06043075
14083790 14380140 14174549 13498404 01328702 05407119 00661091 00657604 14532816 14062725 14204950
14235200""".split())


def read_nouns(folder: Path) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(hyponyms of each synset, senses of each lemma in frequency order)."""
    children: dict[str, list[str]] = defaultdict(list)
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue  # licence header
        fields = line.split(" | ")[0].split()
        offset, count = fields[0], int(fields[3], 16)
        p = 4 + 2 * count
        for k in range(int(fields[p])):
            symbol, target, pos = fields[p + 1 + 4 * k: p + 4 + 4 * k]
            if symbol in ("@", "@i") and pos == "n":
                children[target].append(offset)
    senses = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        senses[fields[0]] = fields[-int(fields[2]):]
    return children, senses


def health_terms(folder: Path = WORDNET) -> list[str]:
    children, senses = read_nouns(folder)
    closure, stack = set(), list(ROOTS)
    while stack:
        offset = stack.pop()
        if offset not in closure:
            closure.add(offset)
            stack += children[offset]
    return sorted(lemma.replace("_", " ") for lemma, offs in senses.items() if offs[0] in closure)


def rendered(terms: list[str], lang: str) -> list[str]:
    """The English terms as Apertium renders them into `lang`, where every word is known there."""
    sys.path.insert(0, str(OUT.parents[2]))
    from prism_translate.languages import LANGUAGES
    from prism_translate.translators import get_translator

    out = get_translator("apertium").translate(terms, "en", lang)
    words = sorted({w for t in out for w in t.lower().split()})
    known = set()
    for analyser in LANGUAGES[lang].analysers:
        proc = subprocess.run(["lt-proc", "-w", analyser], input="\n".join(words).encode() + b"\n",
                              capture_output=True, check=True)
        known |= {w for w, line in zip(words, proc.stdout.decode().splitlines()) if "/*" not in line}
    kept = {t.strip().lower() for t in out if t.strip() and all(w in known for w in t.lower().split())}
    return sorted(kept)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="en", help="en (from WordNet), or es, ca, fr (rendered from the English list)")
    args = ap.parse_args()
    if not (WORDNET / "data.noun").exists():
        print(f"WordNet not found in {WORDNET}: sudo apt-get install wordnet-base", file=sys.stderr)
        return 1
    terms = health_terms()
    header = ("# Health terms (illnesses, injuries, symptoms, medicines, treatments), one per line, lower case.\n"
              "# Built by tools/build_health_terms.py from Princeton WordNet 3.0 (c) Princeton University,\n"
              "# WordNet 3.0 licence: https://wordnet.princeton.edu/license-and-commercial-use\n")
    out = OUT
    if args.lang != "en":
        terms = rendered([t for t in terms if len(t.split()) <= 3], args.lang)
        header += f"# Rendered into {args.lang} by Apertium (machine-made), kept where its analyser knows every word.\n"
        out = OUT.with_name(f"health_terms.{args.lang}.txt")
    out.write_text(header + "\n".join(terms) + "\n", encoding="utf-8")
    print(f"{len(terms)} terms -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
