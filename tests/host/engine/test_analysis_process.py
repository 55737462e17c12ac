"""A long text analysed on two cores (the kept second process) gives exactly the tokens of one
process, also after a translation stopped half-way and after the second process died."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from prism_translate.engine import analysis_process, tokenize


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


@pytest.mark.slow  # the second process loads its own spaCy pipeline
def test_a_long_text_is_split_across_two_processes_with_the_same_tokens(second, monkeypatch, spacy_piped):
    text = _text(0, 5)
    expected = _alone(text, monkeypatch)
    _cleared(monkeypatch)
    spacy_piped.clear()
    assert tokenize.analyse(text) == expected
    blocks = tokenize._blocks(text)[1]
    assert 0 < len(spacy_piped) < len(blocks)  # the first share here, most of the rest in the second process
    first = analysis_process.split_at(blocks)
    assert spacy_piped[:first] == blocks[:first] and len(set(spacy_piped)) == len(spacy_piped)


@pytest.mark.slow  # the second process loads its own spaCy pipeline
def test_several_texts_are_shared_whole_and_marked_with_the_same_tokens(second, monkeypatch, spacy_piped):
    """A long text's chunks (or a page's blocks): the second process analyses and marks whole
    texts, and every text's tokens, private values included, are those of one process."""
    texts = [_text(n, n + 1) for n in range(8)]
    expected = [_alone(text, monkeypatch) for text in texts]
    assert any(t.entity for tokens in expected for t in tokens)  # the marks are compared too
    _cleared(monkeypatch)
    spacy_piped.clear()
    assert list(tokenize.analyse_each(texts)) == expected
    here = {line for text in texts[:analysis_process.split_at(texts)] for line in tokenize._blocks(text)[1]}
    assert here <= set(spacy_piped) and len(spacy_piped) < sum(len(tokenize._blocks(t)[1]) for t in texts)


@pytest.mark.slow  # the second process loads its own spaCy pipeline
def test_an_analysis_stopped_half_way_leaves_the_next_one_right(second, monkeypatch):
    texts = [_text(0, 3), _text(3, 6)]
    _cleared(monkeypatch)
    each = tokenize.analyse_each(texts)
    next(each)
    each.close()  # a cancelled translation: the second process's reply is never collected
    _cleared(monkeypatch)
    other = _text(6, 10)
    assert tokenize.analyse(other) == _alone(other, monkeypatch)


@pytest.mark.slow  # the second process loads its own spaCy pipeline
def test_when_the_second_process_dies_this_one_analyses_its_share(second, monkeypatch):
    text = _text(5, 10)
    expected = _alone(text, monkeypatch)
    second._proc.kill()
    second._proc.wait()
    _cleared(monkeypatch)
    assert tokenize.analyse(text) == expected


def test_the_second_process_takes_the_larger_share_in_slices_that_cover_it_once():
    """The host also recognises, encodes and decodes every block: the second process analyses
    most of them, answering slice by slice so that the host encodes each as it comes; long slices
    first (each spaCy call costs), short ones last (what is left at the end, which one core may
    wait on, stays small)."""
    blocks = [f"Block {n} " + "word " * (20 + n % 7) for n in range(120)]
    cut = analysis_process.split_at(blocks)
    pieces = analysis_process.slices(blocks, cut)
    assert 0 < sum(map(len, blocks[:cut])) < sum(map(len, blocks[cut:]))
    assert pieces[0][0] == cut and pieces[-1][1] == len(blocks) and len(pieces) > 1
    assert all(a[1] == b[0] for a, b in zip(pieces, pieces[1:]))
    sizes = [sum(map(len, blocks[a:b])) for a, b in pieces]
    assert all(size <= analysis_process.MAX_SLICE_CHARS + 200 for size in sizes)
    assert sizes[0] > 2 * analysis_process.SLICE_CHARS
    assert all(size <= analysis_process.SLICE_CHARS + 200 for size in sizes[-2:])


