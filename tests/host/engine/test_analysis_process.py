"""A long text analysed on two cores (the kept second process) gives exactly the tokens of one
process, also after a translation stopped half-way and after the second process died."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from prism_translate.engine import tokenize

pytestmark = pytest.mark.slow  # the second process loads its own spaCy pipeline

EMAILS = sorted((Path(__file__).resolve().parents[2] / "data" / "emails").glob("*.txt"))


def _text(first: int, last: int) -> str:
    return "\n\n".join(p.read_text(encoding="utf-8").strip() for p in EMAILS[first:last])


@pytest.fixture
def second():
    process = tokenize.start_second_process("en")
    deadline = time.monotonic() + 300
    while not process.ready("en"):
        assert process.alive() and time.monotonic() < deadline, "the second process did not load its pipeline"
        time.sleep(0.1)
    yield process
    tokenize.stop_second_process()
    assert not process.alive()


def _alone(text: str, monkeypatch) -> list[tokenize.Token]:
    with monkeypatch.context() as m:
        m.setattr(tokenize, "LINES", tokenize.KeyedCache(10))
        m.setattr(tokenize, "_second", None)
        return tokenize.analyse(text)


def _cleared(monkeypatch) -> None:
    """An empty line cache, so that every line is analysed anew."""
    monkeypatch.setattr(tokenize, "LINES", tokenize.KeyedCache(2_500))


def test_a_long_text_is_split_across_two_processes_with_the_same_tokens(second, monkeypatch, spacy_piped):
    text = _text(0, 5)
    expected = _alone(text, monkeypatch)
    _cleared(monkeypatch)
    spacy_piped.clear()
    assert tokenize.analyse(text) == expected
    blocks = tokenize._blocks(text)[1]
    assert 0 < len(spacy_piped) < len(blocks)  # the first share here, the rest in the second process
    assert spacy_piped == blocks[: len(spacy_piped)]


def test_an_analysis_stopped_half_way_leaves_the_next_one_right(second, monkeypatch):
    texts = [_text(0, 3), _text(3, 6)]
    _cleared(monkeypatch)
    each = tokenize.analyse_each(texts)
    next(each)
    each.close()  # a cancelled translation: the second process's reply is never collected
    _cleared(monkeypatch)
    other = _text(6, 10)
    assert tokenize.analyse(other) == _alone(other, monkeypatch)


def test_when_the_second_process_dies_this_one_analyses_its_share(second, monkeypatch):
    text = _text(5, 10)
    expected = _alone(text, monkeypatch)
    second._proc.kill()
    second._proc.wait()
    _cleared(monkeypatch)
    assert tokenize.analyse(text) == expected


def test_the_second_process_takes_the_larger_share_in_slices_that_cover_it_once():
    """The host also recognises, encodes and decodes every block: the second process analyses
    most of them, answering slice by slice so that the host encodes each as it comes."""
    from prism_translate.engine import analysis_process

    blocks = [f"Block {n} " + "word " * (20 + n % 7) for n in range(120)]
    cut = analysis_process.split_at(blocks)
    pieces = analysis_process.slices(blocks, cut)
    assert 0 < sum(map(len, blocks[:cut])) < sum(map(len, blocks[cut:]))
    assert pieces[0][0] == cut and pieces[-1][1] == len(blocks) and len(pieces) > 1
    assert all(a[1] == b[0] for a, b in zip(pieces, pieces[1:]))
    assert all(sum(map(len, blocks[a:b])) <= analysis_process.SLICE_CHARS + 200 for a, b in pieces)
