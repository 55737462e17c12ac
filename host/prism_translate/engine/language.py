"""Does the request look like the source language? Judged once, over the whole request, before
anything is sent; a paragraph that plainly reads as another language is refused too.

PRISM hides words of its dictionary's source language; text in another language would go out
almost as it is, so it is refused (E025). The judge is py3langid (PyPI: langid.py's naive Bayes
model over byte n-grams, 97 languages, numpy only, a 4.6 MB wheel with the model inside), run
over all the request's texts together: one word ("notary" or "lawyer" in a German sentence)
moves the judgement of a whole request very little, and no batch can be sent before a later
one is refused. The model loads on first use (about a second); each 500-character piece then
takes a few milliseconds, and a long request is judged on a sample of its pieces.
"""

from __future__ import annotations

import threading
from typing import Sequence

from ..errors import EngineError
from ..languages import name, stop_words

# Fewer letters than this are too few to judge (a greeting, "OK?"): they pass.
MIN_LETTERS = 20
# The identifier's probabilities are calibrated for short texts (they flatten as a text grows),
# so the request is judged in pieces of about this many characters ...
PIECE_CHARS = 500
# ... and refused when the share of its letters the identifier gives the source language is
# below this. Each piece counts as written or without its names and numbers (words with a capital
# or a digit: an invoice line of codes and names reads as no language in particular), whichever
# reads more like the source language. On the test texts (tests/data/langid.tsv) a text in the
# source language never scored below 0.74, one in another language never above 0.03; the 168
# English texts of the canary corpus, full of names and codes, not below 0.25. So a request passes
# with most of it quoted in another language, as long as about a sixth reads as the source.
MIN_SHARE = 0.15
# A piece of at least this many letters that reads as the source language with less than this
# probability is a paragraph in another language: its words would go out almost as written, so
# the request is refused even when the rest makes the whole pass (a quoted line of a few words
# still passes with it: "Sehr geehrte Frau Weber, die Lieferung kommt am Dienstag." has 47).
FOREIGN_LETTERS = 120
FOREIGN_SHARE = 0.02
# A piece's words without names and numbers are read on their own from this many letters: an
# English line of foreign names ("Nguyen Thi Lan and Oluwaseun Adeyemi will join the call.")
# keeps only a few words of its language ("and will join the call").
MIN_PLAIN_LETTERS = 10
# A long request is judged on this many pieces spread evenly over it (about 20,000 characters):
# the share is a proportion, which such a sample measures well, and the identifier's pure-Python
# byte walk would otherwise cost a noticeable part of spaCy's time on a 100,000-character page.
MAX_PIECES = 40

_lock = threading.Lock()
_identifier = None


def identifier():
    global _identifier
    with _lock:
        if _identifier is None:
            try:
                from py3langid.langid import MODEL_FILE, LanguageIdentifier
            except ImportError:
                raise EngineError("E026", package="py3langid") from None
            _identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
        return _identifier


def probabilities(text: str) -> dict[str, float]:
    """Language code -> probability that the (short) text is in it (sums to 1)."""
    return dict(identifier().rank(text))


def pieces(texts: Sequence[str]) -> list[str]:
    """Each line of each text, its words regrouped into pieces of at most about PIECE_CHARS
    characters: a piece never mixes two long lines (a quote and its reply may differ in
    language). Short lines in a row ("Hi Dawn," "The forms are ready.") are read together, or
    a short e-mail would be judged on its signature alone ("Practice Manager | Hallmark Dental
    Care" reads as no language); a quote's lines are never read with the reply's."""
    out = []
    short, quoted = "", False
    for line in (line for text in texts for line in text.splitlines()):
        is_quote = line.lstrip().startswith(">")
        if short and (is_quote != quoted or _letters(line) >= MIN_LETTERS or len(short) + len(line) > PIECE_CHARS):
            out.append(short)
            short = ""
        if _letters(line) < MIN_LETTERS:
            if line.strip():
                short, quoted = f"{short} {line.strip()}" if short else line.strip(), is_quote
            continue
        current = ""
        for word in line.split():
            if current and len(current) + 1 + len(word) > PIECE_CHARS:
                out.append(current)
                current = ""
            current = f"{current} {word}" if current else word
        if current:
            out.append(current)
    if short:
        out.append(short)
    return out


