"""Decoder (Algorithms 1/2, lines 11-15): put the originals' translations back into y_pub.

For each substitution, in text order, find one of the substitute's candidate translations
L(u,s) in the translation as a whole word, case-insensitively, not already claimed by an earlier
substitution; replace it by L(w,s,1) with the found word's capitalisation. Inflected forms the
dictionary does not list ("casas" for "casa", "trabajaron" for "trabajar") are matched by the
longest common prefix (inflections.py), and a plural ending is carried over. Substitutions that cannot be found are reported.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import dataclass, field, replace

from . import clitics, english
from . import entities as ent
from .encode import Substitution, match_case
from .inflections import fuzzy, inflected
from .translation_index import code_pattern, Index, nearest_free, phrase_hits, phrase_pattern, SIMPLE

_PLURALS = ("es", "s")
_ORDINAL_TAIL = re.compile(r"(?:st|nd|rd|th)\b", re.IGNORECASE)


@dataclass
class Restored:
    start: int  # span of the restored value in the decoded text
    end: int
    sub: Substitution
    unsure: bool  # found by an inflection guess, not an exact candidate
    found: str = ""  # what stood there in y_pub (the substitute's translation, as the translator inflected it)


@dataclass
class Decoded:
    text: str
    unrestored: list[Substitution]
    restored: int
    spans: list[Restored] = field(default_factory=list)


def _exact(index: Index, sub: Substitution) -> tuple[int, int] | None:
    """The free occurrence of a candidate closest to where the substitute stood in x_pub
    (translators keep rough word order), better-ranked candidates winning near-ties."""
    best = None
    spans = []
    for rank, cand in enumerate(sub.find):
        if not cand.strip():
            continue
        low = cand.lower()
        if sub.kind == "code":
            hits = [m.span() for m in code_pattern(cand).finditer(index.y)
                    if not index.claimed.intersection(index.covered(*m.span()))]
        elif sub.kind != "number" and SIMPLE.fullmatch(low):
            # only the free occurrence nearest to sub.at can score best, and no other occurrence of
            # one word holds it: listing them all, per substitution, was quadratic in a long text
            nearest = nearest_free(index, low, sub.at)
            hits = [index.spans[nearest]] if nearest is not None else []
        elif sub.kind == "number" and ent.digits(low) in index.numbers:
            hits = [span for span in index.numbers[ent.digits(low)]
                    if not index.claimed.intersection(index.covered(*span))]
        elif sub.kind != "number" and all(SIMPLE.fullmatch(w) for w in low.split()):
            hits = phrase_hits(index, low.split())
        else:
            pattern = ent.digits_pattern(cand) if sub.kind == "number" else phrase_pattern(cand)
            hits = [m.span() for m in pattern.finditer(index.y)
                    if not index.claimed.intersection(index.covered(*m.span()))]
        spans += hits
        for start, end in hits:
            score = abs(index.where(start) - sub.at) + 0.05 * rank
            if best is None or score < best[0]:
                best = (score, (start, end))
    if best is None:
        return None
    # A longer candidate around the hit is the whole translation ("en cambio", not "cambio").
    start, end = best[1]
    return max((span for span in spans if span[0] <= start and span[1] >= end),
               key=lambda span: span[1] - span[0])


def _hyphen_part(index: Index, sub: Substitution) -> tuple[int, int] | None:
    """A candidate found as one part of a hyphenated word, the free one nearest to where the
    substitute stood: a substitute the source joined to another word by a hyphen comes back joined
    ("air-less" sent as "assembling-significantly": "l'assemblage-significativement"), and the
    decoder reads a hyphenated word as one. The parts taken are kept in index.taken_parts, the
    words they are parts of in index.parted."""
    best = None
    for rank, cand in enumerate(sub.find):
        for span in index.parts.get(cand.lower(), ()):
            word = index.covered(*span)[0]
            if span in index.taken_parts or (word in index.claimed and word not in index.parted):
                continue
            score = abs(index.where(span[0]) - sub.at) + 0.05 * rank
            if best is None or score < best[0]:
                best = (score, span)
    if best is None:
        return None
    # the word is claimed as a whole (no other substitution takes it by another rule), its other parts stay free
    index.taken_parts.add(best[1])
    index.claimed.update(index.covered(*best[1]))
    index.parted.update(index.covered(*best[1]))
    return best[1]


def _head_after(index: Index, start: int, end: int, sub: Substitution) -> tuple[int, int] | None:
    """The word right after a hit that is an inflection of another of the substitute's
    translations: the translator wrote an adjective as two words ("más tempranas" for "earliest",
    the dictionary keeping "más" and "temprano") and the hit is the first; the restored word goes
    in the second's place ("más tardías", not "tardío tempranas"). None otherwise (an adverb's
    two words are another expression: "de prop" for "closely", not the original's too)."""
    j = bisect.bisect_right(index.starts, start) - 1
    k = j + 1
    if sub.pos != "ADJ" or j < 0 or index.spans[j] != (start, end) or k >= len(index.spans) or k in index.claimed:
        return None
    a, b = index.spans[k]
    if index.y[end:a] not in (" ", "\t"):
        return None
    hit, word = index.y[start:end].lower(), index.y[a:b].lower()
    return (a, b) if any(c.lower() != hit and inflected(c, word) for c in sub.find) else None


