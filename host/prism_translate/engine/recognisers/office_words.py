"""Job titles, departments, header and form words, and the acronyms of everyday documents, written
with capitals ("Project Manager", "Servicio de Atención al Cliente", "Recursos Humans", "IT",
"TVA"): ordinary words, where the tagger or the capital alone made them a name. The words are the
language's (languages/<code>/office_words.txt, Lexicon.office_words); one that is also a census
first name or surname counts only in capitals ("IVA", not "Iva").

A run of capitalised words on one line is ordinary when every one of them is such a word (function
words between them aside), so a name made partly of them stays a name ("Brightwell Partners").
No list holds every job and department ("Warehouse Supervisor", "Customer Success"), so a run with
one listed word whose other words the language's dictionary knows only as common words is
ordinary too where it is *used as* a title, not as an organisation: a line of its own under a
signature's name, a part of a "|" line, after "as" ("works as a Youth Leader"), after an article or
a possessive ("the Treasurer", "our Key Accounts"), before a lower-case team word ("the Customer
Success team"). An organisation named with common words is used as one ("with Summit Finance",
"at Cork Airport", "payee Cork County Council") and stays a name."""

from __future__ import annotations

from .. import word_classes
from .common import capitalised, dictionary_words, first_names, folded, following, phrase_at, previous, starts, surnames
from .greeting import signoff_line

# What may stand between the words of one title without ending it ("Harlow & Finch", "R&D")
_JOINERS = frozenset({"&", "-", "/"})
# What separates the parts of a signature's line ("Owen Blake | Head of Sales | Northwind Paper")
_PARTS = frozenset({"|", "·", "•"})
_CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ"})
_DASHES = frozenset({"-", "–", "—"})


def _in_list(text: str, lang) -> bool:
    return text.lower() in lang.office_words or text.lower() in lang.chat_words  # "Oye", "OMG"


def _listed(text: str, lang) -> bool:
    return _in_list(text, lang) and (
        text.isupper() or folded(text) not in first_names() and folded(text) not in surnames())


def _joins(tok, lang) -> bool:
    """A preposition, "and" or an elided article: part of a title without deciding it ("Head of
    Finance", "Servicio de Atención al Cliente", "Chargée d'Accueil")."""
    low = tok.text.lower()
    return (tok.text in _JOINERS or low in lang.particles or low in lang.of_words or low in lang.and_words
            or low.endswith(("'", "’")) and low[:-1].isalpha())


def capital_runs(passage) -> list[tuple[list[int], list[int]]]:
    """Each line's runs of capitalised words: (its tokens, the function words between its words
    too; its capitalised words), worked out once per text (units.py, topics.py and plural_nouns.py
    read them too)."""
    if "capital_runs" not in passage.memo:
        passage.memo["capital_runs"] = _capital_runs(passage)
    return passage.memo["capital_runs"]


def _capital_runs(passage) -> list[tuple[list[int], list[int]]]:
    tokens, lang = passage.tokens, passage.lang
    capital = set(passage.capitalised)
    found = []
    for line in passage.lines:
        if capital.isdisjoint(line):
            continue  # a run starts at a capitalised word: most lines of running text have one, not all
        run: list[int] = []  # the run's tokens, up to its last capitalised word
        words: list[int] = []  # its capitalised words
        pending: list[int] = []  # function words after it, kept if another word follows
        # a greeting's words are no title's ("Dear Customer,")
        for i in line[phrase_at(tokens, line, lang.greetings):] + [-1]:  # -1 closes the last run
            tok = tokens[i] if i >= 0 else None
            if tok is not None and tok.text.isalpha() and capitalised(tok.text) and not _joins(tok, lang) and (
                    not tok.stop or len(tok.text) > 1 and tok.text.isupper()  # "IT" is not "it"
                    or run and tok.pos in _CONTENT_POS):  # a noun on a stop list goes on ("Gestores de Cuenta")
                run += pending + [i]
                words.append(i)
                pending = []
            elif tok is not None and run and _joins(tok, lang):
                pending.append(i)
            else:
                if words:
                    found.append((run, words))
                run, words, pending = [], [], []
    return found


