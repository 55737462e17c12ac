"""Stand-ins for the private values the recognisers marked (recognize.py): drawn independently of
the originals, each of its kind's shape, and found again in the translation to put the original
back."""

from __future__ import annotations

import itertools
import random
import re
from typing import Iterable

from ..dictionary.format import Dictionary, Entry
from . import entities as ent, word_classes
from .lexicon import lexicon
from .recognize import CODE_KINDS, DIGIT_KINDS, plural_weekday, spelt_value
from .pools import CONFIDENT_POOL, lowered_pool
from .substitution import Substitution, dictionary_entry, match_case
from .tokenize import Token


def protect_entities(tokens: list[Token], dictionary: Dictionary, rng: random.Random,
                      out: list[str], subs: list[Substitution], avoid: frozenset[str] = frozenset()) -> set[int]:
    """Replace every private value (recognize.py marked its kind); return the indices handled.
    Surrogates are drawn independently of the originals; only other surrogates of the same text
    are avoided, so that each one is found again unambiguously. A stand-in name spells no word of
    the text nor of `avoid` (the lower-case words of the other texts sent with it: a page's other
    mail that names "Alice Johnson" must not see "Johnson" stand in for "Smith")."""
    handled: set[int] = set()
    drawn_digits: set[str] = set()
    drawn_calendar: dict[str, set[int]] = {}
    used: set[str] = set()
    own_words = avoid | words_of(t.text for t in tokens)
    # the names of the text: a stand-in must not hold one ("Danielle" for "Daniel" gives it away)
    own_names = {t.text.lower() for t in tokens if t.entity in ("PERSON", "ORG", "PLACE") and len(t.text) >= 3}
    source = lexicon(dictionary.source)
    words = common_nouns(tokens, dictionary)  # encode.py hides them as words
    lower_names = _lower_case_names(tokens, dictionary)
    for i, tok in ((i, t) for i, t in enumerate(tokens) if i not in words):
        kind = tok.entity or ("PERSON" if i in lower_names else "")
        if not kind:
            continue
        if kind == "CALENDAR":
            reading = source.month_or_weekday(tok.text)
            assert reading is not None  # the recogniser marked it a month or weekday
            table, idx = reading
            cal = "month" if table == source.months else "weekday"
            other = ent.surrogate_calendar(cal, rng, source.code, drawn_calendar.setdefault(cal, set()))
            drawn_calendar[cal].add(other)
            name = (source.months if cal == "month" else source.weekdays)[other]
            # a plural ("on Tuesdays") gets a plural stand-in and comes back as a plural
            plural = cal == "weekday" and plural_weekday(tokens, i, source)
            sub = match_case(tok.text, ent.weekday_plural(name) if plural else name)
            # ... or the stand-in itself: Apertium keeps a capitalised "Julio" as a name
            found = ent.calendar_renderings(cal, other, dictionary.target) + (sub,)
            restore = ent.calendar_renderings(cal, idx, dictionary.target)[0]
            if plural and dictionary.target in ent.PLURAL_WEEKDAYS:
                found = tuple(dict.fromkeys(ent.weekday_plural(f) for f in found)) + found
                restore = ent.weekday_plural(restore)
            subs.append(Substitution(i, "calendar", tok.text, sub, found, restore))
        elif kind in DIGIT_KINDS and _scale_after_digits(tokens, i, dictionary.source):
            # "million" of "2.3 million" goes as it is: the digits before it are hidden, and a
            # stand-in number in its place came back as "2.3 1000000" instead of "2.3 millones".
            handled.add(i)
            continue
        elif kind in DIGIT_KINDS:
            # A number said as words ("four seven two nine") goes out, and comes back, as digits.
            value = tok.text if any(c.isdecimal() for c in tok.text) else spelt_value(tok.text, dictionary.source)
            kind = "DATE" if _next_to_month(tokens, i, source) else "TIME" if _next_to_hour_sign(tokens, i, source) else tok.ner
            sub = ent.surrogate_digits(value, rng, drawn_digits, kind)
            drawn_digits.add(ent.digits(sub))
            subs.append(Substitution(i, "number", tok.text, sub, (sub,), value))
        elif kind in CODE_KINDS:
            sub = ent.surrogate_code(tok.text, rng, used)
            subs.append(Substitution(i, "code", tok.text, sub, (sub,), tok.text))
        elif kind == "EMAIL":
            sub = ent.surrogate_email(rng)
            subs.append(Substitution(i, "email", tok.text, sub, (sub,), tok.text))
        elif kind == "URL":
            sub = ent.surrogate_url(rng, tok.text)
            subs.append(Substitution(i, "url", tok.text, sub, (sub,), tok.text))
        else:  # PERSON, ORG, PLACE
            # Unlike a weekday, a name is not a small domain: avoiding the user's own words costs
            # nothing, and a stand-in list that holds a user's surname must not send it.
            for _ in range(20):
                if tok.text in source.name_joiners:
                    # "i" of "Soler i Pons": a surname stands in for it, or the translator makes it "and"
                    sub = rng.choice(ent.SURNAMES)
                else:
                    sub = match_case(tok.text, ent.surrogate_name(rng, tok.ent_start, tok.text))
                if (sub.lower() not in used and not own_words.intersection(re.findall(r"\w+", sub.lower()))
                        and not any(name in sub.lower() for name in own_names)):
                    break
            if sub == tok.text:
                # A one-letter part goes as it is (an initial, "y" of "Ortega y Gasset" in English
                # text): nothing to put back, and a translator's change to it is not a lost value.
                handled.add(i)
                continue
            subs.append(Substitution(i, "name", tok.text, sub, (sub,), tok.text,
                                     capital_next=_capital_next(tokens, i)))
        used.add(subs[-1].substitute.lower())
        out[i] = subs[-1].substitute
        handled.add(i)
    return handled


