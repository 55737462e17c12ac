"""Departments, services, rooms and events named in title case ("Cardiology Department", "Servicio
de Neurología", "Service de Pneumologie", "Sala d'Espera", "the Dining Room", "Meeting Room 3",
"Staff Training Day", "Jornada de Formación"): ordinary words, wherever they stand, where the
tagger or the capital alone made them a name.

A run of capitalised words on one line (office_words.capital_runs) is such a name when one of its
words names a kind of unit, room or event (Lexicon.unit_words: "Boletín Mensual del Departamento
de Compras" names a department's bulletin), and every
other word is a common word to the language's Apertium dictionary, a listed office word, or the
name of a specialty the dictionary lacks (Lexicon.specialty_endings: "Cardiology", "Neumología").
No word of it may be a title, a word for a kind of place, a census first name, a name to the
analyser, or, where the dictionary does not know it, a census surname. A person, a company or a
school named by common words has no such head ("Rose Ward" is a first name's; "Summit Finance",
"Summit Partners", "Escola Els Pins", "Hospital Clínic" name no unit), and an organisation's own
name with one keeps a word no dictionary knows ("Kingsmead Orthopaedic Unit"). A lone unit word
is a word only inside a sentence ("se servirá en el Comedor"), where a heading's would be a
section's ("Reception" on its own line is left to the other recognisers)."""

from __future__ import annotations

from .. import word_classes
from .common import capitalised, first_names, folded, previous, starts, surnames
from .office_words import capital_runs


def _candidates(passage) -> list[tuple[list[int], list[str]]]:
    """The runs headed by a unit word, with their lower-case words."""
    tokens, lang = passage.tokens, passage.lang
    found = []
    for run, words in capital_runs(passage):
        lower = [tokens[i].text.lower() for i in words]
        if lang.unit_words.isdisjoint(lower):
            continue  # most runs: names, headings and titles with no unit's head
        if len(words) == 1 and _alone_as_name(tokens, words[0], lang):
            continue
        found.append((run, lower))
    return found


def _alone_as_name(tokens, i: int, lang) -> bool:
    """A lone unit word where a name may stand: opening its sentence (a section's heading), after
    a title ("la señora Sala"), or a census surname ("thanks, Hall")."""
    prev = previous(tokens, i)
    return (starts(tokens, i) or prev is not None and prev.text.lower().rstrip(".") in lang.titles
            or folded(tokens[i].text) in surnames())


def _ordinal_before(tokens, i: int) -> int | None:
    """A capitalised word on a stop list right before the run, which the runs leave out but is
    the room's own ("the Third Floor", "the First Aid Room")."""
    j = i - 1
    if j < 0 or "\n" in tokens[j].ws or tokens[j].ws != " ":
        return None
    tok = tokens[j]
    return j if tok.stop and tok.is_word and tok.text.isalpha() and capitalised(tok.text) and tok.pos in ("ADJ", "NUM", "PROPN") else None


def _word_of_unit(word: str, common: set[str], named: set[str], lang) -> bool:
    if word in lang.titles or folded(word) in first_names():
        return False
    # a surname too to the analyser ("Sala"), or a building's word ("the Sports Hall"), but heading a run
    if word in lang.unit_words:
        return True
    if word in lang.place_words:
        return False
    if word in named:
        return False
    if word in common or word in lang.office_words:
        return True
    return word.endswith(lang.specialty_endings) and folded(word) not in surnames()


def units(passage) -> dict[int, str]:
    """The tokens of such runs (see above), the function words between their words too, and the
    ordinal before one, where it is a common word too."""
    tokens, lang = passage.tokens, passage.lang
    candidates = _candidates(passage)
    if not candidates:
        return {}
    leads = {run[0]: lead for run, _ in candidates if (lead := _ordinal_before(tokens, run[0])) is not None}
    asked = {w for _, lower in candidates for w in lower} | {tokens[j].text.lower() for j in leads.values()}
    common = set(word_classes.common_readings(asked, lang.code))
    named = word_classes.person_names(asked, lang.code)
    found: dict[int, str] = {}
    for run, lower in candidates:
        if all(_word_of_unit(w, common, named, lang) for w in lower):
            lead = leads.get(run[0])
            own = [lead] if lead is not None and _word_of_unit(tokens[lead].text.lower(), common, named, lang) else []
            found.update((i, "") for i in own + run if not tokens[i].entity)
    return found
