"""The recognisers of private values, one module per kind, and their precedence, as data.

Two registries (engine/recognize.py runs them):
- SPANS: values found on the raw characters, whatever the tagger says; the tokenizer merges each
  span into one token, so a value is replaced and restored whole. Where spans overlap, the
  earlier recogniser wins (an e-mail address is not a code).
- TOKENS: each recogniser says of some tokens what they are (a kind, or "" for an ordinary
  word); a token takes the word of the first recogniser that speaks of it. The last one speaks of
  every token.
- PASSES then join the parts of one name ("van der Berg", "Soler i Pons", "Mark and Will").

Everything a recogniser knows about a language (labels, titles, months, number words...) is in
that language's folder, prism_translate/languages/<code>, and reaches it as `passage.lang`.
"""

from __future__ import annotations

from . import (account, amount, calendar, capitalised, card, chat, clock_time, code, email, first_words, greeting,
               handle, iban, lowercase_names, names, number, office_words, password, phone, postcode, seed_phrase, signature,
               spelt_number, titles, url)

SPANS = (
    ("e-mail address", email.spans),
    ("web address", url.spans),
    ("handle or channel", handle.spans),
    ("seed phrase", seed_phrase.spans),
    ("IBAN", iban.spans),
    ("card number", card.spans),
    ("phone number", phone.spans),
    ("postcode", postcode.spans),
    ("grouped digits", number.grouped_spans),
    ("clock time", clock_time.spans),
    ("amount in words", amount.spans),
    ("digits read out", spelt_number.spans),
    ("code", code.spans),
    ("hyphenated name", names.hyphenated_spans),
)
# after codes: the digits of "FAC-2291" are part of the code
LOCAL_NUMBERS = ("number in a local format", number.local_spans)

TOKENS = (
    ("found on the characters", names.on_characters),
    ("digits", number.token_kinds),
    ("greeting or sign-off", greeting.formula_words),
    ("password after its label", password.token_kinds),
    ("user name after its label", account.token_kinds),
    ("password by its shape", code.token_kinds),
    # before the names after titles, greetings and sign-offs: "Dear Project Manager", a job
    # title under the signer's name
    ("job title, department or acronym", office_words.ordinary),
    ("name after a title", titles.names_after),
    ("name after a greeting", greeting.greeted_names),
    ("name under a sign-off", signature.under_signoff),
    ("chat speaker", chat.speakers),
    ("name signing a message", signature.signed),
    ("month or weekday as a date", calendar.token_kinds),
    ("title", titles.title_words),
    ("name in lower case", lowercase_names.token_kinds),
    ("census name as a name", capitalised.census_names),
    ("chat speaker's first name", chat.named_speaker),
    ("line in capitals", capitalised.shouted),
    ("ordinary first word", first_words.ordinary),
    ("surname before its verb", first_words.subjects),
    ("capitalised word", capitalised.by_capital),
)

PASSES = (names.join_particles, names.join_first_names, names.join_letterheads)
