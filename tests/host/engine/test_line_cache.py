"""A quoted thread or a text read again: its lines are analysed once, and the tokens are the same."""

from __future__ import annotations

from prism_translate.engine import tokenize

REPLY = "Thanks Maria, Friday at 10:30 works for me.\nI will bring the signed contract."
QUOTED = "On Monday, Maria Lopez wrote:\n> Can we meet on Friday?\n> My number is 0161 496 0000."


def test_lines_analysed_before_are_not_analysed_again_and_give_the_same_tokens(monkeypatch, spacy_piped):
    first = tokenize.analyse_many([QUOTED])[0]
    spacy_piped.clear()
    thread = REPLY + "\n\n" + QUOTED
    again = tokenize.analyse_many([thread])[0]
    assert spacy_piped == REPLY.split("\n")  # only the new lines went through spaCy
    monkeypatch.setattr(tokenize, "LINES", tokenize.KeyedCache(10))  # the same text analysed from scratch
    assert again == tokenize.analyse_many([thread])[0]
    assert tokenize.detokenize(again) == thread
    assert tokenize.detokenize(first) == QUOTED