def _letters(line: str) -> int:
    return sum(c.isalpha() for c in line)


def without_names_and_numbers(piece: str) -> str:
    return " ".join(w for w in piece.split() if not w[:1].isupper() and not any(c.isdecimal() for c in w))


def _readings(texts: Sequence[str], source: str) -> list[tuple[str, int, float]] | None:
    """Each judged piece of the texts with its letters and the probability that it is in the
    source language; None when the identifier does not know the language."""
    out = []
    sample = pieces(texts)
    if len(sample) > MAX_PIECES:
        sample = [sample[i * len(sample) // MAX_PIECES] for i in range(MAX_PIECES)]
    for piece in sample:
        # letters of words with a digit (codes, wallet and MAC addresses) say nothing of the language
        n = sum(c.isalpha() for w in piece.split() if not any(d.isdigit() for d in w) for c in w)
        if n < MIN_LETTERS:
            continue  # "Best regards," says nothing about the language
        ranks = probabilities(piece)
        if source not in ranks:
            return None
        p = ranks[source]
        plain = without_names_and_numbers(piece) if p < 0.5 else ""  # clear enough as written
        if sum(c.isalpha() for c in plain) >= MIN_PLAIN_LETTERS:
            # only when that reading is the source language's: a Portuguese line without its
            # names still reads as Portuguese, if with a little more Catalan in it
            again = probabilities(plain)
            if max(again, key=lambda code: again[code]) == source:
                p = max(p, again[source])
        out.append((piece, n, max(p, _function_share(plain, source))))
    return out


def source_share(texts: Sequence[str], source: str) -> float | None:
    """The share of the texts' letters that reads as the source language; None when there is
    too little text to judge or the identifier does not know the language."""
    readings = _readings(texts, source)
    letters = sum(n for _, n, _ in readings or ())
    return sum(n * p for _, n, p in readings or ()) / letters if letters else None


def _function_share(plain: str, source: str) -> float:
    """Between a line's names, only a few short words may be left ("Meeting with Zbigniew
    Brzeziński and Małgorzata Wójcik on Tuesday": "with and on"), too few for the identifier:
    when three or more are left and most are the source language's function words, that share."""
    words = [w.strip(".,;:!?()\"'").lower() for w in plain.split()]
    words = [w for w in words if w.isalpha()]
    if len(words) < 3:
        return 0.0
    function = stop_words(source)
    share = sum(w in function for w in words) / len(words)
    return share if share >= 0.75 else 0.0


def detected(texts: Sequence[str]) -> str:
    """The language the identifier reads the texts as, on their first 2,000 characters."""
    whole = probabilities("\n".join(texts)[:PIECE_CHARS * 4])
    return max(whole, key=lambda code: whole[code])


def check(texts: Sequence[str], source: str) -> None:
    """Raise E025 unless the texts, taken together, look like the source language, and E029
    when a paragraph of them plainly does not (a German message quoted in an English thread)."""
    readings = _readings(texts, source)
    letters = sum(n for _, n, _ in readings or ())
    if not letters:
        return
    share = sum(n * p for _, n, p in readings or ()) / letters
    if share < MIN_SHARE:
        raise EngineError("E025", source=name(source), detected=name(detected(texts)), share=f"{share:.0%}")
    for piece, n, p in readings or ():
        if n >= FOREIGN_LETTERS and p < FOREIGN_SHARE:
            excerpt = " ".join(piece.split()[:6])
            raise EngineError("E029", source=name(source), detected=name(detected([piece])), excerpt=excerpt)


def check_detected(texts: Sequence[str], source: str, readable: Sequence[str]) -> None:
    """For a source chosen by detection among the readable ones: raise E027 when even that one
    does not fit the texts (they are in a language PRISM cannot read here)."""
    share = source_share(texts, source)
    if share is not None and share < MIN_SHARE:
        raise EngineError("E027", detected=name(detected(texts)), sources=", ".join(name(s) for s in readable))
