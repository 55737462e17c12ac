"""The public API: scramble, unscramble and translate_private. The CLI and the
native-messaging host are thin front doors over these functions."""

from __future__ import annotations

import gc
import hashlib
import json
import logging
import random
import sys
import threading
from collections import deque
from contextlib import contextmanager
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Callable, Generator, Iterable, Iterator, Sequence

from . import config, installation, morphology
from .dictionary.format import Dictionary, find_dictionary, installed_pairs
from .engine import agreement, datives, doubles, dp, language, negation, verb_phrases, verbs, verify
from .engine.decode import Decoded, decode
from .engine.encode import Encoded, encode, read_units_ahead
from .engine.pools import prepare as prepare_pools
from .engine.stand_ins import words_of
from .engine.tokenize import Token, analyse, analyse_each, load_model, start_second_process
from .engine.verify import Mark
from .errors import EngineError, PrismError
from .limits import BATCH_CHARS, CHUNK_CHARS, MAX_CHARS, strength
from .methods import METHODS
from .keyed_cache import KeyedCache
from .repeat import Draws
from .translators.base import Translator
from .translators.registry import BACKENDS, get_translator
from .translators.segment import Layout, PieceTranslator, Segmented, split_text

log = logging.getLogger(__name__)


@dataclass
class PrivateTranslation:
    translation: str  # y_pri
    sent: str  # x_pub: exactly what the translator received
    received: str  # y_pub
    hidden: int
    hidden_entities: int
    unrestored: list[str]
    epsilon: float | None
    method: str
    ratio: float
    source: str
    target: str
    translator: str
    dictionary: str
    words: int = 0
    marks: list[Mark] = field(default_factory=list)  # spans of `translation` not to trust blindly
    warnings: list[str] = field(default_factory=list)
    scope: str | None = None  # what epsilon covers, one line (engine/dp.py), when epsilon is finite

    def to_dict(self) -> dict:
        d = asdict(self)
        if d["epsilon"] is not None and d["epsilon"] == float("inf"):
            d["epsilon"] = None
        # Offsets for the extension: JavaScript strings count UTF-16 code units.
        d["marks"] = [{"start": _utf16(self.translation, m.start), "end": _utf16(self.translation, m.end),
                       "reason": m.reason, "text": m.text} for m in self.marks]
        return d


def _utf16(text: str, index: int) -> int:
    return len(text[:index].encode("utf-16-le")) // 2


def _rng(seed: int | None) -> random.Random:
    # Unseeded runs draw from the OS's CSPRNG: substitutes must not be predictable.
    return random.Random(seed) if seed is not None else random.SystemRandom()