def _lower_case_names(tokens: list[Token], dictionary: Dictionary) -> set[int]:
    """The proper nouns in lower case no recogniser marked, that the dictionary does not know
    ("john"): they would go out as they are, so they are hidden as names; but for a chat's "omg"
    or "wifi", and for a word the language's analyser knows only as a common word, and not as a
    person's name ("reenvío", "localizador", "apúntalo": the tagger's PROPN for a verb or noun it
    has not seen; hidden, they came back untranslated). A capitalised proper noun the recognisers
    found ordinary goes out too ("Dr", "PIN", "Invoice")."""
    source = lexicon(dictionary.source)
    found = {i: t.text for i, t in enumerate(tokens)
             if not t.entity and t.pos == "PROPN" and t.is_word and t.text.islower()
             and t.text not in source.chat_words and t.text not in source.office_words
             and dictionary_entry(dictionary, t) is None}
    if not found:
        return set()
    asked = set(found.values())
    words = set(word_classes.common_readings(asked, source.code)) - word_classes.person_names(asked, source.code)
    return {i for i, text in found.items() if text not in words}


def common_nouns(tokens: list[Token], dictionary: Dictionary) -> dict[int, Entry]:
    """The words the recognisers took for a name that encode.py hides as words, with the entry
    each is hidden by:
    - common nouns in lower case the dictionary knows, that the text also uses as a noun it does
      not take for a name ("the green ball" of a story where balls talk): a stand-in name would
      bring back the source's word ("el verde ball"), where the plain translation has "la bola
      verde". A chat's lower-case "rocío", a name each time, stays a name;
    - the capitalised common words of kind WORD (recognisers/common_runs.py: "a Water Bottle").
    A word whose substitutes are only itself is hidden as a name."""
    nouns = {t.text for t in tokens if t.pos == "NOUN" and not t.entity}
    found = {}
    for i, t in enumerate(tokens):
        if t.entity in ("PERSON", "ORG", "PLACE") and t.text.islower() and t.text in nouns:
            entry = dictionary.lookup(t.text, "NOUN")
        elif t.entity == "WORD":
            entry = _word_entry(t, dictionary)
        else:
            continue
        if entry is not None and any(word != t.text.lower() for _, word, _ in _pool(dictionary, entry)):
            found[i] = entry
    return found


def _word_entry(tok: Token, dictionary: Dictionary) -> Entry | None:
    """A capitalised common word's entry: by its tag, else as a noun, an adjective or a verb."""
    for pos in dict.fromkeys((tok.pos, "NOUN", "ADJ", "VERB")):
        if pos in ("NOUN", "ADJ", "VERB") and (entry := dictionary.lookup(tok.text.lower(), pos)) is not None:
            return entry
    return None


def _pool(dictionary: Dictionary, entry: Entry) -> list:
    """The confident substitutes PRISM* draws for the entry's word."""
    return lowered_pool(dictionary, entry.pos, entry.tag, entry.features, entry.structure)[:CONFIDENT_POOL]


def words_of(texts: Iterable[str]) -> frozenset[str]:
    """The lower-case words of texts: what a stand-in name must not spell."""
    return frozenset(w for text in texts for w in re.findall(r"\w+", text.lower()))


_SCALES = frozenset({"1000", "1000000", "1000000000", "1000000000000"})


def _scale_after_digits(tokens: list[Token], i: int, lang: str) -> bool:
    """A scale word ("thousand", "million", "millones") right after a number written in digits."""
    tok = tokens[i]
    if not tok.text.isalpha() or spelt_value(tok.text, lang) not in _SCALES:
        return False
    before = next((t.text for t in reversed(tokens[:i]) if t.pos != "SPACE"), "")
    return any(c.isdecimal() for c in before)


def _capital_next(tokens: list[Token], i: int) -> bool:
    """Whether the word after token i is capitalised (the next name part, a sentence start):
    Apertium capitalises the word after a name it does not know, and the decoder lowers that
    capital again unless the text had one there."""
    following = next((t.text for t in tokens[i + 1:] if t.pos != "SPACE"), "")
    return following[:1].isupper()


def _nearest(tokens: list[Token], i: int, count: int) -> tuple[list[str], list[str]]:
    """The `count` nearest words after and before token i, lower case, whitespace skipped (not a
    scan of the whole text: this runs for every number)."""
    after, before = (list(itertools.islice((tokens[j].text.lower() for j in range(i + step, -1 if step < 0 else len(tokens), step)
                                            if tokens[j].pos != "SPACE"), count)) for step in (1, -1))
    return after, before


def _next_to_month(tokens: list[Token], i: int, source) -> bool:
    """A number next to a month's name, or one "de"/"of" away ("17 de marzo", "marzo de 2025",
    "March 3"): a day or a year, which only the English tagger marks as a date."""
    near = [w for side in _nearest(tokens, i, 2) for w in (side[1:2] if side[:1] and side[0] in source.day_month_links
                                                            else side[:1])]
    return any(source.is_month(w) for w in near)


def _next_to_hour_sign(tokens: list[Token], i: int, source) -> bool:
    """A number right before or after an hour's "h" ("a les 10 h" went out as "a les 26 h")."""
    return any(side[:1] and side[0] in source.hour_signs for side in _nearest(tokens, i, 1))
