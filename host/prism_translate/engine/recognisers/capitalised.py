"""Capitalised words used as names: what the tagger's NER calls a person, organisation or place;
a word capitalised mid-sentence; a proper noun that is the subject of its sentence; and, where
the census lists read first words (English), first names that are also words ("Will", "Mark",
"Hope") and surnames that are ("Black will send the offer")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .common import FUNCTION_POS, NER_NAMES, capitalised, first_names, folded, following, labels_line, previous, starts, surnames

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token


def _word_kind(tokens: list[Token], i: int) -> str:
    """A capitalised word's name kind, or "" when it is an ordinary word (where it stands is
    looked at only for a capitalised word: most are not)."""
    tok = tokens[i]
    if not tok.is_word or not capitalised(tok.text):
        return ""
    ner = NER_NAMES.get(tok.ner, "")
    # the tagger's part of speech is not trusted over NER for a word the language has no function
    # word of: French tagged "Dupont" a pronoun after "Chef de Cuisine Marie" ("I", "Vous" are stop words)
    if tok.pos in FUNCTION_POS and (tok.stop or not ner):
        return ""
    if ner:  # NER weighs the context: "May Lin" is a name even where the tagger saw the modal
        return ner
    if tok.pos in ("AUX", "INTJ", "NUM") or labels_line(tokens, i):
        return ""
    if not starts(tokens, i):
        return "PERSON" if tok.pos == "PROPN" else "ORG"
    # First word of a sentence: a proper noun that is not the sentence's head ("Hope called",
    # not "Hope you are well", whose "Hope" spaCy makes the root verb), or a first name the
    # parser made the head of a clause it cut short ("Bonjour,\nLucie et Inès seront là": French
    # made "Lucie" the root).
    return "PERSON" if tok.pos == "PROPN" and (tok.dep not in ("ROOT", "") or folded(tok.text) in first_names()) else ""


def _surname_as_subject(tokens: list[Token], i: int, lang) -> bool:
    """A surname that is also a common word, first in its sentence and its subject without a
    determiner ("Black will send the offer", "Young from our fraud team will call you"): the
    tagger reads an adjective or a noun. A bare singular noun or adjective is rarely a subject
    otherwise; when it is ("Price is the issue"), the word is hidden as a name and comes back as
    written."""
    tok = tokens[i]
    return (capitalised(tok.text) and not tok.text.isupper() and tok.dep in ("nsubj", "nsubjpass")
            and tok.tag in ("JJ", "NN") and tok.text.lower() not in lang.quantifiers and tok.text.lower() in surnames()
            and starts(tokens, i))


def _first_name_used_as_name(tokens: list[Token], i: int, lang) -> bool:
    """A capitalised first name that is also a word where a name is likely: opening a chat line
    ("Will: are we on?"), signing under a dash ("- Dawn"), or at a sentence start before a verb, a
    conjunction or another capitalised word ("Will is best man", "Mark and Will are", "Drew
    Carter called"), not before a pronoun ("Hope you are well")."""
    tok = tokens[i]
    if not capitalised(tok.text) or tok.text.lower() not in first_names():
        return False
    if labels_line(tokens, i):
        return True
    prev = previous(tokens, i)
    if not starts(tokens, i):
        return False
    if prev is not None and prev.text in ("-", "—", "–"):
        return True
    nxt = following(tokens, i)
    if nxt is None or "\n" in tok.ws:
        return True  # alone on its line
    nxt = _past_adverbs(tokens, i, nxt)
    return (nxt.pos in ("AUX", "VERB") and nxt.text.lower() not in lang.object_pronouns) or nxt.text in (
        lang.and_words | {"&", ",", "'s", "’s"}) or (capitalised(nxt.text) and nxt.is_word and nxt.pos == "PROPN")


def _past_adverbs(tokens: list[Token], i: int, nxt: Token) -> Token:
    """The word after the adverbs that follow token i on its line: where its verb stands ("Will
    also comes tomorrow")."""
    j = tokens.index(nxt, i + 1)
    while nxt.pos == "ADV" and "\n" not in nxt.ws and (after := following(tokens, j)) is not None and after.is_word:
        j, nxt = tokens.index(after, j + 1), after
    return nxt


def census_names(passage) -> dict[int, str]:
    """Where the census lists read first words (English), outside lines written in capitals."""
    if passage.lang.dictionary_first_words:
        return {}
    tokens, lang = passage.tokens, passage.lang
    # both tests ask for a capitalised word first
    return {i: "PERSON" for i in passage.capitalised if i not in passage.shouting
            and (_first_name_used_as_name(tokens, i, lang) or _surname_as_subject(tokens, i, lang))}


def shouted(passage) -> dict[int, str]:
    """In a line written in capitals only the tagger's NER says what is a name; in a quotation
    written so, the census lists too ('"CALL JOHN NOW!" she said'): a story's shouting is short,
    and NER reads little of it."""
    tokens, quoted = passage.tokens, passage.shouted_quotes
    return {i: NER_NAMES.get(tokens[i].ner, "") or ("PERSON" if i in quoted and _census(tokens[i].text) else "")
            for i in passage.shouting}


def _census(word: str) -> bool:
    return folded(word) in first_names() or folded(word) in surnames()


def _misread_first_word(tokens: list[Token], i: int) -> bool:
    """A first word the tagger alone calls a proper noun, with no capitalised word after it and
    in no census list: a common word if the dictionary knows it as one ("Review with the nurse",
    "Next appointment"), where a name would be a census name ("Hope", "Price"), go on ("Summit
    Finance called") or be its sentence's subject ("Nice is sunny", a town) but for a sentence of
    its own ('"Tea?" asked Chloe'). A form's value or a
    subject line is no sentence: there a subject before its verb is read by the dictionary too
    ("Subject: Handover changes", "Action taken: Area closed and cleaned")."""
    tok, nxt = tokens[i], following(tokens, i)
    prev = previous(tokens, i)
    labelled = prev is not None and prev.text == ":" and nxt is not None and nxt.pos == "VERB"
    # a sentence of one word is no subject, whatever the parser joined it to ('"Tea?" asked Chloe')
    alone = nxt is not None and nxt.text in (".", "!", "?", "!?", "?!")
    return (not tok.ner and tok.pos == "PROPN" and starts(tokens, i) and not tok.text.isupper()
            and (labelled or alone or not tok.dep.startswith("nsubj"))
            and folded(tok.text) not in first_names() and folded(tok.text) not in surnames()
            and not (nxt is not None and "\n" not in tok.ws and capitalised(nxt.text) and nxt.is_word))


def _exclaimed(tokens: list[Token], i: int) -> bool:
    """A capitalised word opening a sentence (or after an exclamation: '"Set! Go!"') before a
    comma, "!" or "?", in no census list: where a story's dialogue puts an interjection or a
    command before the one it addresses ('"Goodbye, Pancake," said Leo', '"Stop, Rocket!"'). NER
    reads such a word as a name or a title; the analyser's readings settle it (by_capital)."""
    tok, nxt, prev = tokens[i], following(tokens, i), previous(tokens, i)
    return (nxt is not None and nxt.text in (",", "!", "?") and not tok.text.isupper()
            and (starts(tokens, i) or prev is not None and prev.text in ("!", "?"))
            and folded(tok.text) not in first_names() and folded(tok.text) not in surnames())


# the analyser's readings of an interjection and of a command: the word is said, no one is named by it
_SAID = frozenset({("INTJ", "INTJ"), ("VERB", "VERB:Fin:Imp")})


def by_capital(passage) -> dict[int, str]:
    tokens = passage.tokens
    kinds = dict.fromkeys(range(len(tokens)), "")  # this recogniser speaks of every token
    kinds.update((i, _word_kind(tokens, i)) for i in passage.capitalised)  # "" but for capitalised words
    misread = {i for i, kind in kinds.items() if kind == "PERSON" and _misread_first_word(tokens, i)}
    exclaimed = {i for i, kind in kinds.items() if kind and _exclaimed(tokens, i)}
    asked = {tokens[i].text.lower() for i in misread | exclaimed}
    common = word_classes.common_readings(asked, passage.lang.code) if asked else {}
    said = {i for i in exclaimed if _SAID & set(common.get(tokens[i].text.lower(), ()))}
    return (kinds | {i: "" for i in misread if tokens[i].text.lower() in common} | dict.fromkeys(said, "")
            | _addressing_verbs(passage, kinds))


def _addressing_verbs(passage, kinds: dict[int, str]) -> dict[int, str]:
    """A verb of addressing opening its sentence before the person it addresses ("Tell Nell the
    keys are...", "Ask Tom"): the tagger's NER takes the verb into the name; the tagger's part
    of speech says it is the verb (a "Will" is an auxiliary to it)."""
    tokens, lang = passage.tokens, passage.lang
    return {i: "" for i, kind in kinds.items() if kind and tokens[i].pos == "VERB" and passage.lower[i] in lang.person_verbs
            and starts(tokens, i) and (nxt := following(tokens, i)) is not None and kinds.get(tokens.index(nxt, i + 1))}
