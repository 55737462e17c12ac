"""Capitalised first words (of a sentence, a line, a subject) in languages whose dictionary
settles them (Lexicon.dictionary_first_words: Spanish, Catalan, French): an ordinary word
("Factura pendiente", "Envoyez-moi") or a surname before its verb ("Petit enverra le rapport",
"Costa no ha vingut"). English reads them by the census lists and its tagger (capitalised.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import clitics, word_classes
from .common import NER_NAMES, capitalised, first_names, folded, following, previous, starts, surnames

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token

_SUBJECT_POS = frozenset({"NOUN", "ADJ", "PROPN"})


def _pronoun_after(tokens: list[Token], i: int, lang_code: str) -> bool:
    """A pronoun joined to the word by a hyphen: the tokenizer splits "Envoyez-moi" in two,
    "Dites-le" in three."""
    if tokens[i].ws or i + 1 >= len(tokens):
        return False
    nxt = tokens[i + 1]
    if nxt.text == "-" and not nxt.ws and i + 2 < len(tokens):
        return clitics.is_pronoun_suffix("-" + tokens[i + 2].text, lang_code)
    return clitics.is_pronoun_suffix(nxt.text, lang_code)


def _opens_formula(word: str, lang: Lexicon) -> bool:
    return any(phrase.split()[0] == word for phrase in lang.greetings + lang.signoffs)


def _ordinary_at_start(tokens: list[Token], i: int, lang: Lexicon) -> str:
    """Whether a capitalised first word that the recogniser or the tagger may call a name is an
    ordinary word: its UPOS for a greeting or sign-off ("Hola Marta": INTJ) and a verb with its
    pronoun attached ("Envoyez-moi": VERB); "ask" when the tagger reads a common word, or a
    subject line starts, and only the dictionary can settle it ("Factura pendiente" against
    "Quintana tampoco"); "" otherwise. A first name stays a name ("Rosa vino ayer"), and so does a
    word before another capitalised word ("Banco Sabadell")."""
    tok = tokens[i]
    if not _capitalised_first(tokens, i, lang) or folded(tok.text) in first_names():
        return ""
    if _opens_formula(tok.text.lower(), lang):
        return "INTJ"
    if _pronoun_after(tokens, i, lang.code):
        return "VERB"
    return "ask" if _may_be_a_word(tokens, i) else ""


def _capitalised_first(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    tok = tokens[i]
    return lang.dictionary_first_words and tok.is_word and capitalised(tok.text) and starts(tokens, i)


def _may_be_a_word(tokens: list[Token], i: int) -> bool:
    """A first word that the tagger or the recogniser reads as a name, but may be a common word:
    not a proper noun by the tagger (but on a subject line: "Asunto: Renovación del contrato"),
    not its verb's subject, not before another capitalised word."""
    tok = tokens[i]
    prev = previous(tokens, i)
    subject = prev is not None and prev.text == ":"
    # a proper noun by the tagger only where the census knows it as a surname: "Próxima cita",
    # "Revisión con la enfermera" are common words the tagger misread, "Quintana tampoco" a name
    if tok.pos in ("X", "NUM") or tok.pos == "PROPN" and not subject and folded(tok.text) in surnames():
        return False
    if tok.pos != "PROPN" and not NER_NAMES.get(tok.ner):
        return False  # read as a word by both the tagger and the recogniser
    nxt = following(tokens, i)
    return not _bare_subject(tokens, i) and not (
        nxt is not None and "\n" not in tok.ws and capitalised(nxt.text) and nxt.is_word)


def _bare_subject(tokens: list[Token], i: int) -> bool:
    """A common noun or adjective is not a sentence's subject without a determiner: a capitalised
    first word the parser makes the subject is a name ("Blanc a confirmé", "Roux enverra le
    rapport")."""
    tok = tokens[i]
    if not (tok.is_word and capitalised(tok.text) and tok.pos in _SUBJECT_POS
            and tok.dep.startswith("nsubj") and starts(tokens, i)):
        return False
    # a subject pronoun right after it is the sentence's subject ("Demain j'ai une réunion")
    nxt = following(tokens, i)
    return not (nxt is not None and nxt.pos == "PRON" and nxt.dep.startswith("nsubj"))


