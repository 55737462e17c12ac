"""Capitalised runs of common words that only their capital made names: hidden as words.

A notice writes things in title case ("Please bring a Water Bottle", "Sports Day", "Sala de
Profesores", "Salle des Sports"); the general capital rule (capitalised.by_capital) takes such a
run for a name, and a name's stand-in brings the source's words back untranslated. Where every
capitalised word of the run is one the language's Apertium analysers know only as a common
word, none is a first name or surname (census lists) or a proper noun to the analysers ("Nice"),
none is a title, a word for a
kind of place or one that names a firm ("Ltd", "Partners", "Banco"), no word of it is a name
elsewhere in the text, and the run's kinds came from the capital rule alone (not from a
person's place: after a title, in a greeting, a signature or a chat label, which the earlier
recognisers decide), and it stands where things, not names, stand (_where_names_stand), its capitalised words are of kind WORD: encode.py hides them as PRISM*
hides a word, whatever r is, and puts back the original's translation. The function words
inside the run ("de", "des") are not hidden: the translator translates them as in the plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordfreq import zipf_frequency

from .. import word_classes
from .capitalised import by_capital
from .common import NAME_KINDS, first_names, folded, following, previous, starts, surnames
from .office_words import capital_runs

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token

# A word this frequent in the language's running text (wordfreq's Zipf scale: ten in a million
# words and more) is read as a word first, whatever surname it also is ("hall" 4.9, "main" 5.2,
# "sala" 5.1); rarer surnames that are words ("marsh" 3.9, "gale" 3.6) are names first.
EVERYDAY_ZIPF = 4.0


def _common_words(words: set[str], lang) -> tuple[set[str], set[str]]:
    """Those of the lower-case words known only as common words, and named by no list of first
    names or titles (census surnames are asked of lone words: _lone_surname); and apart, those
    also known as a surname alone but frequent as words ("Main Hall", "East Stairs": the
    analyser lists "Main", "Hall" and "East" as surnames), which count only where no person's
    article stands before the run (Catalan's "la Sala Gran" may be Ms Sala Gran)."""
    words = {w for w in words if w not in lang.titles and folded(w) not in first_names()}
    common = set(word_classes.common_readings(words, lang.code)) if words else set()
    proper = word_classes.proper_names(common, lang.code)
    frequent = {w for w in proper & word_classes.surnames_only(proper, lang.code)
                if zipf_frequency(w, lang.code) >= EVERYDAY_ZIPF}
    return common - proper, frequent


def _sides(passage, kinds: list[str], run: list[int], words: list[int]) -> list[tuple[list[int], list[int]]]:
    """The stretches of a run between its "and" words and its ordinary words ("Traed el Material
    Escolar y la Bata Blanca": "Traed" is a first word read as a verb; the first name Blanca
    keeps only its own side a name)."""
    sides: list[tuple[list[int], list[int]]] = [([], [])]
    for i in run:
        if i in words and not kinds[i] or passage.lower[i] in passage.lang.and_words | passage.lang.name_joiners:
            sides.append(([], []))
        elif i in words or sides[-1][1]:  # a side starts at a capitalised word
            sides[-1][0].append(i)
            if i in words:
                sides[-1][1].append(i)
    # function words after a side's last capitalised word are not its own
    return [(side[:side.index(caps[-1]) + 1], caps) for side, caps in sides if caps]


def _by_capital_alone(passage, kinds: list[str], words: list[int]) -> bool:
    """Every word a name by the capital rule alone (by no earlier recogniser: a person's place),
    and no acronym. The tagger's NER is not asked: it calls most title-case runs names ("a Water
    Bottle" a person); where a town or a firm named by common words stands is (_where_names_stand)."""
    deciders, tokens = passage.memo["decided_by"], passage.tokens
    return all(kinds[i] in NAME_KINDS and deciders[i] is by_capital
               and not (tokens[i].text.isupper() and len(tokens[i].text) > 1) for i in words)


def _where_names_stand(passage, kinds: list[str], run: list[int]) -> bool:
    """Where a name rather than a thing stands: opening its line before a colon, as a chat's
    speaker ("Sky Walker: on my way", which the chat recognisers read only where speakers take
    turns); right after a preposition, a comma or a number, where a town, a street or a firm is
    named ("from Reading to Bath", "with Summit Finance", "400 Harbor Drive, Bath"), or an "and"
    (a Catalan name's "Camps i Roig"), but for a name's link after an ordinary capitalised word
    (_inside_phrase); before a lower-case noun it
    modifies ("the Bath vacancy", "Reading station"); alone before the verb of the sentence it opens;
    after a title; before an address (_before_address)."""
    tokens = passage.tokens
    nxt, prev = following(tokens, run[-1]), previous(tokens, run[0])
    label = starts(tokens, run[0]) and nxt is not None and nxt.text == ":"
    after_link = prev is not None and "\n" not in prev.ws and (
        prev.pos == "ADP" or prev.text == "," or prev.text.isdigit() or prev.text.lower() in passage.lang.and_words | passage.lang.name_joiners
    ) and not _inside_phrase(passage, kinds, run[0]) and not _of_phrase(passage, run)
    modifier = (nxt is not None and "\n" not in tokens[run[-1]].ws and nxt.pos == "NOUN" and nxt.text.islower()
                and nxt.text not in passage.lang.date_words)
    # one bare word opening its sentence before its verb: a surname ("Gros viendra demain"); a
    # common noun there takes a determiner
    subject = len(run) == 1 and starts(tokens, run[0]) and nxt is not None and nxt.pos in ("VERB", "AUX")
    # after a title in lower case, which the title recogniser leaves ("la señora Sala")
    titled = prev is not None and prev.text.lower().rstrip(".") in passage.lang.titles
    return label or after_link or modifier or subject or titled or _before_address(tokens, run)


def _inside_phrase(passage, kinds: list[str], i: int) -> bool:
    """The link before token i ("de", "du", "of", "and") joins it to an ordinary capitalised word
    before it on its line: one title-case phrase ("Tarjetas de Acceso", "Point de Rassemblement du
    Parking", "Seguridad y Salud"), where a link says no more of a name than the word before it
    does. A link after a name ("Camps i Roig") or a lower-case word ("por Obras") is not."""
    tokens, lang = passage.tokens, passage.lang
    j = i - 1
    if j < 1 or tokens[j].text.lower() not in lang.name_links | lang.and_words | lang.name_joiners:
        return False
    before = tokens[j - 1]
    return ("\n" not in before.ws + tokens[j].ws and before.is_word and before.text[:1].isupper()
            and kinds[j - 1] in ("", "WORD"))


def _of_phrase(passage, run: list[int]) -> bool:
    """An "of" inside the run between its capitalised words ("por Obras de Pintura", "pour Travaux
    de Peinture", "en la Zona de Visitantes"): a thing named by a noun and what it is of, which a
    preposition before it does not make a name; a firm of common words after one is a noun and
    its adjective ("con Campo Verde", "with Summit Finance"), and one whose head is a firm's word
    ("Banco de Alimentos") or whose last word is a name ("House of Fraser") is no run of common
    words. The "of" words with their article's contractions are the day-and-month links ("de",
    "del", "du")."""
    links = passage.lang.of_words | passage.lang.day_month_links
    return any(passage.lower[k] in links for k in run[1:-1])


def _before_address(tokens: list[Token], run: list[int]) -> bool:
    """Before a comma and a number or a capitalised word on its line, where a firm's address
    follows its name ("Smile Bright Dental, 55 Station Road")."""
    comma = following(tokens, run[-1])
    if comma is None or comma.text != "," or "\n" in tokens[run[-1]].ws + comma.ws:
        return False
    after = following(tokens, tokens.index(comma, run[-1] + 1))
    return after is not None and (any(c.isdigit() for c in after.text) or after.text[:1].isupper())


def _lone_surname(tokens: list[Token], words: list[int]) -> bool:
    """A census surname alone may be a person named by it ("ask Baker"); in a run of common words
    with no first name it is a word ("the Sports Day", "la Zona de Visitantes"): a person's
    surname stands after a title, a first name, in a greeting or a signature, which the earlier
    recognisers read."""
    return len(words) == 1 and folded(tokens[words[0]].text) in surnames()


def _of_words(passage, run: list[int], words: list[int], common: set[str], frequent: set[str]) -> bool:
    """Every capitalised word of the run a common word (a frequent one the analyser also knows as
    a surname, in a run of two or more where no person's article stands before it), no lone
    census surname, and its head (the last word in English, the first in Spanish, French and
    Catalan) no word for a kind of place or firm ("Car Park", "Swimming Club", "Sala de Profesores"
    stay names; "Swimming Club News" is a heading)."""
    lang, lower = passage.lang, passage.lower
    prev = previous(passage.tokens, run[0])
    surnames_count = len(words) > 1 and not (prev is not None and prev.text.lower() in lang.personal_articles)
    head = lower[words[-1] if lang.modifiers_first else words[0]]
    return (all(lower[i] in common or surnames_count and lower[i] in frequent for i in words)
            and not _lone_surname(passage.tokens, words) and head not in lang.place_words | lang.organisation_words)


def as_words(tokens: list[Token], kinds: list[str], passage) -> None:
    """The pass: kinds of such runs' capitalised words become WORD, their function words ""."""
    runs = [(run, words) for whole, all_words in capital_runs(passage) for run, words in _sides(passage, kinds, whole, all_words)
            if _by_capital_alone(passage, kinds, words) and not _where_names_stand(passage, kinds, run)]
    if not runs:
        return
    common, frequent = _common_words({tokens[i].text.lower() for _, words in runs for i in words}, passage.lang)
    links: set[int] = set()  # the "of" before a place's name that a run of common words is in
    kept = []
    for run, words in runs:
        if _of_words(passage, run, words, common, frequent):
            kept.append((run, words))
        elif (head := _head_before_place(passage, kinds, run, words)) and _of_words(passage, *head, common, frequent):
            kept.append(head)
            links.add(head[0][-1] + 1)
    runs = kept
    # a word that stays a name elsewhere in the text keeps its run a name ("Dear Mr Baker", "Utility
    # bill: Reading Water ... 10 Baker Street, Reading")
    words_of_runs = {i for _, words in runs for i in words}
    names = {tokens[i].text.lower() for i, kind in enumerate(kinds) if kind in NAME_KINDS and i not in words_of_runs}
    for run, words in runs:
        # ... and so does a name right beside it ("Immobilière Saint-Clair")
        beside = [j for j in (run[0] - 1, run[-1] + 1) if 0 <= j < len(tokens) and "\n" not in tokens[min(j, run[-1])].ws
                  and j not in links]
        if not any(tokens[i].text.lower() in names for i in words) and not any(
                kinds[j] in NAME_KINDS and j not in words_of_runs for j in beside):
            for i in run + [j for j in (run[-1] + 1,) if j in links]:
                kinds[i] = "WORD" if i in words else ""


def _head_before_place(passage, kinds: list[str], run: list[int], words: list[int]) -> tuple[list[int], list[int]] | None:
    """The run's words before its first "of" when every capitalised word after it is a place's
    name, no person's ("Piscina Municipal de Manresa", "Piscine Extérieure de Montauban"): a thing named by
    common words in a town, whose town alone is private; the "of" goes out as it is, the town
    hidden as a place. Only after an article: a firm takes none ("avec Crédit Mutuel de
    Bretagne"). A person's name after it ("Concierto de Navidad", a first name) keeps the run
    whole."""
    links = passage.lang.of_words | passage.lang.day_month_links
    at = next((k for k, i in enumerate(run) if k and passage.lower[i] in links), None)
    prev = previous(passage.tokens, run[0])
    if at is None or run[at - 1] not in words or prev is None or prev.pos != "DET":
        return None
    after = {passage.lower[i] for i in words if i > run[at]}
    if not after or any(kinds[i] not in NAME_KINDS for i in words if i > run[at]):
        return None
    # a town, not a person: the tagger's label of the name after "de" is not trusted (Catalan's
    # reads "Vilafranca" a person), the name lists and the analyser's people are
    if any(folded(w) in first_names() for w in after) or word_classes.person_names(after, passage.lang.code):
        return None
    return run[:at], [i for i in words if i < run[at]]