def _absorb_repeat(index: Index, start: int, end: int, sub: Substitution) -> tuple[int, int]:
    """The hit widened over a neighbouring word that is the restored word itself and one of the
    substitute's translations: the substitute came back as two words ("más rápido" for "faster",
    "hizo daño" for "harmed") and the original's translation is one of them ("más", "hizo");
    restoring only the other would show it twice ("más más", "hizo hizo")."""
    restore = sub.restore.lower()
    if " " in restore or restore not in {c.lower() for c in sub.find}:
        return start, end
    j = bisect.bisect_right(index.starts, start) - 1
    for k in (j - 1, j + 1):
        if 0 <= k < len(index.spans) and k not in index.claimed:
            a, b = index.spans[k]
            between = index.y[min(b, end):max(a, start)]
            if index.y[a:b].lower() == restore and not between.strip():
                return min(a, start), max(b, end)
    return start, end


def _absorb_twin(index: Index, start: int, end: int, new: str, looked_for: Counter[str],
                 own: set[str]) -> tuple[int, int]:
    """The hit widened over the free word beside it when that word is the restored text's own
    first or last word: the translation of the substitute's neighbourhood already holds it ("en"
    of "en el todo", "más" of "más prudente"), and restoring next to it would show it twice. Not a
    word another substitution looks for: "friend" restored as "amigo" beside "amigo", the stand-in
    of "saw", took it in, and "saw" was never put back. A unit of several words ("més jove") takes in
    its edge word all the same: "més" of a comparative is looked for by every comparative hidden."""
    words = new.lower().split()
    unit = len(words) > 1
    if not words:
        return start, end
    j = bisect.bisect_right(index.starts, start) - 1
    k = bisect.bisect_left(index.starts, end)
    for n, edge in ((j - 1, words[0]), (k, words[-1])):
        if 0 <= n < len(index.spans) and n not in index.claimed and (unit or looked_for[edge] <= (edge in own)):
            a, b = index.spans[n]
            if index.y[a:b].lower() == edge and not index.y[min(b, end):max(a, start)].strip():
                index.claimed.add(n)
                start, end = min(a, start), max(b, end)
    return start, end


def _residue_twin(index: Index, start: int, end: int, sub: Substitution,
                  new: str) -> tuple[int, int, str, None, bool] | None:
    """A deletion of the word beside the hit that is one of the substitute's own translation's
    words and is written twice there: the translator built the substitute's words into the
    sentence ("welcoming" -> "donner l'accueil à") and the sentence's own copy follows ("l'accueil
    à à travers"). Restoring the hit alone left "l'hopping à à travers"; the substitute's copy goes,
    with the space before it. Never a word of the restored text."""
    residue = {f.lower() for f in sub.find} - set(new.lower().split())
    j = bisect.bisect_right(index.starts, start) - 1
    k = bisect.bisect_left(index.starts, end)
    for near, far in ((k, k + 1), (j - 1, j - 2)):
        if not (0 <= near < len(index.spans) and 0 <= far < len(index.spans)) or index.claimed & {near, far}:
            continue
        (a, b), (c, d) = index.spans[near], index.spans[far]
        word = index.y[a:b].lower()
        # (the spaces between the hit and the copy, and between the copy and its twin)
        gaps = (index.y[end:a], index.y[b:c]) if near == k else (index.y[b:start], index.y[d:a])
        if word in residue and index.y[c:d].lower() == word and not gaps[0].strip() and gaps[1].isspace():
            index.claimed.add(near)
            return (end, b, "", None, False) if near == k else (a, start, "", None, False)
    return None