def _could_be_subject(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A capitalised first noun, adjective or verb that neither the tagger nor the recogniser
    reads as a name: a surname all the same if its verb follows ("Petit enverra le rapport",
    "Costa no ha vingut", where "costa" is also "it costs")."""
    tok = tokens[i]
    return (lang.dictionary_first_words and tok.is_word and capitalised(tok.text)
            and tok.pos in ("NOUN", "ADJ", "VERB") and not NER_NAMES.get(tok.ner) and starts(tokens, i)
            and not _opens_formula(tok.text.lower(), lang))


def _verb_after(tokens: list[Token], i: int, lang: Lexicon, as_verb: bool) -> Token | None:
    """The first word after token i that is not a negation, an adverb with a word after it or
    (after a noun or adjective) a pronoun: where its verb would be ("Roig també ve demà", "Rose
    aussi viendra", whose "viendra" the tagger calls an adverb: the last word before the stop is
    the verb's place). After a verb a pronoun is its object or a question word ("Sabes qué
    pasó"), so the search stops there."""
    skip = ("SPACE",) if as_verb else ("SPACE", "PRON")
    # not past the line's end: a heading's word is no subject of the next line's verb ("Punt 1:
    # Pressupost\nS'acorda comprar...")
    line = tokens[i:]
    end = next((k for k, t in enumerate(line) if "\n" in t.ws or t.pos == "SPACE" and "\n" in t.text), len(line) - 1)
    return next((t for k, t in enumerate(line[1:end + 1], 1) if t.pos not in skip and t.text.lower() not in lang.negations
                 and not (t.pos == "ADV" and k < end and line[k + 1].is_word)), None)


def _before_verb(tokens: list[Token], i: int, nxt: Token | None, readings: dict) -> bool:
    """Followed by a finite verb (a participle makes a heading: "Réservation confirmée"); after a
    verb, only by one the tagger reads so ("Espero poder ir" is one verb's phrase), and after an
    adjective of the noun that follows, too ("Próxima cita", "Prochain rendez-vous": "cita" is
    also "he quotes")."""
    if nxt is None:
        return False
    if nxt.pos in ("VERB", "AUX") and ":Fin" in nxt.tag:
        return True
    # (Catalan's tagger has no parser: an adjective before a noun)
    modifies = nxt.pos == "NOUN" and (tokens[i].dep == "amod" or not tokens[i].dep and tokens[i].pos == "ADJ")
    verb = tokens[i].pos == "VERB" and not _no_verb(tokens[i], readings)
    return not verb and not modifies and any(
        p in ("VERB", "AUX") and ":Fin:" in t for p, t in readings.get(nxt.text.lower(), ()))


def _reading(tok: Token, v: str, known: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
    """The (UPOS, fine tag) to read an ordinary first word with: the tagger's own when the
    dictionary has that reading, else the dictionary's first ("Envoyez" is a verb, not the
    proper noun it was tagged); before an object pronoun ("Envoyez-moi"), the imperative: a
    substitute of another mood would not be a verb the translator can join the pronoun to
    ("Savez-moi")."""
    if known:
        wanted = (("Imp" in t.split(":"), p == tok.pos) if v == "VERB" else (p == tok.pos,) for p, t in known)
        return max(zip(wanted, known), key=lambda pair: pair[0])[1]
    return None if v == "ask" else (v, v)


def _verbs_after(tokens: list[Token], words: set[int], lang: Lexicon, as_verb: bool) -> dict[int, Token]:
    return {i: nxt for i in words if (nxt := _verb_after(tokens, i, lang, as_verb)) is not None}


def _no_verb(tok: Token, readings: dict) -> bool:
    """A word the tagger calls a verb that the dictionary knows only as a noun or an adjective
    ("Blanc aussi arrive demain": French tagged "Blanc" the root verb)."""
    known = readings.get(tok.text.lower(), ())
    return bool(known) and all(pos in ("NOUN", "ADJ") for pos, _ in known)


def _ordinary(tokens: list[Token], found: dict[int, str], after: dict[int, Token],
              readings: dict) -> dict[int, tuple[str, str]]:
    """The first words that are ordinary words after all (not before their verb), with their reading."""
    ordinary = {}
    for i, v in found.items():
        known = readings.get(tokens[i].text.lower(), ())
        reading = _reading(tokens[i], v, known)
        # a word the dictionary knows only as an adverb or the like is no subject, whatever
        # follows ("Demain j'ai une réunion", "Mañana tengo", "Demà tinc")
        adverb = bool(known) and all(pos not in _SUBJECT_POS and pos != "VERB" for pos, _ in known)
        if reading is not None and (adverb or not _before_verb(tokens, i, after.get(i), readings)):
            ordinary[i] = reading
    return ordinary


def read(tokens: list[Token], lang: Lexicon) -> tuple[dict[int, tuple[str, str]], set[int]]:
    """What the capitalised first words are, beyond what the tagger and the recogniser said:
    ordinary words, with the (UPOS, fine tag) the encoder should read them with; and names: a
    noun or adjective that is its verb's subject, by the parser or because the next word is a
    verb (the dictionary's finite reading counts where the tagger missed the verb: "Gros viendra
    demain")."""
    found = {i: v for i in range(len(tokens)) if (v := _ordinary_at_start(tokens, i, lang))}
    bare = {i for i in range(len(tokens)) if i not in found and _could_be_subject(tokens, i, lang)}
    nouns = {i for i in bare if tokens[i].pos != "VERB"}
    after = _verbs_after(tokens, nouns | {i for i, v in found.items() if v == "ask" and tokens[i].pos in _SUBJECT_POS},
                         lang, as_verb=False)
    # a word tagged a verb is read as the noun or adjective the dictionary may know it as, too
    verbs, as_noun = _verbs_after(tokens, bare - nouns, lang, True), _verbs_after(tokens, bare - nouns, lang, False)
    asked = ({tokens[i].text.lower() for i in found.keys() | bare}
             | {t.text.lower() for t in (*after.values(), *verbs.values(), *as_noun.values())})
    modifiers = _before_lower_case(tokens, lang)
    asked |= {w for pair in modifiers.values() for w in pair}
    readings = word_classes.common_readings(asked, lang.code) if asked else {}
    after |= {i: t for i in bare - nouns if (t := (as_noun if _no_verb(tokens[i], readings) else verbs).get(i))}
    names = {i for i in bare if _before_verb(tokens, i, after.get(i), readings)}
    adjectives = {i: reading for i, pair in modifiers.items() if (reading := _adjective_of_noun(*pair, readings))}
    return _ordinary(tokens, found, after, readings) | adjectives, names - adjectives.keys()


def _before_lower_case(tokens: list[Token], lang: Lexicon) -> dict[int, tuple[str, str]]:
    """The capitalised first words, in no census list, before a lower-case word on their line: (the
    word, the next one), both lower case."""
    pairs = {}
    for i in range(len(tokens) - 1):
        nxt = tokens[i + 1]
        if (_capitalised_first(tokens, i, lang) and not tokens[i].ws.strip(" ") and nxt.is_word and nxt.text.islower()
                and folded(tokens[i].text) not in first_names() and folded(tokens[i].text) not in surnames()):
            pairs[i] = (tokens[i].text.lower(), nxt.text)
    return pairs


def _adjective_of_noun(word: str, noun: str, readings: dict) -> tuple[str, str] | None:
    """The adjective's reading when `word` is only an adjective or determiner to the dictionary (no
    verb, no name) and agrees with a noun reading of `noun`: it opens its noun phrase ("Próxima
    cita", "Prochain rendez-vous", "Segunda planta"), where a surname before its verb does not
    ("Petit enverra": a census surname, not asked; "Gros viendra": no noun after)."""
    known, nouns = readings.get(word, ()), [t for p, t in readings.get(noun, ()) if p == "NOUN"]
    if not known or any(p == "VERB" for p, _ in known):
        return None
    return next(((p, t) for p, t in known if p in ("ADJ", "DET") and any(_agree(t, n) for n in nouns)), None)


def _agree(tag: str, other: str) -> bool:
    """Gender and number agree where both tags tell them."""
    mine, theirs = set(tag.split(":")[1:]), set(other.split(":")[1:])
    return all(not (mine & pair and theirs & pair) or mine & theirs & pair
               for pair in ({"Masc", "Fem"}, {"Sing", "Plur"}))


def ordinary(passage) -> dict[int, str]:
    """Ordinary first words: words, whatever else said they were names."""
    return dict.fromkeys(passage.first_words[0], "")


def subjects(passage) -> dict[int, str]:
    """Surnames that are their verb's subject."""
    return dict.fromkeys(passage.first_words[1], "PERSON")
