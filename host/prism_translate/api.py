"""The public API: scramble, unscramble and translate_private. The CLI and the
native-messaging host are thin front doors over these functions."""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import asdict, dataclass, field
from typing import Iterator, Sequence

from . import config
from .dictionary.format import Dictionary, find_dictionary
from .engine import dp
from .engine.decode import Decoded, decode
from .engine.encode import METHODS, Encoded, encode
from .engine.tokenize import analyse
from .errors import EngineError
from .repeat import RepeatCache
from .translators import BACKENDS, Translator, get_translator
from .translators.segment import pack, split_text

log = logging.getLogger(__name__)

MAX_CHARS = 100_000  # per text: spaCy takes ~10 s for this much on a laptop core
# Below this share of known words (with enough words to judge), the text is not English
# and PRISM could hide almost nothing: refuse instead of sending it nearly as it is.
MIN_KNOWN_SHARE = 0.5
MIN_WORDS_TO_JUDGE = 6
CHUNK_CHARS = 2_000  # a long text is encoded and translated in chunks of at most this many characters ...
BATCH_CHARS = 6_000  # ... and chunks go to the translator (and back to the caller) in batches of this size


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
    notes: list[str] = field(default_factory=list)
    scope: str | None = None  # what epsilon covers, one line (engine/dp.py), when epsilon is finite

    def to_dict(self) -> dict:
        d = asdict(self)
        if d["epsilon"] is not None and d["epsilon"] == float("inf"):
            d["epsilon"] = None
        return d


def _rng(seed: int | None) -> random.Random:
    # Unseeded runs draw from the OS's CSPRNG: substitutes must not be predictable.
    return random.Random(seed) if seed is not None else random.SystemRandom()


def scramble(text: str, dictionary: Dictionary, method: str = "star", ratio: float = 0.2, *,
             beta: float = 0.5, seed: int | None = None, rng: random.Random | None = None,
             protect_entities: bool = True) -> Encoded:
    """x_pri -> x_pub with its substitution history (kept in memory only)."""
    if len(text) > MAX_CHARS:
        raise EngineError("E021", size=len(text), limit=MAX_CHARS)
    encoded = encode(analyse(text), dictionary, method, ratio, beta=beta, rng=rng or _rng(seed),
                     protect_entities=protect_entities)
    if (encoded.plain_words >= MIN_WORDS_TO_JUDGE
            and encoded.known_words < MIN_KNOWN_SHARE * encoded.plain_words):
        raise EngineError("E025", known=encoded.known_words, words=encoded.plain_words,
                          pair=f"{dictionary.source}-{dictionary.target}")
    return encoded


def unscramble(y_pub: str, encoded: Encoded) -> Decoded:
    return decode(y_pub, encoded.substitutions, words=encoded.method != "nodecode", target=encoded.target)


def _resolve_translator(translator: Translator | str | None) -> Translator:
    if isinstance(translator, Translator):
        return translator
    return get_translator(translator or str(config.load()["translator"]))


def translate_private_many(texts: Sequence[str], target: str, *, source: str = "en", method: str = "star",
                           ratio: float = 0.2, beta: float = 0.5, seed: int | None = None,
                           translator: Translator | str | None = None, protect_entities: bool = True,
                           dictionary: Dictionary | None = None,
                           repeat: RepeatCache | None = None) -> list[PrivateTranslation]:
    """Translate several texts privately with one translator call. Blank texts are not sent.
    With `repeat` (and no seed), a text translated before with the same settings is sent as the
    same x_pub."""
    if method not in METHODS:
        raise EngineError("E022", method=method, choices=", ".join(METHODS))
    dictionary = dictionary or find_dictionary(target, source)
    backend = _resolve_translator(translator)
    rng = _rng(seed)
    def encoded_text(text: str) -> Encoded:
        def fresh() -> Encoded:
            return scramble(text, dictionary, method, ratio, beta=beta, rng=rng, protect_entities=protect_entities)
        if repeat is None or seed is not None:
            return fresh()
        return repeat.encoded(text, dictionary, (method, ratio, beta, protect_entities), fresh)

    # Every text is encoded before anything is sent: an error in any of them sends nothing.
    encoded = [encoded_text(t) if t.strip() else None for t in texts]
    to_send = [e.text for e in encoded if e is not None]
    received = iter(backend.translate(to_send, source, target) if to_send else [])
    log.info("translated %d texts with %s (%s, r=%s)", len(to_send), backend.name, method, ratio)
    results = []
    for text, enc in zip(texts, encoded):
        if enc is None:
            results.append(PrivateTranslation(text, text, text, 0, 0, [], None, method, ratio, source, target,
                                              backend.label(), dictionary.meta.get("name", f"{source}-{target}")))
            continue
        y_pub = next(received)
        dec = unscramble(y_pub, enc)
        results.append(PrivateTranslation(
            translation=dec.text, sent=enc.text, received=y_pub, hidden=enc.hidden,
            hidden_entities=enc.hidden_entities, unrestored=[s.original for s in dec.unrestored],
            epsilon=enc.epsilon, method=method, ratio=ratio, source=source, target=target,
            translator=backend.label(), dictionary=dictionary.meta.get("name", f"{source}-{target}"),
            words=enc.words,
            scope=dp.scope(protect_entities) if enc.epsilon is not None and enc.epsilon < float("inf") else None,
        ))
    return results


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


class Session:
    """What a long-lived front door (the native-messaging host) keeps between requests: one
    translator, and with it one HTTP session, reused until the settings that built it change;
    and what was sent for each text, so that translating it again reveals nothing new.
    `requests` has the same shape: `requests.get` is a one-off `Session().request`."""

    chunk_chars = CHUNK_CHARS
    batch_chars = BATCH_CHARS

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._translator: Translator | None = None
        self._built_from: tuple | None = None
        self.repeat = RepeatCache()  # the same text re-sends the same x_pub for the session's life

    def translator(self) -> Translator:
        """The configured translator, rebuilt only when its name or one of its settings changed
        (settings are reread on every call, so `prism config set` in a shell takes effect too)."""
        settings = config.load()
        name = str(settings["translator"])
        cls = BACKENDS.get(name)
        built_from = (name, *(settings.get(key) for key in (cls.config_keys if cls else ())))
        with self._lock:
            if self._translator is None or self._built_from != built_from:
                self._translator = get_translator(name)
                self._built_from = built_from
            return self._translator

    def forget_translator(self) -> None:
        """Build the translator afresh next time (its stored API key changed)."""
        with self._lock:
            self._translator, self._built_from = None, None

    def translate_batches(self, texts: Sequence[str], target: str, *, source: str = "en",
                          **options) -> Iterator[Batch]:
        """Translate texts privately chunk by chunk, yielding each batch as soon as it is ready;
        every chunk of a batch is encoded before that batch is sent. A missing dictionary fails
        before anything is translated."""
        find_dictionary(target, source)
        chunks = [(index, lead, body, trail) for index, text in enumerate(texts)
                  for lead, body, trail in split_text(text, self.chunk_chars)]
        done = 0
        for batch in pack([body for _, _, body, _ in chunks], len(chunks), self.batch_chars):
            part = [chunks[i] for i in batch]
            results = translate_private_many([body for _, _, body, _ in part], target, source=source,
                                             translator=self.translator(), repeat=self.repeat, **options)
            items = []
            for (index, lead, _body, trail), result in zip(part, results):
                for key in ("translation", "sent", "received"):
                    setattr(result, key, lead + getattr(result, key) + trail)
                items.append((index, result))
            done += len(part)
            yield Batch(items, done, len(chunks))
