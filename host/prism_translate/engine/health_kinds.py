"""Spanish, Catalan, French: health words that no list holds, found by their kind (engine/health.py
adds them to the listed ones):
- a medicine by the ending its INN stem gives it in the language (languages/<code>/drug_stems.txt:
  "tiotropio", "pantoprazole"), unless the dictionary knows the word as an ordinary noun;
- a word no analyser knows, next to a dose or a medicine's form (dose_words.txt: "un Nolotil de
  575 mg", "dos comprimidos de Gelocatil"), or a capitalised one right beside a form ("the
  Brelvanto inhaler", "el inhalador Ventrelix"): a brand, in English too;
- a medicine that is an ordinary word too, by its English translation (languages/en/
  medication_words.txt: "litio", "lithium"), or a rendered health word that is mostly an ordinary
  one (health_context_terms.txt), in a sentence about health or next to a dose;
- a clipped form of a listed term that no analyser knows ("fisio", "quimio": as people write them);
- a rare loan word: a technical English term written as it is ("ictus" in Spanish), or a rare
  word whose English translation is a condition that is mostly something else ("ictus" in
  Catalan: "stroke");
- a noun with a body part after "de" ("radiografía de tórax", "rotura del ligamento"), or with
  an anatomical adjective ("estimulación cerebral", "túnel carpiano"): the whole term."""

from __future__ import annotations

from functools import lru_cache

from wordfreq import zipf_frequency

from . import word_classes
from .health_vocabulary import _bare, adjectives, cognate_key, terms, may_start_term, ordinary_noun, plural_of, word_list
from .tokenize import Token

NOUNS = frozenset({"NOUN", "PROPN"})
# A body part or adjective this frequent (wordfreq's Zipf scale) is named every day and heads
# ordinary phrases ("mano de obra", "al pie de la letra", "agua profunda"); anatomy is rarer
# ("tórax" 3.3, "ligamento" 3.1, "cerebral" 3.6, "carpal" 2.7).
EVERYDAY_ZIPF = 4.0
# Shorter unknown words are chat spellings and abbreviations, not brands.
BRAND_LETTERS = 4
# Letters of a clipped form ("fisio") and that it leaves off at the least: shorter ones are chat
# abbreviations of anything ("cole", "tele").
CLIPPED_LETTERS = 5
CLIPPED_OFF = 3
# A loan word this rare in the language and in English is a technical term ("ictus": 2.6 in Spanish, 3.3 in Catalan).
LOAN_ZIPF = 3.5
# Letters an INN stem leaves before it at the least ("pril" in "enalapril", not in "abril").
STEM_PREFIX = 3