class _CollectorPause:
    """Python's cyclic garbage collector off while texts are decoded. A decode makes and drops
    tens of thousands of objects, which reference counting frees; the collections they set off
    scanned every object made since the warm-up, more of them the longer the text (on 100,000
    characters three full collections, 0.3-0.45 s of the decode's 1.4-1.9 s of CPU; 0.03 of 0.24 s
    on 20,000). The few cycles a decode leaves are collected once it is on again. One pause for
    nested and concurrent decodes (a page's texts side by side, the host's threads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._resume = False

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            if not self._holders:
                self._resume = gc.isenabled()
                gc.disable()
            self._holders += 1
        try:
            yield
        finally:
            with self._lock:
                self._holders -= 1
                if not self._holders and self._resume:
                    gc.enable()


collector_paused = _CollectorPause()


def scramble(text: str, dictionary: Dictionary, method: str = "star", ratio: float = 0.2, *,
             beta: float = 0.5, seed: int | None = None, rng: random.Random | None = None,
             protect_entities: bool = True, tokens: list[Token] | None = None,
             avoid: frozenset[str] = frozenset()) -> Encoded:
    """x_pri -> x_pub with its substitution history (kept in memory only). `tokens`: the text
    already analysed (analyse_many does a batch of texts at once). `avoid`: words of the texts
    sent with it, which no stand-in name may spell."""
    if len(text) > MAX_CHARS:
        raise EngineError("E021", size=len(text), limit=MAX_CHARS)
    return encode(analyse(text, dictionary.source) if tokens is None else tokens, dictionary, method, ratio,
                  beta=beta, rng=rng or _rng(seed), protect_entities=protect_entities, avoid=avoid)


@collector_paused()
def unscramble(y_pub: str, encoded: Encoded) -> Decoded:
    decoded = decode(y_pub, encoded.substitutions, words=encoded.method != "nodecode", target=encoded.target)
    # restored words take the gender, number and verb form the translator gave their stand-ins,
    # unless that verb form is not of the class their own tag asks for
    decoded = verbs.enclitics(verbs.find_by_lemma(decoded, encoded.target), encoded.target)
    decoded = verbs.repair(agreement.repair(decoded, encoded.target, encoded.source), encoded.target)
    decoded = verbs.past_auxiliaries(decoded, encoded.target, encoded.tokens)
    decoded = verb_phrases.infinitives(decoded, encoded.target, encoded.tokens)
    decoded = verbs.subjects(verbs.bare_unknown(decoded, encoded.target, encoded.tokens), encoded.target)
    decoded = negation.wrap(datives.rebuild(decoded, encoded.target, encoded.source), encoded.target, encoded.source)
    return doubles.function_doubles(verb_phrases.complements(decoded, encoded.target), encoded.target)


def keep_loaded() -> None:
    """After a long-lived process's warm-up: what it has loaded (spaCy's pipeline, the dictionary
    and its pools, word lists) stays for its life, and Python's cyclic garbage collector need not
    scan it again. Each full collection scanned all of it: on a 100,000-character text, the two or
    three a decode set off cost half a second of CPU, and made decoding superlinear in the text."""
    gc.collect()  # what is garbage now is not kept for good
    gc.freeze()


def _resolve_translator(translator: Translator | str) -> Translator:
    """A translator object as given, or backend `translator` with its defaults (no key)."""
    return translator if isinstance(translator, Translator) else get_translator(translator)


@dataclass
class _Prepared:
    """Texts encoded and ready to go: x_pub of each text that is not blank, with its history."""
    texts: Sequence[str]
    encoded: list[Encoded | None]
    dictionary: Dictionary
    method: str
    ratio: float
    source: str
    target: str
    protect_entities: bool

    @property
    def to_send(self) -> list[str]:
        return [e.text for e in self.encoded if e is not None]


def _encoder(texts: Sequence[str], dictionary: Dictionary, *, method: str = "star", ratio: float = 0.2,
             ratios: Sequence[float] | None = None, beta: float = 0.5, seed: int | None = None,
             protect_entities: bool = True, repeat: Draws | None = None,
             analyses: KeyedCache | None = None, avoid: frozenset[str] = frozenset(),
             encodings: KeyedCache | None = None) -> Generator[Encoded | None, None, None]:
    """Each text encoded (None for a blank one), in order, as soon as its analysis is done: the
    texts go through one analysis pass, and a caller sends the first ones while it goes on.
    `ratios`: each text's own r instead of `ratio` (a page's short lines hide more). `analyses`
    holds texts analysed ahead of the request (Session.analyse_ahead). No stand-in name spells a
    word of any of the texts, nor of `avoid` (words of texts sent in other requests of the same
    view). `encodings` holds texts encoded ahead (Session.analyse_ahead with settings): with
    each text's own draws (`repeat`, no seed) an encoding depends only on what its key holds, so
    one made ahead is the one made now; what is encoded here is kept there too. The settings and
    sizes are checked before the first text is encoded."""
    if method not in METHODS:
        raise EngineError("E022", method=method, choices=", ".join(METHODS))
    ratios = list(ratios) if ratios is not None else [ratio] * len(texts)
    for r in {ratio, *ratios}:
        config.check("ratio", r)  # finite and in range
    config.check("beta", beta)
    for text in texts:
        if len(text) > MAX_CHARS:
            raise EngineError("E021", size=len(text), limit=MAX_CHARS)
    avoid = avoid | words_of(texts)
    nonblank = [(t, r) for t, r in zip(texts, ratios) if t.strip()]
    settings = (method, beta, protect_entities)
    keyed = encodings if repeat is not None and seed is None else None
    keys: list[list | None] = (list(_encoding_keys(nonblank, dictionary, settings, avoid)) if keyed is not None
                               else [None] * len(nonblank))
    kept = [keyed.get(key) if keyed is not None and key is not None else None for key in keys]
    fresh = _encoded_here([(t, r, key) for (t, r), key, enc in zip(nonblank, keys, kept) if enc is None],
                          dictionary, settings, _rng(seed), repeat if seed is None else None, analyses, avoid, keyed)
    slots = iter(kept)
    try:
        for text in texts:
            if not text.strip():
                yield None
                continue
            enc = next(slots)
            yield enc if enc is not None else next(fresh)
    finally:
        fresh.close()  # a caller that stops early frees the pipeline


def _encoding_keys(texts: list[tuple[str, float]], dictionary: Dictionary, settings: tuple,
                   avoid: frozenset[str]) -> list[list]:
    """What each text's encoding depends on, with its own draws: the text, its r, the dictionary,
    the settings and the words no stand-in may spell (one digest of them for all the texts)."""
    words = hashlib.sha256(json.dumps(sorted(avoid), ensure_ascii=False).encode("utf-8")).hexdigest()
    return [[text, ratio, dictionary.source, dictionary.target, str(dictionary.path), len(dictionary), *settings, words]
            for text, ratio in texts]


def _encoded_here(todo: list[tuple[str, float, list | None]], dictionary: Dictionary, settings: tuple,
                  rng: random.Random, repeat: Draws | None, analyses: KeyedCache | None, avoid: frozenset[str],
                  keyed: KeyedCache | None) -> Generator[Encoded, None, None]:
    """_encoder's texts not encoded ahead, in one analysis pass, each kept under its key in `keyed`."""
    method, beta, protect_entities = settings
    analysed = _analysed([text for text, _, _ in todo], dictionary.source, analyses)
    read = 0  # texts whose units the source's analyser has read (read_units_ahead)
    try:
        with morphology.remembering():  # those readings, for the encoder to find
            for done, (text, ratio, key) in enumerate(todo):
                tokens = next(analysed)
                if done == read:
                    read += read_units_ahead([t for t, _, _ in todo[done:]],
                                             morphology.source_reader(dictionary.source, dictionary.target), method)
                own = repeat.rng(text, dictionary, (method, ratio, beta, protect_entities)) if repeat is not None else rng
                enc = scramble(text, dictionary, method, ratio, beta=beta, rng=own,
                               protect_entities=protect_entities, tokens=tokens, avoid=avoid)
                yield keyed.put(key, enc) if keyed is not None and key is not None else enc
    finally:
        analysed.close()


