"""The shape of what the product knows about a language (languages/<code>/ fills it in): `Language`,
how its text is tokenized, tagged and analysed; `Lexicon`, the words the recognisers and the
renderer need (months, titles, labels, number words...); and the helpers that spell number words."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

V = TypeVar("V")  # what a word stands for: its value, its digits
APERTIUM = "/usr/share/apertium"


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    models: tuple[str, ...] = ()  # spaCy pipelines, the first installed wins
    pip: str = ""  # how to install the pipeline (shown in E024)
    tagger: tuple[str, str, str] | None = None  # Apertium (automorf.bin, rlx.bin, prob) when no spaCy model
    analysers: tuple[str, ...] = ()  # Apertium analysers of this language (vocabulary readings)
    # spaCy NER labels -> ours (the Spanish, Catalan and French models use WikiNER's PER/LOC/ORG/MISC)
    entity_labels: tuple[tuple[str, str], ...] = ()


def apertium_pair(folder: str, name: str) -> str:
    return f"{APERTIUM}/apertium-{folder}/{name}"


WIKINER = (("PER", "PERSON"), ("LOC", "LOC"), ("ORG", "ORG"))

# Lower-case parts of surnames ("van", "de", "bin"): names travel, so every language has them all
PARTICLES = frozenset("van der den de del della di da du le la von zu bin ibn al el dos das ter ten".split())


@dataclass(frozen=True)
class Lexicon:
    code: str
    months: tuple[str, ...]  # January..December, lower case, as written in running text
    weekdays: tuple[str, ...]  # Monday..Sunday
    month_abbr: tuple[str, ...] = ()  # abbreviations seen in dates ("Jan", "Sept"), lower case
    weekday_abbr: tuple[str, ...] = ()
    titles: frozenset[str] = frozenset()  # words that put a name after them ("Mr", "Sra")
    greetings: tuple[str, ...] = ()  # line openings that put a name after them ("hi", "dear")
    signoffs: tuple[str, ...] = ()  # lines after which the next line is a signature
    particles: frozenset[str] = PARTICLES
    # "and" between two surnames of one person ("Ortega y Gasset", "Soler i Pons")
    name_joiners: frozenset[str] = frozenset()
    secret_labels: tuple[str, ...] = ()  # words after which a secret is written ("password is ...")
    # words after which a secret of many words is written ("recovery phrase: harbor velvet ...")
    phrase_labels: tuple[str, ...] = ()
    # words after which a user name is written ("username jsmith", "usuario rcaballero")
    account_labels: tuple[str, ...] = ()
    # words that multiply what is before them (hundred 100, thousand 1000, ...) and words for a
    # whole hundred ("doscientos" 200): amounts said in words ("mille deux cents euros")
    multipliers: tuple[tuple[str, int], ...] = ()
    hundreds: tuple[tuple[str, int], ...] = ()
    and_words: frozenset[str] = frozenset()  # "and" inside a number ("one hundred and five")
    # articles before a person's name ("en Jordi", "l'Oriol", "la Marta" in Catalan)
    personal_articles: frozenset[str] = frozenset()
    # of those, the ones that are no other article ("en", "na"): what follows them is someone
    person_only_articles: frozenset[str] = frozenset()
    # numbers of one or two digits said as words ("oh seven seven", "cinco cinco", "douze",
    # "trente-quatre"), and words that repeat the next one ("double four" = 44): how a phone
    # number or PIN is read out, digit by digit in English, in pairs in French
    digit_words: tuple[tuple[str, str], ...] = ()
    repeaters: tuple[tuple[str, int], ...] = ()
    # where a bare first name that is also a word is a person ("tell mark", "dile a pilar",
    # "rich said"): verbs whose object is a person, the preposition that marks a person as a
    # verb's object ("a", "à"), and verbs of saying that follow their subject
    person_verbs: frozenset[str] = frozenset()
    person_preposition: str = ""
    # the pronouns of an indirect object before a verb, p1 sg, p2 sg, p3 sg, p1 pl, p2 pl, p3 pl
    # ("me te le nos os les"), and as written before a vowel where they join it ("m' t' li ens us
    # els"): the translator makes the subject of "like" one of them (engine/datives.py)
    dative_pronouns: tuple[str, ...] = ()
    dative_elided: tuple[str, ...] = ()
    # the subject the translator writes before that dative where the verb needs one (French "il":
    # "Il me plairait")
    dative_subject: str = ""
    speech_verbs: frozenset[str] = frozenset()
    # what a lower-case chat says before someone it talks about ("lo de marta": the matter of;
    # recognisers/chat_mentions.py, with with_words: "amb la marta")
    about_words: tuple[tuple[str, ...], ...] = ()
    # what says whom something is for ("for", "para", "pour", "per a"): a word no analyser knows
    # after it, in a lower-case chat, is someone ("a coffee for brixa"; recognisers/chat_mentions.py)
    for_words: tuple[tuple[str, ...], ...] = ()
    # words after which a bare word is someone, whatever the word ("chez roux")
    name_after: frozenset[str] = frozenset()
    # what opens a question before its subject, beyond the auxiliaries the tagger marks
    # ("est-ce que marc arrive ?"), as the tokens end with it
    question_openers: tuple[tuple[str, ...], ...] = ()
    # labels that open a header line ("Subject:", "Asunto:"): never a chat's speaker
    header_labels: frozenset[str] = frozenset()
    # whether capitalised first words are settled by the language's Apertium dictionary (Spanish,
    # Catalan, French: recognisers/first_words.py) or, as in English, by the census name lists
    # and the tagger (recognisers/capitalised.py)
    dictionary_first_words: bool = True
    # months and weekdays written with a capital in running text (so a capital says nothing),
    # and the full month names that are other words too ("May", "March")
    capital_months: bool = False
    ambiguous_months: frozenset[str] = frozenset()
    # words before a month that make it a date ("in April", "desde marzo"), words that may stand
    # between a month and its day or year ("3rd of April"), plural articles ("los lunes")
    temporal_words: frozenset[str] = frozenset()
    date_glue: frozenset[str] = frozenset()
    plural_articles: frozenset[str] = frozenset()
    # number words that are only digits read out, never part of an amount ("oh"); words linking
    # a number to its unit ("veinticuatro de septiembre"); currencies said as words after an
    # amount ("vint-i-cinc euros", "twenty quid"; not "cent(s)", a hundred in French)
    digit_only_words: frozenset[str] = frozenset()
    of_words: frozenset[str] = frozenset()
    # what joins a device to what it is for ("pompe à insuline"; "bomba de insulina" takes of_words)
    purpose_words: frozenset[str] = frozenset()
    currency_words: frozenset[str] = frozenset()
    or_words: frozenset[str] = frozenset()
    # what may stand between a day and its month ("17 de marzo", "the 3rd of March"), and what
    # writes a number as an hour ("a les 10 h", "14 h 30"): a stand-in for a day stays a day,
    # one for an hour an hour
    day_month_links: frozenset[str] = frozenset()
    hour_signs: frozenset[str] = frozenset()
    # verbs that link a label to its value ("password is ...", "la clave es ...", "tu usuario será
    # ..."), and words after
    # which the value's clause has ended ("password is blue and ...")
    label_links: frozenset[str] = frozenset()
    # the words for "number" between a record's label and its value ("MRN no. 4458", "RG n° 7783")
    number_signs: frozenset[str] = frozenset()
    clause_words: frozenset[str] = frozenset()
    # what may stand between a subject and its verb: a negation ("Moreno no le contestó")
    negations: frozenset[str] = frozenset()
    # a source's negative adverbs ("never", "hardly"), and a target's words for them that wrap the
    # finite verb with a particle ("ne ... jamais"; the particle, and as written before a vowel):
    # a restored one stands where its substitute's adverb stood (engine/negation.py)
    negative_adverbs: frozenset[str] = frozenset()
    split_negations: frozenset[str] = frozenset()
    negation_particle: str = ""
    negation_elided: str = ""
    # subject pronouns: of the object pronouns, those that are also subjects ("nous", "vous") are
    # an object only after one ("nous nous souvenons"; engine/negation.py)
    subject_pronouns: frozenset[str] = frozenset()
    # words that stand alone as a subject ("Little is known", "Most agreed"), never surnames
    quantifiers: frozenset[str] = frozenset()
    # pronouns after a first word that make it a verb ("Hope you are well")
    object_pronouns: frozenset[str] = frozenset()
    # job titles, departments, header and form words, everyday acronyms: ordinary words even
    # when written with capitals ("Project Manager", "Recursos Humanos", "TVA"; office_words.txt)
    office_words: frozenset[str] = frozenset()
    # of those, the words for people by their job or role ("manager", "jefe", "chef", "cap"):
    # the head of a title a form's label names ("Approved by: Line Manager"; role_words.txt)
    role_words: frozenset[str] = frozenset()
    # words after which a capitalised run is someone's role ("works as Warehouse Operative"), and
    # possessives, and articles joined to a preposition ("au", "als"), which put a title or a team
    # after them as an article does ("our Head of Sales", "appeler au Gardien")
    role_links: frozenset[str] = frozenset()
    # words for a kind of place or territory: a capitalised run with one names an organisation or a
    # place ("City Council", "Reading Station"), never a title
    place_words: frozenset[str] = frozenset()
    # words that end or open an organisation's name ("Ltd", "Partners", "Foundation", "Banco", "S.L."):
    # a title-case run of common words with one names a firm, not a thing (recognisers/common_runs.py)
    organisation_words: frozenset[str] = frozenset()
    # nouns for a role, and form labels, after which (with "of" between) a role is named ("the role
    # of Senior Buyer", "Department: Customer Success")
    role_labels: frozenset[str] = frozenset()
    # header labels of a message's recipients ("To: Sales Team"): a team or a role after them
    recipient_labels: frozenset[str] = frozenset()
    determiners: frozenset[str] = frozenset()
    # words naming the kind of a notice or a circular ("notice", "aviso", "rappel", "butlletí"): a
    # line in capitals of content words with one of them is a heading ("IMPORTANT NOTICE")
    notice_words: frozenset[str] = frozenset()
    # labels of a line that gives a topic ("Subject:", "Purpose:", "Asunto:", "Objet :"): a title-case
    # value there with a word that describes is a topic, not a firm ("Purpose: Quarterly Review")
    topic_labels: frozenset[str] = frozenset()
    # words for a part of an organisation, a room or part of a building, or an event it holds
    # ("department", "servicio", "salle", "jornada"): the head of a title-case run of common words
    # that names one ("Cardiology Department", "Servicio de Neurología", "Meeting Room", "Staff
    # Training Day"); a company or a school has no such head ("Summit Finance", "Escola Els Pins")
    unit_words: frozenset[str] = frozenset()
    # endings of the names of medical and academic specialties, which dictionaries often lack
    # ("cardiology", "neumología", "pneumologie"): such a word counts as a common word in such a run
    specialty_endings: tuple[str, ...] = ()
    # words naming a document ("form", "guide", "pack", "livret"): the head of a title on a text's
    # first line ("Equipment Loan Form", "Guía de Bienvenida"); an organisation's letterhead has none
    document_words: frozenset[str] = frozenset()
    # "with": after it a person named by their role ("with Head Chef", "con Jefe de Cocina") or an
    # organisation ("with Summit Finance")
    with_words: frozenset[str] = frozenset()
    # the object pronouns written before a verb ("si rosa me lo deja", "rose te l'envoie", "la
    # marta m'ho diu"): between a chat's subject and its verb (recognisers/chat_mentions.py)
    object_clitics: frozenset[str] = frozenset()
    # the lemmas that, beyond the verbs the target's Apertium analyser tags as modals ("vbmod":
    # "puede", "doit", "pot"), take a bare infinitive right after them ("suele ir", "il va
    # manger", Catalan's past "va menjar"): a finite verb there is a translator's error
    infinitive_heads: frozenset[str] = frozenset()
    # a noun's modifiers stand before it ("Loan Form"), not after ("Guía de Bienvenida")
    modifiers_first: bool = False
    # interjections and chat abbreviations ("omg", "jajaja", "mdr"): never a name (chat_words.txt)
    chat_words: frozenset[str] = frozenset()
    # the shape of the language's postal codes written before the town ("04002 Almería", "75011
    # Paris"), a regular expression: the words after one name a place (recognisers/postcode.py)
    postcode: str = ""
    # prepositions before a place ("see you in sitges", "quedamos en cadaqués"): a lower-case word
    # no analyser knows as a common word after one, in a chat, is a place (recognisers/chat_places.py)
    place_prepositions: frozenset[str] = frozenset()
    # the street types of the language's postal addresses ("calle", "allée", "carrer", "road";
    # street_types.txt): with the street's name, its number, postcode and town, one address
    # (recognisers/address.py); English writes the type after the name (modifiers_first)
    street_types: frozenset[str] = frozenset()
    # a regular expression: one floor, door or staircase part written after an address's house
    # number ("2n", "1a", "baixos", "3º", "izq.", "bât. B"); a run of them stays in the address
    address_units: str = ""
    # words that head an organisation's name by its kind ("bufete", "école", "juzgado", "hostal";
    # acronyms in capitals: "IES", "CAP"; organisation_heads.txt), companies' legal forms ("SL",
    # "SARL", "GmbH"; legal_forms.txt), and words that head a natural place's name ("lago",
    # "étang", "serra"): with the name, one organisation or place (recognisers/headed_names.py)
    organisation_heads: frozenset[str] = frozenset()
    legal_forms: frozenset[str] = frozenset()
    place_heads: frozenset[str] = frozenset()
    # lower-case words inside a street's, an organisation's or a place's name ("de la", "des", "na")
    name_links: frozenset[str] = frozenset()

    @cached_property  # asked of every token of a text: most are none of these
    def date_words(self) -> frozenset[str]:
        """Every lower-case word month_or_weekday reads (without its trailing dot)."""
        return frozenset((*self.months, *self.month_abbr, *self.weekdays, *self.weekday_abbr,
                          *(day + "s" for day in self.weekdays)))

    def month_or_weekday(self, word: str) -> tuple[tuple[str, ...], int] | None:
        """(the table, index) when `word` names a month or weekday in this language."""
        w = word.lower().rstrip(".")
        if w not in self.date_words:
            return None
        for names, abbr in ((self.months, self.month_abbr), (self.weekdays, self.weekday_abbr)):
            if w in names:
                return names, names.index(w)
            if w in abbr:
                return names, _abbr_index(abbr, w, len(names))
        if w[:-1] in self.weekdays and w.endswith("s"):  # "on Tuesdays", "les mardis", "los sábados"
            return self.weekdays, self.weekdays.index(w[:-1])
        return None

    def is_month(self, word: str) -> bool:
        found = self.month_or_weekday(word)
        return found is not None and found[0] == self.months

    @classmethod
    def from_table(cls, code: str, table: str, **values: Any) -> Lexicon:
        """A language's Lexicon from its word table and the values that are not plain words (number
        words built by rule, flags). The table has one `field: words` line per field (an indented
        line continues the one above; a line starting with # is a comment); words are separated by
        spaces, or by commas where an entry has several words ("good morning")."""
        kinds = {f.name: f.type for f in fields(cls)}
        words: dict[str, str] = {}
        field = ""
        for line in table.strip().splitlines():
            if line.startswith("#"):  # a comment on the field below
                continue
            if line[:1].isspace() and field:
                words[field] += " " + line.strip()
                continue
            field, _, text = line.partition(":")
            if kinds.get(field) not in ("tuple[str, ...]", "frozenset[str]", "str") or field in words:
                raise ValueError(f"{code}: {field!r} is not a word field of Lexicon, or is listed twice")
            words[field] = text.strip()
        for field, text in words.items():
            entries = [w.strip() for w in text.split(",")] if "," in text else text.split()
            kind = kinds[field]
            values[field] = text if kind == "str" else frozenset(entries) if kind == "frozenset[str]" else tuple(entries)
        return cls(code, **values)


def _abbr_index(abbr: tuple[str, ...], word: str, size: int) -> int:
    # Abbreviation tuples list one form per name, then extra spellings ("sept") after them.
    i = abbr.index(word)
    return i if i < size else _EXTRA_ABBR[word]


_EXTRA_ABBR = {"sept": 8, "tues": 1, "thur": 3, "thurs": 3, "juil": 6, "févr": 1}

def word_list(code: str, name: str) -> frozenset[str]:
    """The words of languages/<code>/<name>: lower case, separated by spaces, "#" comments."""
    text = (Path(__file__).parent / code / name).read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() if not line.startswith("#") for w in line.split())


def digits(words: list[str]) -> tuple[tuple[str, str], ...]:
    """Word -> digit pairs from the words for 0..9, in order."""
    return tuple((w, str(d)) for d, w in enumerate(words))


def pairs(teens: str, tens: str, compound) -> tuple[tuple[str, str], ...]:
    """Word -> digits for 10..99: the words for 10..19 and for 20, 30 .. 90 in order, and
    `compound(tens_word, unit)` giving the ways a language writes tens_word + unit (1..9)."""
    out = [(w, str(10 + n)) for n, w in enumerate(teens.split())]
    for n, word in enumerate(tens.split(), start=2):
        out.append((word, str(10 * n)))
        out += [(w, str(10 * n + unit)) for unit in range(1, 10) for w in compound(word, unit)]
    return tuple(out)


def unaccented(word: str) -> str:
    """"veintidós" -> "veintidos"."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def with_unaccented(words: tuple[tuple[str, V], ...]) -> tuple[tuple[str, V], ...]:
    """Chats drop accents ("veintidos", "zero"): both spellings."""
    return tuple(dict.fromkeys(words + tuple((unaccented(w), v) for w, v in words)))