def _name_line(passage, line: list[int]) -> bool:
    """A signature's name line: one to four capitalised words (a title before them aside)."""
    tokens = passage.tokens
    words = [tokens[i].text for i in line if tokens[i].text not in (".", ",")]
    return 0 < len(words) <= 4 and all(w.isalpha() and capitalised(w) for w in words)


def _role_linked(before: list[str], tokens, line: list[int], lang) -> bool:
    """ "as Head of Year", "as a Youth Leader", "comme Magasinier", "com a Mosso"; a header's
    recipients ("To: Sales Team", "Per a: ...")."""
    k = len(before)
    # the whole label a header's ("Per a:"), not a form's ending in "to" ("Paid to: Summit Finance")
    if before[-1] == ":" and 1 < k <= 3 and before[-2] in lang.recipient_labels and set(before[:-1]) <= lang.header_labels:
        return True
    return before[-1] in lang.role_links or k > 1 and before[-2] in lang.role_links and tokens[
        line[k - 1]].pos in ("DET", "ADP")


def _role_named(before: list[str], lang) -> bool:
    """The words before the run name a role: "the role of", "el puesto de", "au poste d'", a form's
    label ("Position:", "Department:", "Type of leave:")."""
    if len(before) > 1 and before[-1] in lang.of_words and before[-2] in lang.role_labels:
        return True
    return before[-1:] == [":"] and len(before) <= 5 and bool(set(before) & lang.role_labels)


def _place(passage, run: list[int]) -> tuple[int, list[int], list[str]]:
    """The run's line (its number, its tokens) and the line's words before the run, lower case."""
    n, k = passage.place(run[0])
    line = passage.lines[n]
    return n, line, [passage.tokens[i].text.lower() for i in line[:k]]


def _set_apart(passage, n: int) -> bool:
    """A blank line before line n: a team signing a notice ("...\n\nEstate Management Team"), not
    a line right under a name the rule above does not take for one: under a hyphenated name,
    Apertium reorders the name with the words of the line ("Martinez-Sanchez\nMiles Girls" ->
    "Martinez-Chicas de Miles del Sanchez") and the name could not be put back."""
    return passage.blank_before(n)


def _used_as_title(passage, run: list[int]) -> bool:
    """Where the run stands says it is a title or a team, not an organisation (see above)."""
    tokens, lang, lines = passage.tokens, passage.lang, passage.lines
    n, line, words = _place(passage, run)
    k, end = len(words), line.index(run[-1])
    before = tokens[line[k - 1]] if k > 0 else None
    after = tokens[line[end + 1]] if end + 1 < len(line) else None
    if (before is not None and before.text in _PARTS) or (after is not None and after.text in _PARTS):
        return True
    if (before is None or before.text == ",") and (after is None or after.text == ","):
        # a line (or a comma's part of one) under a name or another title ("Pastoral Lead, Year 9"),
        # or a team signing under a sign-off or at the message's end ("Estate Management Team")
        return n > 0 and (_name_line(passage, lines[n - 1]) or any(tokens[i].text in _PARTS for i in lines[n - 1])
                          or signoff_line(tokens, lines[n - 1], lang) or n == len(lines) - 1 and _set_apart(passage, n))
    if before is None:
        return False
    if k == phrase_at(tokens, line, lang.greetings) or _role_linked(words, tokens, line, lang):
        return True
    # after an article or a possessive: a title ("the Treasurer"), a team ("the Customer Success team")
    return before.pos == "DET" or before.text.lower() in lang.determiners


def _in_label_value(passage, run: list[int]) -> bool:
    """The run is a form line's value, or one of its items: after the label's colon, a comma or
    "and", and before the line's end, a comma or a lower-case word ("Approved by: Line Manager",
    "Attendees: Head Teacher, Office Manager", "Action: Office Manager to order paper")."""
    tokens, lang = passage.tokens, passage.lang
    n, line, before = _place(passage, run)
    colon = before.index(":") if ":" in before else len(line)
    if not before or colon > 4 or before[-1] not in (":", ",") and before[-1] not in lang.and_words:
        return False
    end = line.index(run[-1])
    after = tokens[line[end + 1]].text if end + 1 < len(line) else ""
    return after in ("", ",") or after.islower()


