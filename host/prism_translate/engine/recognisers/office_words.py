"""Job titles, departments, header and form words, and the acronyms of everyday documents, written
with capitals ("Project Manager", "Servicio de Atención al Cliente", "Recursos Humans", "IT",
"TVA"): ordinary words, where the tagger or the capital alone made them a name. A run of
capitalised words on one line counts only when every one of them is such a word (function words
between them aside), so a name made partly of them stays a name ("Brightwell Partners", "City
Council"). The words are the language's (languages/<code>/office_words.txt, Lexicon.office_words);
one that is also a census first name or surname counts only in capitals ("IVA", not "Iva")."""

from __future__ import annotations

from .common import capitalised, first_names, folded, surnames

# What may stand between the words of one title without ending it ("Harlow & Finch", "R&D")
_JOINERS = frozenset({"&", "-", "/"})


def _listed(text: str, lang) -> bool:
    low = text.lower()
    if low not in lang.office_words and low not in lang.chat_words:  # "Oye", "OMG"
        return False
    return text.isupper() or folded(text) not in first_names() and folded(text) not in surnames()


def _joins(tok, lang) -> bool:
    """A preposition, "and" or an elided article: part of a title without deciding it ("Head of
    Finance", "Servicio de Atención al Cliente", "Chargée d'Accueil")."""
    low = tok.text.lower()
    return (tok.text in _JOINERS or low in lang.particles | lang.of_words | lang.and_words
            or low.endswith(("'", "’")) and low[:-1].isalpha())


def ordinary(passage) -> dict[int, str]:
    """The tokens of such runs, the function words between their words too: left undecided, a
    surname's particle among them ("de", "al") joined the run as a name."""
    tokens, lang = passage.tokens, passage.lang
    found: dict[int, str] = {}
    for line in passage.lines:
        run: list[int] = []  # the run's tokens, up to its last capitalised word
        words: list[int] = []  # its capitalised words
        pending: list[int] = []  # function words after it, kept if another word follows
        for i in line + [-1]:  # -1 closes the last run
            tok = tokens[i] if i >= 0 else None
            if tok is not None and tok.text.isalpha() and capitalised(tok.text) and not _joins(tok, lang) and (
                    not tok.stop or len(tok.text) > 1 and tok.text.isupper()):  # "IT" is not "it"
                run += pending + [i]
                words.append(i)
                pending = []
            elif tok is not None and run and _joins(tok, lang):
                pending.append(i)
            else:
                if words and all(_listed(tokens[j].text, lang) for j in words):
                    found.update(dict.fromkeys(run, ""))
                run, words, pending = [], [], []
    return found
