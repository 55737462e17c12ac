"""People a chat written in lower case mentions by first name where the name is also a word
("sabes lo de marta?", "si abril me deja el coche", "si la rosa em deixa el cotxe", "has parlat
amb la marta?", "ayer marta y yo"). lowercase_names.py finds a name where a verb or a greeting
puts a person; here the places are the ones a chat uses for someone it talks about: the subject
of a verb about the writer, after a word of company ("con", "avec", "amb", "with") or of the
matter ("lo de": Lexicon.with_words, about_words). Only census first names, names the
language's analyser or its first-name list knows and words the analyser does not know, and only
in a text whose lines all open in lower case: there a capital says nothing, while in ordinary writing a lower-case "rosa" or "abril" is a word. A month
stays a month ("en abril", "el 3 de abril") unless it is the subject of a verb with a person's
pronoun ("si abril me deja")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .common import FUNCTION_POS, first_names, folded, lower_case_text

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token

# what may open the clause a subject starts (start of line aside): "si", "que", "y", "ayer"
_OPENERS = frozenset({"SCONJ", "CCONJ", "ADV", "PUNCT", "INTJ"})
# a finite verb of the third person singular (es/ca/fr fine tags; English PTB tags)
_ENGLISH_FINITE = frozenset({"VBZ", "VBD", "MD"})


def _finite(tok: Token) -> bool:
    return tok.pos in ("VERB", "AUX") and (":3:Sing" in tok.tag or tok.tag in _ENGLISH_FINITE)


def _pronoun_then_verb(tokens: list[Token], words: list[int], n: int, lang) -> bool:
    """After word n, on its line, one to three object pronouns ("me", "te l'", "me lo") and a verb
    of the third person. The French model, reading a chat in lower case, tags "te" as a verb and
    "l'" or "la" as articles, and the verb after them as a noun ("rose te l'envoie", "rose la
    ramène"): the pronouns are also the language's list (Lexicon.object_clitics), and the verb is
    also what the language's analyser can read it as ("la semaine" stays an article and a noun)."""
    k = n + 1
    while k < min(len(words), n + 4) and "\n" not in tokens[words[k - 1]].ws and (
            tokens[words[k]].pos == "PRON" or tokens[words[k]].text.lower() in lang.object_clitics):
        k += 1
    if k == n + 1 or k >= len(words) or "\n" in tokens[words[k - 1]].ws:
        return False
    verb = tokens[words[k]]
    readings = () if _finite(verb) else word_classes.common_readings({verb.text.lower()}, lang.code).get(verb.text.lower(), ())
    return _finite(verb) or any(pos == "VERB" and ":3:Sing" in tag for pos, tag in readings)


def _subject(tokens: list[Token], words: list[int], n: int, lang, month: bool, bare: bool) -> bool:
    """Word n opens a clause and a verb about it follows: with a person's pronoun between ("si
    abril me deja", "que carmen me diga", "si la rosa em deixa", "rose te l'envoie"), or, for a
    word that is no month, it is one of "marta y yo" (a conjunction and a pronoun), or with no
    article before it, the verb directly ("marta viene mañana"; "la rosa es roja" is the flower)."""
    after = [tokens[j] for j in words[n + 1:n + 3]]
    if len(after) < 2:
        return False
    pair = after[0].pos == "CCONJ" and after[1].pos == "PRON"
    return not month and (bare and _finite(after[0]) or pair) or _pronoun_then_verb(tokens, words, n, lang)


def _opens_clause(tokens: list[Token], words: list[int], k: int) -> bool:
    """Word k (the name, or its article) starts a line or follows a word that opens a clause."""
    return k == 0 or "\n" in tokens[words[k - 1]].ws or tokens[words[k - 1]].pos in _OPENERS


def _place(tokens: list[Token], words: list[int], n: int, lang, month: bool) -> bool:
    """Word n stands where a chat mentions someone (see the module's docstring)."""
    before = [tokens[j].text.lower() for j in words[max(0, n - 3):n]]
    k = n - 1 if before[-1:] and before[-1] in lang.personal_articles else n  # "la marta"
    lead = before[:len(before) - (n - k)]
    # a stop word ("will") can be no subject, but after "with" it is no auxiliary either
    if not tokens[words[n]].stop and _opens_clause(tokens, words, k) and _subject(tokens, words, n, lang, month, k == n):
        return True
    if month:
        return False
    return (lead[-1:] and lead[-1] in lang.with_words
            or any(tuple(lead[-len(a):]) == a for a in lang.about_words))


def _unknown_word_place(tokens: list[Token], words: list[int], n: int, lang) -> bool:
    """Word n stands where a word the analysers do not know as a common word is someone, though a name that is also a word
    may be no one there: whom something is for ("a coffee for brixa", "un cadeau pour brieuc":
    Lexicon.for_words), or the subject of the verb right after it, whatever is before it ("i
    think mirek is coming"), but for an article's, a possessive's or a preposition's noun ("the
    wifi is down", "mon pseudo sur discord sera")."""
    before = [tokens[j].text.lower() for j in words[max(0, n - 3):n]]
    if before[-1:] and before[-1] in lang.personal_articles:
        before = before[:-1]
    if any(tuple(before[-len(f):]) == f for f in lang.for_words):
        return True
    prev = tokens[words[n - 1]] if n else None
    after = tokens[words[n + 1]] if n + 1 < len(words) else None
    return (after is not None and _finite(after) and "\n" not in tokens[words[n]].ws and not tokens[words[n]].stop
            and (prev is None or prev.pos not in ("DET", "ADJ", "NUM", "ADP") and prev.tag != "PRP$"))


def find(passage) -> set[int]:
    tokens, lang = passage.tokens, passage.lang
    if not (lang.with_words or lang.about_words) or not lower_case_text(passage):
        return set()
    words = [i for i, t in enumerate(tokens) if t.pos != "SPACE"]
    months = set(lang.months)
    shaped = [n for n, i in enumerate(words) if tokens[i].text.isalpha() and tokens[i].text.islower()
              and len(tokens[i].text) > 2 and tokens[i].pos not in FUNCTION_POS
              and tokens[i].text not in lang.office_words and tokens[i].text not in lang.chat_words]
    places = {n for n in shaped if _place(tokens, words, n, lang, tokens[words[n]].text in months)}
    # where only a word the analysers do not know as a common word counts (_unknown_word_place)
    others = {n for n in shaped if n not in places and tokens[words[n]].text not in months
              and _unknown_word_place(tokens, words, n, lang)}
    if not places | others:
        return set()
    said = {tokens[words[n]].text for n in places}
    # a word no analyser of the language knows is a name there too ("yanis m'a dit"): a nickname
    # or a name no list holds, which the translator would pass through as it is
    names = ({w for w in said if folded(w) in first_names()} | word_classes.person_names(said, lang.code)
             | word_classes.unknown_words(said, lang.code))
    # there, a word the analysers do not know as a common word: a nickname, a name ("ainhoa")
    asked = {tokens[words[n]].text for n in others}
    common = word_classes.common_readings(asked, lang.code) if asked else {}
    # after "en" or "na" (Catalan) a word in such a place is someone, even one the dictionary
    # knows as a word ("i en pol ens espera": "pol" is also a pole)
    return {words[n] for n in places if tokens[words[n]].text in names
            or n and tokens[words[n - 1]].text.lower() in lang.person_only_articles} \
        | {words[n] for n in others if tokens[words[n]].text not in common}


def token_kinds(passage) -> dict[int, str]:
    return dict.fromkeys(find(passage), "PERSON")
