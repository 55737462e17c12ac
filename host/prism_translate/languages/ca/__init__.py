"""Catalan: what the product knows about it (the recognisers' words, how it is tagged; its health vocabulary is health_terms.txt here)."""

from __future__ import annotations

from ..base import Language, Lexicon, apertium_pair, digits, pairs, word_list

UNITS = "zero u dos tres quatre cinc sis set vuit nou".split()


LANGUAGE = Language("ca", "Catalan", (), "sudo apt-get install apertium-eng-cat",
                   tagger=(apertium_pair("eng-cat", "cat-eng.automorf.bin"), apertium_pair("eng-cat", "cat-eng.rlx.bin"),
                           apertium_pair("eng-cat", "cat-eng.prob")),
                   analysers=(apertium_pair("eng-cat", "cat-eng.automorf.bin"),))

WORDS = """
months: gener febrer març abril maig juny juliol agost setembre octubre novembre desembre
weekdays: dilluns dimarts dimecres dijous divendres dissabte diumenge
month_abbr: gen febr març abr maig juny jul ag set oct nov des
weekday_abbr: dl dt dc dj dv ds dg
titles: sr sra srta dr dra en na senyor senyora
greetings: benvolgut, benvolguda, benvolguts, estimat, estimada, hola, bon dia, bona tarda, bona nit, ei, hey
signoffs: salutacions, cordialment, atentament, gràcies, moltes gràcies, una abraçada, abraçades, fins aviat, petons, una forta abraçada, records
name_joiners: i
secret_labels: contrasenya, clau, pin, codi pin, codi secret
phrase_labels: frase de recuperació, frase secreta, frase llavor, frase de seguretat, paraules de recuperació,
    paraules secretes
account_labels: usuari usuària login identificador
personal_articles: en na l' l’ la el
person_only_articles: en na
person_preposition: a
dative_pronouns: em et li ens us els
dative_elided: m' t' li ens us els
speech_verbs: diu deia pregunta preguntava vol volia creu creia comenta escriu contesta
role_links: com, com a
place_words: ciutat vila poble barri districte comarca província regió carrer avinguda plaça estació
    aeroport port pont parc ajuntament diputació
organisation_words: s.l. s.a. sl sa slu cia companyia socis associats fundació banc grup consultors
    assessors advocats societat club associació fons empresa
role_labels: plaça càrrec lloc funció departament àrea equip unitat tipus categoria nivell estat servei
recipient_labels: a cc cco
determiners: al als del dels pel pels nostre nostra nostres vostre vostra vostres seu seva seus seves meu meva meus meves teu teva
header_labels: de per a cc cco data enviat assumpte re rv nota tel telèfon mòbil fax correu email ref nom
    adreça
temporal_words: en de des fins abans després durant el del al
date_glue: de del d' d’
plural_articles: els les
of_words: de d' d’
currency_words: euro euros dòlar dòlars dolar dolars lliura lliures peso pesos franc francs cèntims centims
or_words: o
label_links: és es era serà seria
number_signs: número num. núm. nº n.º n° #
clause_words: i però
negations: no
day_month_links: de del d' d’
hour_signs: h h. hs hrs hores
notice_words: avís avisos recordatori anunci butlletí comunicat circular convocatòria alerta invitació carta nota
document_words: formulari full fitxa guia acta ordre manual fulletó quadern sol·licitud
    instància
topic_labels: assumpte motiu tema objecte
unit_words: departament servei serveis unitat planta consulta consultes sala secretaria prefectura àrea atenció oficina
    recepció finestreta taulell jornada jornades setmana fira sessió taller reunió menjador
    aula saló pavelló vestíbul escala entrada passadís biblioteca gimnàs laboratori cuina consergeria
specialty_endings: logia iatria
with_words: amb
object_clitics: em m' m’ me et t' t’ te es s' s’ se ens ns vos us el l' l’ la els les li ho hi en n' n’ ne
infinitive_heads: anar soler
# Spain's provinces 01-52, Andorra's parishes
postcode: (?:0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}|AD[0-9]{3}
address_units: (?:[0-9]{1,2}(?:[rntaº°ª]|er)|baix(?:os|a)|entresol|pral[.]?|principal|(?:sobre)?àtic|esc[.]?[ \t]?[A-Z]|porta[ \t][0-9]{1,2})
place_prepositions: a de des cap fins per
place_heads: llac llacs estany estanys muntanya serra riu vall platja cala pic illa illes embassament cova puig
name_links: de del dels la les el els l' d' l’ d’ i na en ca sa ses es
"""

LEXICON = Lexicon.from_table(
    "ca", WORDS,
    about_words=(("lo", "de"),),
    for_words=(("per a",),),  # one token to the Catalan tagger
    digit_words=digits(UNITS) + (("un", "1"), ("una", "1"), ("dues", "2"))
    + pairs("deu onze dotze tretze catorze quinze setze disset divuit dinou",
             "vint trenta quaranta cinquanta seixanta setanta vuitanta noranta",
             lambda tens, unit: tuple(f"{tens}{'-i-' if tens == 'vint' else '-'}{u}"
                                      for u in ((UNITS[unit], "un") if unit == 1 else (UNITS[unit],)))),
    multipliers=(("mil", 1000), ("milió", 10**6), ("milions", 10**6)),
    hundreds=(("cent", 100),) + tuple((f"{u}-cents", 100 * n) for n, u in enumerate(UNITS) if n > 1),
    role_words=word_list("ca", "role_words.txt"),
    office_words=word_list("ca", "office_words.txt") | word_list("ca", "role_words.txt"),
    chat_words=word_list("ca", "chat_words.txt"),
    street_types=word_list("ca", "street_types.txt"),
    organisation_heads=word_list("ca", "organisation_heads.txt"),
    legal_forms=word_list("ca", "legal_forms.txt"),
)
