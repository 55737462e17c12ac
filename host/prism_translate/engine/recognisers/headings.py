"""Headings written in capitals ("NOTICE TO RESIDENTS", "AVISO A LOS VECINOS", "IMPORTANT : COUPURE
D'EAU"): in capitals the capital says nothing, and the tagger's NER calls such words names. A line
set apart as a heading (the text's first line, or one with a blank line before and after it),
made a phrase by a function word, whose every other word the language's dictionary knows only as
a common word, and none as a first name or surname, is ordinary words; one word the dictionary
does not know, or knows as a name, keeps the whole line a name ("BRIGHTWELL PARTNERS", "MARIA DEL
CARMEN"), and so does a word for a kind of place ("CITY COUNCIL"). A line of content words alone
is a heading only with a word naming the kind of notice (Lexicon.notice_words: "IMPORTANT
NOTICE", "AVISO IMPORTANTE", "AVIS IMPORTANT", "BUTLLETÍ SETMANAL"); otherwise it stays to the
other recognisers: an organisation's letterhead of common words ("SUMMIT FINANCE") looks just
like a heading, and sending the one costs more than hiding the other."""

from __future__ import annotations

from .. import word_classes
from .common import FUNCTION_POS


def _heading_words(passage, n: int) -> list[int] | None:
    """The content words of line n, when it is a heading in capitals (see above) and the census
    lists do not rule it out; None otherwise."""
    tokens, lines = passage.tokens, passage.lines
    line = lines[n]
    if not any(tokens[i].text.isupper() for i in line):
        return None  # most lines: no word in capitals, whatever stands around them
    if not passage.blank_before(n) or n + 1 < len(lines) and not passage.blank_before(n + 1):
        return None
    letters = [i for i in line if any(c.isalpha() for c in tokens[i].text) and not tokens[i].entity]
    if len(letters) < 2 or not all(tokens[i].text.isupper() for i in letters):
        return None
    words = [i for i in letters if tokens[i].pos not in FUNCTION_POS and not tokens[i].stop]
    # content words alone: a heading when one of them names the kind of notice ("IMPORTANT NOTICE")
    phrase = len(words) < len(letters) or len(words) <= 3 and any(
        tokens[i].text.lower() in passage.lang.notice_words for i in words)
    return words if phrase else None


def headings(passage) -> dict[int, str]:
    tokens, lang = passage.tokens, passage.lang
    lines = {n: words for n in range(len(passage.lines)) if (words := _heading_words(passage, n))}
    if not lines:
        return {}
    asked = {tokens[i].text.lower() for words in lines.values() for i in words}
    common = set(word_classes.common_readings(asked, lang.code)) - word_classes.person_names(asked, lang.code)
    return {i: "" for n, words in lines.items() if all(
        tokens[i].text.lower() in common and tokens[i].text.lower() not in lang.place_words for i in words)
        for i in passage.lines[n] if not tokens[i].entity}
