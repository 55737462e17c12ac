"""Per-language word lists the engine needs to recognise and render private values: month and
weekday names, titles before names, greetings and sign-offs around names, name particles
(prism_translate/languages.py says how each language is tokenized and tagged).

One table per language, in one place (spaCy keeps its language data in `spacy/lang/xx` the same
way). Recognition of codes, numbers and addresses does not depend on the language; these tables
cover what does. A language missing here falls back to English for recognition and to the
English month/weekday names for rendering.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache


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
    particles: frozenset[str] = frozenset()  # lower-case parts of surnames ("van", "de")
    # "and" between two surnames of one person ("Ortega y Gasset", "Soler i Pons")
    name_joiners: frozenset[str] = frozenset()
    secret_labels: tuple[str, ...] = ()  # words after which a secret is written ("password is ...")
    # words after which a user name is written ("username jsmith", "usuario rcaballero")
    account_labels: tuple[str, ...] = ()
    # words that multiply what is before them (hundred 100, thousand 1000, ...) and words for a
    # whole hundred ("doscientos" 200): amounts said in words ("mille deux cents euros")
    multipliers: tuple[tuple[str, int], ...] = ()
    hundreds: tuple[tuple[str, int], ...] = ()
    and_words: frozenset[str] = frozenset()  # "and" inside a number ("one hundred and five")
    # articles before a person's name ("en Jordi", "l'Oriol", "la Marta" in Catalan)
    personal_articles: frozenset[str] = frozenset()
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
    speech_verbs: frozenset[str] = frozenset()
    # words after which a bare word is someone, whatever the word ("chez roux")
    name_after: frozenset[str] = frozenset()
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
    currency_words: frozenset[str] = frozenset()
    or_words: frozenset[str] = frozenset()
    # verbs that link a label to its value ("password is ...", "la clave es ..."), and words after
    # which the value's clause has ended ("password is blue and ...")
    label_links: frozenset[str] = frozenset()
    clause_words: frozenset[str] = frozenset()
    # what may stand between a subject and its verb: a negation ("Moreno no le contestó")
    negations: frozenset[str] = frozenset()
    # words that stand alone as a subject ("Little is known", "Most agreed"), never surnames
    quantifiers: frozenset[str] = frozenset()
    # pronouns after a first word that make it a verb ("Hope you are well")
    object_pronouns: frozenset[str] = frozenset()

    def month_or_weekday(self, word: str) -> tuple[tuple[str, ...], int] | None:
        """(the table, index) when `word` names a month or weekday in this language."""
        w = word.lower().rstrip(".")
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
        return bool(found) and found[0] == self.months


def _abbr_index(abbr: tuple[str, ...], word: str, size: int) -> int:
    # Abbreviation tuples list one form per name, then extra spellings ("sept") after them.
    i = abbr.index(word)
    return i if i < size else _EXTRA_ABBR[word]


_EXTRA_ABBR = {"sept": 8, "tues": 1, "thur": 3, "thurs": 3, "juil": 6, "févr": 1}

def _digits(words: list[str]) -> tuple[tuple[str, str], ...]:
    """Word -> digit pairs from the words for 0..9, in order."""
    return tuple((w, str(d)) for d, w in enumerate(words))


def _pairs(teens: str, tens: str, compound) -> tuple[tuple[str, str], ...]:
    """Word -> digits for 10..99: the words for 10..19 and for 20, 30 .. 90 in order, and
    `compound(tens_word, unit)` giving the ways a language writes tens_word + unit (1..9)."""
    out = [(w, str(10 + n)) for n, w in enumerate(teens.split())]
    for n, word in enumerate(tens.split(), start=2):
        out.append((word, str(10 * n)))
        out += [(w, str(10 * n + unit)) for unit in range(1, 10) for w in compound(word, unit)]
    return tuple(out)


_EN_UNITS = "zero one two three four five six seven eight nine".split()
_ES_UNITS = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()
_CA_UNITS = "zero u dos tres quatre cinc sis set vuit nou".split()
_FR_UNITS = "zéro un deux trois quatre cinq six sept huit neuf".split()


def unaccented(word: str) -> str:
    """"veintidós" -> "veintidos"."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _with_unaccented(words: tuple[tuple[str, object], ...]) -> tuple[tuple[str, object], ...]:
    """Chats drop accents ("veintidos", "zero"): both spellings."""
    return tuple(dict.fromkeys(words + tuple((unaccented(w), v) for w, v in words)))