def _prepare(texts: Sequence[str], dictionary: Dictionary, *, method: str = "star", ratio: float = 0.2,
             beta: float = 0.5, seed: int | None = None, protect_entities: bool = True,
             repeat: Draws | None = None, analyses: KeyedCache | None = None) -> _Prepared:
    """Encode every text (an error in any of them means nothing of them is sent)."""
    encoded = list(_encoder(texts, dictionary, method=method, ratio=ratio, beta=beta, seed=seed,
                            protect_entities=protect_entities, repeat=repeat, analyses=analyses))
    return _Prepared(texts, encoded, dictionary, method, ratio, dictionary.source, dictionary.target,
                     protect_entities)


def _analysed(texts: list[str], lang: str, analyses: KeyedCache | None) -> Generator[list[Token], None, None]:
    """Tokens of each text, in order: those analysed ahead from the cache, the others in one pass."""
    kept = [analyses.get([lang, t]) if analyses is not None else None for t in texts]
    fresh = analyse_each([t for t, k in zip(texts, kept) if k is None], lang)
    try:
        for k in kept:
            yield k if k is not None else next(fresh)
    finally:
        fresh.close()


CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"})


def _hidden_share(encoded: Encoded) -> float | None:
    """The share of the text's content words (nouns, verbs, adjectives, adverbs, names, numbers)
    that x_pub does not carry as written; None when it has none. A word outside the dictionary
    is sent as written; a weekday or number stand-in that was drawn equal to the original by
    chance is not: the draw does not depend on the original, so it tells the translator nothing."""
    content = [i for i, t in enumerate(encoded.tokens) if t.pos in CONTENT_POS and t.is_word]
    if not content:
        return None
    replaced = {s.index for s in encoded.substitutions}
    return sum(i in replaced for i in content) / len(content)