def _label_value(passage, run: list[int], words: list[int]) -> bool:
    """A form line's value (or one of its items) headed by a word for one person's job: its first
    word (Romance languages) or its last (English), in the singular. A company named by a role
    ("Summit Partners") is plural, and one named by a department ("Summit Finance") has no such
    head."""
    if not _in_label_value(passage, run):
        return False
    tokens = passage.tokens
    return _singular_role({tokens[words[0]].text.lower(), tokens[words[-1]].text.lower()}, passage.lang)


def _singular_role(heads: set[str], lang) -> bool:
    """One of the words is a word for one person's job, singular to the dictionary."""
    heads &= lang.role_words
    readings = word_classes.common_readings(heads, lang.code) if heads else {}
    return any(all("Plur" not in tag.split(":") for _, tag in r) for r in readings.values())


def _role_after_with(passage, run: list[int], words: list[int]) -> bool:
    """A run right after "with" ("con", "avec", "amb"), or after a dash ending its line ("Job
    offer - Kitchen Porter"), whose head (its last word in English, its first in Spanish, French
    and Catalan) is a word for one person's job, ending its phrase: a person by their role ("a
    trial shift with Head Chef", "con Jefe de Cocina"). An organisation there has no such head
    ("with Summit Finance", "with Summit Partners", "with Chef Express", "Invoice - Summit
    Finance"), and a lone census name is a person's ("with Porter")."""
    tokens, lang = passage.tokens, passage.lang
    _, line, before = _place(passage, run)
    end = line.index(run[-1])
    after = tokens[line[end + 1]].text if end + 1 < len(line) else ""
    linked = before and (before[-1] in lang.with_words and (after in ("", ",", ".") or after.islower())
                         or before[-1] in _DASHES and after == "")
    head = tokens[words[-1] if lang.modifiers_first else words[0]]
    if not linked or len(words) == 1 and (folded(head.text) in surnames() or folded(head.text) in first_names()):
        return False
    if head.text.lower() in lang.role_words and not word_classes.common_readings({head.text.lower()}, lang.code):
        # a listed role the dictionary does not know ("chef" in English): the tagger's number
        return head.tag not in ("NNS", "NNPS") and "Plur" not in head.tag.split(":")
    return _singular_role({head.text.lower()}, lang)


def _common_words(passage, runs) -> set[str]:
    """The lower-case words of the runs that the language's dictionary knows only as common words
    and no census lists as a first name."""
    words = {passage.tokens[i].text.lower() for run, ws in runs for i in ws}
    words -= {w for w in words if folded(w) in first_names()}
    return set(word_classes.common_readings(words, passage.lang.code)) if words else set()


def _plural_roles(passage, runs) -> set[str]:
    """The lower-case words of the runs that are a listed word for a job in the plural, to the
    dictionary ("Profesores", "Livreurs", "Teachers"): the lists hold the singular."""
    words = {passage.tokens[i].text.lower() for run, ws in runs for i in ws} - passage.lang.office_words
    lemmas = word_classes.noun_lemmas(words, passage.lang.code) if words else {}
    return {w for w, found in lemmas.items() if found & passage.lang.role_words}


def ordinary(passage) -> dict[int, str]:
    """The tokens of such runs, the function words between their words too: left undecided, a
    surname's particle among them ("de", "al") joined the run as a name."""
    tokens, lang = passage.tokens, passage.lang
    found: dict[int, str] = {}
    undecided = []
    for run, words in capital_runs(passage):
        if all(_listed(tokens[j].text, lang) for j in words):
            found.update(dict.fromkeys(run, ""))
        else:
            undecided.append((run, words))
    common = _common_words(passage, undecided) if undecided else set()
    roles = _plural_roles(passage, undecided) if undecided else set()
    for run, words in undecided:
        # a word for a kind of place makes it an organisation's name or a place's ("City Council",
        # "Cork County Council", "Reading Station"), wherever it stands
        if any(tokens[j].text.lower() in lang.place_words for j in words) or not all(
                _in_list(tokens[j].text, lang) or tokens[j].text.lower() in common for j in words):
            continue
        # where a role is named, its words need no listed word among them ("Position: Night Porter")
        if _role_named(_place(passage, run)[2], lang) or _label_value(passage, run, words) or _role_after_with(
                passage, run, words) or any(
                _in_list(tokens[j].text, lang) or tokens[j].text.lower() in roles for j in words) and _used_as_title(
                passage, run):
            found.update(dict.fromkeys(run, ""))
    return found