def _es_pairs() -> tuple[tuple[str, str], ...]:
    twenties = "veinte veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve"
    out = _pairs("diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve",
                 "veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa",
                 lambda tens, unit: () if tens == "veinte" else (f"{tens} y {_ES_UNITS[unit]}",))
    return _with_unaccented(out + tuple((w, str(20 + n)) for n, w in enumerate(twenties.split()) if n)
                       + (("veintiún", "21"),))


def _es_hundreds() -> tuple[tuple[str, int], ...]:
    """"cien"/"ciento" 100, then 200..900 in both genders ("doscientos", "doscientas")."""
    words = "doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos novecientos"
    out = [("cien", 100), ("ciento", 100)]
    out += [(w, 100 * n) for n, word in enumerate(words.split(), start=2) for w in (word, word[:-2] + "as")]
    return _with_unaccented(tuple(out))


def _fr_pairs() -> tuple[tuple[str, str], ...]:
    teens = "dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf".split()

    def compound(tens: str, unit: int) -> tuple[str, ...]:
        # "vingt et un", and the 1990 spelling that joins every part with hyphens
        return (f"{tens} et un", f"{tens}-et-un") if unit == 1 else (f"{tens}-{_FR_UNITS[unit]}",)

    out = list(_pairs(" ".join(teens), "vingt trente quarante cinquante soixante", compound))
    out += [("quatre-vingts", "80"), ("quatre-vingt", "80")]
    out += [(f"quatre-vingt-{_FR_UNITS[u]}", str(80 + u)) for u in range(1, 10)]
    # 70..79 and 90..99 are said 60 + 10..19 and 80 + 10..19 ("soixante et onze", "quatre-vingt-douze")
    for base, value in (("soixante", 60), ("quatre-vingt", 80)):
        for n, teen in enumerate(teens):
            joins = (" et ", "-et-") if base == "soixante" and n == 1 else ("-",)
            out += [(f"{base}{j}{teen}", str(value + 10 + n)) for j in joins]
    return _with_unaccented(tuple(out))


_PARTICLES = frozenset("van der den de del della di da du le la von zu bin ibn al el dos das ter ten".split())