def _require_hidden(encoded: Sequence[Encoded | None], minimum: float) -> None:
    """Refuse (E091), before anything is sent, a text of which less than `minimum` of the content
    words would be hidden."""
    for enc in encoded:
        share = _hidden_share(enc) if enc is not None else None
        if share is not None and share < minimum - 1e-9:  # two of three is two thirds, whatever the rounding
            raise EngineError("E091", share=f"{share:.0%}", minimum=f"{minimum:.0%}")


def _send(backend: Translator, prepared: _Prepared) -> list[str]:
    to_send = prepared.to_send
    if not to_send:
        return []
    received = backend.translate(to_send, prepared.source, prepared.target)
    log.info("translated %d texts with %s (%s, r=%s)", len(to_send), backend.name, prepared.method, prepared.ratio)
    return received


def _complete(prepared: _Prepared, received: Sequence[str], backend: Translator) -> list[PrivateTranslation]:
    """Decode what came back: y_pub -> y_pri, the texts side by side, so that their repairs ask
    lt-proc together, stage by stage (morphology.together)."""
    p = prepared
    name = p.dictionary.meta.get("name", f"{p.source}-{p.target}")
    replies = iter(received)
    pairs = [(text, enc, next(replies) if enc is not None else text) for text, enc in zip(p.texts, p.encoded)]
    with morphology.remembering(), collector_paused():  # the texts' decoders ask the analyser about the same words
        return morphology.together([partial(_completed, p, text, enc, y_pub, backend, name)
                                    for text, enc, y_pub in pairs])


def _completed(p: _Prepared, text: str, enc: Encoded | None, y_pub: str, backend: Translator,
               name: str) -> PrivateTranslation:
    if enc is None:
        return PrivateTranslation(text, text, text, 0, 0, [], None, p.method, p.ratio, p.source, p.target,
                                  backend.label(), name)
    dec = unscramble(y_pub, enc)
    marks = verify.check(dec, enc.text, p.target)
    unrestored = [s.original for s in dec.unrestored]
    return PrivateTranslation(
        translation=dec.text, sent=enc.text, received=y_pub, hidden=enc.hidden,
        hidden_entities=enc.hidden_entities, unrestored=unrestored,
        epsilon=enc.epsilon, method=p.method, ratio=enc.ratio, source=p.source, target=p.target,
        translator=backend.label(), dictionary=name, words=enc.words,
        marks=marks, warnings=verify.warnings(marks, unrestored),
        scope=dp.scope(p.protect_entities) if enc.epsilon is not None and enc.epsilon < float("inf") else None,
    )


AUTO = "auto"  # source "auto": the local language identifier picks it (no text leaves the machine)