def _field_start(tokens, i: int) -> bool:
    """Token i opens its line, or follows a punctuation mark or a possessive ("Delaney's"): where a
    record's fields are listed, not where an organisation is named ("Pay BBVA 4821")."""
    prev = previous(tokens, i)
    return starts(tokens, i) or prev is None or not prev.text[:1].isalnum() or prev.tag == "POS"


def acronym_labels(passage) -> dict[int, str]:
    """An acronym opening a field (_field_start) before a number or a code on its line, with at
    most a label's colon, a word for "number" and a linking verb between: the label of a record's
    field ("NHC: 4458812", "MRN 40-778-1932", "67 anys, CIP CAMA0670512003", "RG n° 25/04417",
    "Delaney's PPS number is 1234567FA"), not an organisation, which would be followed by what it
    says ("BBVA: su código es..."). Without a colon, a phone number after an acronym may be the
    organisation's own ("NHS 111 6000")."""
    tokens, lang = passage.tokens, passage.lang
    between = lang.number_signs | lang.label_links | {":"}
    found = {}
    for i, tok in enumerate(tokens[:-1]):
        if not (tok.text.isalpha() and tok.text.isupper() and 2 <= len(tok.text) <= 5):
            continue  # most tokens: their neighbours are not looked up
        if not _field_start(tokens, i):
            continue
        j, value = i, following(tokens, i)
        while value is not None and value.text.lower() in between and "\n" not in tokens[j].ws:
            j = tokens.index(value, j + 1)
            value = following(tokens, j)
        kinds = ("NUMBER", "CODE", "PHONE") if j > i and tokens[j].text == ":" else ("NUMBER", "CODE")
        # a bare number is not marked yet (number.token_kinds): its digits say it
        if value is not None and "\n" not in tokens[j].ws and (
                value.entity in kinds or not value.entity and any(c.isdigit() for c in value.text)):
            found[i] = ""
    return found


_PHRASE_GOES_ON = frozenset({"NOUN", "PROPN", "ADJ", "NUM"})


def _lone_after_article(tokens, i: int, lang) -> bool:
    """A capitalised word between an article (or a possessive, or an article joined to a
    preposition) and the end of its noun phrase: "ask the Concierge or call", "au Gardien",
    "al Conserje."; not a name's modifier ("the Reading office", "the Nice warehouse")."""
    tok = tokens[i]
    if not (tok.text.isalpha() and capitalised(tok.text) and not tok.text.isupper() and tok.is_word):
        return False  # most tokens: their neighbours are not looked up
    prev, nxt = previous(tokens, i), following(tokens, i)
    return (not starts(tokens, i) and prev is not None and "\n" not in prev.ws
            # a capitalised article is the name's own ("Hotel: The Brimstone", "El Corte Inglés")
            and (prev.pos == "DET" or prev.text.lower() in lang.determiners) and not capitalised(prev.text)
            and (nxt is None or "\n" in tok.ws or nxt.pos not in _PHRASE_GOES_ON and not capitalised(nxt.text)))


def lone_roles(passage) -> dict[int, str]:
    """A single word for a role or a service after an article ("the Concierge", "au Gardien",
    "al Conserje"), where the dictionary knows it only as a common noun and neither it nor the
    census lists know it as a name ("the Porter", "la Pilar" stay names) or a kind of place."""
    tokens, lang = passage.tokens, passage.lang
    return dictionary_words(tokens, [i for i in passage.capitalised if _lone_after_article(tokens, i, lang)], lang,
                            lambda readings: all(pos == "NOUN" for pos, _ in readings))