LEXICONS: dict[str, Lexicon] = {
    "en": Lexicon(
        "en",
        tuple("january february march april may june july august september october november december".split()),
        tuple("monday tuesday wednesday thursday friday saturday sunday".split()),
        tuple("jan feb mar apr may jun jul aug sep oct nov dec sept".split()),
        tuple("mon tue wed thu fri sat sun tues thur thurs".split()),
        frozenset("mr mrs ms miss mx dr prof sir madam dame lord lady rev fr capt mister professor doctor".split()),
        ("dear", "hi", "hello", "hey", "good morning", "good afternoon", "good evening", "greetings",
         "morning", "thanks", "thank you", "hiya", "yo"),
        ("best", "best regards", "kind regards", "regards", "warm regards", "warmly", "cheers", "thanks",
         "thank you", "many thanks", "thanks again", "sincerely", "yours sincerely", "yours faithfully",
         "yours truly", "yours", "all the best", "best wishes", "take care", "love", "br", "cordially",
         "respectfully", "talk soon", "speak soon", "with thanks", "thx"),
        _PARTICLES,
        secret_labels=("password", "passcode", "passphrase", "passwd", "pwd", "pw", "pass", "pin", "pin code", "pin number"),
        account_labels=("username", "user name", "user id", "userid", "user", "login", "handle"),
        digit_words=_digits(_EN_UNITS) + (("oh", "0"),) + _pairs(
            "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
            "twenty thirty forty fifty sixty seventy eighty ninety",
            lambda tens, unit: (f"{tens}-{_EN_UNITS[unit]}", f"{tens} {_EN_UNITS[unit]}")),
        multipliers=(("hundred", 100), ("thousand", 1000), ("million", 10**6), ("billion", 10**9)),
        and_words=frozenset({"and"}),
        repeaters=(("double", 2), ("triple", 3)),
        person_verbs=frozenset("tell ask ping call text email message msg remind thank cc ring phone dm let invite "
                               "told asked pinged called texted emailed messaged reminded thanked invited".split()),
        speech_verbs=frozenset("said says told asks asked thinks thought reckons wants wanted wrote writes replied "
                               "mentioned confirmed agreed".split()),
        header_labels=frozenset("from to cc bcc date sent subject re fw fwd note tel fax email e-mail phone mobile "
                                "ref name address attachments reply-to".split()),
        dictionary_first_words=False,
        capital_months=True,
        ambiguous_months=frozenset({"may", "march", "august"}),
        temporal_words=frozenset("in on by until till since from before after during last next this early late mid "
                                 "of".split()),
        date_glue=frozenset({"of", "the"}),
        digit_only_words=frozenset({"oh"}),
        of_words=frozenset({"of"}),
        currency_words=frozenset("euro euros dollar dollars pound pounds quid bucks peso pesos franc francs".split()),
        or_words=frozenset({"or"}),
        label_links=frozenset({"is", "was"}),
        clause_words=frozenset({"and", "but"}),
        quantifiers=frozenset("little much many few several most more less least all both each either neither enough "
                              "plenty other others such same first last next best worst".split()),
        object_pronouns=frozenset({"you", "me", "us"}),
    ),
    "es": Lexicon(
        "es",
        tuple("enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()),
        tuple("lunes martes miércoles jueves viernes sábado domingo".split()),
        tuple("ene feb mar abr may jun jul ago sep oct nov dic sept".split()),
        tuple("lun mar mié jue vie sáb dom".split()),
        frozenset("sr sra srta d dña dr dra don doña lic ing señor señora señorita".split()),
        ("estimado", "estimada", "estimados", "estimadas", "querido", "querida", "hola", "buenos días",
         "buenas tardes", "buenas noches", "buenas", "apreciado", "apreciada", "hey"),
        ("saludos", "un saludo", "saludos cordiales", "atentamente", "cordialmente", "gracias",
         "muchas gracias", "un abrazo", "abrazos", "besos", "hasta pronto", "quedo atento", "quedo atenta"),
        _PARTICLES,
        frozenset({"y"}),
        secret_labels=("contraseña", "clave", "pin", "código pin", "código secreto"),
        account_labels=("usuario", "usuaria", "login", "identificador"),
        digit_words=_digits(_ES_UNITS) + (("un", "1"), ("una", "1"))
        + _es_pairs(),
        multipliers=(("mil", 1000), ("millón", 10**6), ("millones", 10**6), ("millon", 10**6)),
        hundreds=_es_hundreds(),
        and_words=frozenset({"y"}),
        # colloquial: "la pili", "el paco" (a word after them must still be a name to count)
        personal_articles=frozenset({"la", "el"}),
        person_preposition="a",
        speech_verbs=frozenset("dice dijo pregunta preguntó quiere quería cree creía comenta comentó escribió "
                               "contestó dirá".split()),
        header_labels=frozenset("de para cc cco fecha enviado asunto re rv reenviado nota tel teléfono móvil "
                                "fax correo email ref nombre dirección".split()),
        temporal_words=frozenset("en de desde hasta antes después durante el del".split()),
        date_glue=frozenset({"de", "del"}),
        plural_articles=frozenset({"los"}),
        of_words=frozenset({"de"}),
        currency_words=frozenset("euro euros dólar dólares dolar dolares libra libras peso pesos franco francos "
                                 "céntimos centimos".split()),
        or_words=frozenset({"o", "u"}),
        label_links=frozenset({"es", "era"}),
        clause_words=frozenset({"y", "pero"}),
        negations=frozenset({"no"}),
    ),
    "ca": Lexicon(
        "ca",
        tuple("gener febrer març abril maig juny juliol agost setembre octubre novembre desembre".split()),
        tuple("dilluns dimarts dimecres dijous divendres dissabte diumenge".split()),
        tuple("gen febr març abr maig juny jul ag set oct nov des".split()),
        tuple("dl dt dc dj dv ds dg".split()),
        frozenset("sr sra srta dr dra en na senyor senyora".split()),
        ("benvolgut", "benvolguda", "benvolguts", "estimat", "estimada", "hola", "bon dia", "bona tarda",
         "bona nit", "ei", "hey"),
        ("salutacions", "cordialment", "atentament", "gràcies", "moltes gràcies", "una abraçada",
         "abraçades", "fins aviat"),
        _PARTICLES,
        frozenset({"i"}),
        secret_labels=("contrasenya", "clau", "pin", "codi pin", "codi secret"),
        account_labels=("usuari", "usuària", "login", "identificador"),
        personal_articles=frozenset("en na l' l’ la el".split()),
        person_preposition="a",
        speech_verbs=frozenset("diu deia pregunta preguntava vol volia creu creia comenta escriu contesta".split()),
        header_labels=frozenset("de per a cc cco data enviat assumpte re rv nota tel telèfon mòbil fax correu "
                                "email ref nom adreça".split()),
        temporal_words=frozenset("en de des fins abans després durant el del al".split()),
        date_glue=frozenset({"de", "del", "d'", "d’"}),
        plural_articles=frozenset({"els", "les"}),
        of_words=frozenset({"de", "d'", "d’"}),
        currency_words=frozenset("euro euros dòlar dòlars dolar dolars lliura lliures peso pesos franc francs "
                                 "cèntims centims".split()),
        or_words=frozenset({"o"}),
        label_links=frozenset({"és", "es", "era"}),
        clause_words=frozenset({"i", "però"}),
        negations=frozenset({"no"}),
        digit_words=_digits(_CA_UNITS) + (("un", "1"), ("una", "1"), ("dues", "2"))
        + _pairs("deu onze dotze tretze catorze quinze setze disset divuit dinou",
                 "vint trenta quaranta cinquanta seixanta setanta vuitanta noranta",
                 lambda tens, unit: tuple(f"{tens}{'-i-' if tens == 'vint' else '-'}{u}"
                                          for u in ((_CA_UNITS[unit], "un") if unit == 1 else (_CA_UNITS[unit],)))),
        multipliers=(("mil", 1000), ("milió", 10**6), ("milions", 10**6)),
        hundreds=(("cent", 100),) + tuple((f"{u}-cents", 100 * n) for n, u in enumerate(_CA_UNITS) if n > 1),
    ),
    "fr": Lexicon(
        "fr",
        tuple("janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()),
        tuple("lundi mardi mercredi jeudi vendredi samedi dimanche".split()),
        tuple("janv févr mars avr mai juin juil août sept oct nov déc".split()),
        tuple("lun mar mer jeu ven sam dim".split()),
        frozenset("m mme mlle me dr pr monsieur madame mademoiselle maître docteur professeur".split()),
        ("cher", "chère", "chers", "chères", "bonjour", "bonsoir", "salut", "coucou", "hello", "hey", "madame",
         "monsieur"),
        ("cordialement", "bien cordialement", "bien à vous", "salutations", "meilleures salutations",
         "amicalement", "bises", "merci", "merci beaucoup", "à bientôt", "sincèrement", "respectueusement"),
        _PARTICLES,
        secret_labels=("mot de passe", "mdp", "code pin", "pin", "code secret", "code confidentiel"),
        account_labels=("identifiant", "utilisateur", "utilisatrice", "login", "pseudo"),
        digit_words=_digits(_FR_UNITS) + (("une", "1"), ("zero", "0"))
        + _fr_pairs(),
        multipliers=(("cent", 100), ("cents", 100), ("mille", 1000), ("million", 10**6), ("millions", 10**6),
                     ("milliard", 10**9), ("milliards", 10**9)),
        and_words=frozenset({"et"}),
        person_preposition="à",
        name_after=frozenset({"chez"}),
        speech_verbs=frozenset("dit disait demande demandait veut voulait pense pensait croit croyait écrit répond "
                               "répondu".split()),
        header_labels=frozenset("de à cc cci date envoyé objet re tr fw note tél téléphone portable fax courriel "
                                "email réf nom adresse".split()),
        temporal_words=frozenset("en de dans au début fin depuis avant après pendant".split()),
        date_glue=frozenset({"de", "du"}),
        plural_articles=frozenset({"les"}),
        of_words=frozenset({"de", "d'", "d’"}),
        currency_words=frozenset("euro euros dollar dollars livre livres peso pesos franc francs centimes".split()),
        or_words=frozenset({"ou"}),
        label_links=frozenset({"est", "était"}),
        clause_words=frozenset({"et", "mais"}),
        negations=frozenset({"ne", "n'", "n’", "non"}),
    ),
    # Target-only languages: month and weekday names for rendering restored dates.
    "de": Lexicon(
        "de",
        tuple("januar februar märz april mai juni juli august september oktober november dezember".split()),
        tuple("montag dienstag mittwoch donnerstag freitag samstag sonntag".split()),
    ),
    "it": Lexicon(
        "it",
        tuple("gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split()),
        tuple("lunedì martedì mercoledì giovedì venerdì sabato domenica".split()),
    ),
    "pt": Lexicon(
        "pt",
        tuple("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()),
        tuple("segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado domingo".split()),
    ),
}

# German writes month and weekday names with a capital.
_CAPITALISED = frozenset({"de"})


@lru_cache(maxsize=None)
def lexicon(code: str) -> Lexicon:
    """The table for a language code; English for languages without one."""
    return LEXICONS.get(code, LEXICONS["en"])


def calendar_name(code: str, kind: str, index: int) -> str:
    """How a month ("month") or weekday ("weekday") is written in a language's running text."""
    lang = LEXICONS.get(code, LEXICONS["en"])
    name = (lang.months if kind == "month" else lang.weekdays)[index]
    return name.capitalize() if code in _CAPITALISED or lang.code == "en" else name
