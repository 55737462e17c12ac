"""Segmenting: any text survives the round trip exactly; long lines are cut at sentence
boundaries; requests respect item and size limits; replies must map onto what was sent."""

from __future__ import annotations

import pytest

from prism_translate.errors import TranslatorBadReply
from prism_translate.translators.segment import check_reply, pack, segment, split_text

TEXTS = [
    "Hello there. How are you?\n\n  Indented line!  \r\nlast line",
    "",
    "\n\n",
    "   ",
    "One sentence only",
    "Trailing newline\n",
]


@pytest.mark.parametrize("limit", [5, 12, 40, 10_000])
def test_identity_translation_restores_every_text_exactly(limit):
    seg = segment(TEXTS, limit)
    assert seg.join(seg.pieces) == TEXTS
    assert all(len(p) <= limit for p in seg.pieces)
    assert all(p == p.strip() and p and "\n" not in p for p in seg.pieces)


def test_layout_stays_here_and_only_words_are_sent():
    seg = segment(["  Title\n\nFirst para.\n"], 100)
    assert seg.pieces == ["Title", "First para."]
    assert seg.join(["Título", "Primer párrafo."]) == ["  Título\n\nPrimer párrafo.\n"]


def test_a_line_with_nothing_to_translate_stays_here():
    # APy and others answer a line of "*" with nothing, which a reply check must refuse
    seg = segment(["Hello.\n*\n---\n> >\nBye 2.\n"], 100)
    assert seg.pieces == ["Hello.", "Bye 2."]
    assert seg.join(["Hola.", "Adiós 2."]) == ["Hola.\n*\n---\n> >\nAdiós 2.\n"]


def test_cuts_long_lines_at_sentence_ends_first():
    line = "Mr. Smith arrived. He sat down! Did he stay? “Yes.” Then he left."
    seg = segment([line], 20)
    assert seg.pieces == ["Mr. Smith arrived.", "He sat down!", "Did he stay? “Yes.”", "Then he left."]
    # neighbouring sentences share a piece while they fit: more context for the translator
    assert segment([line], 25).pieces == ["Mr. Smith arrived.", "He sat down! Did he stay?", "“Yes.” Then he left."]
    assert seg.join(seg.pieces) == [line]


def test_falls_back_to_words_then_characters():
    seg = segment(["aaaa bbbb cccc dddddddddddd"], 9)
    assert seg.pieces == ["aaaa bbbb", "cccc", "ddddddddd", "ddd"]
    assert seg.join(seg.pieces) == ["aaaa bbbb cccc dddddddddddd"]


def test_measure_can_count_bytes():
    seg = segment(["ééééé ééééé"], 10, lambda s: len(s.encode()))
    assert seg.pieces == ["ééééé", "ééééé"]


def test_pack_respects_count_and_size():
    pieces = ["a" * 3] * 7
    assert pack(pieces, max_items=3, max_size=100) == [[0, 1, 2], [3, 4, 5], [6]]
    assert pack(pieces, max_items=50, max_size=7) == [[0, 1], [2, 3], [4, 5], [6]]


def test_reply_must_map_onto_what_was_sent():
    assert check_reply("x", ["a", "b"], [" A ", "B"]) == ["A", "B"]
    for bad, why in [(["A"], "1 translations came back for 2 texts sent"),
                     (["A", ""], "translation 2 of 2 is empty"),
                     (["A", "B\nC"], "spans several lines"),
                     ("AB", "not a list of strings"),
                     (["A", None], "not a list of strings")]:
        with pytest.raises(TranslatorBadReply) as info:
            check_reply("x", ["a", "b"], bad)
        assert why in info.value.message and info.value.code == "E033"


def test_split_text_is_lossless_and_bounded_and_prefers_paragraphs():
    text = "  One. Two three four!\n\n  Five six seven eight nine ten eleven. " + "x" * 50 + " tail  "
    for limit in (1, 5, 12, 30, 1000):
        chunks = split_text(text, limit)
        assert "".join(a + b + c for a, b, c in chunks) == text
        assert all(0 < len(body) <= limit for _, body, _ in chunks)
    assert split_text(text, 25)[0] == ("  ", "One. Two three four!", "\n\n  ")
    assert split_text("   \n", 10) == [("   \n", "", "")]
