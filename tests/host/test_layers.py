"""Imports follow the data flow: the front doors (protocol, commands, cli) call the application
(api, installation, builder), which composes the engine, the dictionaries and the translators;
a module imports only its own layer and the layers below it (LAYERS names every module), and no
module imports itself back through others: no import cycle, lazy imports inside functions
included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "host" / "prism_translate"

# Every module of prism_translate (dotted, "" for the package itself), lowest layer first. A new
# module goes into the layer of what it does; the tests below say when it imports above it.
_RECOGNISERS = ("account", "address", "amount", "calendar", "capitalised", "card", "chat", "chat_mentions",
                "chat_places", "clock_time", "code", "common", "common_phrases", "common_runs", "domain_names",
                "email", "first_words", "greeting", "handle", "headed_names", "headings", "iban", "label", "listed_people",
                "lowercase_names", "name_runs", "names", "number", "office_words", "passage", "password",
                "plural_nouns", "phone", "postcode", "seed_phrase", "signature", "spelt_number", "titles", "topics",
                "units", "url")
LAYERS: dict[str, tuple[str, ...]] = {
    # no PRISM knowledge: errors, folders, sizes, caches, terminal output
    "foundation": ("errors", "paths", "limits", "methods", "keyed_cache", "terminal", "morphology", "usage"),
    # translators know nothing of PRISM (they get x_pub, their settings and their key)
    "translators": ("translators", "translators.base", "translators.checks", "translators.segment", "translators.http",
                    "translators.apertium", "translators.apy", "translators.deepl", "translators.google",
                    "translators.libretranslate", "translators.openai", "translators.registry"),
    # the user's settings, keys and the organisation's policy
    "settings": ("config", "credentials", "policy"),
    "languages": ("languages", "languages.base", *(f"languages.{code}" for code in
                                                    ("ca", "de", "en", "es", "fr", "it", "pt"))),
    "dictionary": ("dictionary", "dictionary.words", "dictionary.format", "dictionary.frames", "dictionary.features",
                   "dictionary.agreement_probes", "dictionary.corpus",
                   "dictionary.vocabulary", "dictionary.estimators"),
    "engine": ("engine", "engine.lexicon", "engine.english", "engine.entities", "engine.clitics",
               "engine.name_genders", "engine.word_classes", "engine.apertium_tagger", "engine.recognisers",
               *(f"engine.recognisers.{name}" for name in _RECOGNISERS), "engine.recognize", "engine.tokenize",
               "engine.language", "engine.health_vocabulary", "engine.health_jargon", "engine.health_kinds", "engine.health_specialists",
               "engine.health", "engine.dp", "engine.substitution", "engine.stand_ins",
               "engine.verb_forms", "engine.frame_words", "engine.pools", "engine.shapes", "engine.noun_units", "engine.source_units", "engine.encode",
               "engine.translation_index", "engine.inflections", "engine.decode",
               "engine.edits", "engine.restored_names", "engine.readings", "engine.adjective_sides", "engine.adjective_forms",
               "engine.unit_determiners", "engine.articles", "engine.name_articles", "engine.numeral_genders",
               "engine.agreement", "engine.verbs", "engine.verb_phrases", "engine.datives", "engine.negation",
               "engine.doubles",
               "engine.verify",
               "engine.analysis_process", "engine.analysis_child"),
    # what the front doors call: the public api, what the installation offers, the dictionary
    # builder, the host's installers and checks
    "application": ("", "repeat", "api", "installation", "builder", "builder.build", "builder.make", "install",
                    "install_system", "doctor"),
    "evaluation": ("evaluation", "evaluation.cache", "evaluation.mctest", "evaluation.metrics", "evaluation.summary",
                   "evaluation.evaluators", "evaluation.pup", "evaluation.run", "evaluation.report",
                   "evaluation.calibration", "evaluation.dictionary_coverage", "evaluation.dictionary_quality"),
    # the front doors: the native-messaging host and the command line
    "front doors": ("protocol", "protocol.envelope", "protocol.framing", "protocol.call", "protocol.actions",
                    "protocol.actions.cancel", "protocol.actions.prepare", "protocol.actions.published", "protocol.actions.settings",
                    "protocol.actions.status", "protocol.actions.translate", "protocol.dispatch", "protocol.serve",
                    "protocol.host", "commands", "commands.build_dictionary", "commands.config", "commands.dictionaries",
                    "commands.doctor", "commands.evaluate", "commands.host", "commands.install_host",
                    "commands.translate", "commands.translators", "cli"),
}
LAYER_OF = {module: rank for rank, modules in enumerate(LAYERS.values()) for module in modules}

# Layers that must not see each other at all (both ways for engine and translators: the PRISM
# engine knows nothing of translators, translators nothing of PRISM).
FORBIDDEN = {
    "engine": {"translators", "protocol", "commands", "cli", "api", "evaluation", "builder", "installation"},
    "dictionary": {"engine", "translators", "protocol", "commands", "cli", "api", "evaluation", "builder"},
    "translators": {"engine", "dictionary", "config", "credentials", "policy", "protocol", "commands", "cli", "api",
                    "evaluation", "builder", "installation"},
    "protocol": {"commands", "cli"},
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(path): path for path in PACKAGE.rglob("*.py")}


def _type_only(tree: ast.Module) -> set[int]:
    """The nodes under `if TYPE_CHECKING:`: imports for annotations, which never run."""
    return {id(node) for block in ast.walk(tree)
            if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
            for statement in block.body for node in ast.walk(statement)}


def imports(module: str) -> set[str]:
    """The prism_translate modules `module` imports when it runs: at the top, or inside a function
    (a lazy import is an import all the same). `from . import x` counts as module x when x is one."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_only(tree)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and (node.module + ".").startswith("prism_translate."):
                target = node.module.removeprefix("prism_translate").lstrip(".")
            else:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                found.add(sub if sub in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("prism_translate.") for a in node.names
                         if a.name.startswith("prism_translate."))
    return {m for m in found if m in MODULES} - {module}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each a cycle or several."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_layer_table_names_every_module_once():
    listed = [m for modules in LAYERS.values() for m in modules]
    assert sorted(set(MODULES) - set(listed)) == [], "a module missing from LAYERS: add it to its layer"
    assert sorted(set(listed) - set(MODULES)) == [], "LAYERS names a module that does not exist"
    assert len(listed) == len(set(listed))


