"""CPU of the decoder's passes that move restored words, on N moves each: place names moved after
their noun (`restored_names.name_order`, "nuestra Martha oficina" N times), adjectives moved to
their own side (`adjective_sides.on_own_side`, "el primer perro" N times) and 2N overlapping marks
(`verify._Marks`). Linear passes take about 5x the CPU for 5x the moves; the figures behind
docs/speed.md's lin32 paragraph (run under another checkout's package with PYTHONPATH to compare):

    .venv/bin/python tools/per_move_cpu.py 500 2500
"""

from __future__ import annotations

import sys
import time

from prism_translate.engine import adjective_sides, restored_names, verify
from prism_translate.engine.decode import decode
from prism_translate.engine.encode import Substitution


def _cpu(n: int) -> tuple[float, float, float]:
    names = [Substitution(i, "name", "Chicago", "Martha", ("Martha",), "Chicago", i / n, pos="PROPN")
             for i in range(n)]
    decoded = decode("Trabaja en nuestra Martha oficina. " * n, names, target="es")
    t = time.process_time()
    moved = restored_names.name_order(decoded, "es", "en")
    places = time.process_time() - t
    assert moved.text.count("oficina de Chicago") == n
    adjectives = [Substitution(i, "word", "red", "first", ("primer",), "rojo", i / n, pos="ADJ", sides=("post", "pre"))
                  for i in range(n)]
    decoded = decode("Vi el primer perro. " * n, adjectives, target="es")
    t = time.process_time()
    swapped = adjective_sides.on_own_side(decoded, "es")
    sides = time.process_time() - t
    assert swapped.text.count("perro rojo") == n
    marks = verify._Marks("x" * (10 * n))
    t = time.process_time()
    for i in range(n):
        marks.add(10 * i, 10 * i + 5, "unsure")
        marks.add(10 * i + 3, 10 * i + 7, "unsure")
    return places, sides, time.process_time() - t


if __name__ == "__main__":
    for n in map(int, sys.argv[1:] or ["500", "2500"]):
        places, sides, marked = _cpu(n)
        print(f"N={n}: name_order {places:.3f} s, on_own_side {sides:.3f} s, marks {marked:.3f} s CPU")
