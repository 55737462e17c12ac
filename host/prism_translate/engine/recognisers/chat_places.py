"""Places a chat names in lower case ("see you in sitges", "quedamos en cadaqués", "on se voit à
douarnenez", "arribo a banyoles"): in a chat (every line opening in lower case, or speakers taking
turns), a word right after one of the language's place prepositions (Lexicon.place_prepositions)
that the language's analysers do not know as a common word in lower case. Such a word is a town
or a nickname ("talk to dani"), which the translator would pass through as it is; a common word
there ("in bed", "en casa") and an article after the preposition ("en la playa") leave it a word."""

from __future__ import annotations

from .. import word_classes
from .chat import speakers
from .common import lower_case_text, previous


def _candidates(passage) -> dict[int, str]:
    """Lower-case words of three letters or more right after a place preposition, that are no
    function word, month or weekday, office or chat word."""
    tokens, lang = passage.tokens, passage.lang
    found = {}
    for i, tok in enumerate(tokens):
        text = tok.text
        if len(text) < 3 or not text.isalpha() or not text.islower() or tok.stop or text in lang.date_words \
                or text in lang.office_words or text in lang.chat_words:
            continue
        prev = previous(tokens, i)
        if prev is not None and prev.text.lower() in lang.place_prepositions and "\n" not in prev.ws:
            found[i] = text
    return found


def places(passage) -> dict[int, str]:
    lang = passage.lang
    if not lang.place_prepositions:
        return {}
    found = _candidates(passage)
    if not found or not (lower_case_text(passage) or speakers(passage)):
        return {}
    common = word_classes.common_readings(set(found.values()), lang.code)
    return {i: "PLACE" for i, word in found.items() if word not in common}
