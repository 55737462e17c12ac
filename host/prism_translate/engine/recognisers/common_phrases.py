"""Title-case phrases of common words used as common nouns, and numbered labels: ordinary words
where the capital alone made them a name.

A phrase ("the Sports Day", "your Application Form", "la Sala de Juntas", "au Tableau
d'Affichage", "el Tauler d'Anuncis") is ordinary when it stands where a common noun phrase
stands and no name does: after a lower-case article or possessive (or a capitalised one opening
a line of running text: "The Annual Review meeting has moved."), of two or more capitalised
words, ending its noun phrase, every word known to the language's Apertium dictionary only as a
common word. It stays a name when one of its words is a first name (census list or the
analyser's), a title, a word for a kind of place ("the Village Hall", "our Bath Road branch") or one that
names a firm ("la Banque Postale"), when the tagger's NER calls one a person, when the parser makes it a compound of the
noun after it ("our Summit Finance account"), and, after an article that also goes before people's names in Spanish
and Catalan ("la Rosa", "en Pau"), when one is a surname.

A numbered label ("Item 3", "Step 2", "Paso 2", "Partie 1", "Apartat 4") is a capitalised word
the dictionary knows only as a common word, a noun among its readings, right before a number of
one to three digits that no capitalised word or number follows: a person is not numbered. A census first name or surname there stays a name ("Hall 3")."""

from __future__ import annotations

from .. import word_classes
from .common import NER_NAMES, first_names, folded, following, surnames
from .headings import ENDS
from .office_words import capital_runs

_GOES_ON = frozenset({"NOUN", "PROPN"})


def _article_before(passage, run: list[int]) -> str:
    """The article or possessive before the run on its line, lower case, or ""."""
    tokens, lang = passage.tokens, passage.lang
    n, k = passage.place(run[0])
    line = passage.lines[n]
    if k == 0:
        return ""
    det = tokens[line[k - 1]]
    if not (det.pos == "DET" or det.text.lower() in lang.determiners) or det.text.lower() in lang.titles:
        return ""
    if det.text.islower():
        return det.text
    # a capitalised article is the name's own ("Hotel: The Brimstone", "El Corte Inglés") but
    # where it opens a line of running text that goes on after the phrase and ends a sentence
    running = k == 1 and line[-1] != run[-1] and tokens[line[-1]].text in ENDS
    return det.text.lower() if running else ""


def _ends_phrase(passage, run: list[int]) -> bool:
    """The run's last word heads its noun phrase: the parser does not make it a compound of the
    noun after it."""
    last = passage.tokens[run[-1]]
    nxt = following(passage.tokens, run[-1])
    return nxt is None or "\n" in last.ws or not (last.dep == "compound" and nxt.pos in _GOES_ON)


def _joined_runs(passage) -> list[tuple[list[int], list[int]]]:
    """The capitalised runs, those one "of" fused with an article apart joined: the runs end at
    it ("Salle des Sports", "Tauler dels Delegats")."""
    tokens, of_words = passage.tokens, [w for w in passage.lang.of_words if w.isalpha()]
    joined: list[tuple[list[int], list[int]]] = []
    for run, words in capital_runs(passage):
        link = tokens[run[0] - 1]
        if joined and run[0] == joined[-1][0][-1] + 2 and link.pos == "ADP" and link.text.startswith(tuple(of_words)):
            joined[-1] = (joined[-1][0] + [run[0] - 1] + run, joined[-1][1] + words)
        else:
            joined.append((run, words))
    return joined


def _phrase_runs(passage) -> list[tuple[list[int], list[int], str]]:
    """(tokens, capitalised words, the article before) of the runs standing as common noun
    phrases (see above), before their words are looked up."""
    tokens = passage.tokens
    found = []
    for run, words in _joined_runs(passage):
        if len(words) < 2 or any(i in passage.shouting or tokens[i].entity or tokens[i].text.isupper() for i in words):
            continue
        article = _article_before(passage, run)
        if article and _ends_phrase(passage, run) and not any(NER_NAMES.get(tokens[i].ner) == "PERSON" for i in words):
            found.append((run, words, article))
    return found


def _not_names(words: set[str], lang) -> set[str]:
    """Those of the lower-case words the dictionary knows only as common words, no first name, no
    title, no word for a kind of place and none that names a firm ("la Banque Postale")."""
    words = {w for w in words if w not in lang.titles and w not in lang.place_words and w not in lang.organisation_words
             and folded(w) not in first_names()}
    common = set(word_classes.common_readings(words, lang.code)) if words else set()
    return common - word_classes.person_names(common, lang.code)


def phrases(passage) -> dict[int, str]:
    tokens, lang = passage.tokens, passage.lang
    runs = _phrase_runs(passage)
    if not runs:
        return {}
    ordinary = _not_names({tokens[i].text.lower() for _, words, _ in runs for i in words}, lang)
    found: dict[int, str] = {}
    for run, words, article in runs:
        lower = [tokens[i].text.lower() for i in words]
        if all(w in ordinary for w in lower) and not (
                article in lang.personal_articles and any(folded(w) in surnames() for w in lower)):
            found.update(dict.fromkeys(run, ""))
    return found


def _numbered(tokens, i: int) -> bool:
    """A capitalised word right before a number of one to three digits that ends its phrase."""
    tok = tokens[i]
    if not (tok.is_word and tok.text.isalpha() and not tok.text.isupper() and tok.ws == " "):
        return False
    number = tokens[i + 1] if i + 1 < len(tokens) else None
    if number is None or not (number.text.isdigit() and len(number.text) <= 3):
        return False
    after = following(tokens, i + 1)
    return after is None or "\n" in number.ws or not (after.text[:1].isupper() or after.text[:1].isdigit())


def numbered_labels(passage) -> dict[int, str]:
    tokens, lang = passage.tokens, passage.lang
    found = [i for i in passage.capitalised if _numbered(tokens, i)]
    words = {tokens[i].text.lower() for i in found}
    words = {w for w in words if folded(w) not in first_names() and folded(w) not in surnames() and w not in lang.titles
             and w not in lang.place_words}
    if not words:
        return {}
    nouns = {w for w, readings in word_classes.common_readings(words, lang.code).items()
             if any(pos == "NOUN" for pos, _ in readings)} - word_classes.person_names(words, lang.code)
    return {i: "" for i in found if tokens[i].text.lower() in nouns}