def test_no_import_cycle():
    assert _cycles({module: imports(module) for module in MODULES}) == []


def test_the_cycle_check_sees_a_cycle_and_a_lazy_import():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "api" in imports("protocol.call")  # imported inside a method only


def test_every_module_imports_only_its_layer_and_the_ones_below():
    upward = {module: sorted(m for m in imports(module) if LAYER_OF.get(m, 0) > LAYER_OF.get(module, 0))
              for module in MODULES}
    assert {module: found for module, found in upward.items() if found} == {}


def _first_level(module: str) -> str:
    return module.split(".")[0]


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_does_not_import_the_layers_it_must_not_know(layer):
    bad = {}
    for module in sorted(MODULES):
        if _first_level(module) == layer:
            wrong = {_first_level(m) for m in imports(module)} & FORBIDDEN[layer]
            if wrong:
                bad[module] = sorted(wrong)
    assert not bad



# The fronts of the dictionary and of the builder: finding or loading a dictionary (format) and
# building one (builder/make.py). Corpus, vocabulary, probing and scoring are steps make.py puts
# in order.
FRONTS = {"dictionary": {"dictionary", "dictionary.format"}, "builder": {"builder", "builder.make"}}


def test_commands_reach_the_dictionary_and_the_builder_only_through_their_fronts():
    """A command is a thin front (options -> one call -> messages): the build's orchestration lives
    in builder/make.py, so no command strings the build's steps together itself."""
    bad = {}
    for module in sorted(m for m in MODULES if _first_level(m) == "commands"):
        steps = {m for m in imports(module) if _first_level(m) in FRONTS and m not in FRONTS[_first_level(m)]}
        if steps:
            bad[module] = sorted(steps)
    assert not bad


# The developers' reference folder beside the checkout, spelt in pieces so that this file does
# not name it itself.
_FOLDER = "sh" + "ared"
_OUTSIDE = ("../" + _FOLDER, f'"{_FOLDER}" / "mctest"', f'.parent / "{_FOLDER}"')


def test_nothing_reads_outside_the_repository():
    """A clone of the project alone has everything its code, tests and tools read."""
    root = PACKAGE.parents[1]
    offenders = []
    for folder in ("host", "tests", "tools", "benchmarks"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if any(needle in text for needle in _OUTSIDE):
                offenders.append(str(path.relative_to(root)))
    assert not offenders


def test_no_engine_module_grows_into_a_pile():
    """Issue 29: the engine is small modules with one job each; one past 400 lines holds more than one."""
    long = {str(p.relative_to(PACKAGE)): n for p in (PACKAGE / "engine").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, long
