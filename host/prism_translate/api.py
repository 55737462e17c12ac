"""The public API: scramble, unscramble and translate_private. The CLI and the
native-messaging host are thin front doors over these functions."""

from __future__ import annotations

import logging
import random
from dataclasses import asdict, dataclass, field
from typing import Sequence

from . import config
from .dictionary.format import Dictionary, find_dictionary
from .engine.decode import Decoded, decode
from .engine.encode import METHODS, Encoded, encode
from .engine import verify
from .engine.tokenize import analyse
from .engine.verify import Mark
from .errors import EngineError
from .translators import Translator, get_translator

log = logging.getLogger(__name__)

MAX_CHARS = 100_000  # per text: spaCy takes ~10 s for this much on a laptop core
# Below this share of known words (with enough words to judge), the text is not English
# and PRISM could hide almost nothing: refuse instead of sending it nearly as it is.
MIN_KNOWN_SHARE = 0.5
MIN_WORDS_TO_JUDGE = 6


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
    marks: list[Mark] = field(default_factory=list)  # spans of `translation` not to trust blindly
    warnings: list[str] = field(default_factory=list)

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
                           dictionary: Dictionary | None = None) -> list[PrivateTranslation]:
    """Translate several texts privately with one translator call. Blank texts are not sent."""
    if method not in METHODS:
        raise EngineError("E022", method=method, choices=", ".join(METHODS))
    dictionary = dictionary or find_dictionary(target, source)
    backend = _resolve_translator(translator)
    rng = _rng(seed)
    # Every text is encoded before anything is sent: an error in any of them sends nothing.
    encoded = [scramble(t, dictionary, method, ratio, beta=beta, rng=rng, protect_entities=protect_entities)
               if t.strip() else None for t in texts]
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
        marks = verify.check(dec, enc.text, target)
        unrestored = [s.original for s in dec.unrestored]
        results.append(PrivateTranslation(
            translation=dec.text, sent=enc.text, received=y_pub, hidden=enc.hidden,
            hidden_entities=enc.hidden_entities, unrestored=unrestored,
            epsilon=enc.epsilon, method=method, ratio=ratio, source=source, target=target,
            translator=backend.label(), dictionary=dictionary.meta.get("name", f"{source}-{target}"),
            words=enc.words, marks=marks, warnings=verify.warnings(marks, unrestored),
        ))
    return results


def translate_private(text: str, target: str, **options) -> PrivateTranslation:
    if not text.strip():
        raise EngineError("E020")
    return translate_private_many([text], target, **options)[0]
