from __future__ import annotations

import pytest

from prism_translate.engine import tokenize


@pytest.fixture
def spacy_piped(monkeypatch) -> list[str]:
    """The texts this process's English spaCy pipeline analyses during the test, in order (a test
    clears the list to count from a later point)."""
    nlp = tokenize.load_model("en")
    piped: list[str] = []
    real_pipe = type(nlp).pipe

    def pipe(self, texts, **kwargs):
        texts = list(texts)
        piped.extend(texts)
        return real_pipe(self, texts, **kwargs)

    monkeypatch.setattr(type(nlp), "pipe", pipe)
    return piped
