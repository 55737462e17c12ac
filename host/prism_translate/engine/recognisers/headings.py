"""Headings written in capitals ("NOTICE TO RESIDENTS", "AVISO A LOS VECINOS", "IMPORTANT : COUPURE
D'EAU"): in capitals the capital says nothing, and the tagger's NER calls such words names. A line
set apart as a heading (the text's first line, or one with a blank line before it and a blank line
or a sentence after it),
made a phrase by a function word, whose every other word the language's dictionary knows only as
a common word, and none as a first name or surname, is ordinary words; one word the dictionary
does not know, or knows as a name, keeps the whole line a name ("BRIGHTWELL PARTNERS", "MARIA DEL
CARMEN"), and so does a word for a kind of place ("CITY COUNCIL"). A line of content words alone
is a heading only with a word naming the kind of notice (Lexicon.notice_words: "IMPORTANT
NOTICE", "AVISO IMPORTANTE", "NOTA CONFIDENCIAL", "BUTLLETÍ SETMANAL"); otherwise it stays to the
other recognisers: an organisation's letterhead of common words ("SUMMIT FINANCE", "CAMPO VERDE",
and with a participle "UNITED UTILITIES", "ASSOCIATED PRESS") looks just like a heading that says
what happened ("ASCENSOR AVERIADO"), and sending the one costs more than hiding the other.

Section headings in title case ("Library News", "Horario de Riego", "Prêt d'Outils", "Racó
Esportiu") are read by where they stand: a short line of capitalised words, not the text's first
line (where a letterhead stands), between the end of a paragraph (a blank line, or a line ending
a sentence) and a line of running text ending a sentence, in a text with at least two such lines:
a text made of sections. Its words are ordinary when the dictionary knows each only as a common
word and none is a word for a kind of place, a title or a census first name; a surname that is a
common word ("House Rules") counts only beside a word that is no name. An organisation named by
common words stands as a letterhead, in a signature or after a preposition ("with Summit
Finance"), not as one of several headings of paragraphs, and stays a name.

A document's title on the text's first line, in title case, is ordinary words when its head (the
last content word in English, the first in Spanish, French and Catalan) names a kind of document
(Lexicon.document_words: "Equipment Loan Form", "Welcome Pack", "Guía de Bienvenida", "Livret
d'Accueil") and its other words are common words as above; a letterhead ("Summit Finance") has no
such head, and "Guide Dogs for the Blind" none in English."""

from __future__ import annotations

from .. import word_classes
from .common import FUNCTION_POS, first_names, folded, surnames

ENDS = frozenset({".", "!", "?", "…"})  # what ends a sentence: a paragraph's line, running text


def _heading_words(passage, n: int) -> list[int] | None:
    """The content words of line n, when it is set apart and written in capitals and makes a
    heading (a phrase, or a notice's kind among its words: see above); None otherwise."""
    tokens, lines = passage.tokens, passage.lines
    line = lines[n]
    if not any(tokens[i].text.isupper() for i in line):
        return None  # most lines: no word in capitals, whatever stands around them
    # set apart: a blank line before it, and one after it or a sentence under it ("ASCENSOR
    # AVERIADO\nUtilicen la escalera.")
    if not passage.blank_before(n) or n + 1 < len(lines) and not passage.blank_before(n + 1) and (
            tokens[lines[n + 1][-1]].text not in ENDS):
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
    readings = word_classes.common_readings(asked, lang.code)
    # a notice word is listed by the language: the dictionary need not know it ("NEWSLETTER")
    common = (set(readings) - word_classes.person_names(asked, lang.code)) | (asked & lang.notice_words)
    return {i: "" for n, words in lines.items() if all(
        tokens[i].text.lower() in common and tokens[i].text.lower() not in lang.place_words for i in words)
        for i in passage.lines[n] if not tokens[i].entity}


def _section_shaped(passage, n: int) -> list[int] | None:
    """The content words of line n when it is shaped like a section's heading (see above)."""
    tokens, lines = passage.tokens, passage.lines
    if n == 0 or n + 1 >= len(lines) or len(lines[n]) > 6 or not passage.blank_before(n) and (
            tokens[lines[n - 1][-1]].text not in ENDS):
        return None
    line, after = lines[n], lines[n + 1]
    if tokens[after[-1]].text not in ENDS or len(after) < 4 or passage.blank_before(n + 1):
        return None
    if any(tokens[i].entity or not any(c.isalpha() for c in tokens[i].text) and tokens[i].text not in "'’-&"
           for i in line):
        return None
    # no stop-word test: "Will" of "Welcome Will" is a stop word and a name
    words = [i for i in line if tokens[i].pos not in FUNCTION_POS and tokens[i].text[:1].isalpha()]
    return words if words and all(tokens[i].text[:1].isupper() for i in words + line[:1]) else None


def _common_heading(words: list[str], common: set[str], named: set[str], lang, first_names_too: bool = False) -> bool:
    """Every word a common word, none a place word or a title, none a census first name (but one
    the analyser knows as no name, where `first_names_too`), one at least no surname."""
    if any(w not in common or w in lang.place_words or w in lang.titles
           or folded(w) in first_names() and not (first_names_too and w not in named) for w in words):
        return False
    return any(w not in named and folded(w) not in surnames() for w in words)


def sections(passage) -> dict[int, str]:
    """The words of section headings in title case (see above): ordinary words."""
    tokens, lang = passage.tokens, passage.lang
    shaped = {n: words for n in range(1, len(passage.lines) - 1) if (words := _section_shaped(passage, n))}
    if len(shaped) < 2:
        return {}
    asked = {tokens[i].text.lower() for words in shaped.values() for i in words}
    common = set(word_classes.common_readings(asked, lang.code))
    named = word_classes.person_names(asked, lang.code)
    return {i: "" for n, words in shaped.items()
            if _common_heading([tokens[i].text.lower() for i in words], common, named, lang)
            for i in passage.lines[n]}


def document_title(passage) -> dict[int, str]:
    """The words of a document's title on the first line (see above): ordinary words."""
    tokens, lang, lines = passage.tokens, passage.lang, passage.lines
    if not lines or len(lines[0]) > 6 or tokens[lines[0][-1]].text in ENDS:
        return {}
    line = lines[0]
    words = [i for i in line if tokens[i].pos not in FUNCTION_POS and tokens[i].text[:1].isalpha()]
    if len(words) < 2 or any(tokens[i].entity for i in line) or not all(tokens[i].text[:1].isupper() for i in words + line[:1]):
        return {}
    asked = [tokens[i].text.lower() for i in words]
    if asked[-1 if lang.modifiers_first else 0] not in lang.document_words:
        return {}
    common = set(word_classes.common_readings(set(asked), lang.code)) | (set(asked) & lang.document_words)
    named = word_classes.person_names(set(asked), lang.code)
    # under a document's head a census first name the analyser knows as no name is a word
    # ("Equipment Loan Form"; "Loan" is a census first name); "Grace", "Rose", "Will" stay names
    return dict.fromkeys(line, "") if _common_heading(asked, common, named, lang, first_names_too=True) else {}
