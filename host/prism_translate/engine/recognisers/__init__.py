"""The recognisers of private values, one module per kind, and their precedence, as data.

Two registries (engine/recognize.py runs them):
- SPANS: values found on the raw characters, whatever the tagger says; the tokenizer merges each
  span into one token, so a value is replaced and restored whole. Where spans overlap, the
  earlier recogniser wins (an e-mail address is not a code).
- TOKENS: each recogniser says of some tokens what they are (a kind, or "" for an ordinary
  word); a token takes the word of the first recogniser that speaks of it. The last one speaks of
  every token.
- PASSES then make title-case runs of common words that only their capital made names words
  (common_runs.py), join the parts of one name ("van der Berg", "Soler i Pons", "Mark and Will"),
  make a listed first name read as a place or firm a person, and give a person's name its kind
  wherever else it is written.

Everything a recogniser knows about a language (labels, titles, months, number words...) is in
that language's folder, prism_translate/languages/<code>, and reaches it as `passage.lang`.
"""

from __future__ import annotations

from . import (account, address, amount, calendar, capitalised, card, chat, chat_mentions, chat_places, clock_time,
               code, common_phrases, common_runs, domain_names, email, first_words, greeting, handle, headed_names,
               headings, iban, listed_people, lowercase_names, names, number, office_words, password, plural_nouns, phone, postcode,
               seed_phrase, signature, spelt_number, titles, topics, units, url)

# Found on the characters, in precedence order (see above)
SPANS = (email.spans, url.spans, handle.spans, seed_phrase.spans, iban.spans, card.spans, phone.spans,
         # an address or a headed name before its postcode and numbers: one value
         address.spans, headed_names.spans, postcode.spans,
         number.grouped_spans, clock_time.spans, amount.spans, spelt_number.spans, code.spans, names.hyphenated_spans)
# numbers in a local format ("3 870,20"), when asked for, after codes: the digits of "FAC-2291" are part of the code
LOCAL_NUMBERS = number.local_spans

# What each token is, in precedence order (see above)
TOKENS = (names.on_characters, domain_names.token_kinds, number.token_kinds, greeting.formula_words, password.token_kinds,
          account.token_kinds, code.token_kinds, postcode.towns,
          # before the names after titles, greetings and sign-offs: "Dear Project Manager", a job
          # title under the signer's name
          office_words.ordinary, office_words.acronym_labels, office_words.lone_roles, common_phrases.phrases,
          common_phrases.numbered_labels, units.units, topics.topics,
          plural_nouns.ordinary, plural_nouns.plural_titles,
          headings.headings, headings.sections, headings.document_title, titles.names_after, greeting.greeted_names, greeting.vocatives,
          signature.under_signoff, chat.speakers, signature.signed,
          # before the months: "si abril me deja el coche" is someone
          chat_mentions.token_kinds, calendar.token_kinds, titles.title_words,
          # after the people: "dile a carmen" is someone, "en" or "a" a place's preposition too
          lowercase_names.token_kinds, chat_places.places, capitalised.census_names, chat.named_speaker, capitalised.shouted,
          first_words.ordinary, first_words.subjects, capitalised.by_capital)

PASSES = (common_runs.as_words, names.join_particles, names.join_first_names, names.join_letterheads, listed_people.as_people,
          names.every_occurrence)
