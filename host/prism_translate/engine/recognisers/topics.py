"""The topic of a subject or purpose line, written in title case ("Purpose: Quarterly Budget
Review", "Asunto: Revisión Trimestral del Presupuesto", "Objet : Revue Budgétaire Trimestrielle",
"Assumpte: Revisió Trimestral del Pressupost"): ordinary words, where the capital alone made
them a name.

The line opens with a label that asks for a topic (Lexicon.topic_labels) and its colon, and the
run of capitalised words is the rest of the line. Its words are ordinary when the language's
Apertium dictionary knows each only as a common word, none is a census first name, a title or a
word for a kind of place, there are three or more of them, and one at least it reads as an
adjective, a participle or a gerund: a topic describes what is done to something ("Quarterly",
"Trimestral"), where a firm of common words written after such a label is named by two
("Subject: Summit Finance", "Asunto: Campo Verde") and stays a name."""

from __future__ import annotations

from .. import word_classes
from .common import first_names, folded
from .office_words import capital_runs


def _topic_runs(passage) -> list[tuple[list[int], list[str]]]:
    """The runs that end a line opening with a topic's label and its colon, with their lower-case
    words."""
    tokens, lang = passage.tokens, passage.lang
    found = []
    for run, words in capital_runs(passage):
        n, k = passage.place(run[0])
        line = passage.lines[n]
        if not (0 < k <= 3 and line[-1] == run[-1] and tokens[line[k - 1]].text == ":"):
            continue  # most runs: no label's colon right before them
        if tokens[line[0]].text.lower() in lang.topic_labels and len(words) >= 3:
            found.append((run, [tokens[i].text.lower() for i in words]))
    return found


def _describes(readings: tuple[tuple[str, str], ...]) -> bool:
    return any(pos == "ADJ" or "Part" in tag.split(":") or "Ger" in tag.split(":") for pos, tag in readings)


def topics(passage) -> dict[int, str]:
    tokens, lang = passage.tokens, passage.lang
    runs = _topic_runs(passage)
    if not runs:
        return {}
    asked = {w for _, lower in runs for w in lower}
    common = word_classes.common_readings(asked, lang.code)
    named = word_classes.person_names(asked, lang.code)
    return {i: "" for run, lower in runs
            if all(w in common and w not in named and w not in lang.titles and w not in lang.place_words
                   and folded(w) not in first_names() for w in lower)
            and any(_describes(common[w]) for w in lower)
            for i in run if not tokens[i].entity}
