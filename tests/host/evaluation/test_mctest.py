"""The MCTest parser on the sets shipped in the package (data/mctest), and on broken copies."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_translate.errors import EvaluationError
from prism_translate.evaluation import mctest

MCTEST = mctest.SHIPPED


@pytest.mark.parametrize("name, count", [("mc160.train", 70), ("mc160.dev", 30), ("mc160.test", 60),
                                         ("mc500.train", 300), ("mc500.dev", 50)])
def test_every_shipped_set_parses(name, count):
    stories = mctest.load(MCTEST / f"{name}.tsv")
    assert len(stories) == count
    assert len({s.id for s in stories}) == count
    for s in stories:
        assert s.id.startswith(name + ".")
        assert "\\newline" not in s.text and "\\tab" not in s.text
        assert len(s.questions) == 4
        for q in s.questions:
            assert q.kind in ("one", "multiple")
            assert not q.text.startswith(("one:", "multiple:"))
            assert len(q.choices) == 4 and all(q.choices)
            assert 0 <= q.answer < 4


def test_first_test_story_matches_the_txt_file():
    story = mctest.load(MCTEST / "mc160.test.tsv")[0]
    assert story.id == "mc160.test.0"
    assert story.text.startswith("Todd is a small boy in the town of Rocksville.")
    assert "\n" in story.text  # \newline became a real newline
    # the .ans file says A A B B
    assert [q.answer for q in story.questions] == [0, 0, 1, 1]


def test_answers_are_read_from_the_ans_file(tmp_path):
    tsv = tmp_path / "x.tsv"
    tsv.write_text((MCTEST / "mc160.dev.tsv").read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    (tmp_path / "x.ans").write_text("D\tC\tB\tA\n", encoding="utf-8")
    story = mctest.load(tsv)[0]
    assert [q.answer for q in story.questions] == [3, 2, 1, 0]


def _broken(tmp_path, tsv_text: str, ans_text: str) -> Path:
    (tmp_path / "b.tsv").write_text(tsv_text, encoding="utf-8")
    (tmp_path / "b.ans").write_text(ans_text, encoding="utf-8")
    return tmp_path / "b.tsv"


def test_broken_files_are_coded_errors(tmp_path):
    line = (MCTEST / "mc160.dev.tsv").read_text(encoding="utf-8").splitlines()[0]
    with pytest.raises(EvaluationError) as err:
        mctest.load(tmp_path / "missing.tsv")
    assert err.value.code == "E080"
    with pytest.raises(EvaluationError) as err:
        mctest.load(_broken(tmp_path, line + "\n" + line + "\n", "A\tB\tC\tD\n"))
    assert err.value.code == "E082"
    with pytest.raises(EvaluationError) as err:
        mctest.load(_broken(tmp_path, "\t".join(line.split("\t")[:-1]) + "\n", "A\tB\tC\tD\n"))
    assert err.value.code == "E081" and "22 tab-separated fields" in err.value.message
    with pytest.raises(EvaluationError) as err:
        mctest.load(_broken(tmp_path, line + "\n", "A\tB\tE\tD\n"))
    assert err.value.code == "E081"
    with pytest.raises(EvaluationError) as err:
        mctest.load(_broken(tmp_path, line.replace("\tone: ", "\tsome: ").replace("\tmultiple: ", "\tsome: ") + "\n",
                            "A\tB\tC\tD\n"))
    assert err.value.code == "E081"


def test_shipped_sets_are_found_by_name():
    by_path = mctest.load(MCTEST / "mc160.dev.tsv")
    assert mctest.load("mc160.dev") == by_path and mctest.load("mc160.dev.tsv") == by_path
    assert (MCTEST / "LICENSE.txt").is_file() and "copied unchanged" in (MCTEST / "NOTICE.md").read_text()