def drugs_and_anatomy(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """The medicines by their stem or dose and the anatomical terms, beyond `found`."""
    out = _drug_names(tokens, lang) | dosed(tokens, lang) | _clipped(tokens, lang) | _loans(tokens, lang)
    return out | _anatomy(tokens, found | out, lang)


def _word(tok: Token) -> bool:
    # Apertium's Catalan tagger calls a word it does not know X, as it does symbols
    return (tok.is_word or tok.pos == "X") and tok.text.replace("·", "").isalpha()


@lru_cache(maxsize=None)
def _stems(lang: str) -> tuple[str, ...]:
    return tuple(sorted(word_list("drug_stems.txt", lang), key=len, reverse=True))


def _drug_names(tokens: list[Token], lang: str) -> set[int]:
    stems = _stems(lang)
    out = set()
    for i, tok in enumerate(tokens):
        low = tok.text.lower()
        stem = next((s for s in stems if low.endswith(s)), None) if _word(tok) else None
        if stem is not None and len(low) >= len(stem) + STEM_PREFIX and not ordinary_noun(low, lang) \
                and _english(low, "VERB", lang) is None and _english(low, "ADJ", lang) is None:
            out.add(i)
    return out


@lru_cache(maxsize=None)
def _clippings(lang: str) -> frozenset[str]:
    """The beginnings of the language's listed single-word terms that leave some letters off."""
    return frozenset(t[:n] for t in terms(lang) if " " not in t
                     for n in range(CLIPPED_LETTERS, len(t) - CLIPPED_OFF + 1))


def _clipped(tokens: list[Token], lang: str) -> set[int]:
    """Words no analyser knows that begin a listed term: "voy al fisio", "empieza la quimio"."""
    candidates = {i: t.text.lower() for i, t in enumerate(tokens)
                  if _word(t) and len(t.text) >= CLIPPED_LETTERS and t.text.lower() in _clippings(lang)}
    unknown = word_classes.unknown_words(set(candidates.values()), lang) if candidates else set()
    return {i for i, word in candidates.items() if word in unknown}


def _loans(tokens: list[Token], lang: str) -> set[int]:
    """Rare lower-case nouns that are a listed English term no analyser of the language knows,
    and rare in English too (not "fever" or "slash" written in a Spanish chat), or whose English
    translation is a condition that is mostly something else (condition_words.txt: "stroke")."""
    conditions = word_list("condition_words.txt")
    candidates = {i: t.text for i, t in enumerate(tokens) if _word(t) and t.text.islower() and len(t.text) >= CLIPPED_LETTERS
                  and t.pos in NOUNS | {"X"} and zipf_frequency(t.text, lang) < LOAN_ZIPF}
    by_condition = {i for i, w in candidates.items() if plural_of((_english(w, "NOUN", lang) or "").lower(), conditions)}
    english = {w for w in candidates.values() if w in terms("en") and zipf_frequency(w, "en") < LOAN_ZIPF}
    unknown = word_classes.unknown_words(english, lang) if english else set()
    return by_condition | {i for i, w in candidates.items() if w in unknown}


def _dose_word(tok: Token, lang: str) -> bool:
    # without accents: a plural drops the singular's ("inhalaciones", Catalan "inhalacions")
    low = _bare(tok.text)
    return any(form in _bare_dose_words(lang) for form in (low, low[:-1], low[:-2]) if low.endswith("s") or form == low)


@lru_cache(maxsize=None)
def _bare_dose_words(lang: str) -> frozenset[str]:
    return frozenset(_bare(w) for w in word_list("dose_words.txt", lang))


def _links(lang: str) -> frozenset[str]:
    from .lexicon import lexicon

    return lexicon(lang).of_words | lexicon(lang).date_glue


def dosed(tokens: list[Token], lang: str) -> set[int]:
    """Unknown words with a dose after them ("Nolotil 575 mg", "Nolotil de 575 mg"), after a
    medicine's form and "de" ("comprimidos de Gelocatil", "two puffs of Brelvanto"), or capitalised
    right beside a form ("Brelvanto inhaler", "inhalateur Ventrelix")."""
    candidates = {i: t.text.lower() for i, t in enumerate(tokens) if _word(t) and len(t.text) >= BRAND_LETTERS
                  and (_dose_after(tokens, i, lang) or _form_before(tokens, i, lang) or _form_beside(tokens, i, lang))}
    unknown = word_classes.unknown_words(set(candidates.values()), lang) if candidates else set()
    return {i for i, word in candidates.items() if word in unknown}


def _dose_after(tokens: list[Token], i: int, lang: str) -> bool:
    j = i + 1
    if j < len(tokens) and tokens[j].text.lower() in _links(lang):
        j += 1
    return j + 1 < len(tokens) and tokens[j].text.replace(",", "").replace(".", "").isdigit() \
        and _dose_word(tokens[j + 1], lang) and "\n" not in "".join(t.ws for t in tokens[i:j + 1])


def _form_before(tokens: list[Token], i: int, lang: str) -> bool:
    j = i - 1
    if j > 0 and tokens[j].pos == "DET":
        j -= 1
    return j > 0 and tokens[j].text.lower() in _links(lang) and _dose_word(tokens[j - 1], lang) \
        and "\n" not in "".join(t.ws for t in tokens[j - 1:i])


def _form_beside(tokens: list[Token], i: int, lang: str) -> bool:
    """A capitalised word with a medicine's form right before or after it on its line: a brand
    names its inhaler, whatever the word order ("Brelvanto inhaler", "l'inhalateur Brelvanto")."""
    if not tokens[i].text[:1].isupper() or tokens[i].text.isupper():
        return False
    before = i > 0 and _dose_word(tokens[i - 1], lang) and "\n" not in tokens[i - 1].ws
    return before or i + 1 < len(tokens) and _dose_word(tokens[i + 1], lang) and "\n" not in tokens[i].ws


def _sentence_of(tokens: list[Token]) -> list[int]:
    """The number of the sentence (a line break also ends one) each token stands in."""
    out, n = [], 0
    for k, tok in enumerate(tokens):
        n += k > 0 and (tok.sent_start or "\n" in tokens[k - 1].ws)
        out.append(n)
    return out


def medicines(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """Nouns whose English translation or spelling is a medicine that is an ordinary word too, or
    that are a rendered health word which is mostly an ordinary one (health_context_terms.txt:
    "rechange", a prescription's refill and spare parts'), in a sentence that holds a health word
    or a dose: "le recetaron litio para el trastorno bipolar"."""
    medication, ordinary = word_list("medication_words.txt"), word_list("health_context_terms.txt", lang)
    sentence = _sentence_of(tokens)
    about = {sentence[i] for i in found} | {sentence[i] for i, t in enumerate(tokens) if _dose_word(t, lang)}
    out = set()
    for i, tok in enumerate(tokens):
        if sentence[i] in about and i not in found and tok.pos in NOUNS and _word(tok):
            english = _english(tok.text.lower(), "NOUN", lang) or ""
            if plural_of(english.lower(), medication) or cognate_key(tok.text) in _medication_cognates() \
                    or plural_of(tok.text.lower(), ordinary):
                out.add(i)
    return out


def _anatomy(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """A noun (and its adjectives) with a body part after "de" and its article, when the noun is a
    health word or the part is anatomy, not an everyday word: "esguince de tobillo", "radiografía
    de tórax", "hiperplasia benigna de próstata"; a noun with an anatomical adjective after it:
    "estimulación cerebral profunda", "túnel carpiano"."""
    out: set[int] = set()
    for i, tok in enumerate(tokens):
        if tok.pos not in NOUNS or not _word(tok):
            continue
        j = i + 1
        # the Spanish model calls a lower-case adjective it does not know PROPN ("benigna")
        while j < len(tokens) and (tokens[j].pos == "ADJ" or tokens[j].pos == "PROPN" and tokens[j].text.islower()) \
                and "\n" not in tokens[j - 1].ws:
            j += 1
        if any(_anatomical_adjective(tokens[k].text.lower(), lang) for k in range(i + 1, j)):
            out.update(range(i, j))
        part = _part_after(tokens, j - 1, lang)
        if part is not None and (i in found or zipf_frequency(tokens[part].text.lower(), lang) < EVERYDAY_ZIPF):
            out.update(k for k in range(i, part + 1) if tokens[k].pos in NOUNS | {"ADJ"} and _word(tokens[k]))
    return out - found


def _part_after(tokens: list[Token], i: int, lang: str) -> int | None:
    """The body part after "de" and its article that follows token i on its line."""
    j = i + 1
    if j >= len(tokens) or tokens[j].text.lower() not in _links(lang) or "\n" in tokens[i].ws:
        return None
    j += 1
    if j < len(tokens) and tokens[j].pos == "DET":
        j += 1
    if j >= len(tokens) or "\n" in "".join(t.ws for t in tokens[i:j]) or not _word(tokens[j]):
        return None
    return j if _body_part(tokens[j].text.lower(), lang) else None


@lru_cache(maxsize=1)
def _medication_cognates() -> frozenset[str]:
    """The medicines' spellings shared across languages ("lithium" in French as in English)."""
    return frozenset(cognate_key(t) for t in word_list("medication_words.txt") if " " not in t)


@lru_cache(maxsize=1)
def _body_cognates() -> frozenset[str]:
    return frozenset(cognate_key(t) for t in word_list("body_parts.txt") if " " not in t and len(t) >= 5)


@lru_cache(maxsize=4096)
def _body_part(low: str, lang: str) -> bool:
    """A body part by its English translation or its spelling ("tobillo": ankle; "próstata")."""
    english = _english(low, "NOUN", lang)
    return english is not None and plural_of(english.lower(), word_list("body_parts.txt")) \
        or len(low) >= 5 and cognate_key(low) in _body_cognates()


@lru_cache(maxsize=4096)
def _anatomical_adjective(low: str, lang: str) -> bool:
    """An adjective rare in both languages whose English translation is a health adjective or
    opens a listed English health term ("cerebral": "cerebral palsy"; "benigna": "benign
    tumor"); not "anterior", an everyday Spanish word, though rare in English."""
    english = _english(low, "ADJ", lang)
    if english is None or zipf_frequency(low, lang) >= EVERYDAY_ZIPF:
        return False
    english = english.lower()
    return english in adjectives() or zipf_frequency(english, "en") < EVERYDAY_ZIPF and may_start_term(english, "en")


@lru_cache(maxsize=8192)
def _english(low: str, pos: str, lang: str) -> str | None:
    """The word's first English translation in the language's dictionary into English."""
    from ..dictionary.format import find_dictionary
    from ..errors import DictionaryError

    try:
        entry = find_dictionary("en", lang).lookup(low, pos)
    except DictionaryError:
        return None
    return entry.top if entry is not None else None
