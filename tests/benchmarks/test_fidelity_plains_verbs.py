"""The fidelity benchmark's agreement changes leave out the plain translation's own errors in a
verb's form (benchmarks/bench_fidelity.py, issue 28): a finite verb after a modal, a bare participle
for the source's finite past; read by the real Apertium analysers and spaCy."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from prism_translate import morphology
from prism_translate.dictionary.format import find_dictionary
from prism_translate.engine.tokenize import analyse

# loaded by its path: the benchmarks folder on sys.path would shadow tests/host_process.py
_spec = importlib.util.spec_from_file_location(
    "bench_fidelity", Path(__file__).resolve().parents[2] / "benchmarks" / "bench_fidelity.py")
assert _spec is not None and _spec.loader is not None
bench_fidelity = importlib.util.module_from_spec(_spec)
sys.modules["bench_fidelity"] = bench_fidelity
_spec.loader.exec_module(bench_fidelity)
changed_words, plains_finite_after_modals, plains_own = (
    bench_fidelity.changed_words, bench_fidelity.plains_finite_after_modals, bench_fidelity.plains_own)

# (target, private, plain, whether the change is the plain translation's own error)
CASES = [
    ("es", "¿Puede lo arreglar mañana?", "¿Puede lo arreglamos mañana?", True),
    ("es", "Podría arreglar una llamada.", "Podría arreglamos una llamada.", True),
    ("es", "Ella suele ir al parque.", "Ella suele va al parque.", True),
    ("fr", "Il peut prendre le train.", "Il peut prend le train.", True),
    ("fr", "Elle va chercher le chat.", "Elle va cherche le chat.", True),
    ("ca", "Pot obrir la porta.", "Pot obre la porta.", True),
    ("ca", "Ella va buscar el gat.", "Ella va busca el gat.", True),
    # the private translation's error stays counted: a finite verb after the modal, or no modal
    ("es", "Podría arreglamos una llamada.", "Podría arreglar una llamada.", False),
    ("es", "Ella fue al parque.", "Ella va al parque.", False),
    ("fr", "Il peut prend le train.", "Il peut prendre le train.", False),
    ("ca", "Ella buscar el gat.", "Ella busca el gat.", False),
    # another word before the verb in the private translation: not the same phrase
    ("es", "Quiso arreglar una llamada.", "Podría arreglamos una llamada.", False),
]


@pytest.mark.parametrize("target,private,plain,own", CASES)
def test_plains_finite_verb_after_a_modal_is_set_apart(target, private, plain, own):
    if not morphology.available(target):
        pytest.fail(f"Apertium's {target} analyser is needed")
    mine, theirs = morphology.analyse_lines([private, plain], target)
    changes = changed_words(mine, theirs)
    assert changes, "the two translations differ in one verb's form"
    assert bool(plains_finite_after_modals(changes, mine, theirs, target)) is own


# (target, source, private, plain, whether the change is the plain translation's own error)
PASTS = [
    ("fr", '"No," Chloe said.', '"Non," Chloe dit.', '"Non," Chloe dite.', True),
    ("ca", "The man smiled.", "L'home va somriure.", "L'home somrigut.", True),
    ("es", "The man smiled.", "El hombre sonrió.", "El hombre sonreído.", True),
    # a participle in the source ("named") stays counted where the private one writes a past
    ("es", "He had an old dog named Biscuit.", "Tuvo un perro viejo nombró Biscuit.",
     "Tuvo un perro viejo nombrado Biscuit.", False),
]


@pytest.mark.parametrize("target,source,private,plain,own", PASTS)
def test_plains_bare_participle_for_a_finite_past_is_set_apart(target, source, private, plain, own):
    mine, theirs = morphology.analyse_lines([private, plain], target)
    changes = changed_words(mine, theirs)
    assert len(changes) == 1
    decoded = SimpleNamespace(text=private, spans=[])  # the verb was not hidden: no restored span
    found = plains_own(changes, mine, theirs, decoded, analyse(source, "en"), find_dictionary(target, "en"))
    assert bool(found) is own
