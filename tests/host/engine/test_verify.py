"""The checks find a stand-in left in the translation from the decoded text's word index exactly
where a scan with its pattern finds it (a scan per stand-in made checking long texts slow), and
the first few by a scan that skips texts without the form: the same places either way, odd case
pairs included ("ſ" is "s" to re.IGNORECASE, "İ" is "i")."""

from __future__ import annotations

import random

from prism_translate.engine import translation_index, verify

WORDS = ["el", "la", "casa", "Casa", "CASA", "roja", "año", "AÑO", "3", "cas", "caſa", "İ", "i", "µg", "μg"]
GAPS = [" ", "  ", "\n", "-", ", ", ". ", "_", "'", " (", ""]


def test_stand_ins_are_found_from_the_index_where_the_pattern_finds_them():
    rng = random.Random(11)
    for _ in range(3000):
        text = "".join(rng.choice(WORDS) + rng.choice(GAPS) for _ in range(rng.randint(1, 14)))
        form = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
        scanned = [m.span() for m in translation_index.phrase_pattern(form).finditer(text)]
        indexed = verify._Words(text)
        indexed._scans = verify._SCANS  # past the forms looked up by a scan: from the index
        assert verify._Words(text).hits(form) == indexed.hits(form) == scanned, (text, form)


def test_a_name_part_is_found_as_a_whole_run_by_a_scan_as_by_the_index():
    rng = random.Random(12)
    for _ in range(3000):
        text = "".join(rng.choice(WORDS) + rng.choice(GAPS) for _ in range(rng.randint(1, 14)))
        part = rng.choice([w for w in WORDS if w.isalpha()])
        indexed = verify._Words(text)
        indexed._scans = verify._SCANS
        assert verify._Words(text).runs(part) == indexed.runs(part), (text, part)