def detect_source(texts: Sequence[str], target: str) -> str:
    """Among the source languages installed for `target`, the one the local language identifier
    (engine/language.py) gives the largest share of the texts."""
    sources = sorted({pair.split("-")[0] for pair in installed_pairs() if pair.endswith(f"-{target}")})
    if not sources:
        find_dictionary(target, AUTO)  # E010, listing the installed pairs
    shares = {source: language.source_share(texts, source) or 0.0 for source in sources}
    best = max(sources, key=lambda source: shares[source])
    language.check_detected(texts, best, sources)
    return best


def _named_source(source: str, texts: Sequence[str], target: str, dictionary: Dictionary | None = None) -> str:
    """The source language a request names; for "auto", the given dictionary's, or the one the
    local language identifier reads in the texts."""
    if source != AUTO:
        return source
    return dictionary.source if dictionary else detect_source(texts, target)


def translate_private_many(texts: Sequence[str], target: str, *, source: str = "en", method: str = "star",
                           ratio: float = 0.2, beta: float = 0.5, seed: int | None = None,
                           translator: Translator | str = "apertium", protect_entities: bool = True,
                           dictionary: Dictionary | None = None, repeat: Draws | None = None,
                           min_hidden: float | None = None) -> list[PrivateTranslation]:
    """Translate several texts privately with one translator call. Blank texts are not sent, and
    nothing is unless the texts together look like the source language (E025). With `repeat`
    (and no seed), each text's draws are its own (repeat.py): a text translated before with the
    same settings is sent as the same x_pub.
    With `min_hidden`, nothing is sent if some text would have less than that share of its
    content words hidden (E091). `translator`: a Translator, or a backend's name built with its
    defaults (the api reads no settings: a front door passes the one the user's settings name)."""
    if method not in METHODS:
        raise EngineError("E022", method=method, choices=", ".join(METHODS))
    source = _named_source(source, texts, target, dictionary)
    dictionary = dictionary or find_dictionary(target, source)
    backend = _resolve_translator(translator)
    language.check(texts, source)
    prepared = _prepare(texts, dictionary, method=method, ratio=ratio, beta=beta, seed=seed,
                        protect_entities=protect_entities, repeat=repeat)
    if min_hidden is not None:
        _require_hidden(prepared.encoded, min_hidden)
    return _complete(prepared, _send(backend, prepared), backend)


def translate_private(text: str, target: str, **options) -> PrivateTranslation:
    if not text.strip():
        raise EngineError("E020")
    return translate_private_many([text], target, **options)[0]


@dataclass
class Batch:
    """One batch of a long translation: each chunk's result (with the whitespace around the chunk
    put back) and the index of the input text it belongs to, in order, and the progress."""

    items: list[tuple[int, PrivateTranslation]]
    done: int
    total: int


# A sample holding each kind of value the engine protects (never sent: see Session.warm_up).
_WARM_UP_SAMPLE = ("Dear Anna Smith, invoice INV-2024-0042 for 1,250.00 EUR from Acme Ltd is due on 3 May. "
                   "Call +44 20 7946 0958 or write to anna@example.com; details at https://example.com/pay.")


ANALYSED_AHEAD = 16  # chunks: a right-clicked selection or two


