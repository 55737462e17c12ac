"""What several name recognisers share: a run of name words from a starting token, names joined by
hyphens found on the characters, and the passes that join the parts of one name after every
token has its kind ("van der Berg", "Soler i Pons", "Mark and Will", a letterhead)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .common import FUNCTION_POS, NAME_KINDS, NER_NAMES, capitalised, first_names, following, previous, wordlike

if TYPE_CHECKING:  # pragma: no cover
    from ..lexicon import Lexicon
    from ..tokenize import Token

# Names joined by hyphens or apostrophes: "Al-Farsi", "Jean-Luc", "O'Brien-Smith".
HYPHENATED_NAME_RE = re.compile(r"(?<![\w-])[A-Z][\w']*(?:-[A-Z][\w']*)+(?![\w-])")
_CAPITAL = "A-ZÀ-ÖØ-Þ"
# A surname with an apostrophe inside, which French and Spanish tokenizers cut at it as an elision
# ("Guivarc'" + "h"): a patronymic prefix before a capital ("O'Brien", "D'Angelo", "Dell'Orto"), or
# letters after a capitalised word that are no elision's (a French or Catalan elision stands before
# a vowel or a mute h, "Aujourd'hui", "Presqu'île") and no English contraction's ("Don't", "Anne's"):
# Breton's c'h ("Guivarc'h", "Le Bec'h").
APOSTROPHE_NAME_RE = re.compile(
    rf"(?<![\w'’-])(?:(?:O|D|Dell|Dall)['’][{_CAPITAL}][^\W\d_]+|[{_CAPITAL}][^\W\d_]{{2,}}['’]"
    r"(?![aeiouyàâäéèêëîïíòóôöúûùüœ]|h[aeiouàâéèêëîïôûù]|(?:s|t|d|m|ll|re|ve)(?![\w'’]))[^\W\d_]+)(?![\w'’-])")


def hyphenated_spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "NAME") for pattern in (HYPHENATED_NAME_RE, APOSTROPHE_NAME_RE)
            for m in pattern.finditer(text)]


def on_characters(passage) -> dict[int, str]:
    """The kinds found on the characters (recognize.char_spans); a hyphenated name takes the
    tagger's name kind, a person's when it has none."""
    found = {}
    for i, tok in enumerate(passage.tokens):
        if tok.entity == "NAME":
            found[i] = "PERSON" if tok.ner in ("PERSON", "PER", "") else NER_NAMES.get(tok.ner, "ORG")
        elif tok.entity:
            found[i] = tok.entity
    return found


def _particles_then_name(tokens: list[Token], j: int, lang: Lexicon) -> bool:
    """Lower-case particles followed by a capitalised name part ("van der Berg")."""
    while j < len(tokens) and tokens[j].text.lower() in lang.particles and "\n" not in tokens[j].ws:
        j += 1
    return j < len(tokens) and capitalised(tokens[j].text) and tokens[j].is_word


def _name_part(tokens: list[Token], j: int, lang: Lexicon) -> bool:
    t = tokens[j]
    return (capitalised(t.text) and t.is_word and t.text.lower().rstrip(".") not in lang.titles
            or t.text.lower() in lang.particles and _particles_then_name(tokens, j, lang))


def _initial(text: str) -> bool:
    return len(text) == 1 and text.isupper()


def run(tokens: list[Token], start: int, lang: Lexicon) -> list[int]:
    """The name words from token `start` on: capitalised words and particles before one, an
    initial's dot between ("John F. Kennedy"), to the end of the line. A dot after a longer word
    ends the sentence: the next one's first word is not the name's ("Dr Ruairi Doyle. Please
    bring...")."""
    found, j = [], start
    while j < len(tokens):
        t = tokens[j]
        if t.pos == "SPACE" or "\n" in t.ws and j > start and not capitalised(t.text):
            break
        if _name_part(tokens, j, lang):
            found.append(j)
        elif not (t.text == "." and j > start and _initial(tokens[j - 1].text)):
            break
        if "\n" in t.ws:
            break
        j += 1
    return found


def starts_name(tokens: list[Token], j: int, lang: Lexicon) -> bool:
    return j < len(tokens) and (capitalised(tokens[j].text) or _particles_then_name(tokens, j, lang))


def join_particles(tokens: list[Token], kinds: list[str], passage) -> None:
    """Particles between two parts of a name ("van der Berg", "MARIA DEL CARMEN", "Costa del Sol")
    belong to it: sent as they were, they came back translated ("MARIA OF THE CARMEN"). "Soler i
    Pons" is one person: the translator would make it "Soler and Pons"."""
    lang = passage.lang
    for i, tok in enumerate(tokens[1:-1], start=1):
        if kinds[i]:
            continue
        if tok.text.lower() in lang.particles:
            if kinds[i - 1] in NAME_KINDS and kinds[_past_particles(tokens, i, lang)] in NAME_KINDS:
                kinds[i] = kinds[i - 1]
        elif tok.text in lang.name_joiners and "\n" not in tok.ws and _joins_surnames(tokens, kinds, i):
            kinds[i] = "PERSON"


def _past_particles(tokens: list[Token], i: int, lang: Lexicon) -> int:
    """The first token after the particles from token i: a particle joins a name only when a name
    word follows its particles ("de la Fuente"); at a run's edge it is the sentence's ("l'adresse IP
    de la machine": "de la" went out hidden, and came back untranslated)."""
    while i < len(tokens) - 1 and tokens[i].text.lower() in lang.particles and "\n" not in tokens[i].ws:
        i += 1
    return i


def _joins_surnames(tokens: list[Token], kinds: list[str], i: int) -> bool:
    """A surname that is also a word may be called an organisation ("Roig", red); a first name
    after the joiner starts another person ("Ortega y Gasset y Ana")."""
    after = tokens[i + 1]
    return (kinds[i - 1] == "PERSON" and kinds[i + 1] in ("PERSON", "ORG") and capitalised(after.text)
            and after.text.lower() not in first_names())


def join_first_names(tokens: list[Token], kinds: list[str], passage) -> None:
    """A census first name joined to a person's name is a name too ("Mark and Will are both off");
    where capitalised first words are read by the census lists (English)."""
    lang = passage.lang
    if lang.dictionary_first_words:
        return
    links = lang.and_words | lang.or_words | {"&", ","}
    for i, tok in enumerate(tokens):
        if kinds[i] or i in passage.shouting or not capitalised(tok.text) or tok.text.lower() not in first_names():
            continue
        before = [j for j in range(i - 1, -1, -1) if tokens[j].pos != "SPACE"][:2]
        # a comma that ends a line ends a greeting ("Hi Tom,\n\nSee below."), not a list of names
        if len(before) == 2 and tokens[before[0]].text.lower() in links and kinds[before[1]] == "PERSON" \
                and not any("\n" in tokens[j].ws for j in range(before[1], i)):
            kinds[i] = "PERSON"


def join_letterheads(tokens: list[Token], kinds: list[str], passage) -> None:
    """A short line of capitalised words holding a name is one name (a letterhead or a signature:
    "Caixa Montseny", where the tagger calls "Caixa" a common noun): where the dictionary reads
    first words (English's recogniser reads such lines itself), the other words of the line take
    the name's kind."""
    if not passage.lang.dictionary_first_words:
        return
    for line in passage.lines:
        words = [i for i in line if tokens[i].is_word]
        kind = _letterhead_kind(tokens, kinds, line, words)
        for i in words if kind else ():
            if not kinds[i] and tokens[i].pos in ("NOUN", "PROPN", "ADJ"):
                kinds[i] = kind


def _letterhead_kind(tokens: list[Token], kinds: list[str], line: list[int], words: list[int]) -> str:
    """The kind a short line of capitalised words without punctuation takes from the names in it."""
    named = [kinds[i] for i in words if kinds[i] in NAME_KINDS]
    if not named or len(words) > 4 or not all(capitalised(tokens[i].text) for i in words) \
            or any(tokens[i].pos == "PUNCT" for i in line):
        return ""
    return "ORG" if "ORG" in named or len(named) < len(words) else named[0]


# Parts of speech a person's name never takes, whatever the same letters are elsewhere ("Will you
# come?" beside "Will Smith", "i will" beside "hey will,").
_NOT_A_NAME_POS = FUNCTION_POS | {"AUX", "VERB", "NUM"}


def every_occurrence(tokens: list[Token], kinds: list[str], passage) -> None:
    """A word that is a person somewhere in the text is that person wherever else it is written the
    same way ("Declan Hargreaves" ... "RE: Hargreaves v. Pembury"; "dile a rocío" ... "si rocío
    viene"): the tagger's or a rule's reading of one place does not make it a word elsewhere. Not
    after a determiner, an adjective or a number ("a mark", "the rose": a word), nor as a verb, a
    function word or an adjective before its noun ("Young people came")."""
    people = {tokens[i].text for i, kind in enumerate(kinds) if kind == "PERSON" and wordlike(tokens[i])
              and len(tokens[i].text) > 1 and not tokens[i].stop}
    if not people:
        return
    articles = passage.lang.personal_articles
    for i, tok in enumerate(tokens):
        if kinds[i] or tok.text not in people or tok.pos in _NOT_A_NAME_POS or tok.stop:
            continue
        prev, nxt = previous(tokens, i), following(tokens, i)
        if prev is not None and (prev.pos in ("DET", "ADJ", "NUM") or prev.tag == "PRP$") \
                and prev.text.lower() not in articles:
            continue
        if tok.dep == "amod" and nxt is not None and nxt.pos in ("NOUN", "PROPN"):  # "Young people came"
            continue
        kinds[i] = "PERSON"