class _Child:
    """An AnalysisProcess that answers (each block upper-cased) only once this process has taken
    `idle` slices of its own, or never (`dies`: its pipe breaks after the first slice)."""

    def __init__(self, here_calls: list, idle: int = 0, dies: bool = False) -> None:
        self.here_calls, self.idle, self.dies = here_calls, idle, dies
        self.got: list[list[str]] = []
        self.collected = self.abandoned = 0

    def submit(self, lang, blocks, kind="lines") -> bool:
        if self.dies and self.got:
            return False
        self.got.append(list(blocks))
        return True

    def answered(self) -> int:
        return len(self.got) - self.collected if len(self.here_calls) > self.idle else 0

    def collect(self):
        self.collected += 1
        return None if self.dies else [b.upper() for b in self.got[self.collected - 1]]

    def abandon(self) -> None:
        self.abandoned += 1


def _shared(child: _Child, blocks: list[str]) -> list[str]:
    def here(part):
        child.here_calls.append(list(part))
        return [b.upper() for b in part]

    return list(analysis_process.shared(child, "en", blocks, here))  # type: ignore[arg-type]


BLOCKS = [f"block {n} " + "word " * (15 + n % 5) for n in range(150)]


@pytest.mark.parametrize("idle", [0, 3, 1000])
def test_this_process_takes_slices_from_the_end_while_the_child_has_not_answered(idle):
    """Whatever the child's pace, the tokens come in order and each block is analysed once: while
    the child has not answered, this process analyses the last slices it was not sent."""
    child = _Child([], idle=idle)
    assert _shared(child, BLOCKS) == [b.upper() for b in BLOCKS]
    mine = [b for call in child.here_calls for b in call]
    theirs = [b for part in child.got for b in part]
    assert sorted(mine + theirs) == sorted(BLOCKS)  # once each
    first = analysis_process.split_at(BLOCKS)
    assert mine[:first] == BLOCKS[:first] and theirs[0] == BLOCKS[first]
    if idle:  # a child that has not answered yet: the last slices are done here, from the end
        assert len(child.here_calls) > 1 and child.here_calls[1][-1] == BLOCKS[-1]
    else:
        assert len(child.here_calls) == 1


def test_the_child_gets_its_next_slice_as_soon_as_it_answers_one():
    """This process collects the child's slices in order, only after its own first share and while
    it encodes each block: the child must not wait for that. Whenever it has answered, it gets the
    next slices, IN_FLIGHT of them unanswered at most, and this process keeps what it was not sent."""
    child = _Child([], idle=0)  # answers each slice at once
    shared = analysis_process.shared(child, "en", BLOCKS, lambda part: child.here_calls.append(list(part)) or  # type: ignore[arg-type]
                                     [b.upper() for b in part])
    first = analysis_process.split_at(BLOCKS)
    for _ in range(first):  # this process's own share, handed on block by block: nothing collected yet
        next(shared)
    assert child.collected == 0 and [b for part in child.got for b in part] == BLOCKS[first:]
    shared.close()
    slow = _Child([], idle=1000)  # never answers: two slices are all it is given, the rest is done here
    assert _shared(slow, BLOCKS) == [b.upper() for b in BLOCKS]
    assert len(slow.got) == analysis_process.IN_FLIGHT and len(slow.here_calls) > 2


def test_when_the_child_fails_this_process_analyses_all_it_had_sent():
    child = _Child([], dies=True)
    assert _shared(child, BLOCKS) == [b.upper() for b in BLOCKS]
    assert child.abandoned == 0  # no reply of a dead child is waited for later


def test_a_caller_that_stops_early_leaves_the_childs_replies_to_be_skipped():
    child = _Child([])
    shared = analysis_process.shared(child, "en", BLOCKS, lambda part: [b.upper() for b in part])  # type: ignore[arg-type]
    next(shared)
    shared.close()
    assert child.abandoned == len(child.got) > 0