class Session:
    """What a long-lived front door (the native-messaging host) keeps between requests: one
    translator, and with it one HTTP session, reused until the settings that built it change;
    and the user's draws, so that translating a text again reveals nothing new.
    `requests` has the same shape: `requests.get` is a one-off `Session().request`."""

    chunk_chars = CHUNK_CHARS
    batch_chars = BATCH_CHARS

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._translator: Translator | None = None
        self._built_from: tuple | None = None
        self.repeat = Draws()  # the same text draws the same substitutes, in every session
        self.analyses = KeyedCache(ANALYSED_AHEAD)  # texts analysed before the user asked (memory only)
        self.encodings = KeyedCache(ANALYSED_AHEAD)  # ... and encoded (x_pub with its history, memory only)
        # the words of the texts last analysed ahead (a message view's paragraphs): the view may
        # send them in several requests, and no stand-in name of one may spell a word of another
        self._ahead_words: frozenset[str] = frozenset()
        # one thread, kept, waits on the translator (a subprocess or a server) while spaCy runs
        self._wire_thread = ThreadPoolExecutor(1, thread_name_prefix="translator")

    def translator(self, settings: config.Settings) -> Translator:
        """The translator of `settings` (the front door reads them for each request, so that
        `prism config set` in a shell takes effect too), rebuilt only when its name or one of its
        settings changed."""
        name = settings.translator
        built_from = (name, *(settings[key] for key in BACKENDS[name].config_keys))
        with self._lock:
            if self._translator is None or self._built_from != built_from:
                self._translator = installation.translator(settings)
                self._built_from = built_from
            return self._translator

    def warm_up(self, settings: config.Settings) -> None:
        """Get ready what the first English request needs, sending nothing: the translator's
        local processes and the decoder's lt-proc programs first (they load on the other core),
        the English spaCy pipeline, the dictionary with the encoder's pools, then one private
        round trip of a sample through the analyser, language check, encoder, decoder and checks,
        whose first use loads word lists and libraries."""
        target = settings.target
        self.translator(settings).prepare("en", target)
        morphology.start(target)  # the decoder's lt-proc programs, loading on the other core too
        dictionary = find_dictionary(target)
        load_model("en")  # the longest load first; the pools' number test comes from spaCy
        prepare_pools(dictionary)
        language.check([_WARM_UP_SAMPLE], "en")
        encoded = scramble(_WARM_UP_SAMPLE, dictionary)
        verify.check(unscramble(encoded.text, encoded), encoded.text, target)
        # last, so that its own pipeline load does not slow the first request: long texts are
        # analysed on two cores from then on (about 150 MiB more memory)
        start_second_process("en")
        keep_loaded()

    def forget_translator(self) -> None:
        """Build the translator afresh next time (its stored API key changed)."""
        with self._lock:
            self._translator, self._built_from = None, None

    def analyse_ahead(self, texts: Sequence[str], source: str = "en", stop: Callable[[], None] | None = None,
                      settings: config.Settings | None = None) -> int:
        """Analyse texts the user is about to translate (a selection right-clicked, a message view's
        paragraphs), cut into the chunks translate_batches will cut them into, and keep the tokens
        in memory for it (their lines stay in tokenize.LINES too). With `settings`, also encode
        them as translate_batches will with those settings and each text's r as a request that
        names none gives it (limits.strength), and keep x_pub with its history for it: the
        translation then waits for the translator and the decoder only (the encoding's first use
        of a substitute pool cost a right-clicked e-mail more than its analysis). Only as many
        chunks as are kept (ANALYSED_AHEAD) are encoded, and only to a pair with a dictionary
        (the translation reports a missing one). Nothing is sent anywhere. `stop` is
        called after each chunk and may raise: a page's analysis ahead gives way to its
        translation, which then finds the lines done so far. Returns the number of chunks analysed."""
        if source == AUTO:
            return 0
        self._ahead_words = words_of(texts)
        chunks = [(text, body) for text in texts for _, body, _ in split_text(text, self.chunk_chars) if body.strip()]
        todo = [body for _, body in chunks if self.analyses.get([source, body]) is None]
        for body, tokens in zip(todo, analyse_each(todo, source)):
            self.analyses.put([source, body], tokens)
            if stop is not None:
                stop()
        if settings is not None and len(chunks) <= ANALYSED_AHEAD and f"{source}-{settings.target}" in installed_pairs():
            encoder = _encoder([body for _, body in chunks], find_dictionary(settings.target, source),
                               method=settings.method, ratios=[strength(text, settings.ratio) for text, _ in chunks],
                               beta=settings.beta, protect_entities=settings.protect_entities, repeat=self.repeat,
                               analyses=self.analyses, avoid=self._ahead_words, encodings=self.encodings)
            for _ in encoder:
                if stop is not None:
                    stop()
        return len(todo)

    def translate_batches(self, texts: Sequence[str], target: str, *, source: str = "en",
                          settings: config.Settings, min_hidden: float | None = None,
                          ratios: Sequence[float] | None = None, stop: Callable[[], None] = lambda: None,
                          **options) -> Iterator[Batch]:
        """Translate texts privately chunk by chunk, yielding each batch as soon as it is ready.
        All chunks go through one analysis pass; each is encoded as soon as its analysis is done,
        and x_pub is packed into requests as the translator takes them (_Wire: a web API's
        documented limits, so no more requests than a plain client sends). A request leaves as
        soon as it is full and the one before it is back (_Wire.replies, on the session's one wire
        thread), while the next ones are analysed and encoded; the chunks a reply completed are
        decoded and yielded once the request after it is on its way. `stop` is called before each
        request and may raise (a cancelled translation sends nothing more). A missing dictionary, or a request
        that does not look like the source language (judged whole, not batch by batch), fails
        before anything is sent. With `min_hidden`, a chunk of which some text would have less
        than that share of its content words hidden is refused (E091) before any of it is sent
        (meant for a short selection, which is one chunk). `ratios`: each text's own r, in place
        of the options' (a page's short lines and its paragraphs in one pass). `settings` choose
        the translator."""
        source = _named_source(source, texts, target)
        dictionary = find_dictionary(target, source)
        language.check(texts, source)
        backend = self.translator(settings)
        wire = _Wire(backend, source, dictionary.target, self.batch_chars)
        chunks = [(index, lead, body, trail) for index, text in enumerate(texts)
                  for lead, body, trail in split_text(text, self.chunk_chars)]
        encoded: list[Encoded | None] = []
        layouts: list[tuple[int, Segmented | None]] = []  # per chunk: its first piece, its layout
        pieces: list[str] = []  # every piece of x_pub so far, in order
        got: list[str] = []  # the translations of the first len(got) pieces
        yielded = 0

        def sent_texts() -> Generator[str | None, None, None]:
            """x_pub of each chunk (None for a blank one), as it is encoded."""
            for enc in _encoder([body for _, _, body, _ in chunks], dictionary, repeat=self.repeat,
                                analyses=self.analyses, avoid=self._ahead_words, encodings=self.encodings,
                                ratios=[ratios[index] for index, *_ in chunks] if ratios is not None else None,
                                **options):
                if min_hidden is not None:
                    _require_hidden([enc], min_hidden)
                encoded.append(enc)
                yield enc.text if enc is not None else None

        def finish(reply: list[str]) -> Batch | None:
            """The chunks whose pieces have all come back, decoded, in order."""
            nonlocal yielded
            got.extend(reply)
            first_chunk = yielded
            while yielded < len(layouts):
                first, layout = layouts[yielded]
                if layout is not None and first + len(layout.pieces) > len(got):
                    break
                yielded += 1
            if yielded == first_chunk:
                return None
            done = range(first_chunk, yielded)
            prepared = _Prepared([chunks[i][2] for i in done], [encoded[i] for i in done], dictionary,
                                 options.get("method", "star"), options.get("ratio", 0.2), source,
                                 dictionary.target, options.get("protect_entities", True))
            received = [layout.join(got[first:first + len(layout.pieces)])[0]
                        for first, layout in (layouts[i] for i in done) if layout is not None]
            items = []
            for i, result in zip(done, _complete(prepared, received, backend)):
                index, lead, _body, trail = chunks[i]
                for key in ("translation", "sent", "received"):
                    setattr(result, key, lead + getattr(result, key) + trail)
                result.marks = [replace(m, start=m.start + len(lead), end=m.end + len(lead)) for m in result.marks]
                items.append((index, result))
            return Batch(items, yielded, len(chunks))

        sent = sent_texts()
        replies = wire.replies(wire.requests(sent, pieces, layouts), self._wire_thread, stop)
        try:
            for reply in replies:
                if (batch := finish(reply)) is not None:
                    yield batch
        finally:
            replies.close()
            sent.close()  # frees the analysis pipeline when the consumer stopped early


