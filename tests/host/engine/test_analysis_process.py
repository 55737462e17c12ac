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


def _fresh(monkeypatch) -> list[str]:
    """A cleared line cache, and the blocks this process's own spaCy pipe gets from now on."""
    monkeypatch.setattr(tokenize, "LINES", tokenize.KeyedCache(2_500))
    nlp = tokenize.load_model("en")
    piped: list[str] = []
    real_pipe = type(nlp).pipe

    def pipe(self, texts, **kwargs):
        texts = list(texts)
        piped.extend(texts)
        return real_pipe(self, texts, **kwargs)

    monkeypatch.setattr(type(nlp), "pipe", pipe)
    return piped


def test_a_long_text_is_split_across_two_processes_with_the_same_tokens(second, monkeypatch):
    text = _text(0, 5)
    expected = _alone(text, monkeypatch)
    piped = _fresh(monkeypatch)
    assert tokenize.analyse(text) == expected
    blocks = tokenize._blocks(text)[1]
    assert 0 < len(piped) < len(blocks)  # the first share here, the rest in the second process
    assert piped == blocks[: len(piped)]


def test_an_analysis_stopped_half_way_leaves_the_next_one_right(second, monkeypatch):
    texts = [_text(0, 3), _text(3, 6)]
    _fresh(monkeypatch)
    each = tokenize.analyse_each(texts)
    next(each)
    each.close()  # a cancelled translation: the second process's reply is never collected
    monkeypatch.setattr(tokenize, "LINES", tokenize.KeyedCache(2_500))
    other = _text(6, 10)
    assert tokenize.analyse(other) == _alone(other, monkeypatch)


def test_when_the_second_process_dies_this_one_analyses_its_share(second, monkeypatch):
    text = _text(5, 10)
    expected = _alone(text, monkeypatch)
    second._proc.kill()
    second._proc.wait()
    _fresh(monkeypatch)
    assert tokenize.analyse(text) == expected
