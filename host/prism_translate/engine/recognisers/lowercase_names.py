"""People's names written in lower case, as chats and quick notes write them ("hey maria, can
you", "tell sophie her pin", "hola jordi", "rich said"). The verbs and prepositions that put a
person after or before them are the language's (Lexicon.person_verbs, person_preposition,
speech_verbs, personal_articles, name_after)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import word_classes
from .common import FUNCTION_POS, first_names, folded, previous
from .greeting import addressed, signed_off

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token

_NOT_A_PERSON_POS = FUNCTION_POS - {"PRON"}


def _marked_person(tokens: list[Token], words: list[int], n: int, lang: Lexicon, asks: bool) -> bool:
    """Word n stands where a person stands: the object of a verb of addressing ("tell mark", "ask
    ivy"), after the preposition that marks a person as a verb's object ("dile a rosa", "dis à
    pierre", "a la marta"; whatever the tagger called the verb before it), or the subject of a
    verb of saying ("rich said", "mark says")."""
    i = words[n]
    prev = tokens[words[n - 1]] if n else None
    marked = [tokens[j].text.lower() for j in words[max(0, n - 2):n]]
    after = tokens[words[n + 1]] if n + 1 < len(words) else None
    # a verb of addressing after a determiner is its noun: "the phone rang" names no one
    owned = n > 1 and (tokens[words[n - 2]].pos == "DET" or tokens[words[n - 2]].tag == "PRP$")
    return (prev is not None and prev.text.lower() in lang.person_verbs and "\n" not in prev.ws and not owned
            or marked[-1:] == [lang.person_preposition]
            # "a la marta", but "a la sala" (to the room): after an article, only a census first name
            or len(marked) == 2 and marked[0] == lang.person_preposition and marked[1] in lang.personal_articles
            and folded(tokens[i].text) in first_names()
            or after is not None and after.text.lower() in lang.speech_verbs and "\n" not in tokens[i].ws
            or _named_relation(tokens, words, n, lang)
            or asks and _asked_about(tokens, words, n, lang))  # the dearest test last, after a "?"


def _named_relation(tokens: list[Token], words: list[int], n: int, lang: Lexicon) -> bool:
    """Word n names the person a possessive and a word of family, work or friendship stand for
    ("ma collègue clémence", "my brother mark", "mi amiga rocío"): a noun or a word the tagger
    cannot read there, an adjective only if it is a census first name ("un ami commun"), never a
    verb ("my boss said")."""
    tok = tokens[words[n]]
    if n < 2 or not (tok.pos in ("NOUN", "PROPN", "X") or tok.pos == "ADJ" and folded(tok.text) in first_names()):
        return False
    relation, owner = tokens[words[n - 1]], tokens[words[n - 2]]
    # a form's word that is also a verb of addressing is a thing there: "the phone rang", "my email bounced"
    return (relation.text.lower() in lang.office_words and relation.text.lower() not in lang.person_verbs
            and "\n" not in relation.ws + owner.ws
            and (owner.tag == "PRP$" or owner.pos == "DET"))


def _asked_about(tokens: list[Token], words: list[int], n: int, lang: Lexicon) -> bool:
    """Word n is the subject of a question, between the auxiliary that opens it (or the
    language's question_openers) and the verb ("what time does frank land?", "can frank drive
    us?", "¿puede marta venir?", "pot la marta venir?", "est-ce que marc arrive ?"): a bare word
    there, with no determiner, is someone (a thing takes one: "does the car start?")."""
    before = [tokens[j].text.lower() for j in words[max(0, n - 4):n]]
    k = n  # where the subject starts: at its personal article, if it has one
    if before[-1:] and before[-1] in lang.personal_articles:
        before, k = before[:-1], n - 1
    prev = tokens[words[k - 1]] if k else None
    opened = prev is not None and prev.pos == "AUX" or any(tuple(before[-len(o):]) == o for o in lang.question_openers)
    if not opened or n + 1 >= len(words) or not tokens[words[n + 1]].is_word:
        return False
    end = next((tokens[j].text for j in words[n + 1:] if tokens[j].text in ("?", ".", "!") or "\n" in tokens[j].ws), "")
    return end == "?" or tokens[words[-1]].text == "?" and end == ""


def _person_places(tokens: list[Token], lang: Lexicon, shaped: set[int]) -> set[int]:
    """Of the words shaped as candidates, those standing where only a person stands."""
    words = [i for i, t in enumerate(tokens) if t.pos != "SPACE"]
    # a question's subject has its "?" after it (_asked_about)
    last_question = max((i for i, t in enumerate(tokens) if t.text == "?"), default=-1)
    # not by its tag but for function words: a chat's "mark" may be a VERB, "ivy" a PRON
    return {i for n, i in enumerate(words) if i in shaped and not tokens[i].stop
            and tokens[i].pos not in _NOT_A_PERSON_POS and _marked_person(tokens, words, n, lang, i < last_question)}


def _never_a_name(word: str, lang: Lexicon) -> bool:
    """"tell mum", "omg", "jajaja": a family or job word, or a chat's interjection."""
    return word in lang.office_words or word in lang.chat_words


def _shaped(tokens: list[Token], lang: Lexicon) -> set[int]:
    """The lower-case words of three letters or more that may be a name at all (most tokens are not)."""
    return {i for i, t in enumerate(tokens)
            if t.text.isalpha() and t.text.islower() and len(t.text) > 2 and not _never_a_name(t.text, lang)}


def _candidate(tokens: list[Token], i: int, lang: Lexicon, greeted: set[int]) -> bool:
    """A word of that shape that follows no determiner, possessive, adjective or number (a name
    takes none: "the kitty" is a word; "will", "rose", "puig" stay words), but for the article
    Catalan puts before a name ("l'oriol", "en jordi"); not by its tag: taggers call an unknown
    lower-case word anything ("bises, léa": DET; Catalan's tagger: X)."""
    tok = tokens[i]
    if i in greeted:
        return True
    prev = previous(tokens, i)
    return not (tok.stop or prev is not None and (prev.pos in ("DET", "ADJ", "NUM") or prev.tag == "PRP$")
                and prev.text.lower() not in lang.personal_articles)


def _names_and_words(tokens: list[Token], found: dict[int, str], greeted: set[int], lang: Lexicon):
    """Which candidates are names (census, analyser), and which of those the dictionary knows as
    words; where only a person stands, a word the dictionary does not know is a name too ("don't
    tell tash", "hey shorty,"): a nickname is in no list."""
    # every candidate, whatever its tag: a lower-case name the tagger has never seen may be read as
    # anything ("c'est karim qui": VERB); one block for all of them, so one answer of the kept analyser
    asked = set(found.values())
    names = {w for w in found.values() if folded(w) in first_names()} | word_classes.person_names(asked, lang.code)
    placed = {found[i] for i in greeted if i in found}
    known = word_classes.common_readings(names | placed, lang.code) if names | placed else {}
    return names | {w for w in placed if w not in known}, known


def find(passage) -> set[int]:
    """A candidate that is a census first name or that the language's analyser knows capitalised
    as a first name or surname, and that the analyser does not know as a word in lower case;
    addressed by a greeting or standing where only a person stands, a name even when it is also a
    word, and any word the dictionary does not know. After "chez" a bare word is someone (or their shop) whatever the word: "chez roux"; after
    a personal article, a word the tagger cannot read ("a en quim", "el quim": X), which the
    translator would pass through as it is anyway."""
    tokens, lang = passage.tokens, passage.lang
    shaped = _shaped(tokens, lang)
    if not shaped:
        return set()
    # where a person is greeted or stands matters only for a word of that shape
    greeted = addressed(passage) | signed_off(passage) | _person_places(tokens, lang, shaped)
    found = {i: tokens[i].text for i in sorted(shaped) if _candidate(tokens, i, lang, greeted)}
    if not found:
        return set()
    names, known = _names_and_words(tokens, found, greeted, lang)
    return _at_home(tokens, found, lang) | _called(passage, found, names, known) \
        | {i for i, word in found.items() if word in names and (word not in known or i in greeted)}


# What a word called by a greeting is tagged when it is a name: a noun, a proper noun or a word
# the tagger cannot read (not "gracias igualmente", "hola guapa")
_CALLED_POS = frozenset({"NOUN", "PROPN", "X"})


def _called(passage, found: dict[int, str], names: set[str], known: dict) -> set[int]:
    """The word a greeting, a thanks or a sign-off calls ("hola nieves,", "merci candela", "gracias,\nsol"):
    someone even when the dictionary knows the word; a plural, to the tagger or to every reading
    of the analyser, only when it is a listed name ("hola chicos!" calls a group)."""
    tokens = passage.tokens

    def plural(i: int) -> bool:
        readings = known.get(found[i], ())
        return "Plur" in tokens[i].tag or bool(readings) and all("Plur" in tag for _, tag in readings)

    return {i for i in addressed(passage) | signed_off(passage) if i in found and tokens[i].pos in _CALLED_POS
            and (found[i] in names or not plural(i))}


def _at_home(tokens: list[Token], found: dict[int, str], lang: Lexicon) -> set[int]:
    """After "chez" (Lexicon.name_after), or a personal article before a word the tagger cannot read."""
    return {i for i in found if (prev := previous(tokens, i)) is not None and (
        prev.text.lower() in lang.name_after or prev.text.lower() in lang.personal_articles and tokens[i].pos == "X")}


def token_kinds(passage) -> dict[int, str]:
    return dict.fromkeys(find(passage), "PERSON")