class _Wire:
    """How a translator takes x_pub: a web API (segment.PieceTranslator) in requests of single-line
    pieces within its documented limits (DeepL 50 texts and 128 KiB, Google 128 segments and
    5,000 characters, LibreTranslate its server's character limit, OpenAI one line per call);
    a local translator whole texts, in batches of `batch_chars` so that the next batch is
    analysed while it translates this one."""

    def __init__(self, backend: Translator, source: str, target: str, batch_chars: int) -> None:
        self.backend, self.source, self.target = backend, source, target
        self.measure: Callable[[str], int]
        if isinstance(backend, PieceTranslator):
            self.max_items, self.max_size, self.measure = backend.max_items, backend.max_request, backend.measure
        else:
            self.max_items, self.max_size, self.measure = sys.maxsize, batch_chars, len

    def requests(self, texts: Iterable[str | None], pieces: list[str],
                 layouts: list[tuple[int, Segmented | None]]) -> Generator[list[str] | None, None, None]:
        """The pieces of each request, as the texts come (None: a blank text, not sent), each
        request as soon as it is full; the last one may be empty. None after each text that did
        not fill one: the caller may do other work between texts. Every piece goes to `pieces`
        and each text's layout, with the place of its first piece, to `layouts`."""
        start, size = 0, 0
        for text in texts:
            layout = self.split(text) if text is not None else None
            layouts.append((len(pieces), layout))
            filled = False
            for piece in layout.pieces if layout is not None else ():
                measured = self.measure(piece)
                if len(pieces) > start and size + measured > self.max_size:
                    yield pieces[start:]
                    start, size, filled = len(pieces), 0, True
                pieces.append(piece)
                size += measured
                if len(pieces) - start >= self.max_items:  # full: it leaves before the next text is encoded
                    yield pieces[start:]
                    start, size, filled = len(pieces), 0, True
            if not filled:
                yield None
        yield pieces[start:]

    def replies(self, requests: Generator[list[str] | None, None, None], thread: ThreadPoolExecutor,
                stop: Callable[[], None]) -> Generator[list[str], None, None]:
        """The reply to each of `requests` (as requests() makes them), in order. Each leaves on
        `thread`, the caller's one wire thread, as soon as it is full and the one before it is
        back; the caller meanwhile encodes the next ones. A reply is handed on once the request
        after it is on its way (or the texts are all encoded), so that decoding it never holds back
        the texts the wire waits for. Nothing more is sent once a request failed, `stop` raised
        (a cancel, checked before each request) or the caller stopped."""
        ended = threading.Event()

        def send_after(before: Future | None, pieces: list[str]) -> list[str]:
            if before is not None:
                before.result()  # its failure is this one's too
            stop()
            if ended.is_set():
                raise PrismError("E090")
            return self.send(pieces)

        on_wire: deque[Future] = deque()  # handed to the thread, their replies not handed on yet
        try:
            for request in requests:
                if request is not None:
                    on_wire.append(thread.submit(send_after, on_wire[-1] if on_wire else None, request))
                while len(on_wire) > 1 and on_wire[0].done():
                    yield on_wire.popleft().result()
            while on_wire:
                yield on_wire.popleft().result()
        finally:
            ended.set()
            for future in on_wire:
                future.cancel()
            requests.close()

    def split(self, text: str) -> Segmented:
        if isinstance(self.backend, PieceTranslator):
            return self.backend.pieces([text])
        return Segmented([text], [Layout([0])])

    def send(self, pieces: list[str]) -> list[str]:
        if not pieces:
            return []
        if isinstance(self.backend, PieceTranslator):
            received = self.backend.request(pieces, self.source, self.target)
        else:
            received = self.backend.translate(pieces, self.source, self.target)
        log.info("sent %d pieces to %s", len(pieces), self.backend.name)
        return received