def _locate(index: Index, sub: Substitution, target: str) -> tuple[tuple[int, int] | None, bool, bool]:
    """Where a substitution's translation stands in y_pub: (span or None, found by an inflection
    guess, a part of a hyphenated word)."""
    hit = _exact(index, sub)
    if hit is not None:
        return hit, False, False
    part = _hyphen_part(index, sub) if sub.kind == "word" else None
    if part is not None:
        return part, False, True
    if sub.kind in ("word", "name"):
        hit = fuzzy(index, sub)  # translators inflect words and, rarely, names
        if hit is not None:
            return hit, True, False
    if sub.kind == "word" and target == "en":  # irregular forms: "bought" for "buy"
        return _exact(index, replace(sub, find=english.inflections(sub.find))), False, False
    return None, False, False


def _sentence_start(y: str, start: int) -> bool:
    # back over the openers from `start`, not a copy of all of y before it per restored word
    i = start
    while i and y[i - 1] in " \t\"'«“‘¿¡(":
        i -= 1
    return not i or y[i - 1] in ".!?:\n"


def _replacement(sub: Substitution, found: str, sentence_start: bool, target: str) -> str:
    if sub.kind == "number":
        return ent.restore_digits(found, sub.restore)
    if sub.kind in ("email", "url", "name", "code"):
        return sub.original
    # The found word's case, except a capital the substitute brought mid-sentence ("Firmó").
    title = found[:1].isupper() and not found.isupper()
    model = found.lower() if (title and sub.original[:1].islower() and not sentence_start) else found
    restore = match_case(model, sub.restore)
    pronouns = _enclitics(sub, found, target)
    if pronouns:
        return clitics.attach(restore, pronouns, target)
    # Carry a plural ending over when the translator inflected the substitute's translation, unless
    # the original is a singular noun: then the plural was the substitute's own ("obstetrics" ->
    # "obstetricias"), and carrying it would show "pneumonias" for "pneumonia"; nor onto a unit of
    # several words ("ordre del dias").
    low = found.lower()
    for cand in () if sub.singular or " " in restore else sub.find:
        c = cand.lower()
        for suffix in _PLURALS:
            if low == c + suffix and not restore.lower().endswith("s"):
                return restore + (suffix if restore[-1:].lower() not in "aeiouáéíóú" else "s")
    return restore


def _english_article(index: Index, start: int, word: str) -> tuple[int, int, str] | None:
    """"a"/"an" before a restored word follows the restored word's first sound."""
    word_at = bisect.bisect_right(index.starts, start) - 1
    if word_at <= 0 or word_at - 1 in index.claimed:
        return None
    a, b = index.spans[word_at - 1]
    article = index.y[a:b]
    if article.lower() not in ("a", "an") or index.y[b:start].strip():
        return None
    wanted = english.article_for(word)
    return None if article.lower() == wanted else (a, b, match_case(article, wanted))


def _lowered_after_names(index: Index, edits: list) -> list[tuple[int, int, str, None, bool]]:
    """Apertium capitalises the word after a name it does not know (the stand-in): "Daniel
    Piensa". Once the name is back, that word takes the lower case it has in mid-sentence, unless
    the text had a capital after the name or the word is itself something restored."""
    lowered = []
    for _start, end, _new, sub, _unsure in edits:
        if sub is None or sub.kind != "name" or sub.capital_next:
            continue
        j = bisect.bisect_left(index.starts, end)
        if j >= len(index.spans) or j in index.claimed or index.y[end:index.starts[j]] not in (" ", "\t"):
            continue
        a, b = index.spans[j]
        word = index.y[a:b]
        # not an acronym, not English "I"; a French "A" (the verb "a") is lowered like any word
        if word[:1].isupper() and (word[1:].islower() or (len(word) == 1 and word != "I")):
            index.claimed.add(j)
            lowered.append((a, b, word[0].lower() + word[1:], None, False))
    return lowered


