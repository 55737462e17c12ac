"""Catalan: what the product knows about it (the recognisers' words, how it is tagged; its health vocabulary is health_terms.txt here)."""

from __future__ import annotations

from ..base import Language, Lexicon, PARTICLES, apertium_pair, digits, pairs, word_list

UNITS = "zero u dos tres quatre cinc sis set vuit nou".split()


LANGUAGE = Language("ca", "Catalan", (), "sudo apt-get install apertium-eng-cat",
                   tagger=(apertium_pair("eng-cat", "cat-eng.automorf.bin"), apertium_pair("eng-cat", "cat-eng.rlx.bin"),
                           apertium_pair("eng-cat", "cat-eng.prob")),
                   analysers=(apertium_pair("eng-cat", "cat-eng.automorf.bin"),))

LEXICON = Lexicon(
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
    PARTICLES,
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
    label_links=frozenset({"és", "es", "era", "serà", "seria"}),
    clause_words=frozenset({"i", "però"}),
    negations=frozenset({"no"}),
    digit_words=digits(UNITS) + (("un", "1"), ("una", "1"), ("dues", "2"))
    + pairs("deu onze dotze tretze catorze quinze setze disset divuit dinou",
             "vint trenta quaranta cinquanta seixanta setanta vuitanta noranta",
             lambda tens, unit: tuple(f"{tens}{'-i-' if tens == 'vint' else '-'}{u}"
                                      for u in ((UNITS[unit], "un") if unit == 1 else (UNITS[unit],)))),
    multipliers=(("mil", 1000), ("milió", 10**6), ("milions", 10**6)),
    hundreds=(("cent", 100),) + tuple((f"{u}-cents", 100 * n) for n, u in enumerate(UNITS) if n > 1),
    day_month_links=frozenset({"de", "del", "d'", "d’"}),
    hour_signs=frozenset({"h", "h.", "hs", "hrs", "hores"}),
    office_words=word_list("ca", "office_words.txt"),
    chat_words=word_list("ca", "chat_words.txt"),
)
