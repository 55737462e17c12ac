"""Imports follow the data flow (STYLE.md): protocol and cli call api; api composes engine and
translators; the lower layers never import the ones above them, nor each other in a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "host" / "prism_translate"

FORBIDDEN = {
    "engine": {"translators", "protocol", "commands", "cli", "api", "evaluation"},
    "dictionary": {"engine", "protocol", "commands", "cli", "api", "evaluation"},
    "translators": {"engine", "dictionary", "protocol", "commands", "cli", "api", "evaluation"},
    "protocol": {"commands", "cli"},
}


def _imported_subpackages(path: Path) -> set[str]:
    """First-level prism_translate modules a file imports (relative or absolute, also inside functions)."""
    depth = len(path.relative_to(PACKAGE).parts) - 1  # 1 inside engine/, 2 inside protocol/actions/
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                if node.level <= depth:
                    continue  # inside the same subpackage
                names = [node.module] if node.module else [a.name for a in node.names]
                found.update(n.split(".")[0] for n in names if n)
            elif node.module and node.module.startswith("prism_translate."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("prism_translate."))
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_does_not_import_the_layers_above_it(layer):
    bad = {}
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        wrong = _imported_subpackages(path) & FORBIDDEN[layer]
        if wrong:
            bad[str(path.relative_to(PACKAGE))] = sorted(wrong)
    assert not bad



def _dictionary_modules(path: Path) -> set[str]:
    """Modules of dictionary/ a file in commands/ imports: `from ..dictionary.make import x` and
    `from ..dictionary import make` both give "make"."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.level not in (0, 2):
            continue
        module = node.module or ""
        if node.level == 0:
            if not module.startswith("prism_translate."):
                continue
            module = module.removeprefix("prism_translate.")
        package, _, rest = module.partition(".")
        if package == "dictionary":
            found.update([rest.split(".")[0]] if rest else [a.name for a in node.names])
    return found


# The dictionary package's two front modules: building a dictionary (make) and finding or loading
# one (format). Corpus, vocabulary, probing and scoring are steps make.py puts in order.
DICTIONARY_FRONTS = {"make", "format"}


def test_commands_reach_the_dictionary_only_through_its_fronts():
    """A command is a thin front (options -> one call -> messages): the build's orchestration lives
    in dictionary/make.py, so no command strings the build's steps together itself."""
    bad = {}
    for path in sorted((PACKAGE / "commands").glob("*.py")):
        steps = _dictionary_modules(path) - DICTIONARY_FRONTS
        if steps:
            bad[path.name] = sorted(steps)
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