def _without_doubles(y: str, edits: list) -> list:
    """Two words restored side by side as the same translation, unless the text repeats the word
    itself ("very very"): two different words ("pretty enough" -> "bastante bastante"), or one
    word of two places whose stand-ins the translator put side by side ("pieces" ... "pieces" ->
    "piezas piezas"). The second one goes, with the space before it."""
    edits = sorted(edits, key=lambda e: e[:2])
    for k in range(1, len(edits)):
        (_, end, new, sub, _), (start2, end2, new2, sub2, _) = edits[k - 1], edits[k]
        if (sub is not None and sub2 is not None and sub.kind == sub2.kind == "word" and end <= start2
                and not y[end:start2].strip() and new.lower() == new2.lower()
                and (sub.original.lower() != sub2.original.lower() or abs(sub.index - sub2.index) != 1)):
            edits[k] = (end, end2, "", None, False)
    return edits


def _enclitics(sub: Substitution, found: str, target: str) -> str:
    """The object pronouns the translator wrote onto a verb's substitute ("padecerme" for "send me":
    "me"), which the restored verb keeps ("enviarme"); "" when there are none. Only where the
    found word is one of the substitute's translations and pronouns, fused (Spanish)."""
    if sub.pos not in ("VERB", "AUX"):
        return ""
    own = {f.lower() for f in sub.find}
    return next((pronouns for verb, pronouns in clitics.splits(found, target) if verb.lower() in own), "")


def decode(y_pub: str, substitutions: list[Substitution], words: bool = True, target: str = "") -> Decoded:
    """Restore every substitution; with words=False only entities (NoDecode keeps the
    translated substitute words but must not show the user invented names and numbers).
    Into English, "a"/"an" before a restored word follows its first sound."""
    if not words:
        substitutions = [s for s in substitutions if s.kind != "word"]
    index = Index(y_pub)
    edits: list[tuple[int, int, str, Substitution | None, bool]] = []
    unrestored: list[Substitution] = []
    # how many substitutions look for each word: one besides the current one wants it for itself
    looked_for = Counter(word for s in substitutions for word in {f.lower() for f in s.find})
    for sub in substitutions:
        hit, unsure, part = _locate(index, sub, target)
        if part:  # a part of a word: nothing beside it to absorb, no pronouns fused onto it ("")
            assert hit is not None  # a part is only ever found with its span
            edits.append((*hit, _replacement(sub, y_pub[hit[0]:hit[1]], False, ""), sub, False))
            continue
        if hit is None:
            unrestored.append(sub)
            continue
        start, end = hit
        if sub.kind == "word":
            start, end = _head_after(index, start, end, sub) or _absorb_repeat(index, start, end, sub)
        if sub.kind == "number":  # "8th" back as "2nd", not "2th": the suffix follows the digits
            tail = _ORDINAL_TAIL.match(y_pub, end)
            end = tail.end() if tail else end
        index.claimed.update(index.covered(start, end))
        new = _replacement(sub, y_pub[start:end], _sentence_start(y_pub, start), target)
        if sub.kind == "word":
            before = start
            own = {f.lower() for f in sub.find}
            start, end = _absorb_twin(index, start, end, new, looked_for, own)
            if start < before and y_pub[start].isupper():  # the twin opened the sentence
                new = new[:1].upper() + new[1:]
        if target == "en" and sub.kind == "word":
            new = match_case(new, english.inflect_like(sub.restore, y_pub[start:end], sub.find, sub.pos))
            new = english.calendar_case(sub.original, new)
        edits.append((start, end, new, sub, unsure))
        twin = _residue_twin(index, start, end, sub, new) if sub.kind == "word" else None
        if twin:
            edits.append(twin)
        # (into other languages agreement.repair makes the article follow the restored noun)
        article = _english_article(index, start, new) if target == "en" and sub.kind == "word" else None
        if article:
            index.claimed.add(bisect.bisect_right(index.starts, start) - 2)
            edits.append((*article, None, False))
    edits += _lowered_after_names(index, edits)
    parts, pos, out_len = [], 0, 0
    spans: list[Restored] = []
    for start, end, new, sub, unsure in _without_doubles(y_pub, edits):
        parts.append(y_pub[pos:start])
        out_len += start - pos
        if sub is not None:
            spans.append(Restored(out_len, out_len + len(new), sub, unsure, y_pub[start:end]))
        parts.append(new)
        out_len += len(new)
        pos = end
    parts.append(y_pub[pos:])
    return Decoded("".join(parts), unrestored, len(edits), spans)
